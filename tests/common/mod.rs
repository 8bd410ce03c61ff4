//! Setup shared by the integration tests and benches: a service on a fresh SQLite file, players
//! and started games, and running the `ponte` binary with piped input.

#![allow(dead_code)]

pub mod full_disk;

use std::io::{self, Write};
use std::process::{Child, Command, Output, Stdio};
use std::sync::Arc;
use std::thread::JoinHandle;

use fastrand::Rng;
use ponte::ai::puzzle::Puzzle;
use ponte::game::{Color, Game, Move, Supply, Variant, playout};
use ponte::service::{
    Actor, ChallengeOptions, Clock, DueAnnouncement, GameId, GameView, ManualClock, MoveOutcome,
    MoveReport, Player, PlayerId, Service, ServiceError, Venue,
};
use tempfile::TempDir;

/// A fixed start for hand-moved clocks (November 2023).
pub const START: i64 = 1_700_000_000_000;

/// A database URL for a new SQLite file in `dir`.
pub fn database_url(dir: &TempDir) -> String {
    format!("sqlite://{}", dir.path().join("ponte.db").display())
}

/// The service on the database in `dir` (created and migrated on first use).
pub async fn open_service(dir: &TempDir, clock: Arc<dyn Clock>) -> Arc<Service> {
    Arc::new(
        Service::open_with_clock(&database_url(dir), clock)
            .await
            .unwrap(),
    )
}

/// A service on a new database whose clock stands at [`START`] until the test moves it: how
/// every test of deadlines, digests and vacations begins.
pub async fn service_on_a_hand_clock() -> (TempDir, Arc<ManualClock>, Arc<Service>) {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let service = open_service(&dir, clock.clone()).await;
    (dir, clock, service)
}

/// Marks delivered everything the outbox owes until nothing is due, as the delivery worker
/// does (one game's items come one at a time): the items, in delivery order.
pub async fn deliver_due(service: &Service) -> Vec<DueAnnouncement> {
    let mut delivered = Vec::new();
    loop {
        let due = service.due_announcements().await.unwrap();
        if due.is_empty() {
            return delivered;
        }
        for item in due {
            service.announced(item.id).await.unwrap();
            delivered.push(item);
        }
    }
}

/// A short game: 6×6, eight tiles each, two bridges: what the analysis and puzzle tests play.
pub fn short_variant() -> Variant {
    Variant::new(6, Supply::Limited(8), Supply::Limited(2)).unwrap()
}

/// The options of a challenge to a [`short_variant`] game.
pub fn short_options() -> ChallengeOptions {
    ChallengeOptions {
        variant: short_variant(),
        ..ChallengeOptions::default()
    }
}

/// Plays `mv` for whoever is to move in `game`, which must be played: the game after.
pub async fn play_next(service: &Service, game: &GameView, mv: Move) -> GameView {
    let (_, player) = game.to_move().unwrap();
    let played = service.play(game.id, player.id, mv, None).await;
    played.played().game
}

/// `a` challenges `b`, who accepts: `a` opens as White.
pub async fn start_game(
    service: &Service,
    a: &Player,
    b: &Player,
    options: ChallengeOptions,
    venue: Venue,
) -> GameView {
    let challenge = service
        .challenge(
            &Actor::member(a.clone(), venue.guild_id),
            Some(b),
            options,
            venue,
        )
        .await
        .unwrap();
    let b = Actor::member(b.clone(), venue.guild_id);
    service.accept(challenge.id, &b).await.unwrap()
}

/// Moves typed as a player types them, parsed the way the front ends parse them: a text that
/// is no move is answered as they answer it.
#[allow(async_fn_in_trait)]
pub trait PlayText {
    async fn play_text(
        &self,
        game: GameId,
        player: PlayerId,
        text: &str,
        version: Option<i64>,
    ) -> Result<MoveOutcome, ServiceError>;

    /// The move typed as `text`, which must be played: how a test walks a game forward.
    async fn must_play(&self, game: GameId, player: PlayerId, text: &str) -> MoveReport {
        self.play_text(game, player, text, None).await.played()
    }
}

impl PlayText for Service {
    async fn play_text(
        &self,
        game: GameId,
        player: PlayerId,
        text: &str,
        version: Option<i64>,
    ) -> Result<MoveOutcome, ServiceError> {
        match text.parse::<Move>() {
            Ok(mv) => self.play(game, player, mv, version).await,
            Err(bad) => Err(self.unparsed(game, bad).await),
        }
    }
}

/// A move that must be played (not refused, not lost on time).
pub trait Played {
    fn played(self) -> MoveReport;
}

impl Played for Result<MoveOutcome, ServiceError> {
    fn played(self) -> MoveReport {
        match self.expect("the move is accepted") {
            MoveOutcome::Played(report) => report,
            MoveOutcome::LostOnTime(game) => panic!("game #{} was lost on time", game.id),
        }
    }
}

/// The `ponte` binary with these arguments, its standard streams piped. It does not see the
/// caller's `DATABASE_URL`, so a run never touches a developer's database.
pub fn ponte(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ponte"));
    command
        .args(args)
        .env_remove("DATABASE_URL")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command` with `input` on its standard input and waits for it.
pub fn run_with_input(mut command: Command, input: &str) -> Output {
    let mut child = command.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// What a run that must have succeeded printed (its standard error shown if it did not).
pub fn stdout_of_success(output: Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Spawns `command` and streams `input` to its standard input from another thread, for a test
/// that reads the output while the child runs. The thread returns whether all of `input` was
/// written: a child killed before reading everything breaks the pipe.
pub fn spawn_with_input(
    mut command: Command,
    input: String,
) -> (Child, JoinHandle<io::Result<()>>) {
    let mut child = command.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    (child, feeder)
}

/// An abort that must go through (not refused, not lost on time first).
pub trait Aborted {
    fn aborted(self) -> GameView;
}

impl Aborted for Result<ponte::service::AbortOutcome, ServiceError> {
    fn aborted(self) -> GameView {
        match self.expect("the abort is accepted") {
            ponte::service::AbortOutcome::Aborted(game) => game,
            ponte::service::AbortOutcome::LostOnTime(game) => {
                panic!("game #{} was lost on time", game.id)
            }
        }
    }
}

/// Runs `sql` on the SQLite database at `database` through a connection of its own (a test
/// or bench looking past the bot at its file).
pub async fn execute(database: &str, sql: &str) {
    let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect(database)
        .await
        .unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    <sqlx::SqliteConnection as sqlx::Connection>::close(conn)
        .await
        .unwrap();
}

/// The first column of the first row `sql` returns from the database at `database` (a count,
/// say), through a connection of its own.
pub async fn scalar<T>(database: &str, sql: &str) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Sqlite> + sqlx::Type<sqlx::Sqlite> + Send + Unpin,
{
    let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect(database)
        .await
        .unwrap();
    let value = sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap();
    <sqlx::SqliteConnection as sqlx::Connection>::close(conn)
        .await
        .unwrap();
    value
}

/// Moves from their text, as players type them.
pub fn moves(text: &[&str]) -> Vec<Move> {
    text.iter().map(|m| m.parse().unwrap()).collect()
}

/// A puzzle on 10×10 whose position differs by White's second placement: the puzzle the
/// terminal's and the bot's puzzle tests keep in their databases.
pub fn puzzle(second: &str) -> Puzzle {
    Puzzle {
        variant: Variant::boxed(10).unwrap(),
        moves: moves(&["c3 d5", "f6 g8", second]),
        candidates: moves(&["h1 h3", "g2 g4", "f1 f3"]),
        accepted: moves(&["g2 g4", "f1 f3"]),
        best_line: moves(&["g2 g4", "b6 b8"]),
        played: Some("h1 h3".parse().unwrap()),
        chance_before: 0.7,
        chance_after: 0.4,
        playouts: 400,
        judged: Vec::new(),
        seed: None,
    }
}

/// The names of the files in `dir`, sorted: what a test compares before and after a command
/// that must leave a folder alone.
pub fn file_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The moves of every legal kind for the side to move.
pub fn legal_moves(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    for first in game.legal_first_cells() {
        for second in game.legal_second_cells(first) {
            if first < second {
                moves.push(Move::Place(first, second));
            }
        }
    }
    moves.extend(
        game.legal_bridges()
            .into_iter()
            .map(|b| Move::Bridge(b.ends()[0], b.ends()[1])),
    );
    if game.is_legal(Move::Pass) {
        moves.push(Move::Pass);
    }
    moves
}

/// A random game of `variant` that reaches Red's last turn (White has passed) with one move that
/// completes a Red island and wins, and another that does not and loses: the game's moves
/// with that losing move last, and the winning one.
pub fn island_thrown_away(variant: Variant) -> (Vec<Move>, Move) {
    for seed in 0.. {
        let mut rng = Rng::with_seed(seed);
        let mut game = Game::new(variant);
        let mut moves = Vec::new();
        while !game.is_over() && !game.is_last_turn() {
            let mv = playout::random_move(&game, &mut rng).unwrap();
            game.play(mv).unwrap();
            moves.push(mv);
        }
        if game.is_over() {
            continue;
        }
        let result = |mv: Move| {
            let mut after = game.clone();
            after.play(mv).unwrap();
            let islands = after.score(Color::Red).islands;
            (after.outcome().unwrap().winner(), islands)
        };
        let islands = game.score(Color::Red).islands;
        let legal = legal_moves(&game);
        let winning = legal
            .iter()
            .find(|&&mv| result(mv) == (Some(Color::Red), islands + 1));
        let losing = legal.iter().find(|&&mv| result(mv).0 == Some(Color::White));
        if let (Some(&winning), Some(&losing)) = (winning, losing) {
            moves.push(losing);
            return (moves, winning);
        }
    }
    unreachable!()
}

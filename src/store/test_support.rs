//! The fixtures the store's tests share: a migrated store on a fresh file, players, games,
//! commits, the outbox's due items and puzzles.

use tempfile::TempDir;

use crate::game::Move;
use crate::game::Puzzle;
use crate::store::{NewAnswer, PuzzleId, Rated, StoredRating};

use super::game_start::insert_game;
use super::outbox::insert_owed;
use super::{
    Absence, ChannelId, ClockTimes, Committed, EndReason, GameChange, GameId, GameStatus,
    GameUpdate, GuildId, MessageId, Millis, NewChallenge, NewGame, NewMove, NewTournament,
    OutboxItem, Owed, PlayerId, Store, StoredFormat, Variant, Winner,
};

/// A fixed "now" for every store test (November 2023).
pub const NOW: Millis = 1_700_000_000_000;
pub const GUILD: GuildId = GuildId::from_snowflake(7);
/// A server other than [`GUILD`].
pub const OTHER_GUILD: GuildId = GuildId::from_snowflake(8);
pub const CHANNEL: ChannelId = ChannelId::from_snowflake(70);
/// The deadline and reminder time of a game started by [`new_game`].
pub const DEADLINE: Millis = NOW + 86_400_000;
pub const REMIND: Millis = NOW + 64_800_000;
pub const VARIANT: Variant = Variant::DEFAULT;

/// A migrated store on a new file, with no rows.
pub async fn empty_store() -> (TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = Store::open(&url).await.unwrap();
    (dir, store)
}

/// A store that knows alice (1), bob (2) and carol (3).
pub async fn store_with_players() -> (TempDir, Store) {
    let (dir, store) = empty_store().await;
    for (id, name) in [(1, "alice"), (2, "bob"), (3, "carol")] {
        store
            .upsert_player(PlayerId::new(id), name, NOW)
            .await
            .unwrap();
    }
    (dir, store)
}

/// A day-per-move rated challenge in [`CHANNEL`], made at [`NOW`].
pub fn new_challenge(
    challenger: impl Into<PlayerId>,
    challenged: Option<i64>,
    expires_at: Millis,
) -> NewChallenge {
    NewChallenge {
        challenger_id: challenger.into(),
        challenged_id: challenged.map(PlayerId::new),
        variant: VARIANT,
        move_seconds: Some(86_400),
        rated: true,
        guild_id: Some(GUILD),
        channel_id: Some(CHANNEL),
        created_at: NOW,
        expires_at,
        opener_id: None,
    }
}

/// A day-per-move rated game in [`CHANNEL`], started at [`NOW`]: `opener` is White.
pub fn new_game(opener: impl Into<PlayerId>, other: impl Into<PlayerId>) -> NewGame {
    NewGame {
        opener_id: opener.into(),
        other_id: other.into(),
        variant: VARIANT,
        move_seconds: Some(86_400),
        rated: true,
        guild_id: Some(GUILD),
        channel_id: Some(CHANNEL),
        clock: ClockTimes {
            deadline_at: Some(DEADLINE),
            remind_at: Some(REMIND),
            ..ClockTimes::default()
        },
        created_at: NOW,
        origin: None,
        anchor: None,
    }
}

/// What a new game shown in a channel owes: its thread (on the message named, else its
/// challenge's) and its first board.
pub fn owing_start(game: &NewGame, id: GameId, recorded: Option<MessageId>) -> Vec<Owed> {
    let anchor = game.anchor.or(recorded);
    vec![Owed::Started { game: id, anchor }]
}

/// A new game that owes nothing (shown nowhere).
pub fn owing_nothing(_: &NewGame, _: GameId, _: Option<MessageId>) -> Vec<Owed> {
    Vec::new()
}

/// A new game's clock when the player to move is away: as it would be otherwise (the store
/// tests' games stop for nobody).
pub fn kept_if_away(game: &NewGame, _: &Absence) -> ClockTimes {
    game.clock
}

/// A clock running to `deadline`, reminded at `remind`.
pub fn running(deadline: Option<Millis>, remind: Option<Millis>) -> ClockTimes {
    ClockTimes {
        deadline_at: deadline,
        remind_at: remind,
        ..ClockTimes::default()
    }
}

/// Starts `game` without a challenge; returns its id.
pub async fn insert(store: &Store, game: &NewGame) -> GameId {
    let mut tx = store.pool.begin().await.unwrap();
    let id = insert_game(&mut tx, game, game.clock).await.unwrap();
    tx.commit().await.unwrap();
    id
}

/// Starts [`new_game`]`(opener, other)`; returns its id.
pub async fn start(
    store: &Store,
    opener: impl Into<PlayerId>,
    other: impl Into<PlayerId>,
) -> GameId {
    insert(store, &new_game(opener, other)).await
}

/// The game goes on: `to_move` plays next, before `deadline`, reminded a second before.
pub fn going_on(
    white: impl Into<PlayerId>,
    red: impl Into<PlayerId>,
    to_move: impl Into<PlayerId>,
    deadline: Option<Millis>,
) -> GameUpdate {
    GameUpdate {
        white_id: white.into(),
        red_id: red.into(),
        status: GameStatus::Active,
        winner: None,
        end_reason: None,
        to_move_id: Some(to_move.into()),
        clock: running(deadline, deadline.map(|d| d - 1000)),
        rated: true,
    }
}

/// The game is decided.
pub fn won(
    white: impl Into<PlayerId>,
    red: impl Into<PlayerId>,
    winner: Winner,
    reason: EndReason,
) -> GameUpdate {
    GameUpdate {
        white_id: white.into(),
        red_id: red.into(),
        status: GameStatus::Finished,
        winner: Some(winner),
        end_reason: Some(reason),
        to_move_id: None,
        clock: ClockTimes::default(),
        rated: true,
    }
}

/// Moves chosen by their players (none forced).
pub fn new_moves(moves: &[(i64, &str)]) -> Vec<NewMove> {
    moves
        .iter()
        .map(|&(player_id, notation)| NewMove {
            player_id: PlayerId::new(player_id),
            notation: notation.to_string(),
            forced: false,
        })
        .collect()
}

/// Commits `moves` and `update` to game `id` at `now`, owing nothing.
pub async fn commit(
    store: &Store,
    id: GameId,
    moves: &[NewMove],
    update: &GameUpdate,
    now: Millis,
) -> Committed {
    commit_owing(store, id, moves, update, &[], now).await
}

/// Commits `moves` and `update` to game `id` at `now`, owing `owed`.
pub async fn commit_owing(
    store: &Store,
    id: GameId,
    moves: &[NewMove],
    update: &GameUpdate,
    owed: &[Owed],
    now: Millis,
) -> Committed {
    let write = store.write_game(id).await.unwrap().unwrap();
    let change = GameChange {
        moves: moves.to_vec(),
        update: update.clone(),
    };
    write.commit(&change, owed, now).await.unwrap()
}

/// The items due at `now` (at most `limit`), each readable.
pub async fn due(store: &Store, now: Millis, limit: i64) -> Vec<OutboxItem> {
    let due = store.due_announcements(now, limit).await.unwrap();
    due.into_iter().map(|item| item.unwrap()).collect()
}

/// Saves `owed` as a change at [`NOW`] would.
pub async fn owe(store: &Store, owed: &[Owed]) {
    let mut conn = store.pool.acquire().await.unwrap();
    insert_owed(&mut conn, owed, NOW).await.unwrap();
}

/// One number read with raw SQL, e.g. a count of rows.
pub async fn number(store: &Store, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(&store.pool)
        .await
        .unwrap()
}

/// A change of `moves` and `update`.
pub fn change(moves: Vec<NewMove>, update: GameUpdate) -> GameChange {
    GameChange { moves, update }
}

/// A round robin or Swiss (three rounds) in [`CHANNEL`], signing up until a second after
/// [`NOW`], organised by alice.
pub fn new_tournament(format: StoredFormat) -> NewTournament {
    NewTournament {
        guild_id: GUILD,
        channel_id: CHANNEL,
        name: "Autumn league".into(),
        format,
        swiss_rounds: (format == StoredFormat::Swiss).then_some(3),
        variant: VARIANT,
        move_seconds: Some(86_400),
        rated: true,
        organiser_id: PlayerId::new(1),
        signup_deadline_at: Some(NOW + 1000),
        vacations_pause: false,
        created_at: NOW,
    }
}

/// A database on a fresh file with only the migrations numbered below `version` applied: a
/// file as an older release left it, for the tests of an upgrade (which run the rest). With the
/// file's URL, to open it as a store.
pub async fn pool_before(version: i64) -> (TempDir, String, sqlx::SqlitePool) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    let options: sqlx::sqlite::SqliteConnectOptions = url.parse().unwrap();
    let pool = sqlx::SqlitePool::connect_with(options.create_if_missing(true).foreign_keys(true))
        .await
        .unwrap();
    let mut before = sqlx::migrate!();
    before.migrations = std::borrow::Cow::Owned(
        before
            .migrations
            .iter()
            .filter(|m| m.version < version)
            .cloned()
            .collect(),
    );
    before.run(&pool).await.unwrap();
    (dir, url, pool)
}

fn moves(text: &[&str]) -> Vec<Move> {
    text.iter().map(|m| m.parse().unwrap()).collect()
}

/// A puzzle whose position differs by White's second placement (`n` from 0 to 5).
pub(crate) fn puzzle(n: usize) -> Puzzle {
    let second = ["a1 a3", "a1 a4", "b1 b3", "b1 b4", "a5 a7", "a6 a8"][n];
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

pub async fn keep(store: &Store, n: usize, guild: Option<GuildId>, rating: f64) -> PuzzleId {
    keep_of(store, &puzzle(n), None, guild, rating).await
}

/// Keeps `puzzle` cut from `game` of `guild`, rated `rating`.
pub async fn keep_of(
    store: &Store,
    puzzle: &Puzzle,
    game: Option<GameId>,
    guild: Option<GuildId>,
    rating: f64,
) -> PuzzleId {
    let id = store
        .insert_puzzle(puzzle, game, guild, NOW)
        .await
        .unwrap()
        .unwrap();
    sqlx::query("UPDATE puzzles SET rating = ? WHERE id = ?")
        .bind(rating)
        .bind(id)
        .execute(&store.pool)
        .await
        .unwrap();
    id
}

pub fn answer(player: i64, puzzle: PuzzleId, correct: bool) -> NewAnswer {
    NewAnswer {
        player: PlayerId::new(player),
        puzzle,
        answer: "g2 g4".parse().unwrap(),
        correct,
        guild: Some(GUILD),
        now: NOW,
    }
}

/// Moves both ratings by a fixed step, as a stand-in for Glicko-2.
pub fn step(player: Option<StoredRating>, puzzle: StoredRating) -> Rated {
    let before = player.unwrap_or(StoredRating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    });
    Rated {
        player_before: before,
        player_after: StoredRating {
            rating: before.rating + 10.0,
            ..before
        },
        puzzle_after: StoredRating {
            rating: puzzle.rating - 10.0,
            ..puzzle
        },
    }
}

//! The analysis of finished games through the service on a real SQLite file: an island thrown
//! away on purpose is named with what the AI preferred; asking again (or while it runs) searches
//! once and tells every asking channel; only finished games; a restart resumes an unfinished
//! analysis, even one cut off five times by the process ending; one that fails is tried again
//! later, then given up (restarts or not) and the waiting channels told.
//! The AI searches a fixed 300 playouts a position.

mod common;

use std::sync::Arc;
use std::time::Duration;

use sqlx::Connection;

use common::START;
use ponte::game::{Color, Game, Move};
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    Actor, Analysed, AnalysisView, Announcement, Clock, GameId, GameView, ManualClock, Owed,
    Player, PlayerId, Service, ServiceError, Venue,
};
use ponte::store::Store;
use tempfile::TempDir;

const PLAYOUTS: u64 = 300;
const GUILD: GuildId = GuildId::from_snowflake(77);
/// A server other than [`GUILD`].
const OTHER_GUILD: GuildId = GuildId::from_snowflake(78);

fn alice() -> Player {
    Player::new(PlayerId::from_snowflake(1001), "alice")
}
fn bob() -> Player {
    Player::new(PlayerId::from_snowflake(1002), "bob")
}

fn asker() -> Actor {
    Actor::member(alice(), Some(GUILD))
}

/// Where the games are played: channel 5 of the server.
fn venue() -> Venue {
    Venue {
        guild_id: Some(GUILD),
        channel_id: Some(ChannelId::from_snowflake(5)),
    }
}

async fn open(dir: &TempDir) -> Arc<Service> {
    open_with_clock(dir, Arc::new(ManualClock::new(START))).await
}

async fn open_with_clock(dir: &TempDir, clock: Arc<ManualClock>) -> Arc<Service> {
    let mut service = Service::open_with_clock(&common::database_url(dir), clock)
        .await
        .unwrap();
    service.set_ai_playouts(Some(PLAYOUTS));
    Arc::new(service)
}

/// Runs `sql` on the database in `dir` beside the service, as an operator (or a fault) would.
async fn execute(dir: &TempDir, sql: &str) {
    let mut conn = sqlx::SqliteConnection::connect(&common::database_url(dir))
        .await
        .unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
}

/// Plays `moves` in a new game of alice (White) and bob; passes the service makes for a player
/// without a move are skipped.
async fn play(service: &Service, moves: &[Move]) -> GameView {
    let mut game =
        common::start_game(service, &alice(), &bob(), common::short_options(), venue()).await;
    for (ply, mv) in moves.iter().enumerate() {
        if game.game.plies() as usize > ply {
            assert_eq!(*mv, Move::Pass, "only passes are made for a player");
            continue;
        }
        game = common::play_next(service, &game, *mv).await;
    }
    assert!(game.is_over());
    game
}

/// Delivers everything owed until nothing is due (one game's items come one at a time).
async fn deliver_everything(service: &Service) -> Vec<(Owed, Announcement)> {
    let delivered = common::deliver_due(service).await.into_iter();
    delivered
        .map(|item| (item.owed, item.announcement))
        .collect()
}

/// Delivers everything owed; the channels the analyses went to.
async fn deliver_all(service: &Service) -> Vec<(u64, AnalysisView)> {
    let delivered = deliver_everything(service).await.into_iter();
    delivered
        .filter_map(|(_, announcement)| match announcement {
            Announcement::Analysis {
                channel, analysis, ..
            } => Some((channel.snowflake(), analysis)),
            _ => None,
        })
        .collect()
}

/// Delivers everything owed; the channels told that an analysis failed, with its game.
async fn failures_told(service: &Service) -> Vec<(u64, GameId)> {
    let delivered = deliver_everything(service).await.into_iter();
    delivered
        .filter_map(|(_, announcement)| match announcement {
            Announcement::AnalysisFailed { game, channel, .. } => Some((channel.snowflake(), game)),
            _ => None,
        })
        .collect()
}

/// Waits for the worker to finish the analysis of `id`.
async fn ready(service: &Service, id: GameId) -> AnalysisView {
    for _ in 0..2400 {
        if let Analysed::Ready(analysis) = service.analyse(id, &asker(), None).await.unwrap() {
            return analysis;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the analysis of game #{id} did not finish");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_island_thrown_away_on_the_last_turn_is_named_with_the_move_that_wins() {
    let (moves, winning) = common::island_thrown_away(common::short_variant());
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let game = play(&service, &moves).await;
    assert_eq!(game.result.unwrap().winner, Some(Color::White));
    tokio::spawn(service.clone().run_analyses());
    let asked = service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(9)))
        .await
        .unwrap();
    assert_eq!(
        asked,
        Analysed::Started {
            positions: moves.len() as u32 + 1
        }
    );
    let analysis = ready(&service, game.id).await;

    assert_eq!(analysis.chances.len(), moves.len() + 1);
    assert_eq!(analysis.chances.last(), Some(&1.0), "White won");
    let blunder = analysis
        .moments
        .iter()
        .map(|m| &m.moment)
        .find(|m| m.number as usize == moves.len())
        .unwrap_or_else(|| panic!("the last move is not named: {:?}", analysis.moments));
    assert_eq!(blunder.played, moves[moves.len() - 1]);
    assert!(blunder.before < 0.5, "Red was winning: {blunder:?}");
    // The biggest loss of the game, and the AI's choice there wins for Red.
    let biggest = analysis
        .moments
        .iter()
        .map(|m| (m.moment.after - m.moment.before).abs())
        .fold(0.0, f64::max);
    assert_eq!((blunder.after - blunder.before).abs(), biggest);
    let mut before = Game::new(common::short_variant());
    for mv in &moves[..moves.len() - 1] {
        before.play(*mv).unwrap();
    }
    before.play(blunder.preferred).unwrap();
    assert_eq!(before.outcome().unwrap().winner(), Some(Color::Red));
    assert_ne!(winning, moves[moves.len() - 1]);

    // Named with the player who played it.
    let text = analysis.summary(ponte::i18n::Lang::En);
    assert_eq!(blunder.mover, Color::Red);
    let named = format!(
        "Move {}, {} (red) played {}: White's chances rose",
        moves.len(),
        game.red.name,
        moves[moves.len() - 1]
    );
    assert!(text.contains(&named), "{text}");
    // The chart's title says who is White and who is Red.
    let title = AnalysisView::title(ponte::i18n::Lang::En, &game);
    let players = format!(
        "{} (White) against {} (Red)",
        game.white.name, game.red.name
    );
    assert_eq!(title, format!("Game #{}\n{players}", game.id));
    let chart = analysis.chart(ponte::i18n::Lang::En, &title);
    assert!(image::load_from_memory(&chart).is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn asking_again_searches_once_and_every_asking_channel_is_told() {
    let (moves, _) = common::island_thrown_away(common::short_variant());
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let game = play(&service, &moves).await;
    assert_eq!(deliver_all(&service).await, [], "the boards of the game");
    let positions = moves.len() as u32 + 1;
    let first = service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(21)))
        .await
        .unwrap();
    let second = service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(22)))
        .await
        .unwrap();
    let again = service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(21)))
        .await
        .unwrap();
    assert_eq!(first, Analysed::Started { positions });
    assert_eq!((second, again), (Analysed::Running, Analysed::Running));
    assert_eq!(service.positions_analysed(), 0, "nothing before the worker");

    tokio::spawn(service.clone().run_analyses());
    let analysis = ready(&service, game.id).await;
    assert_eq!(service.positions_analysed(), u64::from(positions));
    // Read without waiting for the writers: here another connection holds the write lock.
    let mut writer = sqlx::SqliteConnection::connect(&common::database_url(&dir))
        .await
        .unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut writer)
        .await
        .unwrap();
    let later = service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(23)))
        .await
        .unwrap();
    assert_eq!(later, Analysed::Ready(analysis.clone()));
    sqlx::query("ROLLBACK").execute(&mut writer).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(service.positions_analysed(), u64::from(positions), "once");

    // Each channel that waited is owed one post.
    let mut told = deliver_all(&service).await;
    told.sort_unstable_by_key(|(channel, _)| *channel);
    assert_eq!(told, [(21, analysis.clone()), (22, analysis)]);
}

#[tokio::test]
async fn only_finished_games_of_ones_own_server_are_analysed() {
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let going =
        common::start_game(&service, &alice(), &bob(), common::short_options(), venue()).await;
    let refused = service.analyse(going.id, &asker(), None).await.unwrap_err();
    assert!(matches!(refused, ServiceError::NotOver(id) if id == going.id));

    service
        .abort(going.id, &Actor::member(alice(), None))
        .await
        .unwrap();
    let refused = service.analyse(going.id, &asker(), None).await.unwrap_err();
    assert!(
        matches!(refused, ServiceError::AbortedAnalysis(_)),
        "{refused}"
    );

    let elsewhere = Actor::member(
        Player::new(PlayerId::from_snowflake(3003), "someone"),
        Some(OTHER_GUILD),
    );
    let refused = service
        .analyse(going.id, &elsewhere, None)
        .await
        .unwrap_err();
    assert!(matches!(refused, ServiceError::UnknownGame(_)), "{refused}");
}

/// An analysis computed on the spot (`ponte local`) tells its progress after every position,
/// one more each time, out of all the game's positions; made before, it is read at once with
/// nothing to tell.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_made_on_the_spot_tells_its_progress_once_a_position() {
    let (moves, _) = common::island_thrown_away(common::short_variant());
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let game = play(&service, &moves).await;
    let told = std::sync::Mutex::new(Vec::new());
    let tell = |done, total| told.lock().unwrap().push((done, total));
    let analysis = service.analysis_now(game.id, &asker(), tell).await.unwrap();
    let positions = moves.len() + 1;
    assert_eq!(analysis.chances.len(), positions);
    let expected: Vec<_> = (1..=positions).map(|done| (done, positions)).collect();
    assert_eq!(*told.lock().unwrap(), expected);

    let again = service.analysis_now(game.id, &asker(), tell).await.unwrap();
    assert_eq!(again, analysis);
    assert_eq!(
        told.lock().unwrap().len(),
        positions,
        "nothing computed again"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_left_unfinished_resumes_after_a_restart() {
    let (moves, _) = common::island_thrown_away(common::short_variant());
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let game = play(&service, &moves).await;
    let asked = service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(31)))
        .await
        .unwrap();
    assert!(matches!(asked, Analysed::Started { .. }));
    service.close().await;
    drop(service);

    let service = open(&dir).await;
    tokio::spawn(service.clone().run_analyses());
    let analysis = ready(&service, game.id).await;
    assert_eq!(analysis.chances.len(), moves.len() + 1);
    let told = deliver_all(&service).await;
    assert_eq!(
        told,
        [(31, analysis)],
        "the waiting channel is told after the restart"
    );
}

/// Five attempts cut off by the process ending, each as a stopped or killed worker leaves one:
/// counted and marked running, with nothing after. None is a failure: the next start makes
/// the analysis and tells the waiting channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_cut_off_five_times_by_the_process_ending_is_made_after_the_next_start() {
    let Failing {
        dir,
        clock,
        service,
        game,
        ..
    } = failing().await;
    let channel = ChannelId::from_snowflake(61);
    service
        .analyse(game.id, &asker(), Some(channel))
        .await
        .unwrap();
    service.close().await;
    drop(service);
    for stop in 0..5 {
        // The worker starts (taking back the attempt the last stop cut off), and starts an
        // attempt as `analyse_due` does; the process ends before the attempt does.
        let service = open_with_clock(&dir, clock.clone()).await;
        let taken = service.take_back_cut_off_analyses().await.unwrap();
        assert_eq!(taken, u64::from(stop > 0));
        service.close().await;
        drop(service);
        let store = Store::open(&common::database_url(&dir)).await.unwrap();
        let now = clock.now();
        let started = store.start_analysis_attempt(game.id, now + 60_000, now);
        assert!(started.await.unwrap());
        store.close().await;
        // Long past the attempt's wait.
        clock.advance(3_600_000);
    }

    let service = open_with_clock(&dir, clock.clone()).await;
    tokio::spawn(service.clone().run_analyses());
    // The channel is owed the analysis once it is made, or the failure once it is given up.
    let mut told = Vec::new();
    for _ in 0..2400 {
        told = deliver_everything(&service).await;
        if !told.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let owed: Vec<Owed> = told.iter().map(|(owed, _)| *owed).collect();
    assert_eq!(
        owed,
        [Owed::Analysis {
            game: game.id,
            channel
        }]
    );
    assert!(service.analysis_of(&game).await.unwrap().is_some());
}

/// Fails four attempts at the analysis of `game` (of `positions` positions), checking that
/// each is tried again after a wait twice the one before (1, 2, 4, 8 minutes), not sooner,
/// and that nobody is told meanwhile. The clock ends when the fifth attempt is due.
async fn fail_four_attempts(service: &Service, clock: &ManualClock, game: GameId, positions: u64) {
    for (failures, wait) in [1, 2, 4, 8].into_iter().enumerate() {
        service.analyse_due().await.unwrap();
        let searched = (failures as u64 + 1) * positions;
        assert_eq!(service.positions_analysed(), searched);
        clock.advance(wait * 60_000 - 1);
        service.analyse_due().await.unwrap();
        assert_eq!(
            service.positions_analysed(),
            searched,
            "tried again too soon"
        );
        let asked = service.analyse(game, &asker(), None).await.unwrap();
        assert_eq!(asked, Analysed::Running, "still to be made");
        assert_eq!(failures_told(service).await, [], "nobody told yet");
        clock.advance(1);
    }
}

/// A finished game, nothing owed, on a service with a hand-moved clock: for failing analyses.
struct Failing {
    dir: TempDir,
    clock: Arc<ManualClock>,
    service: Arc<Service>,
    game: GameView,
    /// The game's positions, each searched by an attempt.
    positions: u64,
}

async fn failing() -> Failing {
    let (moves, _) = common::island_thrown_away(common::short_variant());
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let service = open_with_clock(&dir, clock.clone()).await;
    let game = play(&service, &moves).await;
    deliver_all(&service).await;
    Failing {
        dir,
        clock,
        service,
        game,
        positions: moves.len() as u64 + 1,
    }
}

/// Makes the database refuse `what` ("INSERT ON analysis_positions", say) as a full disk would.
async fn refuse(dir: &TempDir, name: &str, what: &str) {
    let sql = format!(
        "CREATE TRIGGER {name} BEFORE {what}
         BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
    );
    execute(dir, &sql).await;
}

#[tokio::test]
async fn an_analysis_that_cannot_be_saved_is_tried_again_later_then_given_up_and_told() {
    let Failing {
        dir,
        clock,
        service,
        game,
        positions,
    } = failing().await;
    service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(41)))
        .await
        .unwrap();
    service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(42)))
        .await
        .unwrap();
    refuse(&dir, "full_disk", "INSERT ON analysis_positions").await;

    fail_four_attempts(&service, &clock, game.id, positions).await;
    // A restart takes back no attempt that failed by itself.
    let taken = service.take_back_cut_off_analyses().await.unwrap();
    assert_eq!(taken, 0);
    service.analyse_due().await.unwrap();
    assert_eq!(service.positions_analysed(), 5 * positions);
    let mut told = failures_told(&service).await;
    told.sort_unstable();
    assert_eq!(told, [(41, game.id), (42, game.id)]);
    clock.advance(3_600_000);
    service.analyse_due().await.unwrap();
    assert_eq!(service.positions_analysed(), 5 * positions, "given up");

    // Asked again once the disk has room, it starts afresh.
    execute(&dir, "DROP TRIGGER full_disk").await;
    let asked = service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(43)))
        .await
        .unwrap();
    assert!(matches!(asked, Analysed::Started { .. }), "{asked:?}");
    service.analyse_due().await.unwrap();
    let analysis = ready(&service, game.id).await;
    assert_eq!(deliver_all(&service).await, [(43, analysis)]);
}

#[tokio::test]
async fn an_analysis_of_a_log_that_no_longer_replays_is_given_up_at_once() {
    let (moves, _) = common::island_thrown_away(common::short_variant());
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let game = play(&service, &moves).await;
    deliver_all(&service).await;
    service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(51)))
        .await
        .unwrap();
    service.close().await;
    drop(service);
    execute(
        &dir,
        &format!(
            "UPDATE moves SET notation = 'not a move' WHERE game_id = {} AND ply = 3",
            game.id
        ),
    )
    .await;
    // The running service replays from its cache: the damage shows after a restart.
    let service = open(&dir).await;
    service.analyse_due().await.unwrap();
    assert_eq!(failures_told(&service).await, [(51, game.id)]);
    assert_eq!(service.positions_analysed(), 0);
}

#[tokio::test]
async fn a_review_without_a_number_is_of_this_threads_game_else_of_the_latest_finished() {
    let (moves, _) = common::island_thrown_away(common::short_variant());
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let finished = play(&service, &moves).await;
    service
        .set_thread(finished.id, Some(ChannelId::from_snowflake(500)))
        .await
        .unwrap();
    let going =
        common::start_game(&service, &alice(), &bob(), common::short_options(), venue()).await;
    let asker = asker();
    let review = |channel| service.game_to_review(None, &asker, channel);

    assert_eq!(
        review(ChannelId::from_snowflake(500)).await.unwrap().id,
        finished.id,
        "the thread's game"
    );
    // In the channel of a game alice is playing, and of two: her latest finished game.
    assert_eq!(
        review(ChannelId::from_snowflake(5)).await.unwrap().id,
        finished.id
    );
    common::start_game(&service, &alice(), &bob(), common::short_options(), venue()).await;
    assert_eq!(
        review(ChannelId::from_snowflake(5)).await.unwrap().id,
        finished.id
    );
    // The thread of a game going on is about that game.
    service
        .set_thread(going.id, Some(ChannelId::from_snowflake(600)))
        .await
        .unwrap();
    assert_eq!(
        review(ChannelId::from_snowflake(600)).await.unwrap().id,
        going.id
    );
    // A thread of another server's game is no way into it.
    let elsewhere = Actor::member(alice(), Some(OTHER_GUILD));
    let refused = service
        .game_to_review(None, &elsewhere, ChannelId::from_snowflake(500))
        .await;
    assert!(
        matches!(refused, Err(ServiceError::NoGameHere)),
        "{refused:?}"
    );
}

#[tokio::test]
async fn an_attempt_whose_failure_cannot_be_recorded_still_waits_its_turn() {
    let Failing {
        dir,
        clock,
        service,
        game,
        positions,
    } = failing().await;
    service
        .analyse(game.id, &asker(), Some(ChannelId::from_snowflake(44)))
        .await
        .unwrap();
    refuse(&dir, "full_disk", "INSERT ON analysis_positions").await;
    refuse(&dir, "no_record", "UPDATE OF last_error ON analyses").await;

    // Each attempt was counted as it started: no search again before its time.
    fail_four_attempts(&service, &clock, game.id, positions).await;
    service.analyse_due().await.unwrap();
    assert_eq!(service.positions_analysed(), 5 * positions);
    assert_eq!(
        failures_told(&service).await,
        [],
        "giving up was refused too"
    );
    clock.advance(16 * 60_000);
    service.analyse_due().await.unwrap();
    assert_eq!(failures_told(&service).await, [], "and refused again");

    // Given up without a sixth search once the database records it.
    execute(&dir, "DROP TRIGGER no_record").await;
    service.analyse_due().await.unwrap();
    assert_eq!(failures_told(&service).await, [(44, game.id)]);
    assert_eq!(service.positions_analysed(), 5 * positions);
}

//! Puzzles made in the background through the service on a real SQLite file: a finished game
//! with a known blunder (an island thrown away on Red's last turn) is analysed and cut into
//! puzzles kept with its server, the blunder's among them with only winning moves accepted; an
//! aborted game and a game still played are never analysed nor cut; a restart resumes the
//! work left and never cuts a game twice; with puzzle making off, nothing is made. The AI
//! searches a fixed 300 playouts a position and a candidate.

mod common;

use std::sync::Arc;

use common::Played;

use ponte::game::{Color, Game, Move, Supply, Variant};
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    AbortOutcome, Actor, ChallengeOptions, GameView, ManualClock, Player, PlayerId, Service, Venue,
};
use tempfile::TempDir;

const PLAYOUTS: u64 = 300;
const GUILD: GuildId = GuildId::from_snowflake(77);

fn alice() -> Player {
    Player::new(PlayerId::from_snowflake(1001), "alice")
}
fn bob() -> Player {
    Player::new(PlayerId::from_snowflake(1002), "bob")
}

/// A short game: 6×6, eight tiles each, two bridges.
fn variant() -> Variant {
    Variant::new(6, Supply::Limited(8), Supply::Limited(2)).unwrap()
}

fn options() -> ChallengeOptions {
    ChallengeOptions {
        variant: variant(),
        ..ChallengeOptions::default()
    }
}

fn venue() -> Venue {
    Venue {
        guild_id: Some(GUILD),
        channel_id: Some(ChannelId::from_snowflake(5)),
    }
}

async fn open(dir: &TempDir, puzzles: bool) -> Arc<Service> {
    let clock = Arc::new(ManualClock::new(common::START));
    let mut service = Service::open_with_clock(&common::database_url(dir), clock)
        .await
        .unwrap();
    service.set_ai_playouts(Some(PLAYOUTS));
    service.set_puzzle_making(puzzles);
    Arc::new(service)
}

/// Plays `moves` in a new game of alice (White) and bob; passes the service makes for a player
/// without a move are skipped.
async fn play(service: &Service, moves: &[Move]) -> GameView {
    let mut game = common::start_game(service, &alice(), &bob(), options(), venue()).await;
    for (ply, mv) in moves.iter().enumerate() {
        if game.game.plies() as usize > ply {
            continue;
        }
        let (_, player) = game.to_move().unwrap();
        game = service
            .play(game.id, player.id, *mv, None)
            .await
            .played()
            .game;
    }
    game
}

async fn count(dir: &TempDir, sql: &str) -> i64 {
    common::scalar(&common::database_url(dir), sql).await
}

/// The analysis worker's round: the analyses due, then the puzzles of the games analysed.
async fn work(service: &Service) {
    service.analyse_due().await.unwrap();
    service.cut_puzzles_due().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_puzzles_are_cut_once_with_its_server_never_an_aborted_or_running_games() {
    let (moves, _) = common::island_thrown_away(variant());
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir, true).await;
    let finished = play(&service, &moves).await;
    assert!(finished.is_over());
    let running = play(&service, &moves[..3]).await;
    let aborting = play(&service, &moves[..1]).await;
    let aborted = service
        .abort(aborting.id, &Actor::member(alice(), Some(GUILD)))
        .await
        .unwrap();
    assert!(matches!(aborted, AbortOutcome::Aborted(_)));
    // Only the finished game's analysis is asked for; the service stops before making it.
    let asked = "SELECT group_concat(game_id) FROM analyses WHERE finished_at IS NULL";
    let asked: String = common::scalar(&common::database_url(&dir), asked).await;
    assert_eq!(asked, finished.id.to_string());
    service.close().await;

    // A restart resumes it: analysed, then cut.
    let service = open(&dir, true).await;
    work(&service).await;
    let kept = count(&dir, "SELECT count(*) FROM puzzles").await;
    let of_game = format!(
        "SELECT count(*) FROM puzzles WHERE game_id = {} AND guild_id = {}",
        finished.id,
        GUILD.snowflake()
    );
    assert!(kept >= 1);
    assert_eq!(
        count(&dir, &of_game).await,
        kept,
        "all from the finished game"
    );
    for other in [running.id, aborting.id] {
        let sql = format!("SELECT count(*) FROM analyses WHERE game_id = {other}");
        assert_eq!(count(&dir, &sql).await, 0, "game #{other} is not analysed");
    }
    // The blunder is a puzzle: Red to move on the last turn, every accepted move wins.
    let blunder = moves[moves.len() - 1];
    let sql = format!("SELECT accepted FROM puzzles WHERE played = '{blunder}'");
    let accepted: String = common::scalar(&common::database_url(&dir), &sql).await;
    let mut before = Game::new(variant());
    for &mv in &moves[..moves.len() - 1] {
        before.play(mv).unwrap();
    }
    for line in accepted.lines() {
        let mut after = before.clone();
        after.play(line.parse().unwrap()).unwrap();
        assert_eq!(
            after.outcome().unwrap().winner(),
            Some(Color::Red),
            "{line}"
        );
    }

    // Another round, and another restart: nothing is cut twice.
    work(&service).await;
    service.close().await;
    let service = open(&dir, true).await;
    work(&service).await;
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles").await, kept);
    let cut = "SELECT count(*) FROM analyses WHERE puzzles_cut_at IS NOT NULL";
    assert_eq!(count(&dir, cut).await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_puzzle_making_off_no_game_is_analysed_or_cut_unasked() {
    let (moves, _) = common::island_thrown_away(variant());
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir, false).await;
    let finished = play(&service, &moves).await;
    assert!(finished.is_over());
    assert_eq!(count(&dir, "SELECT count(*) FROM analyses").await, 0);
    // Analysed when asked for, but not cut.
    let asker = Actor::member(alice(), Some(GUILD));
    service.analyse(finished.id, &asker, None).await.unwrap();
    work(&service).await;
    assert_eq!(count(&dir, "SELECT count(*) FROM puzzles").await, 0);
    // Turned on, the analysed game is cut.
    service.close().await;
    let service = open(&dir, true).await;
    work(&service).await;
    assert!(count(&dir, "SELECT count(*) FROM puzzles").await >= 1);
}

/// The most built-in puzzles a test expects at least: a few dozen, from games on three boards.
const BUILT_IN_AT_LEAST: usize = 24;

#[test]
fn the_shipped_puzzles_read_replay_and_offer_legal_moves_only() {
    let puzzles = ponte::service::built_in_puzzles().unwrap();
    assert!(
        puzzles.len() >= BUILT_IN_AT_LEAST,
        "{} puzzles",
        puzzles.len()
    );
    let mut keys = std::collections::HashSet::new();
    for puzzle in &puzzles {
        // Replays (every move legal), the candidates and accepted moves legal, the best line
        // playing on: what `check` checks, said again here for the accepted moves.
        assert_eq!(puzzle.check(), Ok(()), "{puzzle}");
        let game = puzzle.game();
        assert_eq!(game.plies() as usize, puzzle.moves.len());
        assert!(puzzle.accepted.iter().all(|&mv| game.is_legal(mv)));
        assert!(keys.insert(puzzle.key()), "twice: {puzzle}");
    }
    let sizes: std::collections::HashSet<u8> = puzzles.iter().map(|p| p.variant.size()).collect();
    assert!(sizes.contains(&12) && sizes.len() >= 2, "{sizes:?}");
}

#[tokio::test]
async fn the_built_in_puzzles_are_kept_once_for_every_server() {
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir, true).await;
    let shipped = ponte::service::built_in_puzzles().unwrap().len();
    assert_eq!(service.load_built_in_puzzles().await.unwrap(), shipped);
    assert_eq!(service.load_built_in_puzzles().await.unwrap(), 0, "again");
    service.close().await;
    let service = open(&dir, true).await;
    assert_eq!(
        service.load_built_in_puzzles().await.unwrap(),
        0,
        "after a restart"
    );
    let sql = "SELECT count(*) FROM puzzles WHERE game_id IS NULL AND guild_id IS NULL";
    assert_eq!(count(&dir, sql).await as usize, shipped);
    // The figure of docs/ai.md: the bytes of a puzzle's text columns (the numbers are 8 bytes
    // each besides), `cargo test --test puzzle_making -- --nocapture`.
    let text = "SELECT sum(length(position_key) + length(variant) + length(moves)
                + length(candidates) + length(accepted) + length(best_line)
                + coalesce(length(played), 0)) FROM puzzles";
    let bytes = count(&dir, text).await;
    println!(
        "{shipped} built-in puzzles: {} bytes of text each",
        bytes / shipped.max(1) as i64
    );
}

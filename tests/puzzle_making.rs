//! Puzzles made in the background through the service on a real SQLite file: a finished game
//! with a known blunder (an island thrown away on Red's last turn) is analysed and cut into
//! puzzles kept with its server, the blunder's among them with only winning moves accepted; an
//! aborted game and a game still played are never analysed nor cut; a restart resumes the
//! work left and never cuts a game twice; with puzzle making off, nothing is made. The AI
//! searches a fixed 300 playouts a position and a candidate.

mod common;

use std::sync::Arc;

use ponte::game::{Color, Game, Move};
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    AbortOutcome, Actor, GameView, ManualClock, Player, PlayerId, Service, Venue,
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
    let mut game =
        common::start_game(service, &alice(), &bob(), common::short_options(), venue()).await;
    for (ply, mv) in moves.iter().enumerate() {
        if game.game.plies() as usize > ply {
            continue;
        }
        game = common::play_next(service, &game, *mv).await;
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
    let (moves, _) = common::island_thrown_away(common::short_variant());
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
    let mut before = Game::new(common::short_variant());
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
    let (moves, _) = common::island_thrown_away(common::short_variant());
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

/// The built-in puzzles a test expects at least, from games on three boards.
const BUILT_IN_AT_LEAST: usize = 25;

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

/// Each built-in puzzle names its game, and no two of one game share an answer: a player told
/// one's answer would find the other answered.
#[test]
fn no_two_shipped_puzzles_of_one_game_share_an_answer() {
    let puzzles = ponte::service::built_in_puzzles().unwrap();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let seed = puzzle.seed.unwrap_or_else(|| panic!("no game: {puzzle}"));
        for other in &puzzles[..i] {
            if other.variant != puzzle.variant || other.seed != Some(seed) {
                continue;
            }
            let shared: Vec<_> = other
                .accepted
                .iter()
                .filter(|&&mv| puzzle.is_accepted(mv))
                .collect();
            assert!(
                shared.is_empty(),
                "{shared:?} in both:\n{other}\n\n{puzzle}"
            );
        }
    }
}

/// The built-in puzzles start at ratings as far apart as their cuts found them hard: each was
/// judged (the chances of its candidates kept), and their ratings spread over 1200 to 1800.
#[test]
fn the_shipped_puzzles_start_at_ratings_spread_by_how_hard_their_cut_found_them() {
    let puzzles = ponte::service::built_in_puzzles().unwrap();
    let ratings: Vec<f64> = puzzles
        .iter()
        .map(|puzzle| {
            assert_eq!(puzzle.judged.len(), puzzle.candidates.len(), "{puzzle}");
            puzzle.start_rating()
        })
        .collect();
    let lowest = ratings.iter().copied().fold(f64::MAX, f64::min);
    let highest = ratings.iter().copied().fold(f64::MIN, f64::max);
    assert!(
        (1200.0..=1800.0).contains(&lowest) && (1200.0..=1800.0).contains(&highest),
        "{ratings:?}"
    );
    assert!(highest - lowest >= 300.0, "{ratings:?}");
    let at_1500 = ratings.iter().filter(|&&r| r == 1500.0).count();
    assert!(at_1500 <= 1, "{ratings:?}");
}

#[tokio::test]
async fn the_built_in_puzzles_are_kept_once_for_every_server() {
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir, true).await;
    let set = ponte::service::built_in_puzzles().unwrap();
    let retired = ponte::service::retired_puzzles().unwrap();
    assert!(!retired.is_empty());
    // A database that kept the set as it was: every puzzle at 1500, of no known game, with
    // the puzzles since dropped; one of them answered.
    let store = ponte::store::Store::open(&common::database_url(&dir))
        .await
        .unwrap();
    let as_kept = |puzzle: &ponte::ai::puzzle::Puzzle| ponte::ai::puzzle::Puzzle {
        judged: Vec::new(),
        seed: None,
        ..puzzle.clone()
    };
    for puzzle in [&set[0], &set[1], &retired[0]] {
        store
            .insert_puzzle(&as_kept(puzzle), None, None, 1)
            .await
            .unwrap();
    }
    store.close().await;
    let asker = Actor::member(alice(), None);
    let first = service.next_puzzle(&asker).await.unwrap().unwrap();
    service
        .answer_puzzle(first.id, &asker, ponte::service::Choice::Nth(0))
        .await
        .unwrap();
    let answered_rating = service.puzzle(first.id, &asker).await.unwrap().rating;

    let shipped = set.len();
    assert_eq!(service.load_built_in_puzzles().await.unwrap(), shipped - 2);
    // The dropped one is no longer served; the others of the set know their game, and start
    // where the set says unless answered.
    let url = common::database_url(&dir);
    let sql = "SELECT count(*) FROM puzzles WHERE retired_at IS NOT NULL";
    assert_eq!(common::scalar::<i64>(&url, sql).await, 1);
    let sql = "SELECT count(*) FROM puzzles WHERE retired_at IS NULL AND seed IS NOT NULL";
    assert_eq!(common::scalar::<i64>(&url, sql).await as usize, shipped);
    for (i, puzzle) in set.iter().enumerate().take(2) {
        let id = ponte::ids::PuzzleId::try_from(i as i64 + 1).unwrap();
        let rating = service.puzzle(id, &asker).await.unwrap().rating;
        if id == first.id {
            assert_eq!(rating, answered_rating, "answered: the players' rating");
        } else {
            assert_eq!(rating, puzzle.start_rating());
        }
    }
    let served = service.next_puzzle(&asker).await.unwrap().unwrap();
    assert!(served.puzzle.key() != retired[0].key());
    service.close().await;
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir, true).await;
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
    // Each at the rating its cut's judging gives it.
    let sql = "SELECT group_concat(rating) FROM (SELECT rating FROM puzzles ORDER BY id)";
    let ratings: String = common::scalar(&common::database_url(&dir), sql).await;
    let expected: Vec<String> = set.iter().map(|p| p.start_rating().to_string()).collect();
    assert_eq!(ratings.replace(".0", ""), expected.join(","));
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

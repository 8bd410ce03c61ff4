//! The analysis of finished games through the service on a real SQLite file: an island thrown
//! away on purpose is named with what the AI preferred; asking again (or while it runs) searches
//! once and tells every asking channel; only finished games; a restart resumes an unfinished
//! analysis. The AI searches a fixed 300 playouts a position.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{Played, START};
use fastrand::Rng;
use ponte::game::{Color, Game, Move, Supply, Variant, playout};
use ponte::service::{
    Analysed, AnalysisView, Announcement, Asker, ChallengeOptions, GameView, ManualClock, Player,
    Service, ServiceError, Venue,
};
use tempfile::TempDir;

const PLAYOUTS: u64 = 300;
const GUILD: i64 = 77;

fn alice() -> Player {
    Player::new(1001, "alice")
}
fn bob() -> Player {
    Player::new(1002, "bob")
}

fn asker() -> Asker {
    Asker {
        player: alice().id,
        guild: Some(GUILD),
    }
}

/// A short game: 6×6, eight tiles each, two bridges.
fn variant() -> Variant {
    Variant::new(6, Supply::Limited(8), Supply::Limited(2)).unwrap()
}

async fn open(dir: &TempDir) -> Arc<Service> {
    let mut service = Service::open_with_clock(
        &common::database_url(dir),
        Arc::new(ManualClock::new(START)),
    )
    .await
    .unwrap();
    service.set_ai_playouts(Some(PLAYOUTS));
    Arc::new(service)
}

/// The moves of every legal kind for the side to move.
fn legal_moves(game: &Game) -> Vec<Move> {
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

/// A random game that reaches Red's last turn (White has passed) with one move that
/// completes a Red island and wins, and another that does not and loses: the game's moves
/// with that losing move last, and the winning one.
fn island_thrown_away() -> (Vec<Move>, Move) {
    for seed in 0.. {
        let mut rng = Rng::with_seed(seed);
        let mut game = Game::new(variant());
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

/// Plays `moves` in a new game of alice (White) and bob; passes the service makes for a player
/// without a move are skipped.
async fn play(service: &Service, moves: &[Move]) -> GameView {
    let options = ChallengeOptions {
        variant: variant(),
        ..ChallengeOptions::default()
    };
    let venue = Venue {
        guild_id: Some(GUILD),
        channel_id: Some(5),
    };
    let mut game = common::start_game(service, &alice(), &bob(), options, venue).await;
    for (ply, mv) in moves.iter().enumerate() {
        if game.game.plies() as usize > ply {
            assert_eq!(*mv, Move::Pass, "only passes are made for a player");
            continue;
        }
        let (_, player) = game.to_move().unwrap();
        game = service
            .play(game.id, player.id, &mv.to_string(), None)
            .await
            .played()
            .game;
    }
    assert!(game.is_over());
    game
}

/// Delivers everything owed until nothing is due (one game's items come one at a time); the
/// channels the analyses went to.
async fn deliver_all(service: &Service) -> Vec<(i64, AnalysisView)> {
    let mut analyses = Vec::new();
    loop {
        let due = service.due_announcements().await.unwrap();
        if due.is_empty() {
            return analyses;
        }
        for item in due {
            if let Announcement::Analysis {
                channel, analysis, ..
            } = item.announcement
            {
                analyses.push((channel, analysis));
            }
            service.announced(item.id).await.unwrap();
        }
    }
}

/// Waits for the worker to finish the analysis of `id`.
async fn ready(service: &Service, id: i64) -> AnalysisView {
    for _ in 0..2400 {
        if let Analysed::Ready(analysis) = service.analyse(id, asker(), None).await.unwrap() {
            return analysis;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the analysis of game #{id} did not finish");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_island_thrown_away_on_the_last_turn_is_named_with_the_move_that_wins() {
    let (moves, winning) = island_thrown_away();
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let game = play(&service, &moves).await;
    assert_eq!(game.result.unwrap().winner, Some(Color::White));
    tokio::spawn(service.clone().run_analyses());
    let asked = service.analyse(game.id, asker(), Some(9)).await.unwrap();
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
        .find(|m| m.number as usize == moves.len())
        .unwrap_or_else(|| panic!("the last move is not named: {:?}", analysis.moments));
    assert_eq!(blunder.played, moves[moves.len() - 1]);
    assert!(blunder.before < 0.5, "Red was winning: {blunder:?}");
    // The biggest loss of the game, and the AI's choice there wins for Red.
    let biggest = analysis
        .moments
        .iter()
        .map(|m| (m.after - m.before).abs())
        .fold(0.0, f64::max);
    assert_eq!((blunder.after - blunder.before).abs(), biggest);
    let mut before = Game::new(variant());
    for mv in &moves[..moves.len() - 1] {
        before.play(*mv).unwrap();
    }
    before.play(blunder.preferred).unwrap();
    assert_eq!(before.outcome().unwrap().winner(), Some(Color::Red));
    assert_ne!(winning, moves[moves.len() - 1]);

    let text = analysis.summary(ponte::i18n::Lang::En);
    let named = format!(
        "Move {}, {}: White's chances rose",
        moves.len(),
        moves[moves.len() - 1]
    );
    assert!(text.contains(&named), "{text}");
    let chart = analysis.chart(ponte::i18n::Lang::En, "Game");
    assert!(image::load_from_memory(&chart).is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn asking_again_searches_once_and_every_asking_channel_is_told() {
    let (moves, _) = island_thrown_away();
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let game = play(&service, &moves).await;
    assert_eq!(deliver_all(&service).await, [], "the boards of the game");
    let positions = moves.len() as u32 + 1;
    let first = service.analyse(game.id, asker(), Some(21)).await.unwrap();
    let second = service.analyse(game.id, asker(), Some(22)).await.unwrap();
    let again = service.analyse(game.id, asker(), Some(21)).await.unwrap();
    assert_eq!(first, Analysed::Started { positions });
    assert_eq!((second, again), (Analysed::Running, Analysed::Running));
    assert_eq!(service.positions_analysed(), 0, "nothing before the worker");

    tokio::spawn(service.clone().run_analyses());
    let analysis = ready(&service, game.id).await;
    assert_eq!(service.positions_analysed(), u64::from(positions));
    let later = service.analyse(game.id, asker(), Some(23)).await.unwrap();
    assert_eq!(later, Analysed::Ready(analysis.clone()));
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
    let venue = Venue {
        guild_id: Some(GUILD),
        channel_id: Some(5),
    };
    let options = ChallengeOptions {
        variant: variant(),
        ..ChallengeOptions::default()
    };
    let going = common::start_game(&service, &alice(), &bob(), options, venue).await;
    let refused = service.analyse(going.id, asker(), None).await.unwrap_err();
    assert!(matches!(refused, ServiceError::NotOver(id) if id == going.id));

    service.abort(going.id, alice().id, None).await.unwrap();
    let refused = service.analyse(going.id, asker(), None).await.unwrap_err();
    assert!(
        matches!(refused, ServiceError::AbortedAnalysis(_)),
        "{refused}"
    );

    let elsewhere = Asker {
        player: 3003,
        guild: Some(GUILD + 1),
    };
    let refused = service
        .analyse(going.id, elsewhere, None)
        .await
        .unwrap_err();
    assert!(matches!(refused, ServiceError::UnknownGame(_)), "{refused}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_left_unfinished_resumes_after_a_restart() {
    let (moves, _) = island_thrown_away();
    let dir = tempfile::tempdir().unwrap();
    let service = open(&dir).await;
    let game = play(&service, &moves).await;
    let asked = service.analyse(game.id, asker(), Some(31)).await.unwrap();
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

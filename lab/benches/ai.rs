//! The AI's speed on one core: `cargo bench -p ponte-lab --bench ai`. On Boardspace's 10×10 board and the
//! default 12×12, in one run: random moves a second and playouts a second of the levels'
//! playout (with the author's advice), of `hard-2026-11`'s (the advice as it was in November
//! 2026, the yardstick of a stronger `hard`), of `boardspace`'s (Dumbot's random moves) and of
//! `uct-smartbot`'s (Smartbot's, drawn by rejection; and by listing every legal move, as its
//! definition reads); then a search of 1,000 playouts by `hard`, `hard-2026-11` and
//! `uct-smartbot` from the empty board, one of 3,000 by `hard` and `hard-2026-11` after 30
//! moves, one step's
//! search of `boardspace` with 100,000 moves, and one position of an analysis.
//! `docs/ai.md` turns these into its speed figures.
//!
//! A random move is what each playout counts as one: a placement for the levels and
//! `uct-smartbot`, a tile for `boardspace` (Boardspace's unit, in which a placement is two).

use std::cell::{Cell, RefCell};

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use fastrand::Rng;
use ponte::ai::{Budget, Level, Position, analysis, policy};
use ponte::game::playout::play_out_with;
use ponte::game::{Game, Move, Variant};
use ponte_lab::boardspace::{self, Draws};
use ponte_lab::players::{self as ai, Player};
use ponte_lab::{reference, smartbot};

fn main() {
    divan::main();
}

const PLAYOUTS: [&str; 5] = [
    "levels",
    "hard-2026-11",
    "boardspace",
    "uct-smartbot",
    "uct-smartbot-by-listing",
];

/// Random moves each iteration of `random_moves` plays.
const MOVES: u32 = 1_000;

/// Draws a random move and says how many random moves it counts as.
type Chooser = Box<dyn Fn(&Game, &mut Rng) -> Option<(Move, u32)>>;

/// A chooser of random moves for a whole game, from a fresh start.
fn chooser(kind: &str) -> Chooser {
    match kind {
        "levels" => Box::new(|g: &Game, r: &mut Rng| policy::sensible_move(g, r).map(|m| (m, 1))),
        "hard-2026-11" => {
            Box::new(|g: &Game, r: &mut Rng| reference::policy::sensible_move(g, r).map(|m| (m, 1)))
        }
        "boardspace" => {
            // Dumbot's tile lists last one game: a new game starts with fresh ones.
            let draws = RefCell::new(Draws::new());
            Box::new(move |g: &Game, r: &mut Rng| {
                if g.plies() == 0 {
                    *draws.borrow_mut() = Draws::new();
                }
                draws.borrow_mut().random_move(g, r)
            })
        }
        "uct-smartbot" => {
            Box::new(|g: &Game, r: &mut Rng| smartbot::smartbot_move(g, r).map(|m| (m, 1)))
        }
        _ => Box::new(|g: &Game, r: &mut Rng| {
            smartbot::smartbot_move_by_listing(g, r).map(|m| (m, 1))
        }),
    }
}

/// Random moves a second: each iteration plays 1,000 random moves, a new game from the empty
/// board whenever one ends.
#[divan::bench(args = PLAYOUTS, consts = [10, 12])]
fn random_moves<const SIZE: u8>(bencher: Bencher, kind: &str) {
    let start = Game::new(Variant::boxed(SIZE).unwrap());
    let choose = chooser(kind);
    let mut rng = Rng::with_seed(1);
    bencher.counter(ItemsCount::new(MOVES)).bench_local(|| {
        let left = Cell::new(MOVES);
        while left.get() > 0 {
            let mut game = start.clone();
            play_out_with(&mut game, &mut rng, |g, r| {
                if left.get() == 0 {
                    return None;
                }
                let (mv, count) = choose(g, r)?;
                left.set(left.get().saturating_sub(count));
                Some(mv)
            });
            black_box(&game);
        }
    });
}

/// Playouts a second: one whole playout from the empty board an iteration.
#[divan::bench(args = PLAYOUTS, consts = [10, 12])]
fn playout<const SIZE: u8>(bencher: Bencher, kind: &str) {
    let start = Game::new(Variant::boxed(SIZE).unwrap());
    let choose = chooser(kind);
    let mut rng = Rng::with_seed(1);
    bencher
        .counter(ItemsCount::new(1u32))
        .with_inputs(|| start.clone())
        .bench_local_values(|mut game| {
            black_box(play_out_with(&mut game, &mut rng, |g, r| {
                choose(g, r).map(|(mv, _)| mv)
            }))
        });
}

#[divan::bench(args = ["uct-smartbot", "hard", "hard-2026-11"], sample_count = 10)]
fn search_1000_playouts_12x12(bencher: Bencher, player: &str) {
    let player = match player {
        "uct-smartbot" => Player::UctSmartbot { random_moves: 0 },
        "hard-2026-11" => Player::HardReference,
        _ => Player::Level(Level::Hard),
    };
    let start = Game::new(Variant::boxed(12).unwrap());
    let budget = Budget {
        playouts: Some(1000),
        ..Budget::default()
    };
    bencher.bench_local(|| black_box(ai::choose(&start, player, budget, 7)));
}

/// A search of 3,000 playouts in the middle of a game (after 30 moves played by the levels'
/// advice from a fixed seed), where a game spends most of its thinking: the tree's own work
/// and the playouts of a fuller board weigh more there than on the empty board.
#[divan::bench(args = ["hard", "hard-2026-11"], sample_count = 10)]
fn search_3000_playouts_12x12_move_30(bencher: Bencher, player: &str) {
    let player = match player {
        "hard-2026-11" => Player::HardReference,
        _ => Player::Level(Level::Hard),
    };
    let mut game = Game::new(Variant::boxed(12).unwrap());
    let mut rng = Rng::with_seed(30);
    for _ in 0..30 {
        let mv = policy::sensible_move(&game, &mut rng).expect("a game of 30 moves goes on");
        game.play(mv).expect("the advice plays legal moves");
    }
    let budget = Budget {
        playouts: Some(3000),
        ..Budget::default()
    };
    bencher.bench_local(|| black_box(ai::choose(&game, player, budget, 7)));
}

/// One step's search by `boardspace` with 100,000 moves (random and tree moves, a tile one)
/// from the empty 10×10 board: its full budget is 27 of these a step.
#[divan::bench(sample_count = 5)]
fn boardspace_step_100000_moves_10x10(bencher: Bencher) {
    let start = Position::new(Game::new(Variant::boxed(10).unwrap()));
    let budget = Budget {
        random_moves: Some(100_000),
        ..Budget::default()
    };
    let mut rng = Rng::with_seed(7);
    bencher
        .counter(ItemsCount::new(100_000u32))
        .bench_local(|| black_box(boardspace::search_step(&start, budget, &mut rng)));
}

/// One position of an analysis (`ANALYSIS_PLAYOUTS` playouts), after 0, 30 and 60 moves of the
/// longest golden game: an analysis makes one of these per position.
#[divan::bench(args = [0, 30, 60], sample_count = 10)]
fn analysis_position_12x12(bencher: Bencher, moves: usize) {
    let record = include_str!("../../tests/golden/finished.txt")
        .parse::<ponte::game::Record>()
        .unwrap();
    let mut game = Game::new(record.variant);
    for recorded in &record.moves[..moves] {
        game.play(recorded.mv.clone().unwrap()).unwrap();
    }
    let playouts = ponte::service::ANALYSIS_PLAYOUTS;
    bencher.bench_local(|| black_box(analysis::evaluate(&game, playouts, 7)));
}

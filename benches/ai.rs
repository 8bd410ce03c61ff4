//! The AI's speed on one core: `cargo bench --bench ai`. From the empty 12×12 board: a playout
//! of the baseline (Smartbot's uniformly random game; drawn by rejection as it plays, and by
//! listing every legal move as its definition reads) and of the levels (with the author's
//! advice), a search of 1,000 playouts by each player, and one position of an analysis. The
//! README turns these into random moves and playouts per second.

use divan::{Bencher, black_box};
use fastrand::Rng;
use ponte::ai::{self, Budget, Level, Player};
use ponte::game::playout::play_out_with;
use ponte::game::{Game, Variant};

fn main() {
    divan::main();
}

#[divan::bench(args = ["baseline", "baseline-by-listing", "levels"])]
fn playout_12x12(bencher: Bencher, player: &str) {
    let playout = match player {
        "baseline" => ai::baseline::playout,
        "baseline-by-listing" => |game: &mut Game, rng: &mut Rng| {
            play_out_with(game, rng, ai::baseline::smartbot_move_by_listing)
        },
        _ => ai::policy::playout,
    };
    let mut rng = Rng::with_seed(1);
    let start = Game::new(Variant::boxed(12).unwrap());
    bencher
        .with_inputs(|| start.clone())
        .bench_local_values(|mut game| black_box(playout(&mut game, &mut rng)));
}

#[divan::bench(args = ["baseline", "hard"], sample_count = 10)]
fn search_1000_playouts_12x12(bencher: Bencher, player: &str) {
    let player = match player {
        "baseline" => Player::Baseline { random_moves: 0 },
        _ => Player::Level(Level::Hard),
    };
    let start = Game::new(Variant::boxed(12).unwrap());
    let budget = Budget {
        playouts: Some(1000),
        ..Budget::default()
    };
    bencher.bench_local(|| black_box(ai::choose(&start, player, budget, 7)));
}

/// One position of an analysis (`ANALYSIS_PLAYOUTS` playouts), after 0, 30 and 60 moves of the
/// longest golden game: an analysis makes one of these per position.
#[divan::bench(args = [0, 30, 60], sample_count = 10)]
fn analysis_position_12x12(bencher: Bencher, moves: usize) {
    let record = include_str!("../tests/golden/finished.txt")
        .parse::<ponte::game::Record>()
        .unwrap();
    let mut game = Game::new(record.variant);
    for recorded in &record.moves[..moves] {
        game.play(recorded.mv.clone().unwrap()).unwrap();
    }
    let playouts = ponte::service::ANALYSIS_PLAYOUTS;
    bencher.bench_local(|| black_box(ai::analysis::evaluate(&game, playouts, 7)));
}

//! The AI's speed on one core: `cargo bench --bench ai`. A Smartbot playout (the baseline's
//! random game) from the empty 12×12 board, and a baseline search of 1,000 playouts. The README
//! turns these into random moves and playouts per second.

use divan::{Bencher, black_box};
use fastrand::Rng;
use ponte::ai::{self, Budget, Player};
use ponte::game::{Game, Variant};

fn main() {
    divan::main();
}

#[divan::bench]
fn smartbot_playout_12x12(bencher: Bencher) {
    let mut rng = Rng::with_seed(1);
    let start = Game::new(Variant::boxed(12).unwrap());
    bencher
        .with_inputs(|| start.clone())
        .bench_local_values(|mut game| black_box(ai::baseline::playout(&mut game, &mut rng)));
}

#[divan::bench(sample_count = 10)]
fn baseline_search_1000_playouts_12x12(bencher: Bencher) {
    let start = Game::new(Variant::boxed(12).unwrap());
    let budget = Budget {
        playouts: Some(1000),
        ..Budget::default()
    };
    let player = Player::Baseline { random_moves: 0 };
    bencher.bench_local(|| black_box(ai::choose(&start, player, budget, 7)));
}

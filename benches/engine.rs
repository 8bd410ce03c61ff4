//! Engine speed: `cargo bench --bench engine`. `docs/architecture.md` lists the figures.

use divan::{Bencher, black_box};
use fastrand::Rng;
use ponte::game::{Color, Game, Move, Variant, playout, tally};

fn main() {
    // At least 2 s a bench (`--min-time` or `DIVAN_MIN_TIME` still override it). This steadies a
    // run's own samples; medians still differ between runs by up to half on this shared
    // machine (the fastest sample stays within about 2%), so compare runs made side by side.
    divan::Divan::default()
        .min_time(std::time::Duration::from_secs(2))
        .config_with_args()
        .main();
}

/// A 12×12 box-supply game after `plies` random moves (seeded, so every run sees the same).
fn position_after(plies: u32, seed: u64) -> Game {
    let mut rng = Rng::with_seed(seed);
    let mut game = Game::new(Variant::default());
    while game.plies() < plies {
        let mv = playout::random_move(&game, &mut rng).expect("game long enough");
        game.play(mv).unwrap();
    }
    game
}

/// The hardest positions for "can place two?": the side to move cannot, so every candidate
/// pair must be ruled out. Taken from the ends of seeded random games.
fn cannot_place_positions() -> Vec<Game> {
    (0..8)
        .map(|seed| {
            let mut rng = Rng::with_seed(seed);
            let mut game = Game::new(Variant::unlimited(12).unwrap());
            loop {
                if !game.can_place_two() {
                    return game;
                }
                let mv = playout::random_move(&game, &mut rng).unwrap();
                game.play(mv).unwrap();
            }
        })
        .collect()
}

/// A legal placement and a legal bridge in a middle-game position.
fn middle_game() -> (Game, Move, Move) {
    for seed in 0.. {
        let game = position_after(30, seed);
        let bridge = game.legal_bridges().first().map(|b| {
            let [a, c] = b.ends();
            Move::Bridge(a, c)
        });
        if let Some(bridge) = bridge {
            let first = game.legal_first_cells().nth(7).unwrap();
            let second = game.legal_second_cells(first).nth(3).unwrap();
            return (game, Move::Place(first, second), bridge);
        }
    }
    unreachable!()
}

#[divan::bench]
fn validate_and_apply_placement(bencher: Bencher) {
    let (game, placement, _) = middle_game();
    bencher
        .with_inputs(|| game.clone())
        .bench_local_refs(|game| game.play(black_box(placement)).unwrap());
}

#[divan::bench]
fn validate_and_apply_bridge(bencher: Bencher) {
    let (game, _, bridge) = middle_game();
    bencher
        .with_inputs(|| game.clone())
        .bench_local_refs(|game| game.play(black_box(bridge)).unwrap());
}

#[divan::bench]
fn validate_placement_only(bencher: Bencher) {
    let (game, placement, _) = middle_game();
    bencher.bench_local(|| black_box(&game).check(black_box(placement)));
}

#[divan::bench(args = [2, 30, 60])]
fn legal_first_cells(bencher: Bencher, plies: u32) {
    let game = position_after(plies, 7);
    bencher.bench_local(|| black_box(&game).legal_first_cells());
}

#[divan::bench]
fn legal_second_cells(bencher: Bencher) {
    let game = position_after(30, 7);
    let first = game.legal_first_cells().first().unwrap();
    bencher.bench_local(|| black_box(&game).legal_second_cells(black_box(first)));
}

#[divan::bench]
fn legal_bridges(bencher: Bencher) {
    let game = position_after(60, 7);
    bencher.bench_local(|| black_box(&game).legal_bridges());
}

#[divan::bench]
fn can_place_two_early(bencher: Bencher) {
    let game = position_after(10, 3);
    bencher.bench_local(|| black_box(&game).can_place_two());
}

/// The worst case: no pair exists, every candidate is ruled out (8 positions per iteration).
#[divan::bench]
fn can_place_two_worst_8_positions(bencher: Bencher) {
    let games = cannot_place_positions();
    bencher.bench_local(|| {
        for game in &games {
            assert!(!black_box(game).can_place_two());
        }
    });
}

/// One whole random 12×12 game with the box supply, from the empty board to the end.
#[divan::bench]
fn random_game_12x12(bencher: Bencher) {
    let mut rng = Rng::with_seed(42);
    bencher.bench_local(|| {
        let mut game = Game::new(Variant::default());
        playout::play_out(&mut game, &mut rng);
        game
    });
}

/// Every legal two-tile placement of an early 10×10 position, as pairs: the list Abstract
/// Play's engine needs about 10 s for.
#[divan::bench]
fn all_legal_placements_10x10_early(bencher: Bencher) {
    let mut rng = Rng::with_seed(5);
    let mut game = Game::new(Variant::boxed(10).unwrap());
    while game.plies() < 6 {
        let mv = playout::random_move(&game, &mut rng).unwrap();
        game.play(mv).unwrap();
    }
    bencher.bench_local(|| {
        let game = black_box(&game);
        let mut pairs = 0usize;
        for first in game.legal_first_cells() {
            pairs += game
                .legal_second_cells(first)
                .iter()
                .filter(|second| *second > first)
                .count();
        }
        pairs
    });
}

/// The ends of 16 games of the levels' playouts on 12×12 (seeded): about 20 islands each.
fn finished_advice_games() -> Vec<Game> {
    (0..16)
        .map(|seed| {
            let mut game = Game::new(Variant::default());
            ponte::ai::policy::playout(&mut game, &mut Rng::with_seed(seed));
            game
        })
        .collect()
}

/// What judges a playout's end: both colours' points, islands and bridges, over 16 games.
#[divan::bench]
fn tally_16_finished_games_12x12(bencher: Bencher) {
    let games = finished_advice_games();
    bencher.bench_local(|| {
        for game in &games {
            for color in Color::BOTH {
                black_box(tally(black_box(game.board()), color));
            }
        }
    });
}

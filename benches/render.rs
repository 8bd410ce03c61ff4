//! Drawing and encoding the board picture: `cargo bench --bench render`. The README lists the
//! figures.

use divan::{Bencher, black_box};
use ponte::game::{Game, Record};
use ponte::i18n::Lang;
use ponte::render::{Picture, render, render_png};

fn main() {
    divan::main();
}

/// The finished 12×12 game of the golden images: a full board with 22 bridges.
fn full_board() -> Game {
    let text = include_str!("../tests/golden/finished.txt");
    text.parse::<Record>().unwrap().replay().game
}

fn picture(game: &Game) -> Picture<'_> {
    Picture {
        game,
        white: "alice",
        red: "bob",
        title: "Game #7",
        ending: None,
        lang: Lang::En,
    }
}

#[divan::bench]
fn render_and_encode_full_12x12(bencher: Bencher) {
    let game = full_board();
    bencher.bench_local(|| render_png(black_box(&picture(&game))));
}

#[divan::bench]
fn render_only_full_12x12(bencher: Bencher) {
    let game = full_board();
    bencher.bench_local(|| render(black_box(&picture(&game))));
}

//! Drawing and encoding the board picture: `cargo bench --bench render`. `docs/architecture.md`
//! lists the figures.

use std::time::Duration;

use divan::{Bencher, black_box};
use ponte::game::{Game, Record};
use ponte::i18n::Lang;
use ponte::render::{Picture, Still, animated_gif_on, render, render_png};

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

/// Every position of that game (82 moves), as the replay draws them.
fn positions() -> Vec<Game> {
    let record = include_str!("../tests/golden/finished.txt")
        .parse::<Record>()
        .unwrap();
    let mut game = Game::new(record.variant);
    let mut positions = vec![game.clone()];
    for recorded in &record.moves {
        game.play(recorded.mv.clone().unwrap()).unwrap();
        positions.push(game.clone());
    }
    positions
}

/// The replay GIF of the longest golden game: 83 frames drawn, diffed and compressed, on
/// `threads` threads (the bot uses every core).
#[divan::bench(args = [1, 2])]
fn replay_gif_82_moves_12x12(bencher: Bencher, threads: usize) {
    let positions = positions();
    let stills: Vec<Still> = positions
        .iter()
        .map(|game| Still {
            picture: picture(game),
            delay: Duration::from_secs(1),
        })
        .collect();
    bencher.bench_local(|| animated_gif_on(black_box(&stills), threads, |_, _| {}));
}

/// The drawing as an RGB PNG, deflate level 2 with the Up filter: how the board picture was
/// encoded before it was indexed, the comparison for `render_and_encode_full_12x12`.
#[divan::bench]
fn render_and_encode_rgb_full_12x12(bencher: Bencher) {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let game = full_board();
    bencher.bench_local(|| {
        let image = render(black_box(&picture(&game)));
        let mut bytes = Vec::new();
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Level(2), FilterType::Up)
            .write_image(
                image.as_raw(),
                image.width(),
                image.height(),
                image::ExtendedColorType::Rgb8,
            )
            .expect("encoding to memory cannot fail");
        bytes
    });
}

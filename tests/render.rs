//! The board picture: golden images of a few positions, pixel probes at computed cell centres,
//! determinism, size limits and every board size.
//!
//! Regenerate the golden images after an intended change with
//! `UPDATE_GOLDEN=1 cargo test --test render`, then look at them.

use std::path::PathBuf;

use image::{Rgb, RgbImage};
use ponte::game::{Bridge, Cell, Color, Game, Move, Record, Variant};
use ponte::i18n::Lang;
use ponte::render::palette::{BLOCKED, HIGHLIGHT, WATER};
use ponte::render::{
    BOARD_MOST_OFF, Layout, Picture, WIDTH, edge, fill, render, render_png, sandbank_fill,
};

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn game_of(name: &str) -> Game {
    let text = std::fs::read_to_string(golden_dir().join(format!("{name}.txt"))).unwrap();
    let replay = text.parse::<Record>().unwrap().replay();
    assert!(replay.error.is_none(), "{name}: {:?}", replay.error);
    replay.game
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

/// Compares the picture players see (the service's caption included) with the stored image,
/// allowing a few pixels of rounding difference.
fn check_golden(name: &str) {
    let game = game_of(name);
    let png = ponte::service::picture(&game, "Game #7", "alice", "bob", Lang::En);
    check_stored(&png, &golden_dir().join(format!("{name}.png")));
}

/// Compares a picture with the image stored at `path` (rewritten when `UPDATE_GOLDEN` is set).
fn check_stored(png: &[u8], path: &std::path::Path) {
    let name = path.display();
    let image = image::load_from_memory(png).unwrap().to_rgb8();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, png).unwrap();
    }
    let golden = image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 makes it)", path.display()))
        .to_rgb8();
    assert_eq!(golden.dimensions(), image.dimensions(), "{name}: size");
    let differing = golden
        .pixels()
        .zip(image.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 8))
        .count();
    let allowed = (image.width() * image.height()) as usize / 1000;
    assert!(differing <= allowed, "{name}: {differing} pixels differ");
}

fn example(name: &str) -> Game {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("assets/examples/{name}.txt"));
    let record: Record = std::fs::read_to_string(path).unwrap().parse().unwrap();
    record.replay().game
}

fn docs(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join(name)
}

/// The rulebook's first picture is the one `/rules` sends in English (at most half its bytes
/// as an RGB PNG).
#[test]
fn the_rulebook_shows_the_picture_rules_sends() {
    let png = ponte::service::picture(
        &example("rules"),
        &ponte::tr!(Lang::En, "rules-picture-title"),
        &ponte::tr!(Lang::En, "rules-white"),
        &ponte::tr!(Lang::En, "rules-red"),
        Lang::En,
    );
    check_stored(&png, &docs("rules-example.png"));
    assert_half_of_rgb("rules-example.png", &png);
}

/// The rulebook's scoring picture is today's drawing of the scoring example (at most half its
/// bytes as an RGB PNG).
#[test]
fn the_rulebook_shows_todays_scoring_example() {
    let title = "Scoring: White 10 points, Red 3 + 1 + 1 = 5";
    let png = ponte::service::picture(&example("scoring"), title, "White", "Red", Lang::En);
    check_stored(&png, &docs("rules-scoring.png"));
    assert_half_of_rgb("rules-scoring.png", &png);
}

#[test]
fn golden_empty_board() {
    check_golden("empty");
}

#[test]
fn golden_opening() {
    check_golden("opening");
}

#[test]
fn golden_middle_game_with_every_bridge_kind() {
    check_golden("middle");
}

#[test]
fn golden_finished_game() {
    check_golden("finished");
}

fn pixel(image: &RgbImage, (x, y): (f32, f32)) -> Rgb<u8> {
    *image.get_pixel(x.round() as u32, y.round() as u32)
}

/// Probes the picture of `game` where the position says tiles, bridges, blocked cells, empty
/// water and the last-move highlight must be.
fn probe(game: &Game) {
    let image = render(&picture(game));
    let board = game.board();
    let layout = Layout::new(board.size());
    let cell = layout.cell as f32;
    let centre = |c: Cell| {
        let (x, y) = layout.cell_center(c);
        (x as f32, y as f32)
    };
    let mut tiles = 0;
    for row in 0..board.size() {
        for col in 0..board.size() {
            let here = Cell::new(col, row);
            let (x, y) = centre(here);
            match board.tile(here) {
                Some(color) => {
                    tiles += 1;
                    let expected = if board.islands(color).contains(here) {
                        fill(color)
                    } else {
                        sandbank_fill(color)
                    };
                    // A bridge end can cover one diagonal probe, so two of four must show.
                    let d = cell * 0.24;
                    let seen = [(d, d), (d, -d), (-d, d), (-d, -d)]
                        .iter()
                        .filter(|(dx, dy)| pixel(&image, (x + dx, y + dy)) == expected)
                        .count();
                    assert!(seen >= 2, "{here}: {color} tile not drawn ({seen} of 4)");
                }
                None if board.blocked().contains(here) => {
                    let d = cell * 0.42;
                    let seen = [(0.0, d), (0.0, -d), (d, 0.0), (-d, 0.0)]
                        .iter()
                        .filter(|(dx, dy)| pixel(&image, (x + dx, y + dy)) == BLOCKED)
                        .count();
                    assert!(seen >= 2, "{here}: blocked cell not marked ({seen} of 4)");
                }
                None => assert_eq!(pixel(&image, (x, y)), WATER, "{here}: not empty water"),
            }
        }
    }
    assert_eq!(
        tiles,
        board.tiles(Color::White).len() + board.tiles(Color::Red).len()
    );
    for (owner, bridge) in board.bridges() {
        let [a, b] = bridge.ends().map(centre);
        let at = |t: f32| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        assert!(
            [0.45, 0.5, 0.55]
                .iter()
                .any(|t| pixel(&image, at(*t)) == fill(*owner)),
            "bridge {bridge} not drawn in {owner}"
        );
        // Its outline, just beside the plank.
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = (dx * dx + dy * dy).sqrt();
        let (nx, ny) = (-dy / length, dx / length);
        let side = layout.plank_half_width() + layout.plank_rim() / 2.0;
        let mid = at(0.5);
        let beside: Vec<Rgb<u8>> = [1.0, -1.0]
            .iter()
            .map(|s| pixel(&image, (mid.0 + nx * side * s, mid.1 + ny * side * s)))
            .collect();
        assert!(
            beside.iter().any(|p| *p == edge(*owner) || *p == HIGHLIGHT),
            "bridge {bridge} has no outline: {beside:?} (size {})",
            board.size()
        );
    }
    match game.last_move() {
        Some(Move::Place(a, b)) => {
            for placed in [a, b] {
                // A gold frame a fifth of a cell out from the centre.
                let (x, y) = centre(placed);
                let frame = (x - (layout.cell / 5) as f32 + 1.5, y);
                assert_eq!(pixel(&image, frame), HIGHLIGHT, "{placed} not highlighted");
            }
        }
        Some(Move::Bridge(a, b)) => {
            let bridge = Bridge::between(a, b).unwrap();
            let [a, b] = bridge.ends().map(centre);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let length = (dx * dx + dy * dy).sqrt();
            let (nx, ny) = (-dy / length, dx / length);
            let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let glow = layout.plank_half_width() + layout.plank_rim() * 1.75;
            assert!(
                [1.0, -1.0].iter().any(|s| pixel(
                    &image,
                    (mid.0 + nx * glow * s, mid.1 + ny * glow * s)
                ) == HIGHLIGHT),
                "the last bridge is not highlighted"
            );
        }
        _ => {}
    }
}

#[test]
fn pixels_are_where_the_position_says() {
    for name in ["empty", "opening", "middle", "finished"] {
        probe(&game_of(name));
    }
    // A bridge as the last move is highlighted too.
    let record: Record = "c3 e3\nh8 j8\nc3-e3\n".parse().unwrap();
    probe(&record.replay().game);
}

#[test]
fn random_positions_of_every_size_probe_right() {
    let mut rng = fastrand::Rng::with_seed(21);
    for size in 6..=16u8 {
        let mut game = Game::new(Variant::boxed(size).unwrap());
        let stop = rng.u32(5..80);
        while game.plies() < stop {
            let Some(mv) = ponte::game::playout::random_move(&game, &mut rng) else {
                break;
            };
            game.play(mv).unwrap();
        }
        let layout = Layout::new(size);
        assert_eq!(layout.width, WIDTH);
        assert!(
            layout.cell >= 50,
            "{size}×{size}: cells of {} px are too small to read on a phone",
            layout.cell
        );
        probe(&game);
    }
}

#[test]
fn pictures_are_deterministic_and_small() {
    let game = game_of("finished");
    let first = render_png(&picture(&game));
    let second = render_png(&picture(&game));
    assert_eq!(first, second);
    assert!(first.len() <= 150 * 1024, "{} bytes", first.len());
    let decoded = image::load_from_memory(&first).unwrap();
    assert_eq!(decoded.width(), WIDTH);
}

#[test]
fn ponte_render_writes_the_picture_of_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("board.png");
    let record = golden_dir().join("middle.txt");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_ponte"))
        .args([
            "render",
            record.to_str().unwrap(),
            "-o",
            output.to_str().unwrap(),
        ])
        .args(["--white", "alice", "--red", "bob", "--title", "Game #7"])
        .status()
        .unwrap();
    assert!(status.success());
    let game = game_of("middle");
    assert_eq!(std::fs::read(&output).unwrap(), render_png(&picture(&game)));

    // A record with an illegal line: the position before it, and exit status 1.
    let bad = dir.path().join("bad.txt");
    let bad_output = dir.path().join("bad.png");
    std::fs::write(&bad, "c3 e5\nc3 d4\n").unwrap();
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_ponte"))
        .args([
            "render",
            bad.to_str().unwrap(),
            "-o",
            bad_output.to_str().unwrap(),
        ])
        .args(["--white", "alice", "--red", "bob", "--title", "Game #7"])
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    let mut before = Game::new(Variant::default());
    before.play("c3 e5".parse().unwrap()).unwrap();
    assert_eq!(
        std::fs::read(&bad_output).unwrap(),
        render_png(&picture(&before))
    );

    // No picture at all is exit status 2: a record that cannot be read, a picture that cannot
    // be written.
    let render = |record: &std::path::Path, output: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_ponte"))
            .args([
                "render",
                record.to_str().unwrap(),
                "-o",
                output.to_str().unwrap(),
            ])
            .output()
            .unwrap()
    };
    let missing = render(&dir.path().join("missing.txt"), &dir.path().join("m.png"));
    assert_eq!(missing.status.code(), Some(2));
    assert!(!dir.path().join("m.png").exists());
    let nowhere = render(&record, &dir.path().join("no/such/dir.png"));
    assert_eq!(nowhere.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&nowhere.stderr).contains("writing"));
}

#[test]
fn rating_plots_draw_the_line_and_an_empty_history() {
    let points = [(1500.0, 350.0), (1580.0, 290.0), (1540.0, 250.0)];
    let png = ponte::render::rating_plot_png(Lang::En, "Rating of alice", "3 games", &points);
    let image = image::load_from_memory(&png).unwrap().to_rgb8();
    assert_eq!(image.width(), WIDTH);
    let gold = image.pixels().filter(|p| **p == HIGHLIGHT).count();
    assert!(gold > 100, "the rating line is drawn ({gold} pixels)");
    let empty = ponte::render::rating_plot_png(Lang::En, "Rating of bob", "", &[]);
    let image = image::load_from_memory(&empty).unwrap().to_rgb8();
    assert_eq!(image.pixels().filter(|p| **p == HIGHLIGHT).count(), 0);
}

/// The caption follows the picture's language; the board above it does not change.
#[test]
fn the_caption_is_in_the_pictures_language() {
    let game = game_of("middle");
    let english = render(&picture(&game));
    let panel_top = english.height() - ponte::render::PANEL;
    for lang in [Lang::De, Lang::Fr] {
        let translated = render(&Picture {
            lang,
            ..picture(&game)
        });
        assert_eq!(translated.dimensions(), english.dimensions());
        let rows_differing = |from: u32, to: u32| {
            (from..to)
                .filter(|y| (0..english.width()).any(|x| english[(x, *y)] != translated[(x, *y)]))
                .count()
        };
        assert_eq!(rows_differing(0, panel_top), 0, "{lang}: the board changed");
        assert!(
            rows_differing(panel_top, english.height()) > 20,
            "{lang}: same caption"
        );
    }
}

/// The bands of rows (first row, height) of `image` in which some pixel of the columns
/// `columns` (each from, to) and rows `rows` is text: light on the dark frame.
fn text_bands(
    image: &RgbImage,
    columns: &[(u32, u32)],
    rows: std::ops::Range<u32>,
) -> Vec<(u32, u32)> {
    let is_text = |y: u32| {
        columns.iter().flat_map(|&(from, to)| from..to).any(|x| {
            let Rgb([r, g, b]) = *image.get_pixel(x, y);
            // Halfway between the frame (~0x2c) and the dimmest text (~0xa5).
            (u32::from(r) + u32::from(g) + u32::from(b)) / 3 > 0x68
        })
    };
    let mut bands = Vec::new();
    let mut start = None;
    for y in rows.clone() {
        match (is_text(y), start) {
            (true, None) => start = Some(y),
            (false, Some(from)) => {
                bands.push((from, y - from));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        bands.push((from, rows.end - from));
    }
    bands
}

/// On a phone the 900 px picture is shown about 360 px wide: every text must be at least 9 px
/// tall there, 22 px here. Probed on the pixels: the coordinates beside and above the board,
/// and each line of the caption (its figures on the right, the title, names and turn on the
/// left), in a picture with long names and a long ending.
#[test]
fn every_text_is_readable_at_a_phones_width() {
    let game = game_of("finished");
    let long = Picture {
        white: "Maximilian Alexander von Habsburg",
        red: "bob",
        ending: Some("alice (white) wins on points (6–0), after a long fight"),
        ..picture(&game)
    };
    for picture in [picture(&game), long] {
        let image = render(&picture);
        let layout = Layout::new(game.board().size());
        let board_bottom = layout.top + layout.cell * u32::from(layout.size);
        // The numbers left of the board: one band a row, each at least 22 px tall.
        let numbers = text_bands(&image, &[(0, layout.left)], layout.top..board_bottom);
        assert_eq!(numbers.len(), usize::from(layout.size), "{numbers:?}");
        for (y, height) in &numbers {
            assert!(*height >= 22, "the number at y = {y} is {height} px tall");
        }
        // The letters above: as tall as the tallest letter among them (b, d, f, h, k, l).
        let letters = text_bands(
            &image,
            &[(layout.left, layout.left + 10 * layout.cell)],
            0..layout.top,
        );
        assert_eq!(letters.len(), 1, "{letters:?}");
        assert!(letters[0].1 >= 22, "{letters:?}");
        // The caption, its whole width but the players' colour swatches (taller than text):
        // every line at least 22 px tall (a line of smaller text would make a shorter band).
        let panel = board_bottom + 50..image.height();
        let lines = text_bands(&image, &[(0, 44), (90, WIDTH)], panel);
        assert!(
            (4..=5).contains(&lines.len()),
            "title, two players, one or two lines of status: {lines:?}"
        );
        for (y, height) in lines {
            assert!(
                height >= 22,
                "the caption's line at y = {y} is {height} px tall"
            );
        }
    }
}

/// A finished game of random moves on the default board.
fn random_finished_game(rng: &mut fastrand::Rng) -> Game {
    let mut game = Game::new(Variant::default());
    while game.outcome().is_none() {
        let Some(mv) = ponte::game::playout::random_move(&game, rng) else {
            break;
        };
        game.play(mv).unwrap();
    }
    game
}

/// The PNG players get is indexed and small (a full 12×12 board at most 40,000 bytes, one of
/// 20 tiles or fewer 26,000: the board's rows filtered by the row above, the text around it
/// unfiltered, each deflated with its own search for matches, see `render::indexed`), and
/// shows the drawing: every pixel drawn in one of the picture's
/// flat colours (texts, lines, tiles, water) is exactly that colour, and every other pixel (a
/// blend of an anti-aliased edge) is within `BOARD_MOST_OFF` levels in each channel. Over the golden
/// positions and 50 random finished games; prints the largest.
#[test]
fn board_pictures_are_small_indexed_pngs_that_show_the_drawing() {
    let flat = ponte::render::palette::FLAT;
    let mut rng = fastrand::Rng::with_seed(40);
    let mut games: Vec<(String, Game)> = ["empty", "opening", "middle", "finished"]
        .iter()
        .map(|name| (name.to_string(), game_of(name)))
        .collect();
    games.extend((0..50).map(|i| (format!("random game {i}"), random_finished_game(&mut rng))));
    let mut largest = (0, String::new());
    let mut worst = (0, String::new());
    for (name, game) in &games {
        let drawn = render(&picture(game));
        let png = render_png(&picture(game));
        let reader = png::Decoder::new(std::io::Cursor::new(&png))
            .read_info()
            .unwrap();
        assert_eq!(reader.info().color_type, png::ColorType::Indexed, "{name}");
        let shown = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(shown.dimensions(), drawn.dimensions(), "{name}");
        for (x, y, a) in drawn.enumerate_pixels() {
            let b = shown.get_pixel(x, y);
            let off = (0..3).map(|i| a.0[i].abs_diff(b.0[i])).max().unwrap();
            if flat.contains(a) {
                assert_eq!(a, b, "{name}: the flat colour at ({x}, {y}) moved");
            }
            assert!(
                off <= BOARD_MOST_OFF,
                "{name}: ({x}, {y}) is {b:?}, drawn {a:?}"
            );
            if off > worst.0 {
                worst = (off, name.clone());
            }
        }
        let filled = (game.board().tiles(Color::White).len() + game.board().tiles(Color::Red).len())
            as usize;
        // Most of an empty board's picture is its frame, coordinates and caption.
        let most = if filled <= 20 { 26_000 } else { 40_000 };
        assert!(
            png.len() <= most,
            "{name}: {} bytes, {filled} tiles",
            png.len()
        );
        if png.len() > largest.0 {
            largest = (png.len(), name.clone());
        }
    }
    println!(
        "the largest board picture: {} bytes ({})",
        largest.0, largest.1
    );
    println!(
        "the most a channel is off: {} levels ({})",
        worst.0, worst.1
    );
}

/// The drawing shown by an indexed PNG, and the bytes the same pixels take as an RGB PNG
/// (deflate level 2, the Up filter).
fn indexed_and_rgb_bytes(png: &[u8]) -> (RgbImage, usize) {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    let image = image::load_from_memory(png).unwrap().to_rgb8();
    let mut rgb = Vec::new();
    PngEncoder::new_with_quality(&mut rgb, CompressionType::Level(2), FilterType::Up)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
    (image, rgb.len())
}

/// The rating plot, the chances chart and the crosstable are indexed PNGs of at most half the
/// bytes of the same pixels as an RGB PNG.
#[test]
fn plots_and_crosstables_are_indexed_pngs_of_half_the_bytes() {
    let points: Vec<(f64, f64)> = (0..40)
        .map(|i| {
            (
                1500.0 + 80.0 * (f64::from(i) / 5.0).sin(),
                350.0 - 5.0 * f64::from(i),
            )
        })
        .collect();
    let chances: Vec<f64> = (0..60)
        .map(|i| 0.5 + 0.4 * (f64::from(i) / 7.0).sin())
        .collect();
    let names = ["alice", "bob", "carol", "dave", "erin", "frank"];
    let table = ponte::render::Crosstable {
        title: "Spring cup".to_string(),
        header: ["#", "Player", "1", "2", "3", "4", "5", "6", "Points"]
            .map(String::from)
            .to_vec(),
        rows: names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let mut row = vec![(i + 1).to_string(), name.to_string()];
                row.extend((0..6).map(|j| if i == j { "·".into() } else { "1–0".into() }));
                row.push(format!("{}", 5 - i));
                row
            })
            .collect(),
        dimmed: vec![false, false, false, false, false, true],
    };
    let pictures = [
        (
            "rating plot",
            ponte::render::rating_plot_png(Lang::En, "Rating of alice", "40 games", &points),
        ),
        (
            "chances chart",
            ponte::render::chances_plot_png("Game #7", "60 moves", &chances, &[12, 40]),
        ),
        ("crosstable", ponte::render::crosstable_png(&table)),
    ];
    for (name, png) in pictures {
        assert_half_of_rgb(name, &png);
    }
}

/// The picture takes at most half the bytes of the same pixels as an RGB PNG.
fn assert_half_of_rgb(name: &str, png: &[u8]) {
    let (_, rgb) = indexed_and_rgb_bytes(png);
    println!("{name}: {} bytes, {rgb} as RGB", png.len());
    assert!(
        2 * png.len() <= rgb,
        "{name}: {} bytes, {rgb} as RGB",
        png.len()
    );
}

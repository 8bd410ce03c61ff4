//! The animated replay: decoded frame by frame, its frames are the board pictures of the
//! game's positions (in the GIF's palette), the first and the last exactly; it loops; the last
//! frame is held; and `ponte gif` writes the same file.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use image::{Rgb, RgbImage};
use ponte::game::{Color, Game, Move, Record, Variant};
use ponte::i18n::Lang;
use ponte::render::{Picture, caption_name, gif_color, render};
use ponte::service::{FINAL_HOLD, GameResult, replay_gif};

fn golden(name: &str) -> Record {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.txt"));
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

fn moves_of(record: &Record) -> Vec<Move> {
    record.moves.iter().map(|m| m.mv.clone().unwrap()).collect()
}

/// Every frame as the viewer sees it (each drawn over the ones before), with its delay.
fn decode(bytes: &[u8]) -> (Vec<(RgbImage, Duration)>, bool) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).unwrap();
    let palette = decoder.global_palette().unwrap().to_vec();
    let loops = decoder.repeat() == gif::Repeat::Infinite;
    let mut canvas = RgbImage::new(decoder.width().into(), decoder.height().into());
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        assert!(frame.palette.is_none(), "one global palette");
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        for (i, &index) in frame.buffer.iter().enumerate() {
            if Some(index) == frame.transparent {
                continue;
            }
            let (x, y) = (
                u32::from(frame.left) + i as u32 % u32::from(frame.width),
                u32::from(frame.top) + i as u32 / u32::from(frame.width),
            );
            let at = usize::from(index) * 3;
            canvas.put_pixel(x, y, Rgb([palette[at], palette[at + 1], palette[at + 2]]));
        }
        frames.push((
            canvas.clone(),
            Duration::from_millis(u64::from(frame.delay) * 10),
        ));
    }
    (frames, loops)
}

/// The picture as the GIF's palette shows it.
fn to_palette(mut image: RgbImage) -> RgbImage {
    let mut seen = HashMap::new();
    for pixel in image.pixels_mut() {
        *pixel = *seen.entry(*pixel).or_insert_with(|| gif_color(*pixel));
    }
    image
}

/// The board picture of a position as the GIF's palette shows it.
fn in_palette(picture: &Picture) -> RgbImage {
    to_palette(render(picture))
}

fn assert_same(shown: &RgbImage, expected: &RgbImage, what: &str) {
    assert_eq!(shown.dimensions(), expected.dimensions(), "{what}");
    let differing = shown
        .pixels()
        .zip(expected.pixels())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 0, "{what}: {differing} pixels differ");
}

#[test]
fn every_frame_is_the_board_picture_of_its_position() {
    let record = golden("finished");
    let moves = moves_of(&record);
    let delay = Duration::from_millis(700);
    let told = std::sync::Mutex::new(Vec::new());
    let bytes = replay_gif(
        record.variant,
        &moves,
        ("alice", "bob"),
        "Game #7",
        Lang::En,
        delay,
        |done, total| told.lock().unwrap().push((done, total)),
    );
    // The progress (a bar on a terminal) counts up one frame at a time, whichever thread drew it.
    let positions = moves.len() + 1;
    let counted: Vec<_> = (1..=positions).map(|done| (done, positions)).collect();
    assert_eq!(told.into_inner().unwrap(), counted);
    // Only the changed rectangle of each frame, in the board pictures' palette, runs of one
    // index kept long: the 83 frames of this game are 605,804 bytes (Discord's upload limit is
    // 10 MiB).
    println!(
        "the replay GIF of {} frames: {} bytes",
        moves.len() + 1,
        bytes.len()
    );
    assert!(bytes.len() <= 610_000, "{} bytes", bytes.len());
    let (frames, loops) = decode(&bytes);
    // `REPLAY_FRAMES=dir` keeps the frames as PNGs, to look at.
    if let Some(dir) = std::env::var_os("REPLAY_FRAMES") {
        for (index, (frame, _)) in frames.iter().enumerate() {
            frame
                .save(PathBuf::from(&dir).join(format!("frame-{index:02}.png")))
                .unwrap();
        }
    }
    assert!(loops, "the replay loops");
    assert_eq!(
        frames.len(),
        moves.len() + 1,
        "the start and one frame a move"
    );

    let mut game = Game::new(record.variant);
    for (index, (shown, shown_for)) in frames.iter().enumerate() {
        if index > 0 {
            game.play(moves[index - 1]).unwrap();
        }
        let last = index == moves.len();
        let picture = Picture {
            game: &game,
            white: "alice",
            red: "bob",
            title: "Game #7",
            ending: None,
            lang: Lang::En,
        };
        if last {
            // The final frame is the final board picture, result and all, as drawn (the PNG
            // players get puts a blend's colour up to `BOARD_MOST_OFF` from it).
            let ending = game.outcome().map(|outcome| {
                GameResult::of_outcome(outcome).describe(Lang::En, &game, |color| match color {
                    Color::White => caption_name("alice"),
                    Color::Red => caption_name("bob"),
                })
            });
            let expected = in_palette(&Picture {
                ending: ending.as_deref(),
                ..picture
            });
            assert_same(shown, &expected, "the last frame");
            assert_eq!(*shown_for, FINAL_HOLD, "the end is held");
        } else {
            // Drawing every frame again takes a minute in a debug build: a sample does.
            if index < 3 || index % 20 == 0 {
                assert_same(shown, &in_palette(&picture), &format!("frame {index}"));
            }
            assert_eq!(*shown_for, delay);
        }
    }
    // The palette is the renderer's: the flat colours survive exactly and the blends nearly.
    let start = render(&Picture {
        game: &Game::new(record.variant),
        white: "alice",
        red: "bob",
        title: "Game #7",
        ending: None,
        lang: Lang::En,
    });
    let worst = start
        .pixels()
        .zip(frames[0].0.pixels())
        .map(|(a, b)| (0..3).map(|i| a.0[i].abs_diff(b.0[i])).max().unwrap())
        .max()
        .unwrap();
    assert!(worst <= 12, "a colour is off by {worst}");
}

#[test]
fn the_frames_before_a_swap_name_the_first_player_white() {
    let moves: Vec<Move> = ["c3 d5", "swap", "h8 j10", "resign"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let variant = Variant::boxed(10).unwrap();
    // As the game ended: the second player (bob) took White.
    let bytes = replay_gif(
        variant,
        &moves,
        ("bob", "alice"),
        "Game #3",
        Lang::En,
        Duration::from_millis(500),
        |_, _| {},
    );
    let (frames, _) = decode(&bytes);
    assert_eq!(frames.len(), 5);
    let mut game = Game::new(variant);
    game.play(moves[0]).unwrap();
    let before_swap = Picture {
        game: &game,
        white: "alice",
        red: "bob",
        title: "Game #3",
        ending: None,
        lang: Lang::En,
    };
    assert_same(&frames[1].0, &in_palette(&before_swap), "before the swap");
}

#[test]
fn ponte_gif_writes_the_replay_of_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("game.gif");
    let record = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/middle.txt");
    let run = Command::new(env!("CARGO_BIN_EXE_ponte"))
        .args(["gif", record.to_str().unwrap(), "-o"])
        .arg(&output)
        .args(["--delay-ms", "300", "--title", "Game #7"])
        .args(["--white", "alice", "--red", "bob"])
        .output()
        .unwrap();
    assert!(run.status.success(), "{run:?}");
    let written = std::fs::read(&output).unwrap();
    let middle = golden("middle");
    let expected = replay_gif(
        middle.variant,
        &moves_of(&middle),
        ("alice", "bob"),
        "Game #7",
        Lang::En,
        Duration::from_millis(300),
        |_, _| {},
    );
    assert_eq!(written, expected);
    // Not on a terminal: no progress bar, not a byte on standard error.
    assert!(run.stderr.is_empty(), "{run:?}");

    let missing = Command::new(env!("CARGO_BIN_EXE_ponte"))
        .args(["gif", "no-such-record.txt", "-o"])
        .arg(dir.path().join("x.gif"))
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-record.txt"));
}

//! Animated replays: board pictures, one frame each, as a looping GIF.
//!
//! A GIF frame holds at most 256 colours. The pictures are drawn in a few flat colours plus the
//! blends that antialiased text and shapes make between them, so one global palette of those
//! colours and blends serves every frame: no per-frame quantisation, and a colour maps to the
//! same index in every frame. Each frame after the first stores only the rectangle that
//! changed, with the pixels in it that did not change left transparent: long runs of one
//! index, which LZW packs into almost nothing.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};
use std::time::Duration;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::{Rgb, RgbImage};

use super::palette::*;
use super::{Picture, edge, fill, render, sandbank_fill};
use crate::game::Color;

/// The palette index that is never a colour: "as in the frame before".
const UNCHANGED: u8 = 255;

/// The pairs of colours that blend in the pictures, with how many shades between them the
/// palette holds: most for text on the frame (the biggest contrast, the most pixels), fewer
/// for the edges of planks, markers and frames on the board.
fn blends() -> Vec<(Rgb<u8>, Rgb<u8>, u32)> {
    let mut pairs = vec![
        (FRAME, FRAME_TEXT, 40),
        (FRAME, FRAME_DIM, 20),
        (FRAME, HIGHLIGHT, 28),
        (BLOCKED, BLOCKED_MARK, 6),
        (HIGHLIGHT, WATER, 6),
        (HIGHLIGHT, GRID, 2),
        (HIGHLIGHT, BLOCKED, 3),
    ];
    for color in Color::BOTH {
        let other = color.other();
        pairs.extend([
            (edge(color), fill(color), 8),
            (edge(color), WATER, 8),
            (edge(color), GRID, 2),
            (edge(color), BLOCKED, 3),
            (edge(color), sandbank_fill(color), 4),
            (edge(color), fill(other), 3),
            (edge(color), sandbank_fill(other), 3),
            (HIGHLIGHT, edge(color), 6),
            (HIGHLIGHT, fill(color), 4),
            (HIGHLIGHT, sandbank_fill(color), 4),
        ]);
    }
    pairs.push((WHITE_EDGE, RED_EDGE, 2));
    pairs
}

/// The flat colours, then the blends; at most 255 entries (the last index is [`UNCHANGED`]).
static PALETTE: LazyLock<Vec<Rgb<u8>>> = LazyLock::new(|| {
    let mut colors = FLAT.to_vec();
    for (a, b, shades) in blends() {
        for step in 1..=shades {
            let t = step as f32 / (shades + 1) as f32;
            let mix = Rgb(std::array::from_fn(|i| {
                (f32::from(a.0[i]) + t * (f32::from(b.0[i]) - f32::from(a.0[i]))).round() as u8
            }));
            if !colors.contains(&mix) {
                colors.push(mix);
            }
        }
    }
    assert!(
        colors.len() <= usize::from(UNCHANGED),
        "the palette overflows"
    );
    colors
});

/// The palette as the GIF's global colour table (256 entries).
fn color_table() -> Vec<u8> {
    let mut table: Vec<u8> = PALETTE.iter().flat_map(|c| c.0).collect();
    table.resize(256 * 3, 0);
    table
}

/// The palette colour nearest to `color` (what a frame shows for it).
pub fn gif_color(color: Rgb<u8>) -> Rgb<u8> {
    PALETTE[usize::from(nearest_index(color))]
}

fn nearest_index(color: Rgb<u8>) -> u8 {
    let distance = |c: &Rgb<u8>| -> u32 {
        (0..3)
            .map(|i| u32::from(c.0[i].abs_diff(color.0[i])).pow(2))
            .sum()
    };
    let (index, _) = PALETTE
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| distance(c))
        .expect("the palette has colours");
    index as u8
}

/// One frame of an animation: a picture and how long it shows (in hundredths of a second,
/// the GIF's unit; at least two, as browsers show shorter frames for a tenth of a second).
pub struct Still<'a> {
    pub picture: Picture<'a>,
    pub delay: Duration,
}

/// The stills as a looping GIF (empty without stills), drawn and compressed on every core.
pub fn animated_gif(stills: &[Still]) -> Vec<u8> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    animated_gif_on(stills, cores, |_, _| {})
}

/// [`animated_gif`] on at most `threads` threads: each draws and compresses a run of frames
/// (drawing the picture before its run again, to know what changed), and the frames are
/// written in order. After each frame, `progress` is told the frames done and the frames in
/// all (from the thread that drew it, one at a time, the count rising by one each time). The
/// bytes do not depend on `threads`.
pub fn animated_gif_on(
    stills: &[Still],
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<u8> {
    let Some(first) = stills.first() else {
        return Vec::new();
    };
    let layout = super::Layout::new(first.picture.game.board().size());
    // Fewer than a dozen frames a thread is not worth a thread.
    let threads = threads.clamp(1, stills.len().div_ceil(12));
    let run = stills.len().div_ceil(threads);
    let done = Mutex::new(0);
    let frame_done = || {
        let mut done = done.lock().unwrap_or_else(PoisonError::into_inner);
        *done += 1;
        progress(*done, stills.len());
    };
    let frames: Vec<Frame<'static>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..stills.len())
            .step_by(run)
            .map(|start| {
                let end = (start + run).min(stills.len());
                let frame_done = &frame_done;
                scope.spawn(move || compressed_frames(stills, start..end, frame_done))
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("drawing a frame does not panic"))
            .collect()
    });
    let mut encoder = Encoder::new(
        Vec::new(),
        layout.width as u16,
        layout.height as u16,
        &color_table(),
    )
    .expect("writing to memory cannot fail");
    encoder
        .set_repeat(Repeat::Infinite)
        .expect("writing to memory cannot fail");
    for frame in &frames {
        encoder
            .write_lzw_pre_encoded_frame(frame)
            .expect("writing to memory cannot fail");
    }
    encoder.into_inner().expect("writing to memory cannot fail")
}

/// The frames of `stills[range]`, LZW-compressed: the first of the animation whole, each
/// other as the rectangle that changed since the picture before it. `frame_done` is called
/// after each.
fn compressed_frames(
    stills: &[Still],
    range: std::ops::Range<usize>,
    frame_done: impl Fn(),
) -> Vec<Frame<'static>> {
    let mut before = range
        .start
        .checked_sub(1)
        .map(|previous| render(&stills[previous].picture));
    let mut indices = HashMap::new();
    let mut frames = Vec::with_capacity(range.len());
    for still in &stills[range] {
        let image = render(&still.picture);
        let mut frame = frame(before.as_ref(), &image, &mut indices);
        frame.delay = (still.delay.as_millis() / 10).clamp(2, u128::from(u16::MAX)) as u16;
        frame.make_lzw_pre_encoded();
        frames.push(frame);
        frame_done();
        before = Some(image);
    }
    frames
}

/// The frame that turns `before` (nothing: the first frame) into `image`, uncompressed.
/// `indices` remembers the palette index of each colour met.
fn frame(
    before: Option<&RgbImage>,
    image: &RgbImage,
    indices: &mut HashMap<[u8; 3], u8>,
) -> Frame<'static> {
    let (width, height) = image.dimensions();
    let whole = Area {
        left: 0,
        top: 0,
        width,
        height,
    };
    // An unchanged picture still takes its frame (and its time): one transparent pixel.
    let area = before.map_or(whole, |before| {
        changed_area(before, image).unwrap_or(Area {
            width: 1,
            height: 1,
            ..whole
        })
    });
    let stride = width as usize * 3;
    let columns = area.left as usize * 3..(area.left + area.width) as usize * 3;
    let mut buffer = Vec::with_capacity((area.width * area.height) as usize);
    let mut last: Option<([u8; 3], u8)> = None;
    for y in area.top as usize..(area.top + area.height) as usize {
        let row = &image.as_raw()[y * stride..][columns.clone()];
        let old = before.map(|before| &before.as_raw()[y * stride..][columns.clone()]);
        if old == Some(row) {
            buffer.resize(buffer.len() + area.width as usize, UNCHANGED);
            continue;
        }
        let mut old = old.map(|old| old.chunks_exact(3));
        for pixel in row.chunks_exact(3) {
            if old.as_mut().and_then(Iterator::next) == Some(pixel) {
                buffer.push(UNCHANGED);
                continue;
            }
            let pixel = [pixel[0], pixel[1], pixel[2]];
            let index = match last {
                Some((color, index)) if color == pixel => index,
                _ => *indices
                    .entry(pixel)
                    .or_insert_with(|| nearest_index(Rgb(pixel))),
            };
            last = Some((pixel, index));
            buffer.push(index);
        }
    }
    Frame {
        dispose: DisposalMethod::Keep,
        transparent: before.is_some().then_some(UNCHANGED),
        left: area.left as u16,
        top: area.top as u16,
        width: area.width as u16,
        height: area.height as u16,
        buffer: Cow::Owned(buffer),
        ..Frame::default()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Area {
    left: u32,
    top: u32,
    width: u32,
    height: u32,
}

/// The smallest rectangle holding every pixel that differs (`None`: the same picture).
fn changed_area(before: &RgbImage, after: &RgbImage) -> Option<Area> {
    let stride = after.width() as usize * 3;
    let rows = before
        .as_raw()
        .chunks_exact(stride)
        .zip(after.as_raw().chunks_exact(stride));
    let (mut top, mut bottom) = (None, 0);
    let (mut left, mut right) = (usize::MAX, 0);
    for (y, (old, new)) in rows.enumerate() {
        if old == new {
            continue;
        }
        let first = old.iter().zip(new).position(|(a, b)| a != b).unwrap_or(0);
        let last = old
            .iter()
            .zip(new)
            .rposition(|(a, b)| a != b)
            .unwrap_or(stride - 1);
        left = left.min(first / 3);
        right = right.max(last / 3);
        top.get_or_insert(y);
        bottom = y;
    }
    let top = top?;
    Some(Area {
        left: left as u32,
        top: top as u32,
        width: (right - left + 1) as u32,
        height: (bottom - top + 1) as u32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_holds_every_flat_colour_exactly_and_leaves_the_last_index_free() {
        assert!(PALETTE.len() < 256, "{} colours", PALETTE.len());
        for color in [FRAME, FRAME_TEXT, WATER, WHITE_FILL, RED_EDGE, HIGHLIGHT] {
            assert_eq!(gif_color(color), color);
        }
        // A blend the text makes: halfway between the frame and its text.
        let half = Rgb(std::array::from_fn(|i| {
            ((u16::from(FRAME.0[i]) + u16::from(FRAME_TEXT.0[i])) / 2) as u8
        }));
        let shown = gif_color(half);
        assert!(
            (0..3).all(|i| shown.0[i].abs_diff(half.0[i]) <= 3),
            "{shown:?}"
        );
    }

    #[test]
    fn the_changed_area_is_the_smallest_rectangle_around_the_changes() {
        let before = RgbImage::from_pixel(20, 10, FRAME);
        assert_eq!(changed_area(&before, &before), None);
        let mut after = before.clone();
        after.put_pixel(3, 2, WATER);
        after.put_pixel(15, 7, WATER);
        assert_eq!(
            changed_area(&before, &after),
            Some(Area {
                left: 3,
                top: 2,
                width: 13,
                height: 6
            })
        );
    }
}

//! Animated replays: board pictures, one frame each, as a looping GIF.
//!
//! A GIF frame holds at most 256 colours. The pictures are drawn in a few flat colours plus the
//! blends that antialiased text and shapes make between them, so the board pictures' palette
//! (`indexed::BOARD`) is the one global palette of every frame: no per-frame quantisation,
//! a colour maps to the same index in every frame, and a frame shows what the PNG of its
//! position shows. Each frame after the first stores only the rectangle that changed; a pixel
//! in it that did not change is left transparent, or written in its colour when that continues
//! the run of the pixel before (longer runs of one index, which LZW packs into less).

use std::borrow::Cow;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::{Rgb, RgbImage};

use super::{Picture, indexed, render};

/// The palette index that is never a colour: "as in the frame before".
const UNCHANGED: u8 = 255;

/// The board pictures' palette as the GIF's global colour table (256 entries, the last
/// [`UNCHANGED`]).
fn color_table() -> Vec<u8> {
    const { assert!(indexed::BOARD_COLORS <= UNCHANGED as usize) };
    let mut table: Vec<u8> = indexed::BOARD.concat();
    table.resize(256 * 3, 0);
    table
}

/// The palette colour a frame shows for a colour drawn: the board picture's.
pub fn gif_color(color: Rgb<u8>) -> Rgb<u8> {
    indexed::board_color(color)
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
    let mut frames = Vec::with_capacity(range.len());
    for still in &stills[range] {
        let image = render(&still.picture);
        let mut frame = frame(before.as_ref(), &image);
        frame.delay = (still.delay.as_millis() / 10).clamp(2, u128::from(u16::MAX)) as u16;
        frame.make_lzw_pre_encoded();
        frames.push(frame);
        frame_done();
        before = Some(image);
    }
    frames
}

/// The frame that turns `before` (nothing: the first frame) into `image`, uncompressed.
fn frame(before: Option<&RgbImage>, image: &RgbImage) -> Frame<'static> {
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
    indexed::with_board_lookup(|lookup| {
        // The index written last: an unchanged pixel of that colour continues its run.
        let mut last = UNCHANGED;
        for y in area.top as usize..(area.top + area.height) as usize {
            let row = &image.as_raw()[y * stride..][columns.clone()];
            let old = before.map(|before| &before.as_raw()[y * stride..][columns.clone()]);
            if old == Some(row) {
                buffer.resize(buffer.len() + area.width as usize, UNCHANGED);
                last = UNCHANGED;
                continue;
            }
            for (x, pixel) in row.chunks_exact(3).enumerate() {
                let index = lookup.index(pixel);
                let unchanged = old.is_some_and(|old| &old[x * 3..x * 3 + 3] == pixel);
                last = if unchanged && index != last {
                    UNCHANGED
                } else {
                    index
                };
                buffer.push(last);
            }
        }
    });
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

    use crate::render::palette::{FRAME, FRAME_TEXT, WATER};

    #[test]
    fn the_palette_is_the_board_pictures_and_leaves_the_last_index_free() {
        let table = color_table();
        assert_eq!(table.len(), 256 * 3);
        assert!(indexed::BOARD.len() <= usize::from(UNCHANGED));
        for color in crate::render::palette::FLAT {
            assert_eq!(gif_color(color), color);
        }
        // A blend the text makes: halfway between the frame and its text.
        let half = Rgb(std::array::from_fn(|i| {
            ((u16::from(FRAME.0[i]) + u16::from(FRAME_TEXT.0[i])) / 2) as u8
        }));
        let shown = gif_color(half);
        assert!(
            (0..3).all(|i| shown.0[i].abs_diff(half.0[i]) <= indexed::BOARD_MOST_OFF),
            "{shown:?}"
        );
    }

    /// An unchanged pixel is transparent, or its colour where that continues a run; the
    /// frame drawn over the one before shows the new picture.
    #[test]
    fn a_frame_shows_the_new_picture_over_the_old_one() {
        let before = RgbImage::from_pixel(20, 10, FRAME);
        let mut after = before.clone();
        for x in 3..=12 {
            after.put_pixel(x, 2, WATER);
        }
        after.put_pixel(15, 7, FRAME_TEXT);
        let frame = frame(Some(&before), &after);
        assert_eq!(
            (frame.left, frame.top, frame.width, frame.height),
            (3, 2, 13, 6)
        );
        let mut shown = before.clone();
        for (i, &index) in frame.buffer.iter().enumerate() {
            if index != UNCHANGED {
                let (x, y) = (3 + i as u32 % 13, 2 + i as u32 / 13);
                let at = usize::from(index);
                shown.put_pixel(x, y, Rgb(indexed::BOARD[at]));
            }
        }
        assert_eq!(shown, after);
        // The unchanged rows between the changes are transparent.
        assert!(frame.buffer[13..5 * 13].iter().all(|&i| i == UNCHANGED));
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

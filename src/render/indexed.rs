//! Pictures as indexed PNGs: a palette of at most 256 colours and one byte a pixel, a third of
//! the data of an RGB picture before deflate and far less after. Every Discord client shows
//! them inline, as any PNG.
//!
//! The pictures are flat colours whose anti-aliased edges blend them. A board picture's
//! palette is known before drawing ([`BOARD`]): its flat colours and shades of each pair of
//! colours that touch, as many as 255 entries hold (the replay GIF shares the palette and
//! keeps its last index for "as in the frame before"). The other pictures (plots, crosstables)
//! take theirs from their own colours ([`encode`]). Each colour met is looked up once in a
//! small table remembering its palette index; most pixels continue a run of one colour and
//! need no look-up at all, and a row the same as the one above takes its indices whole.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::LazyLock;

use image::{Rgb, RgbImage};

use super::deflate::{Search, zlib};
use super::palette::*;
use super::{edge, fill};
use crate::game::Color;

/// The most a channel of a board picture's pixel differs from the drawing (of 255 levels):
/// flat colours are exact, only blends of anti-aliased edges shift (by up to 12 levels over
/// the golden positions and 50 random games, `tests/render.rs`).
pub const BOARD_MOST_OFF: u8 = 12;

/// The most a channel of another picture's pixel differs from the drawing, when the picture
/// has more than 256 colours.
pub const OWN_MOST_OFF: u8 = 6;

/// A colour as one number, 0xRRGGBB.
fn key(pixel: &[u8]) -> u32 {
    u32::from_be_bytes([0, pixel[0], pixel[1], pixel[2]])
}

/// How far apart two colours are: the largest difference of a channel, then the sum of
/// squares (to choose between colours equally far by the first).
fn distance(a: [u8; 3], b: [u8; 3]) -> (u8, u32) {
    let most = (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0);
    let squares = (0..3).map(|i| u32::from(a[i].abs_diff(b[i])).pow(2)).sum();
    (most, squares)
}

fn nearest(palette: &[[u8; 3]], color: [u8; 3]) -> u8 {
    let (index, _) = palette
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| distance(**c, color))
        .expect("a palette has colours");
    index as u8
}

/// At most this many colours in the [`BOARD`] palette: a GIF's 256 but one.
pub const BOARD_COLORS: usize = 255;

/// The pairs of colours that touch in a board picture (an anti-aliased edge of the second
/// drawn over the first).
fn board_pairs() -> Vec<(Rgb<u8>, Rgb<u8>)> {
    let mut pairs = vec![
        (FRAME, FRAME_TEXT),
        (FRAME, FRAME_DIM),
        (FRAME, HIGHLIGHT),
        (BLOCKED, BLOCKED_MARK),
    ];
    let under = [
        WATER,
        GRID,
        BLOCKED,
        BLOCKED_MARK,
        WHITE_FILL,
        WHITE_SANDBANK,
        RED_FILL,
        RED_SANDBANK,
    ];
    for surface in under {
        pairs.push((surface, HIGHLIGHT));
    }
    for color in Color::BOTH {
        pairs.push((edge(color), fill(color)));
        pairs.push((HIGHLIGHT, edge(color)));
        pairs.push((edge(color.other()), edge(color)));
        for surface in under {
            pairs.push((surface, edge(color)));
        }
    }
    pairs
}

/// Every shade between `a` and `b`, one level apart in the channel that changes most.
fn shades(a: Rgb<u8>, b: Rgb<u8>) -> impl Iterator<Item = [u8; 3]> {
    let most = (0..3).map(|i| a.0[i].abs_diff(b.0[i])).max().unwrap_or(0);
    let count = u32::from(most);
    (1..count).map(move |k| {
        let t = k as f32 / count as f32;
        std::array::from_fn(|i| {
            (f32::from(a.0[i]) + t * (f32::from(b.0[i]) - f32::from(a.0[i]))).round() as u8
        })
    })
}

/// How far apart the shades of [`BOARD`] are: a shade is taken only when no colour taken is
/// within this many levels in every channel. At 13 every blend of the golden positions and of
/// 50 random finished games is within 12 levels of the drawing ([`BOARD_MOST_OFF`]) and the
/// full golden board is 38.8 KB; at 10, the closest the palette's entries allow, 39.9 KB; at
/// 14, 38.3 KB with blends 14 levels off (`ponte render tests/golden/finished.txt --title
/// "Game #7" --white alice --red bob`, 2026-11-27). One spacing for every pair: shades of the
/// text half as far apart made its rows 2 KB larger, for no difference to see.
const APART: u8 = 13;

/// The palette of every board picture: the flat colours, then shades of each pair of colours
/// that touch, [`APART`].
pub static BOARD: LazyLock<Vec<[u8; 3]>> = LazyLock::new(|| {
    let mut colors: Vec<[u8; 3]> = FLAT.iter().map(|c| c.0).collect();
    for (a, b) in board_pairs() {
        for shade in shades(a, b) {
            if colors.iter().all(|c| distance(*c, shade).0 > APART) {
                colors.push(shade);
            }
        }
    }
    assert!(colors.len() <= BOARD_COLORS, "{} colours", colors.len());
    colors
});

/// Colour → palette index, for the colours met: a direct-mapped table in front of the
/// palette's nearest-colour search, and the last colour looked up (most pixels continue a run
/// of one colour).
pub(super) struct Lookup<'a> {
    palette: &'a [[u8; 3]],
    slots: Vec<(u32, u8)>,
    last: (u32, u8),
}

/// Slots of a [`Lookup`]: a power of two, a few times the colours of a picture.
const SLOTS: usize = 1 << 13;
/// No colour has this key (colours are 24 bits).
const EMPTY: u32 = u32::MAX;

impl<'a> Lookup<'a> {
    fn new(palette: &'a [[u8; 3]]) -> Lookup<'a> {
        Lookup {
            palette,
            slots: vec![(EMPTY, 0); SLOTS],
            last: (EMPTY, 0),
        }
    }

    /// The palette index of an RGB pixel.
    pub(super) fn index(&mut self, pixel: &[u8]) -> u8 {
        let key = key(pixel);
        if key == self.last.0 {
            return self.last.1;
        }
        let slot = &mut self.slots[slot(key)];
        if slot.0 != key {
            let [_, r, g, b] = key.to_be_bytes();
            *slot = (key, nearest(self.palette, [r, g, b]));
        }
        self.last = *slot;
        slot.1
    }
}

fn slot(key: u32) -> usize {
    (key.wrapping_mul(0x9e37_79b1) >> (32 - SLOTS.trailing_zeros())) as usize
}

/// The picture as PNG rows of palette indices: each row is one byte for its filter type
/// ([`FILTER_NONE`]) and then its pixels' indices. A row the same as the one above (most rows
/// of a board) takes that row's indices; eight pixels that continue the colour of the one
/// before them (most pixels of a flat area) take its index without a look-up.
fn png_rows(image: &RgbImage, lookup: &mut Lookup) -> Vec<u8> {
    let width = image.width() as usize;
    let line = width + 1;
    let mut rows = vec![FILTER_NONE; line * image.height() as usize];
    let mut above: Option<&[u8]> = None;
    for (y, pixels) in image.as_raw().chunks_exact(width * 3).enumerate() {
        let (done, rest) = rows.split_at_mut(y * line);
        let row = &mut rest[1..line];
        match above {
            Some(above) if above == pixels => row.copy_from_slice(&done[done.len() - width..]),
            _ => index_row(pixels, row, lookup),
        }
        above = Some(pixels);
    }
    rows
}

/// The palette indices of a row of RGB pixels.
fn index_row(pixels: &[u8], row: &mut [u8], lookup: &mut Lookup) {
    let width = row.len();
    if width == 0 {
        return;
    }
    row[0] = lookup.index(&pixels[..3]);
    let mut x = 1;
    while x < width {
        if x + 8 <= width && eight_continue_the_one_before(pixels, x) {
            let before = row[x - 1];
            row[x..x + 8].fill(before);
            x += 8;
        } else {
            row[x] = lookup.index(&pixels[x * 3..x * 3 + 3]);
            x += 1;
        }
    }
}

/// Whether the eight pixels from pixel `x` (at least 1) on are each the colour of the pixel
/// before them: their 24 bytes are the same as the 24 bytes three before.
fn eight_continue_the_one_before(pixels: &[u8], x: usize) -> bool {
    let word = |at: usize| u64::from_ne_bytes(pixels[at..at + 8].try_into().expect("8 bytes"));
    let at = x * 3;
    (0..3).all(|i| word(at + 8 * i) == word(at + 8 * i - 3))
}

/// `f` with this thread's lookup of the [`BOARD`] palette: the board's colours recur from
/// picture to picture, so the lookups are kept for the thread.
pub(super) fn with_board_lookup<T>(f: impl FnOnce(&mut Lookup<'static>) -> T) -> T {
    thread_local! {
        static LOOKUP: std::cell::RefCell<Lookup<'static>> =
            std::cell::RefCell::new(Lookup::new(&BOARD));
    }
    LOOKUP.with_borrow_mut(f)
}

/// The [`BOARD`] colour a board picture shows for a colour drawn.
pub fn board_color(color: Rgb<u8>) -> Rgb<u8> {
    Rgb(BOARD[usize::from(nearest(&BOARD, color.0))])
}

/// The deflate level of the board pictures: zlib-rs's level 5, which before taking a match
/// looks for a longer one at the byte where it ends; each part searches as its [`Search`]
/// says.
const BOARD_LEVEL: i32 = 5;

/// The search for matches in the rows of a board (filtered by the row above): up to 24 earlier
/// places tried. The rows of the full 12×12 golden board (its shades 10 apart) take 21.3 KB
/// in 1.41 ms, against 25.5 KB in 0.65 ms at zlib-rs's level 2 and 21.0 KB in 2.4 ms at its
/// level 5; with 4 places, 22.1 KB in 1.24 ms (a scratch program on the picture's rows with
/// the same zlib-rs, 2026-11-27, the fastest of 15 runs for the levels, of 32 for the searches).
const BOARD_SEARCH: Search = Search {
    good: 8,
    lazy: 1,
    nice: 64,
    chain: 24,
};

/// The search for matches in the rows of text around the board (the coordinates' letters
/// above and below it, the caption): up to 6 earlier places. The golden picture's rows below
/// the board take 16.1 KB in 0.66 ms, against 15.8 KB in 1.0 ms at level 5 and 18.0 KB in
/// 0.4 ms at level 2 (the same program).
const TEXT_SEARCH: Search = Search {
    good: 8,
    lazy: 1,
    nice: 128,
    chain: 6,
};

/// The deflate level of the plots and tables, made now and then: the smallest.
const OTHER_LEVEL: i32 = 8;

/// A board picture as an indexed PNG of the [`BOARD`] palette. The rows of the board
/// (`board_rows`) are filtered by the row above, so that what did not change deflates to runs
/// of zeros, and searched as [`BOARD_SEARCH`] says. The rows of text above and below them
/// (the coordinates' letters, the caption) are left unfiltered, which deflates text best (the
/// golden caption: 17.6 KB against 22.3 KB filtered by the row above, 20.1 by the pixel
/// before, 20.9 by Paeth, at level 2), and searched as [`TEXT_SEARCH`] says.
pub fn encode_board(image: &RgbImage, board_rows: Range<u32>) -> Vec<u8> {
    let line = image.width() as usize + 1;
    let mut rows = with_board_lookup(|lookup| png_rows(image, lookup));
    let board_rows = board_rows.start as usize..(board_rows.end as usize).min(rows.len() / line);
    filter_up(&mut rows, line, board_rows.clone());
    let (above, rest) = rows.split_at(board_rows.start * line);
    let (board, below) = rest.split_at(board_rows.len() * line);
    let data = zlib(
        BOARD_LEVEL,
        &[
            (above, Some(TEXT_SEARCH)),
            (board, Some(BOARD_SEARCH)),
            (below, Some(TEXT_SEARCH)),
        ],
    );
    png_file(image.width(), image.height(), &BOARD, &data)
}

/// Filters `rows` (PNG rows `line` bytes long) by the row above: each index less the one
/// above it. From the last row up, so that each row is taken from above unfiltered; the
/// first row of the picture has none above and is left as it is.
fn filter_up(rows: &mut [u8], line: usize, rows_filtered: Range<usize>) {
    for y in rows_filtered.rev().filter(|&y| y > 0) {
        let (above, row) = rows[(y - 1) * line..(y + 1) * line].split_at_mut(line);
        row[0] = FILTER_UP;
        for (index, up) in row[1..].iter_mut().zip(&above[1..]) {
            *index = index.wrapping_sub(*up);
        }
    }
}

/// A PNG row's filter type: the row as it is.
const FILTER_NONE: u8 = 0;
/// A PNG row's filter type: each byte less the one above it.
const FILTER_UP: u8 = 2;

/// The picture's distinct colours, each with its pixel count.
fn counts(image: &RgbImage) -> HashMap<u32, u32> {
    let mut counts: HashMap<u32, u32> = HashMap::new();
    let mut run = (EMPTY, 0);
    for pixel in image.as_raw().chunks_exact(3) {
        let key = key(pixel);
        if key == run.0 {
            run.1 += 1;
        } else {
            if run.1 > 0 {
                *counts.entry(run.0).or_default() += run.1;
            }
            run = (key, 1);
        }
    }
    if run.1 > 0 {
        *counts.entry(run.0).or_default() += run.1;
    }
    counts
}

/// A palette from the picture's own colours: all of them when they are 256 or fewer, else the
/// most frequent first, each only when none taken is within [`OWN_MOST_OFF`] levels.
fn own_palette(image: &RgbImage) -> Vec<[u8; 3]> {
    let mut colors: Vec<(u32, u32)> = counts(image).into_iter().collect();
    // Most frequent first; equal counts by colour, so the bytes do not depend on the hash.
    colors.sort_unstable_by_key(|&(key, count)| (std::cmp::Reverse(count), key));
    let every = colors.len() <= 256;
    let colors = colors.into_iter().map(|(key, _)| {
        let [_, r, g, b] = key.to_be_bytes();
        [r, g, b]
    });
    let mut taken: Vec<[u8; 3]> = Vec::with_capacity(256);
    for color in colors {
        if taken.len() == 256 {
            break;
        }
        if every || taken.iter().all(|t| distance(*t, color).0 > OWN_MOST_OFF) {
            taken.push(color);
        }
    }
    if taken.is_empty() {
        taken.push([0, 0, 0]);
    }
    taken
}

/// A picture as an indexed PNG of a palette from its own colours, its rows unfiltered.
pub fn encode(image: &RgbImage) -> Vec<u8> {
    let palette = own_palette(image);
    let rows = png_rows(image, &mut Lookup::new(&palette));
    png_file(
        image.width(),
        image.height(),
        &palette,
        &zlib(OTHER_LEVEL, &[(&rows, None)]),
    )
}

/// An indexed PNG file: 8 bits a pixel, the palette, and `data` (a zlib stream of PNG rows)
/// as its one IDAT chunk.
fn png_file(width: u32, height: u32, palette: &[[u8; 3]], data: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(data.len() + palette.len() * 3 + 64);
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    let mut writer = encoder
        .write_header()
        .expect("writing to memory cannot fail");
    writer
        .write_chunk(png::chunk::IDAT, data)
        .expect("a picture's data fits a chunk");
    writer.finish().expect("writing to memory cannot fail");
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Taking a row's indices from the row above, and eight pixels' from the pixel before them,
    /// gives what looking up every pixel gives: on rows that repeat in whole, in part and not at
    /// all, and runs of one colour broken at most places in their eight and at the row's end.
    #[test]
    fn indices_taken_from_above_or_before_are_the_ones_looked_up() {
        let (width, height) = (37, 12);
        let mut image = RgbImage::from_pixel(width, height, FRAME);
        for (x, y, pixel) in image.enumerate_pixels_mut() {
            let shade = Rgb([(x * 7 % 256) as u8, 0x90, 0x40]);
            *pixel = match (y, x % 5) {
                (0, _) => WATER,
                (1..=6, 0) => shade,
                (1..=6, _) => RED_FILL,
                // From row 7 on, one pixel of another colour after 1, 2, ... 5 of the run's.
                (_, _) if x == y - 6 || x == 2 * (y - 6) + 20 => HIGHLIGHT,
                _ => WATER,
            };
        }
        // Rows 1 and 2 are the same; rows 3 and 6 differ from the rows around them in a few
        // pixels, one in the last, shorter span of eight.
        image.put_pixel(4, 3, WHITE_FILL);
        image.put_pixel(35, 3, HIGHLIGHT);
        image.put_pixel(20, 6, Rgb([0x12, 0x34, 0x56]));
        image.put_pixel(36, 11, RED_FILL);
        let one_by_one: Vec<u8> = {
            let mut lookup = Lookup::new(&BOARD);
            image
                .rows()
                .flat_map(|row| {
                    let indices: Vec<u8> = row.map(|pixel| lookup.index(&pixel.0)).collect();
                    std::iter::once(FILTER_NONE).chain(indices)
                })
                .collect()
        };
        assert_eq!(png_rows(&image, &mut Lookup::new(&BOARD)), one_by_one);
    }
}

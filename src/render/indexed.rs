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
use std::io::Write;
use std::sync::LazyLock;

use image::{Rgb, RgbImage};

use super::palette::*;
use super::{edge, fill};
use crate::game::Color;

/// The most a channel of a board picture's pixel differs from the drawing (of 255 levels):
/// flat colours are exact, only blends of anti-aliased edges shift (those of text on the frame
/// by at most about half this, the rarer ones on the board by up to this).
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

/// How many of [`board_pairs`] come first: the text's.
const TEXT_PAIRS: usize = 3;

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

/// The palette of every board picture: the flat colours, then shades of each pair that
/// touches, each shade taken only when no colour taken is within `apart` levels in every
/// channel, with the smallest `apart` that fits [`BOARD_COLORS`].
pub static BOARD: LazyLock<Vec<[u8; 3]>> = LazyLock::new(|| {
    let pairs = board_pairs();
    (1..=u8::MAX)
        .map(|apart| {
            let mut colors: Vec<[u8; 3]> = FLAT.iter().map(|c| c.0).collect();
            for (i, (a, b)) in pairs.iter().enumerate() {
                // Text on the frame (the first pairs) has most of the blended pixels.
                let apart = if i < TEXT_PAIRS {
                    apart
                } else {
                    apart.saturating_mul(2)
                };
                for shade in shades(*a, *b) {
                    if colors.iter().all(|c| distance(*c, shade).0 > apart) {
                        colors.push(shade);
                    }
                }
            }
            colors
        })
        .find(|colors| colors.len() <= BOARD_COLORS)
        .expect("the flat colours fit")
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

/// Each pixel's palette index. A row the same as the one above (most rows of a board) takes
/// that row's indices.
fn indices(image: &RgbImage, lookup: &mut Lookup) -> Vec<u8> {
    let width = image.width() as usize;
    let mut indices = Vec::with_capacity(image.as_raw().len() / 3);
    let mut above: Option<&[u8]> = None;
    for row in image.as_raw().chunks_exact(width * 3) {
        if above == Some(row) {
            indices.extend_from_within(indices.len() - width..);
        } else {
            indices.extend(row.chunks_exact(3).map(|pixel| lookup.index(pixel)));
        }
        above = Some(row);
    }
    indices
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

/// The deflate level of a board picture, sent after every move (see [`encode_board`] for the
/// filters). On the full 12×12 golden board (zlib-rs, fastest of 15 runs, 2026-11-27): level 2
/// gives 48.0 KB in 1.2 ms of deflate, 4 gives 45.4 KB in 2.6 ms, 5 41.5 KB in 3.6 ms, 6
/// 40.9 KB in 4.9 ms; the caption is 15.7 to 17.6 KB of it at any level.
const BOARD_LEVEL: u32 = 2;

/// The deflate level of the plots and tables, made now and then: the smallest.
const OTHER_LEVEL: u8 = 8;

/// A board picture as an indexed PNG of the [`BOARD`] palette. The rows above `caption_top`
/// (the board, most of them the same as the one above or nearly) are filtered by the row
/// above, so that what did not change deflates to runs of zeros; the caption's rows of text
/// are left unfiltered, which deflates them best (17.6 KB against 22.3 KB filtered by the row
/// above, 20.1 by the pixel before, 20.9 by Paeth, on the golden board at level 2).
pub fn encode_board(image: &RgbImage, caption_top: u32) -> Vec<u8> {
    let width = image.width() as usize;
    let indices = with_board_lookup(|lookup| indices(image, lookup));
    let mut filtered = Vec::with_capacity(indices.len() + indices.len() / width.max(1));
    let mut above: Option<&[u8]> = None;
    for (y, row) in indices.chunks_exact(width).enumerate() {
        match above.filter(|_| y < caption_top as usize) {
            Some(above) => {
                filtered.push(FILTER_UP);
                filtered.extend(row.iter().zip(above).map(|(a, b)| a.wrapping_sub(*b)));
            }
            None => {
                filtered.push(FILTER_NONE);
                filtered.extend_from_slice(row);
            }
        }
        above = Some(row);
    }
    let mut zlib = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(indices.len() / 16),
        flate2::Compression::new(BOARD_LEVEL),
    );
    zlib.write_all(&filtered)
        .expect("writing to memory cannot fail");
    let data = zlib.finish().expect("writing to memory cannot fail");
    let mut bytes = Vec::with_capacity(data.len() + 1024);
    let mut writer = header(&mut bytes, image.width(), image.height(), &BOARD)
        .write_header()
        .expect("writing to memory cannot fail");
    writer
        .write_chunk(png::chunk::IDAT, &data)
        .expect("a picture's data fits a chunk");
    writer.finish().expect("writing to memory cannot fail");
    bytes
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

/// A picture as an indexed PNG of a palette from its own colours.
pub fn encode(image: &RgbImage) -> Vec<u8> {
    let palette = own_palette(image);
    let indices = indices(image, &mut Lookup::new(&palette));
    let mut bytes = Vec::new();
    let mut encoder = header(&mut bytes, image.width(), image.height(), &palette);
    encoder.set_deflate_compression(png::DeflateCompression::Level(OTHER_LEVEL));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder
        .write_header()
        .expect("writing to memory cannot fail");
    writer
        .write_image_data(&indices)
        .expect("the picture has its size");
    writer.finish().expect("writing to memory cannot fail");
    bytes
}

/// An indexed PNG's header: 8 bits a pixel, the palette.
fn header<'a>(
    bytes: &'a mut Vec<u8>,
    width: u32,
    height: u32,
    palette: &[[u8; 3]],
) -> png::Encoder<'a, &'a mut Vec<u8>> {
    let mut encoder = png::Encoder::new(bytes, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    encoder
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Taking a row's indices from the row above gives what looking up every pixel gives, on a
    /// picture whose rows repeat in whole, in part and not at all.
    #[test]
    fn indices_taken_from_above_are_the_ones_looked_up() {
        let (width, height) = (37, 9);
        let mut image = RgbImage::from_pixel(width, height, FRAME);
        for (x, y, pixel) in image.enumerate_pixels_mut() {
            let shade = Rgb([(x * 7 % 256) as u8, 0x90, 0x40]);
            *pixel = match (y, x % 5) {
                (0, _) => WATER,
                (_, 0) => shade,
                _ => RED_FILL,
            };
        }
        // Rows 1 and 2 are the same; rows 3 and 6 differ from the rows around them in a few
        // pixels, one in the last, shorter span.
        image.put_pixel(4, 3, WHITE_FILL);
        image.put_pixel(35, 3, HIGHLIGHT);
        image.put_pixel(20, 6, Rgb([0x12, 0x34, 0x56]));
        let one_by_one = |image: &RgbImage| -> Vec<u8> {
            let mut lookup = Lookup::new(&BOARD);
            image
                .as_raw()
                .chunks_exact(3)
                .map(|pixel| lookup.index(pixel))
                .collect()
        };
        assert_eq!(
            indices(&image, &mut Lookup::new(&BOARD)),
            one_by_one(&image)
        );
    }
}

//! Pictures as indexed PNGs: a palette of at most 256 colours and one byte a pixel, a third of
//! the data of an RGB picture before deflate and far less after.
//!
//! The pictures are flat colours whose anti-aliased edges blend them: a few hundred to a few
//! thousand colours, most of them on a handful of pixels. The palette comes from the picture
//! itself, so no general quantiser is needed: its colours, most frequent first, each taken in
//! only when no colour already taken is within [`MOST_OFF`] levels in every channel; then every
//! pixel shows the nearest colour taken. A picture of 256 colours or fewer keeps them all.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use image::RgbImage;

/// The most a channel of a pixel may differ from the drawing (of 255 levels).
pub const MOST_OFF: u8 = 6;

/// A colour as one number, 0xRRGGBB.
type Key = u32;

/// The picture's distinct colours, in the order met, and each pixel as the number of its colour.
struct Colors {
    colors: Vec<[u8; 3]>,
    counts: Vec<u32>,
    pixels: Vec<u16>,
}

/// `None` when the picture has more colours than a `u16` numbers.
fn colors(image: &RgbImage) -> Option<Colors> {
    let mut numbers: HashMap<Key, u16, BuildHasherDefault<KeyHasher>> =
        HashMap::with_capacity_and_hasher(4096, BuildHasherDefault::default());
    let mut colors = Vec::new();
    let mut counts: Vec<u32> = Vec::new();
    let mut pixels = Vec::with_capacity(image.as_raw().len() / 3);
    // Most pixels continue a run of one colour: no look-up for them.
    let mut last: Option<(Key, u16)> = None;
    for pixel in image.as_raw().chunks_exact(3) {
        let key = u32::from_be_bytes([0, pixel[0], pixel[1], pixel[2]]);
        let number = match last {
            Some((color, number)) if color == key => number,
            _ => {
                let number = match numbers.get(&key) {
                    Some(number) => *number,
                    None => {
                        let number = u16::try_from(colors.len()).ok()?;
                        numbers.insert(key, number);
                        colors.push([pixel[0], pixel[1], pixel[2]]);
                        counts.push(0);
                        number
                    }
                };
                last = Some((key, number));
                number
            }
        };
        counts[usize::from(number)] += 1;
        pixels.push(number);
    }
    Some(Colors {
        colors,
        counts,
        pixels,
    })
}

/// How far apart two colours are: the largest difference of a channel.
fn distance(a: [u8; 3], b: [u8; 3]) -> u8 {
    (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0)
}

/// The palette (at most 256 colours) and, for each colour of `colors`, its index in it.
fn palette(colors: &Colors) -> (Vec<[u8; 3]>, Vec<u8>) {
    if colors.colors.len() <= 256 {
        let index = (0..colors.colors.len()).map(|i| i as u8).collect();
        return (colors.colors.clone(), index);
    }
    let mut order: Vec<usize> = (0..colors.colors.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(colors.counts[i]));
    let mut taken: Vec<[u8; 3]> = Vec::with_capacity(256);
    for i in order {
        let color = colors.colors[i];
        if taken.len() < 256 && taken.iter().all(|t| distance(*t, color) > MOST_OFF) {
            taken.push(color);
        }
    }
    let index = colors
        .colors
        .iter()
        .map(|color| {
            let (nearest, _) = taken
                .iter()
                .enumerate()
                .min_by_key(|(_, t)| (distance(**t, *color), sum_of_squares(**t, *color)))
                .expect("the palette has a colour");
            nearest as u8
        })
        .collect();
    (taken, index)
}

fn sum_of_squares(a: [u8; 3], b: [u8; 3]) -> u32 {
    (0..3).map(|i| u32::from(a[i].abs_diff(b[i])).pow(2)).sum()
}

/// The picture as an indexed PNG, or an RGB one when it has more colours than that can count.
pub fn encode(image: &RgbImage) -> Vec<u8> {
    let Some(colors) = colors(image) else {
        return super::encode_rgb(image);
    };
    let (palette, index) = palette(&colors);
    let indices: Vec<u8> = colors
        .pixels
        .iter()
        .map(|&number| index[usize::from(number)])
        .collect();
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, image.width(), image.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    // Measured on a full 12×12 board (zlib-rs): with no filter, level 8 makes 39 KB, level 6
    // 42 KB and level 2 59 KB; the Up, Sub and Paeth filters, which suit photographs, make
    // 48–51 KB at level 8. A palette within 4 levels made 40–44 KB, within 8 levels 38–40 KB.
    encoder.set_deflate_compression(png::DeflateCompression::Level(8));
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

/// A hash of a colour's number: one multiplication (the colours are few and the default
/// hasher costs more than the rest of the look-up).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(*byte)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u32(&mut self, key: u32) {
        let product = u64::from(key).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = product ^ (product >> 32);
    }
}

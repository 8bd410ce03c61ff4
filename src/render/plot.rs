//! A player's rating over time, as a PNG for `/stats`.

use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_antialiased_line_segment_mut, draw_line_segment_mut};
use imageproc::pixelops::interpolate;

use crate::i18n::Lang;
use crate::tr;

use super::palette::{FRAME, FRAME_DIM, FRAME_TEXT, HIGHLIGHT};
use super::{BOLD, REGULAR, encode, fill_rect, measure, rect, write};

const PLOT_WIDTH: u32 = 900;
const PLOT_HEIGHT: u32 = 380;
const AXIS: Rgb<u8> = Rgb([0x4a, 0x5a, 0x64]);
const BAND: Rgb<u8> = Rgb([0x33, 0x44, 0x4f]);

/// Ratings (with deviations), oldest first, as a line with its ± deviation band, and a caption
/// under it; an empty series draws a note.
pub fn rating_plot_png(lang: Lang, title: &str, caption: &str, points: &[(f64, f64)]) -> Vec<u8> {
    let mut image = RgbImage::from_pixel(PLOT_WIDTH, PLOT_HEIGHT, FRAME);
    write(&mut image, (24, 14), 22.0, &BOLD, FRAME_TEXT, title);
    let (left, top, right, bottom) = (
        80i32,
        56i32,
        PLOT_WIDTH as i32 - 24,
        PLOT_HEIGHT as i32 - 40,
    );
    if points.is_empty() {
        write(
            &mut image,
            (left, top + 40),
            18.0,
            &REGULAR,
            FRAME_DIM,
            &tr!(lang, "plot-no-games"),
        );
        return encode(&image);
    }
    let low = points.iter().map(|(r, d)| r - d).fold(f64::MAX, f64::min);
    let high = points.iter().map(|(r, d)| r + d).fold(f64::MIN, f64::max);
    // Round the scale out to hundreds so the grid lines fall on round numbers.
    let (low, high) = ((low / 100.0).floor() * 100.0, (high / 100.0).ceil() * 100.0);
    let y_of =
        |rating: f64| bottom as f64 - (rating - low) / (high - low) * f64::from(bottom - top);
    let step = f64::from(right - left) / (points.len().max(2) - 1) as f64;
    let x_of = |i: usize| f64::from(left) + step * i as f64;

    // The deviation band, one column strip per game.
    for (i, (rating, deviation)) in points.iter().enumerate() {
        let (x0, x1) = if points.len() == 1 {
            (left, right)
        } else {
            (
                (x_of(i) - step / 2.0).max(f64::from(left)) as i32,
                (x_of(i) + step / 2.0).min(f64::from(right)) as i32,
            )
        };
        let (y0, y1) = (
            y_of(rating + deviation) as i32,
            y_of(rating - deviation) as i32,
        );
        fill_rect(
            &mut image,
            rect(
                i64::from(x0),
                i64::from(y0),
                i64::from(x1 - x0),
                i64::from(y1 - y0),
            ),
            BAND,
        );
    }
    let mut value = low;
    while value <= high {
        let y = y_of(value) as f32;
        draw_line_segment_mut(&mut image, (left as f32, y), (right as f32, y), AXIS);
        let label = format!("{value:.0}");
        let (w, h) = measure(&REGULAR, 15.0, &label);
        write(
            &mut image,
            (left - 10 - w, y as i32 - h / 2),
            15.0,
            &REGULAR,
            FRAME_DIM,
            &label,
        );
        value += 100.0;
    }
    write(
        &mut image,
        (left, bottom + 12),
        15.0,
        &REGULAR,
        FRAME_DIM,
        caption,
    );

    let line: Vec<(i32, i32)> = points
        .iter()
        .enumerate()
        .map(|(i, (rating, _))| {
            let x = if points.len() == 1 {
                f64::from(left + right) / 2.0
            } else {
                x_of(i)
            };
            (x.round() as i32, y_of(*rating).round() as i32)
        })
        .collect();
    for pair in line.windows(2) {
        for shift in [-1, 0, 1] {
            draw_antialiased_line_segment_mut(
                &mut image,
                (pair[0].0, pair[0].1 + shift),
                (pair[1].0, pair[1].1 + shift),
                HIGHLIGHT,
                interpolate,
            );
        }
    }
    for &(x, y) in &line {
        fill_rect(
            &mut image,
            rect(i64::from(x - 3), i64::from(y - 3), 7, 7),
            HIGHLIGHT,
        );
    }
    encode(&image)
}

//! Line charts in one style: a player's rating over time (`/stats`) and White's chances
//! through a game (an analysis).

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
        grid_line(&mut image, (left, right), y, &format!("{value:.0}"));
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
    draw_line(&mut image, &line);
    for &(x, y) in &line {
        fill_rect(
            &mut image,
            rect(i64::from(x - 3), i64::from(y - 3), 7, 7),
            HIGHLIGHT,
        );
    }
    encode(&image)
}

/// White's chance of winning after each move (the start first, from 0 to 1) as a line over a
/// 0–100% scale, in the rating plot's style; the moves numbered in `marks` are marked and
/// labelled.
pub fn chances_plot_png(title: &str, caption: &str, chances: &[f64], marks: &[u32]) -> Vec<u8> {
    let mut image = RgbImage::from_pixel(PLOT_WIDTH, PLOT_HEIGHT, FRAME);
    write(&mut image, (24, 14), 22.0, &BOLD, FRAME_TEXT, title);
    let (left, top, right, bottom) = (
        80i32,
        56i32,
        PLOT_WIDTH as i32 - 24,
        PLOT_HEIGHT as i32 - 64,
    );
    let y_of = |chance: f64| bottom as f64 - chance.clamp(0.0, 1.0) * f64::from(bottom - top);
    let step = f64::from(right - left) / (chances.len().max(2) - 1) as f64;
    let x_of = |ply: usize| f64::from(left) + step * ply as f64;

    // Where White is ahead, the band is lighter.
    fill_rect(
        &mut image,
        rect(
            i64::from(left),
            i64::from(top),
            i64::from(right - left),
            i64::from(bottom - top) / 2,
        ),
        BAND,
    );
    for percent in [0, 25, 50, 75, 100] {
        let y = y_of(f64::from(percent) / 100.0) as f32;
        grid_line(&mut image, (left, right), y, &format!("{percent}%"));
    }
    // Move numbers along the bottom, every ten moves (every five in a short game).
    let every = if chances.len() > 40 { 10 } else { 5 };
    for ply in (0..chances.len()).step_by(every) {
        let label = ply.to_string();
        let (w, _) = measure(&REGULAR, 14.0, &label);
        let x = x_of(ply) as i32;
        write(
            &mut image,
            (x - w / 2, bottom + 6),
            14.0,
            &REGULAR,
            FRAME_DIM,
            &label,
        );
    }
    write(
        &mut image,
        (left, bottom + 30),
        15.0,
        &REGULAR,
        FRAME_DIM,
        caption,
    );

    let line: Vec<(i32, i32)> = chances
        .iter()
        .enumerate()
        .map(|(ply, chance)| (x_of(ply).round() as i32, y_of(*chance).round() as i32))
        .collect();
    draw_line(&mut image, &line);
    for &number in marks {
        let Some(&(x, y)) = line.get(number as usize) else {
            continue;
        };
        fill_rect(
            &mut image,
            rect(i64::from(x - 5), i64::from(y - 5), 11, 11),
            FRAME_TEXT,
        );
        fill_rect(
            &mut image,
            rect(i64::from(x - 3), i64::from(y - 3), 7, 7),
            HIGHLIGHT,
        );
        let label = number.to_string();
        let (w, h) = measure(&BOLD, 15.0, &label);
        // Above the point, or below it when the point is near the top.
        let label_y = if y - top > h + 10 { y - h - 10 } else { y + 10 };
        write(
            &mut image,
            (x - w / 2, label_y),
            15.0,
            &BOLD,
            FRAME_TEXT,
            &label,
        );
    }
    encode(&image)
}

/// A grid line across the plot at height `y`, labelled on the left.
fn grid_line(image: &mut RgbImage, (left, right): (i32, i32), y: f32, label: &str) {
    draw_line_segment_mut(image, (left as f32, y), (right as f32, y), AXIS);
    let (w, h) = measure(&REGULAR, 15.0, label);
    write(
        image,
        (left - 10 - w, y as i32 - h / 2),
        15.0,
        &REGULAR,
        FRAME_DIM,
        label,
    );
}

/// The plotted line through `points`, three pixels thick.
fn draw_line(image: &mut RgbImage, points: &[(i32, i32)]) {
    for pair in points.windows(2) {
        for shift in [-1, 0, 1] {
            draw_antialiased_line_segment_mut(
                image,
                (pair[0].0, pair[0].1 + shift),
                (pair[1].0, pair[1].1 + shift),
                HIGHLIGHT,
                interpolate,
            );
        }
    }
}

//! Line charts in one style: a player's rating over time (`/stats`) and White's chances
//! through a game (an analysis). Like the board, every text is at least [`SMALLEST_TEXT`] in a
//! picture 900 px wide, for a chart a phone shows about 360 px wide; a title or caption too
//! long for a line wraps onto the next.

use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_antialiased_line_segment_mut, draw_line_segment_mut};
use imageproc::pixelops::interpolate;

use crate::i18n::Lang;
use crate::tr;

use super::palette::{FRAME, FRAME_DIM, FRAME_TEXT, HIGHLIGHT};
use super::{BOLD, REGULAR, SMALLEST_TEXT, WIDTH, encode, fill_rect, measure, rect, write};

const AXIS: Rgb<u8> = Rgb([0x4a, 0x5a, 0x64]);
const BAND: Rgb<u8> = Rgb([0x33, 0x44, 0x4f]);
/// Every text of a chart: the board's smallest.
const TEXT: f32 = SMALLEST_TEXT;
/// One line of text.
const LINE: i32 = 46;
/// Room around the picture's edges.
const MARGIN: i32 = 24;
/// The height of the plotted area.
const PLOT_HEIGHT: i32 = 360;

/// A chart's picture with its title written at the top and its caption at the bottom, and
/// where the plot goes between them: from `top` to `bottom`, the axis labels under `bottom`.
struct Frame {
    image: RgbImage,
    top: i32,
    bottom: i32,
}

impl Frame {
    /// The title's lines (the first in bold) and the caption's, each cut to fit the width.
    fn new(title: &str, caption: &str) -> Frame {
        let room = WIDTH as i32 - 2 * MARGIN;
        let mut title_lines: Vec<(String, bool)> = Vec::new();
        for (i, line) in title.lines().enumerate() {
            let font = if i == 0 { &*BOLD } else { &*REGULAR };
            title_lines.extend(wrap(font, line, room).into_iter().map(|l| (l, i == 0)));
        }
        let caption_lines: Vec<String> = caption
            .lines()
            .flat_map(|line| wrap(&REGULAR, line, room))
            .collect();
        let top = MARGIN / 2 + LINE * title_lines.len() as i32 + LINE / 2;
        let bottom = top + PLOT_HEIGHT;
        // The axis's labels under the plot, then the caption.
        let caption_top = bottom + LINE + 12;
        let height = caption_top + LINE * caption_lines.len() as i32 + MARGIN / 2;
        let mut image = RgbImage::from_pixel(WIDTH, height as u32, FRAME);
        for (i, (line, bold)) in title_lines.iter().enumerate() {
            let font = if *bold { &*BOLD } else { &*REGULAR };
            let y = MARGIN / 2 + LINE * i as i32;
            write(&mut image, (MARGIN, y), TEXT, font, FRAME_TEXT, line);
        }
        for (i, line) in caption_lines.iter().enumerate() {
            let y = caption_top + LINE * i as i32;
            write(&mut image, (MARGIN, y), TEXT, &REGULAR, FRAME_DIM, line);
        }
        Frame { image, top, bottom }
    }
}

/// `text` in lines at most `room` pixels wide in `font` at [`TEXT`], broken between words; a
/// word wider than a line is cut short with an ellipsis.
fn wrap(font: &ab_glyph::FontRef<'static>, text: &str, room: i32) -> Vec<String> {
    let fits = |line: &str| measure(font, TEXT, line).0 <= room;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if fits(&joined) {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        line = word.to_string();
        while !fits(&line) && line.chars().count() > 1 {
            let kept: String = line.chars().take(line.chars().count() - 2).collect();
            line = format!("{kept}…");
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The left edge of a plot whose scale is labelled with `labels`: room for the widest.
fn plot_left(labels: &[String]) -> i32 {
    let widest = labels
        .iter()
        .map(|l| measure(&REGULAR, TEXT, l).0)
        .max()
        .unwrap_or(0);
    MARGIN + widest + 12
}

/// Ratings (with deviations), oldest first, as a line with its ± deviation band, and a caption
/// under it; an empty series draws a note.
pub fn rating_plot_png(lang: Lang, title: &str, caption: &str, points: &[(f64, f64)]) -> Vec<u8> {
    let Frame {
        mut image,
        top,
        bottom,
    } = Frame::new(title, caption);
    if points.is_empty() {
        write(
            &mut image,
            (MARGIN, top + LINE),
            TEXT,
            &REGULAR,
            FRAME_DIM,
            &tr!(lang, "plot-no-games"),
        );
        return encode(&image);
    }
    let scale = RatingScale::of(points);
    let labels: Vec<String> = scale.values.iter().map(|v| format!("{v:.0}")).collect();
    let (left, right) = (plot_left(&labels), WIDTH as i32 - MARGIN);
    let y_of = |rating: f64| {
        f64::from(bottom)
            - (rating - scale.low) / (scale.high - scale.low) * f64::from(bottom - top)
    };
    let step = f64::from(right - left) / (points.len().max(2) - 1) as f64;
    let x_of = |i: usize| f64::from(left) + step * i as f64;

    draw_deviation_band(&mut image, points, (left, right), step, &x_of, &y_of);
    for (value, label) in scale.values.iter().zip(&labels) {
        grid_line(&mut image, (left, right), y_of(*value) as f32, label);
    }
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

/// The ratings a plot spans, rounded out to hundreds so the grid lines fall on round numbers,
/// and the values labelled: every hundred while their labels keep a line apart, else every
/// second, fifth or tenth.
struct RatingScale {
    low: f64,
    high: f64,
    values: Vec<f64>,
}

impl RatingScale {
    fn of(points: &[(f64, f64)]) -> RatingScale {
        let low = points.iter().map(|(r, d)| r - d).fold(f64::MAX, f64::min);
        let high = points.iter().map(|(r, d)| r + d).fold(f64::MIN, f64::max);
        let (low, high) = ((low / 100.0).floor() * 100.0, (high / 100.0).ceil() * 100.0);
        let lines = ((high - low) / 100.0).max(1.0);
        let every = [1.0, 2.0, 5.0, 10.0]
            .into_iter()
            .find(|n| f64::from(PLOT_HEIGHT) / (lines / n) >= f64::from(LINE))
            .unwrap_or(10.0)
            * 100.0;
        let mut values = Vec::new();
        let mut value = (low / every).ceil() * every;
        while value <= high {
            values.push(value);
            value += every;
        }
        RatingScale { low, high, values }
    }
}

/// The ± deviation band, one column strip per game (`step` apart, centred on `x_of`).
fn draw_deviation_band(
    image: &mut RgbImage,
    points: &[(f64, f64)],
    (left, right): (i32, i32),
    step: f64,
    x_of: &dyn Fn(usize) -> f64,
    y_of: &dyn Fn(f64) -> f64,
) {
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
            image,
            rect(
                i64::from(x0),
                i64::from(y0),
                i64::from(x1 - x0),
                i64::from(y1 - y0),
            ),
            BAND,
        );
    }
}

/// White's chance of winning after each move (the start first, from 0 to 1) as a line over a
/// 0–100% scale, in the rating plot's style; the moves numbered in `marks` are marked and
/// labelled. The title's first line is bold, its others (e.g. who is White and who Red) not.
pub fn chances_plot_png(title: &str, caption: &str, chances: &[f64], marks: &[u32]) -> Vec<u8> {
    let Frame {
        mut image,
        top,
        bottom,
    } = Frame::new(title, caption);
    let percents = [0, 50, 100];
    let labels: Vec<String> = percents.iter().map(|p| format!("{p}%")).collect();
    // The last move's number is centred under the right end.
    let last = chances.len().saturating_sub(1).max(1);
    let half_last = measure(&REGULAR, TEXT, &last.to_string()).0 / 2;
    let (left, right) = (plot_left(&labels), WIDTH as i32 - MARGIN - half_last);
    let y_of = |chance: f64| f64::from(bottom) - chance.clamp(0.0, 1.0) * f64::from(bottom - top);
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
    for (percent, label) in percents.iter().zip(&labels) {
        let y = y_of(f64::from(*percent) / 100.0) as f32;
        grid_line(&mut image, (left, right), y, label);
    }
    for quarter in [25, 75] {
        let y = y_of(f64::from(quarter) / 100.0) as f32;
        draw_line_segment_mut(&mut image, (left as f32, y), (right as f32, y), AXIS);
    }
    draw_move_numbers(&mut image, chances.len(), step, bottom, &x_of);
    let line: Vec<(i32, i32)> = chances
        .iter()
        .enumerate()
        .map(|(ply, chance)| (x_of(ply).round() as i32, y_of(*chance).round() as i32))
        .collect();
    draw_line(&mut image, &line);
    for &number in marks {
        if let Some(&point) = line.get(number as usize) {
            draw_mark(&mut image, point, number, top);
        }
    }
    encode(&image)
}

/// The move numbers of `plies` positions along the bottom of the plot, `step` apart, as often
/// as they keep apart.
fn draw_move_numbers(
    image: &mut RgbImage,
    plies: usize,
    step: f64,
    bottom: i32,
    x_of: &dyn Fn(usize) -> f64,
) {
    let last = plies.saturating_sub(1).max(1);
    let widest = measure(&REGULAR, TEXT, &last.to_string()).0 + 24;
    let every = [5, 10, 20, 25, 50, 100, 200]
        .into_iter()
        .find(|n| step * f64::from(*n) >= f64::from(widest))
        .unwrap_or(500);
    for ply in (0..plies).step_by(every as usize) {
        let label = ply.to_string();
        let (w, _) = measure(&REGULAR, TEXT, &label);
        let x = x_of(ply) as i32;
        write(
            image,
            (x - w / 2, bottom + 8),
            TEXT,
            &REGULAR,
            FRAME_DIM,
            &label,
        );
    }
}

/// A marked move: a gold square on the line at `(x, y)`, its number above it (below it when
/// the point is near the plot's `top`), within the picture.
fn draw_mark(image: &mut RgbImage, (x, y): (i32, i32), number: u32, top: i32) {
    fill_rect(
        image,
        rect(i64::from(x - 6), i64::from(y - 6), 13, 13),
        FRAME_TEXT,
    );
    fill_rect(
        image,
        rect(i64::from(x - 4), i64::from(y - 4), 9, 9),
        HIGHLIGHT,
    );
    let label = number.to_string();
    let (w, h) = measure(&BOLD, TEXT, &label);
    let label_y = if y - top > h + 12 { y - h - 12 } else { y + 12 };
    let label_x = (x - w / 2).clamp(MARGIN / 2, WIDTH as i32 - MARGIN / 2 - w);
    write(image, (label_x, label_y), TEXT, &BOLD, FRAME_TEXT, &label);
}

/// A grid line across the plot at height `y`, labelled on the left.
fn grid_line(image: &mut RgbImage, (left, right): (i32, i32), y: f32, label: &str) {
    draw_line_segment_mut(image, (left as f32, y), (right as f32, y), AXIS);
    let (w, h) = measure(&REGULAR, TEXT, label);
    write(
        image,
        (left - 12 - w, y as i32 - h / 2),
        TEXT,
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

#[cfg(test)]
mod tests {
    use ab_glyph::{Font, PxScale};

    use super::*;
    use crate::render::written::{Written, recorded};

    /// The height of a capital at `size`, as the font draws it.
    fn capital_height(size: f32) -> f32 {
        let glyph = REGULAR.glyph_id('H').with_scale(PxScale::from(size));
        let outline = REGULAR.outline_glyph(glyph).expect("the font draws H");
        outline.px_bounds().height()
    }

    /// Every text written is at least 22 px tall (its capitals) and lies inside the picture,
    /// which is 900 px wide.
    fn readable(png: &[u8], written: &[Written]) {
        let image = image::load_from_memory(png).unwrap();
        assert_eq!(image.width(), 900);
        assert!(!written.is_empty());
        for text in written {
            let height = capital_height(text.size);
            assert!(height >= 22.0, "{text:?}: capitals {height} px tall");
            let (width, (x, y)) = (text.width, text.at);
            assert!(x >= 0 && x + width <= 900, "{text:?} is {width} px wide");
            let bottom = y + text.size as i32;
            assert!(y >= 0 && bottom <= image.height() as i32, "{text:?}");
        }
    }

    /// All the words written, in the order written.
    fn words(written: &[Written]) -> String {
        let texts: Vec<&str> = written.iter().map(|w| w.text.as_str()).collect();
        texts.join(" ")
    }

    #[test]
    fn a_chances_chart_is_readable_on_a_phone_and_titled_whole() {
        let title = "Game #123\nA rather long player name (White) against Someone else (Red)";
        let caption = "White's chances of winning move by move (4000 playouts a position)";
        for plies in [2u32, 30, 90, 250] {
            let chances: Vec<f64> = (0..=plies)
                .map(|i| (f64::from(i) * 0.37).sin() / 2.0 + 0.5)
                .collect();
            let marks = [1, plies / 2, plies];
            let (png, written) = recorded(|| chances_plot_png(title, caption, &chances, &marks));
            readable(&png, &written);
            let all = words(&written);
            assert!(
                all.starts_with(
                    "Game #123 A rather long player name (White) against Someone else (Red)"
                ),
                "{all}"
            );
            assert!(all.contains(caption), "{all}");
            assert!(all.contains(&format!("{plies}")), "{all}");
        }
    }

    #[test]
    fn a_word_wider_than_the_picture_is_cut_short() {
        let long = "W".repeat(80);
        let (png, written) = recorded(|| chances_plot_png(&long, &long, &[0.5, 0.6], &[1]));
        readable(&png, &written);
        assert!(written[0].text.ends_with('…'), "{:?}", written[0]);
    }

    #[test]
    fn a_rating_plot_is_readable_on_a_phone() {
        let mut points = vec![(1500.0, 350.0)];
        for i in 0..40 {
            let i = f64::from(i);
            points.push((1500.0 + 400.0 * (i * 0.3).sin(), 350.0 - 6.0 * i));
        }
        for series in [&points[..], &points[..3], &[]] {
            let (png, written) =
                recorded(|| rating_plot_png(Lang::En, "Rating of alice", "40 rated games", series));
            readable(&png, &written);
        }
    }
}

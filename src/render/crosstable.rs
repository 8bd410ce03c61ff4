//! A tournament's crosstable as a PNG: a title, a header row, and one row per entrant, the
//! columns as wide as their widest text. The words and the results come in as text (the
//! service writes them in the reader's language); this file only draws.

use image::{Rgb, RgbImage};

use super::palette::{FRAME, FRAME_DIM, FRAME_TEXT, HIGHLIGHT};
use super::{BOLD, REGULAR, encode, fill_rect, measure, rect, write};

/// What a crosstable shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Crosstable {
    pub title: String,
    /// The column headings.
    pub header: Vec<String>,
    /// One row of cells per entrant, as many as the header has.
    pub rows: Vec<Vec<String>>,
    /// Rows drawn dimmed (withdrawn entrants).
    pub dimmed: Vec<bool>,
}

const TEXT: f32 = 17.0;
const ROW: i32 = 30;
const PAD: i32 = 12;
const MARGIN: i32 = 20;
const STRIPE: Rgb<u8> = Rgb([0x2a, 0x38, 0x41]);
/// Wider pictures are hard to read on a phone: names are cut to fit this.
const MOST_WIDTH: i32 = 1600;

/// The crosstable as PNG bytes. Takes a few milliseconds: call it off the async threads.
pub fn crosstable_png(table: &Crosstable) -> Vec<u8> {
    let columns = table.header.len();
    let mut widths: Vec<i32> = (0..columns)
        .map(|c| {
            let header = measure(&BOLD, TEXT, &table.header[c]).0;
            let cells = table
                .rows
                .iter()
                .filter_map(|row| row.get(c))
                .map(|text| measure(&REGULAR, TEXT, text).0)
                .max()
                .unwrap_or(0);
            header.max(cells) + 2 * PAD
        })
        .collect();
    // The name column (the second) gives way when the table is too wide.
    let total: i32 = widths.iter().sum::<i32>() + 2 * MARGIN;
    if total > MOST_WIDTH && columns > 1 {
        widths[1] = (widths[1] - (total - MOST_WIDTH)).max(80);
    }
    let title_width = measure(&BOLD, 24.0, &table.title).0 + 2 * MARGIN;
    let width = (widths.iter().sum::<i32>() + 2 * MARGIN)
        .max(title_width)
        .max(300);
    let height = MARGIN + 40 + ROW * (table.rows.len() as i32 + 1) + MARGIN;
    let mut image = RgbImage::from_pixel(width as u32, height as u32, FRAME);
    write(
        &mut image,
        (MARGIN, MARGIN),
        24.0,
        &BOLD,
        FRAME_TEXT,
        &table.title,
    );

    let top = MARGIN + 40;
    let mut x = MARGIN;
    for (c, heading) in table.header.iter().enumerate() {
        write(
            &mut image,
            (x + PAD, top + 6),
            TEXT,
            &BOLD,
            HIGHLIGHT,
            heading,
        );
        x += widths[c];
    }
    for (r, row) in table.rows.iter().enumerate() {
        let y = top + ROW * (r as i32 + 1);
        if r % 2 == 0 {
            let area = rect(
                i64::from(MARGIN),
                i64::from(y),
                i64::from(width - 2 * MARGIN),
                i64::from(ROW),
            );
            fill_rect(&mut image, area, STRIPE);
        }
        let color = if table.dimmed.get(r).copied().unwrap_or(false) {
            FRAME_DIM
        } else {
            FRAME_TEXT
        };
        let mut x = MARGIN;
        for (c, text) in row.iter().enumerate().take(columns) {
            let shown = fitted(text, widths[c] - 2 * PAD);
            write(&mut image, (x + PAD, y + 6), TEXT, &REGULAR, color, &shown);
            x += widths[c];
        }
    }
    encode(&image)
}

/// `text` cut with an ellipsis to fit `room` pixels.
fn fitted(text: &str, room: i32) -> String {
    if measure(&REGULAR, TEXT, text).0 <= room {
        return text.to_string();
    }
    let mut kept: String = text.to_string();
    while !kept.is_empty() && measure(&REGULAR, TEXT, &format!("{kept}…")).0 > room {
        kept.pop();
    }
    format!("{kept}…")
}

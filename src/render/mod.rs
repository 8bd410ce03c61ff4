//! The only pixels in the crate: a PNG of a position with its caption, as players see it on
//! Discord (phones and desktops, dark and light themes).
//!
//! The picture is opaque (a dark frame around a light "lagoon" board), so it reads the same on
//! every theme. White tiles are light, Red tiles dark, both with dark outlines: they differ in
//! lightness, not only in hue, for colour-blind players. Islands are drawn as one solid landmass,
//! sandbanks as loose smaller stones. Output is deterministic: the same input gives the same bytes.

use std::sync::{LazyLock, Mutex, PoisonError};

use ab_glyph::{FontRef, PxScale};
use image::{Rgb, RgbImage};
use imageproc::drawing::{
    draw_antialiased_line_segment_mut, draw_antialiased_polygon_mut, draw_text_mut, text_size,
};
use imageproc::pixelops::interpolate;
use imageproc::point::Point;
use imageproc::rect::Rect;

use crate::game::{Bridge, Cell, Color, Game, Move};

mod animation;
mod caption;
mod crosstable;
mod deflate;
mod indexed;
mod plot;

pub use animation::{Still, animated_gif, animated_gif_on, gif_color};
use caption::draw_panel;
pub use caption::{caption_name, caption_text, title_fits};
pub use crosstable::{Crosstable, crosstable_png};
pub use indexed::{BOARD_MOST_OFF, OWN_MOST_OFF};
pub use plot::{chances_plot_png, rating_plot_png};

use crate::i18n::{Hidden, Lang};

/// Width of every picture, whatever the board size.
pub const WIDTH: u32 = 900;
/// The size of the smallest text of a picture, as `ab_glyph` scales fonts (the height from the
/// font's ascent to its descent): DejaVu Sans's digits and capitals are 0.63 of it, 23.8 px
/// here. A phone shows the 900 px picture about 360 px wide, where they are 9.5 px tall.
pub const SMALLEST_TEXT: f32 = 38.0;
/// Room for the coordinates around the board (two digits of the smallest text, and a margin).
const EDGE: u32 = 50;
/// One line of the caption.
const LINE: u32 = 52;
/// Height of the caption panel under the board: the title, a line per player and two for
/// whose turn it is or how the game ended.
pub const PANEL: u32 = 5 * LINE + 20;

/// The colours of the picture (public for tests that probe pixels).
pub mod palette {
    use image::Rgb;

    pub const FRAME: Rgb<u8> = Rgb([0x22, 0x2e, 0x36]);
    pub const FRAME_TEXT: Rgb<u8> = Rgb([0xe6, 0xe9, 0xeb]);
    pub const FRAME_DIM: Rgb<u8> = Rgb([0x9a, 0xa8, 0xb0]);
    pub const WATER: Rgb<u8> = Rgb([0xa6, 0xcb, 0xdb]);
    pub const GRID: Rgb<u8> = Rgb([0x86, 0xb0, 0xc3]);
    pub const BLOCKED: Rgb<u8> = Rgb([0x8c, 0xb2, 0xc4]);
    pub const BLOCKED_MARK: Rgb<u8> = Rgb([0x4f, 0x74, 0x86]);
    pub const WHITE_FILL: Rgb<u8> = Rgb([0xfc, 0xf9, 0xf0]);
    pub const WHITE_SANDBANK: Rgb<u8> = Rgb([0xc9, 0xc1, 0xaf]);
    pub const WHITE_EDGE: Rgb<u8> = Rgb([0x2b, 0x2b, 0x2b]);
    pub const RED_FILL: Rgb<u8> = Rgb([0xb0, 0x24, 0x1c]);
    pub const RED_SANDBANK: Rgb<u8> = Rgb([0xcf, 0x6b, 0x62]);
    pub const RED_EDGE: Rgb<u8> = Rgb([0x3d, 0x08, 0x06]);
    pub const HIGHLIGHT: Rgb<u8> = Rgb([0xff, 0xc4, 0x00]);

    /// Every flat colour of a board picture.
    pub const FLAT: [Rgb<u8>; 14] = [
        FRAME,
        FRAME_TEXT,
        FRAME_DIM,
        WATER,
        GRID,
        BLOCKED,
        BLOCKED_MARK,
        WHITE_FILL,
        WHITE_SANDBANK,
        WHITE_EDGE,
        RED_FILL,
        RED_SANDBANK,
        RED_EDGE,
        HIGHLIGHT,
    ];
}

use palette::*;

static REGULAR: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../assets/fonts/DejaVuSans.ttf"))
        .expect("the bundled font parses")
});
static BOLD: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf"))
        .expect("the bundled font parses")
});

pub fn fill(color: Color) -> Rgb<u8> {
    match color {
        Color::White => WHITE_FILL,
        Color::Red => RED_FILL,
    }
}

/// Sandbanks are paler than islands: unfinished land.
pub fn sandbank_fill(color: Color) -> Rgb<u8> {
    match color {
        Color::White => WHITE_SANDBANK,
        Color::Red => RED_SANDBANK,
    }
}

pub fn edge(color: Color) -> Rgb<u8> {
    match color {
        Color::White => WHITE_EDGE,
        Color::Red => RED_EDGE,
    }
}

/// What a picture shows: the position and the facts its caption needs.
pub struct Picture<'a> {
    pub game: &'a Game,
    pub white: &'a str,
    pub red: &'a str,
    /// The caption's first line, e.g. "Game #12".
    pub title: &'a str,
    /// How the game ended, in the service's words; `None` while it goes on.
    pub ending: Option<&'a str>,
    /// The language of the caption.
    pub lang: Lang,
}

/// Where things are in a picture of a `size`×`size` board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub size: u8,
    /// Side of a cell in pixels.
    pub cell: u32,
    /// Top-left corner of the board.
    pub left: u32,
    pub top: u32,
    pub width: u32,
    pub height: u32,
}

impl Layout {
    pub fn new(size: u8) -> Layout {
        let cell = (WIDTH - 2 * EDGE) / u32::from(size);
        let board = cell * u32::from(size);
        Layout {
            size,
            cell,
            left: (WIDTH - board) / 2,
            top: EDGE,
            width: WIDTH,
            height: EDGE + board + EDGE + PANEL,
        }
    }

    fn board_side(&self) -> u32 {
        self.cell * u32::from(self.size)
    }

    /// The top-left pixel of a cell (row 1 is at the bottom).
    pub fn cell_origin(&self, cell: Cell) -> (u32, u32) {
        let x = self.left + u32::from(cell.col()) * self.cell;
        let y = self.top + u32::from(self.size - 1 - cell.row()) * self.cell;
        (x, y)
    }

    /// The centre pixel of a cell.
    pub fn cell_center(&self, cell: Cell) -> (u32, u32) {
        let (x, y) = self.cell_origin(cell);
        (x + self.cell / 2, y + self.cell / 2)
    }

    /// Half the width of a bridge's plank.
    pub fn plank_half_width(&self) -> f32 {
        self.cell as f32 * 0.13
    }

    /// Width of the dark rim around a plank.
    pub fn plank_rim(&self) -> f32 {
        (self.cell as f32 / 16.0).max(3.0)
    }

    /// The rows of pixels between the board's outer grid lines.
    fn board_rows(&self) -> std::ops::Range<u32> {
        self.top + 1..self.top + self.board_side()
    }

    fn panel_top(&self) -> u32 {
        self.top + self.board_side() + EDGE
    }
}

/// The picture as a PNG file's bytes: indexed, of the board pictures' palette.
pub fn render_png(picture: &Picture) -> Vec<u8> {
    render_png_hiding(picture, Hidden::default())
}

/// [`render_png`] with a caption that leaves out what `hidden` says (a lesson's question).
pub fn render_png_hiding(picture: &Picture, hidden: Hidden) -> Vec<u8> {
    let layout = Layout::new(picture.game.board().size());
    indexed::encode_board(&render_hiding(picture, hidden), layout.board_rows())
}

/// PNG bytes of an image (a plot, a table): indexed, of a palette from its own colours.
fn encode(image: &RgbImage) -> Vec<u8> {
    indexed::encode(image)
}

/// The picture as pixels.
pub fn render(picture: &Picture) -> RgbImage {
    render_hiding(picture, Hidden::default())
}

/// [`render`] with a caption that leaves out what `hidden` says.
fn render_hiding(picture: &Picture, hidden: Hidden) -> RgbImage {
    let layout = Layout::new(picture.game.board().size());
    let mut image = background(&layout);
    draw_board(&mut image, &layout, picture.game);
    draw_panel(&mut image, &layout, picture, hidden);
    image
}

/// What depends only on the board's size (frame, water, grid and coordinates), drawn once per
/// size: copying it costs a fraction of drawing it, and every move draws a picture.
fn background(layout: &Layout) -> RgbImage {
    static DRAWN: Mutex<Vec<(u8, RgbImage)>> = Mutex::new(Vec::new());
    let mut drawn = DRAWN.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, image)) = drawn.iter().find(|(size, _)| *size == layout.size) {
        return image.clone();
    }
    let mut image = RgbImage::from_pixel(layout.width, layout.height, FRAME);
    let (left, top, cell) = (
        i64::from(layout.left),
        i64::from(layout.top),
        i64::from(layout.cell),
    );
    let side = i64::from(layout.board_side());
    fill_rect(&mut image, rect(left, top, side, side), WATER);
    for i in 0..=i64::from(layout.size) {
        fill_rect(&mut image, rect(left + i * cell, top, 1, side + 1), GRID);
        fill_rect(&mut image, rect(left, top + i * cell, side + 1, 1), GRID);
    }
    draw_coordinates(&mut image, layout);
    drawn.push((layout.size, image.clone()));
    image
}

fn rect(x: i64, y: i64, w: i64, h: i64) -> Option<Rect> {
    (w > 0 && h > 0).then(|| Rect::at(x as i32, y as i32).of_size(w as u32, h as u32))
}

/// Fills the part of `area` inside the image.
fn fill_rect(image: &mut RgbImage, area: Option<Rect>, color: Rgb<u8>) {
    let Some(area) = area else { return };
    let (width, height) = (image.width() as i32, image.height() as i32);
    let (left, right) = (area.left().max(0), (area.right() + 1).min(width));
    let (top, bottom) = (area.top().max(0), (area.bottom() + 1).min(height));
    if left >= right || top >= bottom {
        return;
    }
    let stride = width as usize * 3;
    let pixels: &mut [u8] = image.as_mut();
    let first =
        top as usize * stride + left as usize * 3..top as usize * stride + right as usize * 3;
    for pixel in pixels[first.clone()].chunks_exact_mut(3) {
        pixel.copy_from_slice(&color.0);
    }
    // The other rows are copies of the first: copying a row is faster than writing its
    // pixels three bytes at a time.
    for y in top as usize + 1..bottom as usize {
        pixels.copy_within(first.clone(), y * stride + left as usize * 3);
    }
}

/// A text's width and height at a pixel size.
fn measure(font: &FontRef, size: f32, text: &str) -> (i32, i32) {
    let (w, h) = text_size(PxScale::from(size), font, text);
    (w as i32, h as i32)
}

fn write(
    image: &mut RgbImage,
    (x, y): (i32, i32),
    size: f32,
    font: &FontRef,
    color: Rgb<u8>,
    text: &str,
) {
    #[cfg(test)]
    written::WRITTEN.with_borrow_mut(|all| {
        all.push(written::Written {
            at: (x, y),
            size,
            width: measure(font, size, text).0,
            text: text.to_string(),
        });
    });
    draw_text_mut(image, color, x, y, PxScale::from(size), font, text);
}

fn draw_board(image: &mut RgbImage, layout: &Layout, game: &Game) {
    let board = game.board();
    let cell = i64::from(layout.cell);
    for blocked in board.blocked() {
        let (x, y) = layout.cell_origin(blocked);
        let (x, y) = (i64::from(x), i64::from(y));
        // Inside the grid lines around the cell, which belong to the background.
        fill_rect(image, rect(x + 1, y + 1, cell - 1, cell - 1), BLOCKED);
        let inset = (cell / 3) as f32;
        let (x, y) = (x as f32, y as f32);
        let far = cell as f32 - inset;
        for (a, b) in [
            ((x + inset, y + inset), (x + far, y + far)),
            ((x + far, y + inset), (x + inset, y + far)),
        ] {
            for shift in [0.0, 1.0] {
                draw_antialiased_line_segment_mut(
                    image,
                    ((a.0 + shift) as i32, a.1 as i32),
                    ((b.0 + shift) as i32, b.1 as i32),
                    BLOCKED_MARK,
                    interpolate,
                );
            }
        }
    }

    for color in Color::BOTH {
        draw_tiles(image, layout, game, color);
    }
    let last = game.last_move();
    if let Some(Move::Place(a, b)) = last {
        for placed in [a, b] {
            draw_new_tile_mark(image, layout, placed);
        }
    }
    for (owner, bridge) in board.bridges() {
        let just_built = matches!(last, Some(Move::Bridge(a, b))
            if Bridge::between(a, b) == Some(*bridge));
        draw_bridge(image, layout, *owner, *bridge, just_built);
    }
    for color in Color::BOTH {
        draw_island_markers(image, layout, game, color);
    }
}

fn draw_coordinates(image: &mut RgbImage, layout: &Layout) {
    let size = SMALLEST_TEXT;
    let (left, top, cell) = (layout.left as i32, layout.top as i32, layout.cell as i32);
    let side = layout.board_side() as i32;
    for i in 0..i32::from(layout.size) {
        let letter = ((b'a' + i as u8) as char).to_string();
        let (w, h) = measure(&REGULAR, size, &letter);
        let x = left + i * cell + (cell - w) / 2;
        write(
            image,
            (x, (top - h) / 2 - 2),
            size,
            &REGULAR,
            FRAME_TEXT,
            &letter,
        );
        let below = top + side + (EDGE as i32 - h) / 2;
        write(image, (x, below), size, &REGULAR, FRAME_TEXT, &letter);

        let number = (i32::from(layout.size) - i).to_string();
        let (w, h) = measure(&REGULAR, size, &number);
        let y = top + i * cell + (cell - h) / 2;
        write(
            image,
            ((left - w) / 2, y),
            size,
            &REGULAR,
            FRAME_TEXT,
            &number,
        );
        let right = left + side + (layout.width as i32 - left - side - w) / 2;
        write(image, (right, y), size, &REGULAR, FRAME_TEXT, &number);
    }
}

/// Tiles of one colour: islands as one solid landmass with a marker, sandbanks as smaller, paler
/// stones. An outline pass under a fill pass outlines each group as a whole.
fn draw_tiles(image: &mut RgbImage, layout: &Layout, game: &Game, color: Color) {
    let board = game.board();
    let tiles = board.tiles(color);
    let islands = board.islands(color);
    let cell = i64::from(layout.cell);
    let line = |island: bool| {
        if island {
            (cell / 18).max(3)
        } else {
            (cell / 30).max(2)
        }
    };
    // Insets from the cell edge: islands nearly fill their cells, sandbanks clearly do not.
    let inset = |island: bool| if island { cell / 12 } else { cell / 5 };
    // Every tile, and the bridge of tile to its right or upper neighbour (always the same
    // group), as rectangles grown by `grow(island)`.
    let shapes = |grow: &dyn Fn(bool) -> i64| {
        let mut areas = Vec::new();
        for tile in tiles {
            let island = islands.contains(tile);
            let pad = inset(island) - grow(island);
            let (x, y) = layout.cell_origin(tile);
            let (x, y) = (i64::from(x), i64::from(y));
            areas.push((
                island,
                rect(x + pad, y + pad, cell - 2 * pad, cell - 2 * pad),
            ));
            let (col, row) = (i32::from(tile.col()), i32::from(tile.row()));
            let size = board.size();
            if Cell::on_board(col + 1, row, size).is_some_and(|c| tiles.contains(c)) {
                areas.push((island, rect(x + cell / 2, y + pad, cell, cell - 2 * pad)));
            }
            let own = |dc: i32, dr: i32| {
                Cell::on_board(col + dc, row + dr, size).is_some_and(|c| tiles.contains(c))
            };
            if own(0, 1) {
                areas.push((island, rect(x + pad, y - cell / 2, cell - 2 * pad, cell)));
            }
            // Four tiles in a square leave a gap where their corners meet: fill it.
            if own(1, 0) && own(0, 1) && own(1, 1) {
                areas.push((island, rect(x + cell / 2, y - cell / 2, cell, cell)));
            }
        }
        areas
    };
    for (_, area) in shapes(&line) {
        fill_rect(image, area, edge(color));
    }
    for (island, area) in shapes(&|_| 0) {
        let paint = if island {
            fill(color)
        } else {
            sandbank_fill(color)
        };
        fill_rect(image, area, paint);
    }
}

/// One marker per island, on the tile nearest its middle, so islands can be counted at a
/// glance. Drawn after the bridges: when every tile of an island carries a bridge end, the
/// marker sits on the plank rather than under it.
fn draw_island_markers(image: &mut RgbImage, layout: &Layout, game: &Game, color: Color) {
    let board = game.board();
    let islands = board.islands(color);
    let mut unmarked = islands;
    while let Some(first) = unmarked.first() {
        let island = board.group(first);
        unmarked &= !island;
        let cells: Vec<Cell> = island.iter().collect();
        let n = cells.len() as f32;
        let mid_col = cells.iter().map(|c| f32::from(c.col())).sum::<f32>() / n;
        let mid_row = cells.iter().map(|c| f32::from(c.row())).sum::<f32>() / n;
        let distance = |c: &&Cell| {
            let (dc, dr) = (f32::from(c.col()) - mid_col, f32::from(c.row()) - mid_row);
            dc * dc + dr * dr
        };
        // Bridge ends cover their tile's centre: mark a free tile if there is one.
        let free: Vec<&Cell> = cells
            .iter()
            .filter(|c| board.bridge_on(**c).is_none())
            .collect();
        let candidates = if free.is_empty() {
            cells.iter().collect()
        } else {
            free
        };
        let Some(centre) = candidates
            .into_iter()
            .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        else {
            continue;
        };
        let (x, y) = layout.cell_center(*centre);
        let radius = (layout.cell / 9) as i32;
        let diamond = [
            Point::new(x as i32, y as i32 - radius),
            Point::new(x as i32 + radius, y as i32),
            Point::new(x as i32, y as i32 + radius),
            Point::new(x as i32 - radius, y as i32),
        ];
        draw_antialiased_polygon_mut(image, &diamond, edge(color), interpolate);
    }
}

/// A gold square frame around the middle of a newly placed tile, with a dark rim so it shows on
/// light tiles too.
fn draw_new_tile_mark(image: &mut RgbImage, layout: &Layout, tile: Cell) {
    let (cx, cy) = layout.cell_center(tile);
    let (cx, cy) = (i64::from(cx), i64::from(cy));
    let cell = i64::from(layout.cell);
    let outer = cell / 5;
    let width = (cell / 20).max(3);
    let frame = |image: &mut RgbImage, half: i64, width: i64, color: Rgb<u8>| {
        let (x, y, side) = (cx - half, cy - half, 2 * half);
        fill_rect(image, rect(x, y, side, width), color);
        fill_rect(image, rect(x, y + side - width, side, width), color);
        fill_rect(image, rect(x, y, width, side), color);
        fill_rect(image, rect(x + side - width, y, width, side), color);
    };
    frame(image, outer + 1, width + 2, WHITE_EDGE);
    frame(image, outer, width, HIGHLIGHT);
}

/// A plank between the two tile centres, outlined, with cross boards.
fn draw_bridge(image: &mut RgbImage, layout: &Layout, owner: Color, bridge: Bridge, last: bool) {
    let [a, b] = bridge.ends().map(|end| {
        let (x, y) = layout.cell_center(end);
        (x as f32, y as f32)
    });
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let half = layout.plank_half_width();
    let plank = |half_width: f32, overhang: f32, color: Rgb<u8>, image: &mut RgbImage| {
        let corner = |p: (f32, f32), side: f32, along: f32| {
            Point::new(
                (p.0 + nx * half_width * side + ux * along).round() as i32,
                (p.1 + ny * half_width * side + uy * along).round() as i32,
            )
        };
        let polygon = [
            corner(a, 1.0, -overhang),
            corner(b, 1.0, overhang),
            corner(b, -1.0, overhang),
            corner(a, -1.0, -overhang),
        ];
        draw_antialiased_polygon_mut(image, &polygon, color, interpolate);
    };
    let rim = layout.plank_rim();
    if last {
        plank(half + rim * 2.5, rim * 3.0, HIGHLIGHT, image);
    }
    plank(half + rim, rim, edge(owner), image);
    plank(half, 0.0, fill(owner), image);
    // Cross boards make it read as a plank, not a line.
    let boards = (length / (layout.cell as f32 * 0.28)) as i32;
    for i in 1..boards {
        let t = i as f32 / boards as f32;
        let (cx, cy) = (a.0 + dx * t, a.1 + dy * t);
        draw_antialiased_line_segment_mut(
            image,
            ((cx + nx * half) as i32, (cy + ny * half) as i32),
            ((cx - nx * half) as i32, (cy - ny * half) as i32),
            edge(owner),
            interpolate,
        );
    }
}

/// The texts the drawing on this thread wrote, for tests that check what a picture asks of
/// the font.
#[cfg(test)]
pub(crate) mod written {
    use std::cell::RefCell;

    #[derive(Clone, Debug)]
    pub struct Written {
        pub at: (i32, i32),
        pub size: f32,
        /// As wide as the font draws it.
        pub width: i32,
        pub text: String,
    }

    thread_local! {
        pub static WRITTEN: RefCell<Vec<Written>> = const { RefCell::new(Vec::new()) };
    }

    /// What `draw` wrote, and what it returned.
    pub fn recorded<T>(draw: impl FnOnce() -> T) -> (T, Vec<Written>) {
        WRITTEN.with_borrow_mut(Vec::clear);
        let value = draw();
        (value, WRITTEN.with_borrow_mut(std::mem::take))
    }
}

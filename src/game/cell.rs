//! The small vocabulary of the game: colours and cells.

use std::fmt;
use std::str::FromStr;

/// The largest board the engine supports (16×16, columns `a`–`p`).
pub const MAX_SIZE: u8 = 16;
/// The smallest board the engine supports.
pub const MIN_SIZE: u8 = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Red,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Red];

    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Red,
            Color::Red => Color::White,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Red => "red",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A cell of a board up to 16×16: column `a`… left to right, row `1`… bottom to top.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell at zero-based `col` and `row`, both below [`MAX_SIZE`].
    pub const fn new(col: u8, row: u8) -> Cell {
        assert!(col < MAX_SIZE && row < MAX_SIZE);
        Cell(row * MAX_SIZE + col)
    }

    /// The cell at zero-based coordinates, or `None` when they leave a `size`×`size` board.
    pub fn on_board(col: i32, row: i32, size: u8) -> Option<Cell> {
        let size = i32::from(size);
        ((0..size).contains(&col) && (0..size).contains(&row))
            .then(|| Cell::new(col as u8, row as u8))
    }

    pub(crate) const fn from_index(index: u8) -> Cell {
        Cell(index)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    /// Zero-based column (`a` is 0).
    pub const fn col(self) -> u8 {
        self.0 % MAX_SIZE
    }

    /// Zero-based row (`1` is 0).
    pub const fn row(self) -> u8 {
        self.0 / MAX_SIZE
    }

    pub const fn is_on(self, size: u8) -> bool {
        self.col() < size && self.row() < size
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a cell of any supported board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotACell {
    #[error("\"{0}\" is not a cell: write a column letter and a row number, like c7")]
    Malformed(String),
    /// A letter and a number, but beyond the largest board (columns a–p, rows 1–16).
    #[error("{0} is off the board")]
    OffEveryBoard(String),
}

impl FromStr for Cell {
    type Err = NotACell;

    fn from_str(text: &str) -> Result<Cell, NotACell> {
        let mut chars = text.chars();
        let letter = chars.next().map(|c| c.to_ascii_lowercase());
        let digits = chars.as_str();
        let well_formed = letter.is_some_and(|c| c.is_ascii_lowercase())
            && (1..=3).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit());
        let (Some(letter), true) = (letter, well_formed) else {
            return Err(NotACell::Malformed(text.to_string()));
        };
        let col = letter as u8 - b'a';
        let row: u16 = digits.parse().unwrap_or(0);
        if col >= MAX_SIZE || row == 0 || row > u16::from(MAX_SIZE) {
            return Err(NotACell::OffEveryBoard(format!("{letter}{digits}")));
        }
        Ok(Cell::new(col, row as u8 - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_through_text() {
        for index in 0..=255u8 {
            let cell = Cell::from_index(index);
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
        }
        assert_eq!("C7".parse::<Cell>().unwrap().to_string(), "c7");
        assert_eq!("a1".parse::<Cell>().unwrap(), Cell::new(0, 0));
        assert_eq!("l12".parse::<Cell>().unwrap(), Cell::new(11, 11));
    }

    #[test]
    fn malformed_cells_are_rejected() {
        for bad in ["", "c", "3c", "c-1", "c1x", "é3", "c 3", "c1234", "cc3"] {
            assert_eq!(
                bad.parse::<Cell>(),
                Err(NotACell::Malformed(bad.to_string()))
            );
        }
    }

    #[test]
    fn cells_beyond_every_board_are_named() {
        for (text, name) in [("c0", "c0"), ("Q1", "q1"), ("a17", "a17"), ("z999", "z999")] {
            assert_eq!(
                text.parse::<Cell>(),
                Err(NotACell::OffEveryBoard(name.to_string()))
            );
        }
        assert_eq!("c03".parse::<Cell>(), Ok(Cell::new(2, 2)));
    }

    #[test]
    fn on_board_respects_size() {
        assert_eq!(Cell::on_board(11, 11, 12), Some(Cell::new(11, 11)));
        assert_eq!(Cell::on_board(12, 0, 12), None);
        assert_eq!(Cell::on_board(-1, 0, 12), None);
        assert!(!Cell::new(12, 3).is_on(12));
    }
}

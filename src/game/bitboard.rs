//! A set of cells on a board of up to 16×16, one bit per cell.
//!
//! Cell `row * 16 + col` is bit `index % 64` of word `index / 64`, so every row is a 16-bit lane
//! and four rows share a word. Sideways shifts are word shifts with the wrapped-around column
//! masked off; vertical shifts move whole 16-bit lanes between words.

use super::cell::Cell;

/// A set of cells. Operations never look at the board size: callers intersect with the board's
/// mask where cells beyond the edge could appear.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub(crate) [u64; 4]);

/// The first column (`a`) of every row lane in a word.
const FIRST_COLUMN: u64 = 0x0001_0001_0001_0001;
/// The last possible column (`p`) of every row lane in a word.
const LAST_COLUMN: u64 = 0x8000_8000_8000_8000;

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard([0; 4]);

    /// The cells of a `size`×`size` board.
    pub fn board(size: u8) -> Bitboard {
        let row_bits: u64 = (1u64 << size) - 1;
        let mut board = Bitboard::EMPTY;
        for row in 0..size as usize {
            board.0[row / 4] |= row_bits << ((row % 4) * 16);
        }
        board
    }

    pub const fn single(cell: Cell) -> Bitboard {
        let mut words = [0; 4];
        let index = cell.index() as usize;
        words[index / 64] = 1 << (index % 64);
        Bitboard(words)
    }

    pub const fn contains(self, cell: Cell) -> bool {
        let index = cell.index() as usize;
        self.0[index / 64] >> (index % 64) & 1 == 1
    }

    pub fn insert(&mut self, cell: Cell) {
        let index = cell.index() as usize;
        self.0[index / 64] |= 1 << (index % 64);
    }

    pub fn remove(&mut self, cell: Cell) {
        let index = cell.index() as usize;
        self.0[index / 64] &= !(1 << (index % 64));
    }

    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    pub fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest cell (a1 first, then along row 1, then row 2, …).
    pub fn first(self) -> Option<Cell> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| Cell::from_index((i * 64) as u8 + w.trailing_zeros() as u8))
    }

    /// The `n`-th cell in iteration order, if there are more than `n`.
    pub fn nth(self, mut n: u32) -> Option<Cell> {
        for (i, &word) in self.0.iter().enumerate() {
            let count = word.count_ones();
            if n < count {
                let mut w = word;
                for _ in 0..n {
                    w &= w - 1;
                }
                return Some(Cell::from_index((i * 64) as u8 + w.trailing_zeros() as u8));
            }
            n -= count;
        }
        None
    }

    /// The cells one step east (towards higher columns).
    fn east(self) -> Bitboard {
        Bitboard(self.0.map(|w| (w << 1) & !FIRST_COLUMN))
    }

    fn west(self) -> Bitboard {
        Bitboard(self.0.map(|w| (w >> 1) & !LAST_COLUMN))
    }

    /// The cells one row up (towards higher row numbers).
    fn north(self) -> Bitboard {
        let w = self.0;
        Bitboard([
            w[0] << 16,
            w[1] << 16 | w[0] >> 48,
            w[2] << 16 | w[1] >> 48,
            w[3] << 16 | w[2] >> 48,
        ])
    }

    fn south(self) -> Bitboard {
        let w = self.0;
        Bitboard([
            w[0] >> 16 | w[1] << 48,
            w[1] >> 16 | w[2] << 48,
            w[2] >> 16 | w[3] << 48,
            w[3] >> 16,
        ])
    }

    /// Every cell moved by `dx` columns and `dy` rows (each at most 3 either way); cells that
    /// leave the 16×16 grid are dropped.
    pub fn shifted(self, dx: i32, dy: i32) -> Bitboard {
        debug_assert!(dx.abs() <= 3 && dy.abs() <= 3);
        let bits = dy * 16 + dx;
        let w = self.0;
        let moved = match bits {
            0 => w,
            1.. => {
                let (n, m) = (bits as u32, 64 - bits as u32);
                [
                    w[0] << n,
                    w[1] << n | w[0] >> m,
                    w[2] << n | w[1] >> m,
                    w[3] << n | w[2] >> m,
                ]
            }
            _ => {
                let (n, m) = ((-bits) as u32, 64 - (-bits) as u32);
                [
                    w[0] >> n | w[1] << m,
                    w[1] >> n | w[2] << m,
                    w[2] >> n | w[3] << m,
                    w[3] >> n,
                ]
            }
        };
        // Cells pushed past the side of a row wrap into the next row: clear those columns.
        let wrapped: u64 = match dx {
            1.. => (0..dx).fold(0, |mask, col| mask | FIRST_COLUMN << col),
            ..0 => (16 + dx..16).fold(0, |mask, col| mask | FIRST_COLUMN << col),
            0 => 0,
        };
        Bitboard(moved.map(|word| word & !wrapped))
    }

    /// The set plus its side-by-side neighbours.
    pub fn grow_orthogonal(self) -> Bitboard {
        self | self.east() | self.west() | self.north() | self.south()
    }

    /// The set plus all eight neighbours of each cell.
    pub fn grow_all(self) -> Bitboard {
        let row = self | self.east() | self.west();
        row | row.north() | row.south()
    }

    /// The cells of `within` connected side by side to `self` through `within`.
    pub fn flood(self, within: Bitboard) -> Bitboard {
        let mut area = self & within;
        loop {
            let grown = area.grow_orthogonal() & within;
            if grown == area {
                return area;
            }
            area = grown;
        }
    }

    pub fn iter(self) -> Cells {
        Cells(self)
    }

    /// Which of the nine cells of the 3×3 block centred on `cell` are in the set: a few shifts
    /// of three words, where growing the whole set to read one cell's neighbours would touch
    /// all four words several times over (the hot paths ask this of single cells).
    pub fn around(self, cell: Cell) -> Block {
        let (col, row) = (u32::from(cell.col()), usize::from(cell.row()));
        let lane = |row: usize| (self.0[row / 4] >> ((row % 4) * 16)) & 0xFFFF;
        let below = if row > 0 { lane(row - 1) } else { 0 };
        let above = if row < 15 { lane(row + 1) } else { 0 };
        // Shifted up by one so that column `col - 1` is bit `col`, even for column `a`.
        let three = |lane: u64| ((lane << 1) >> col) & 0b111;
        Block((three(below) | three(lane(row)) << 3 | three(above) << 6) as u16)
    }
}

/// The 3×3 block of cells around a cell (see [`Bitboard::around`]): bit `3 * (dy + 1) + (dx +
/// 1)` stands for the cell `dx` columns and `dy` rows away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block(u16);

impl Block {
    /// Whether the cell `dx` columns and `dy` rows from the centre (each −1, 0 or 1) is in it.
    pub const fn has(self, (dx, dy): (i32, i32)) -> bool {
        self.0 >> (3 * (dy + 1) + dx + 1) & 1 == 1
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// The cells of a [`Bitboard`] in index order.
pub struct Cells(Bitboard);

impl Iterator for Cells {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        let cell = self.0.first()?;
        self.0.remove(cell);
        Some(cell)
    }
}

impl IntoIterator for Bitboard {
    type Item = Cell;
    type IntoIter = Cells;

    fn into_iter(self) -> Cells {
        self.iter()
    }
}

impl FromIterator<Cell> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Cell>>(cells: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for cell in cells {
            set.insert(cell);
        }
        set
    }
}

macro_rules! word_wise {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, $sym:tt) => {
        impl std::ops::$op for Bitboard {
            type Output = Bitboard;
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard([
                    self.0[0] $sym other.0[0],
                    self.0[1] $sym other.0[1],
                    self.0[2] $sym other.0[2],
                    self.0[3] $sym other.0[3],
                ])
            }
        }
        impl std::ops::$assign for Bitboard {
            fn $assign_method(&mut self, other: Bitboard) {
                *self = *self $sym other;
            }
        }
    };
}
word_wise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
word_wise!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(self.0.map(|w| !w))
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(names: &str) -> Bitboard {
        names
            .split_whitespace()
            .map(|n| n.parse::<Cell>().unwrap())
            .collect()
    }

    #[test]
    fn growing_stays_inside_rows_and_reaches_neighbours() {
        assert_eq!(cells("a1").grow_orthogonal(), cells("a1 b1 a2"));
        assert_eq!(cells("p4").grow_orthogonal(), cells("p4 o4 p3 p5"));
        assert_eq!(cells("a5").grow_all(), cells("a4 b4 a5 b5 a6 b6"));
        assert_eq!(cells("p16").grow_all(), cells("o15 p15 o16 p16"));
        assert_eq!(cells("d4").grow_all().len(), 9);
    }

    #[test]
    fn board_mask_counts_cells() {
        assert_eq!(Bitboard::board(6).len(), 36);
        assert_eq!(Bitboard::board(16).len(), 256);
        assert!(Bitboard::board(12).contains("l12".parse().unwrap()));
        assert!(!Bitboard::board(12).contains("m1".parse().unwrap()));
    }

    #[test]
    fn flood_follows_side_contacts_only() {
        let tiles = cells("a1 a2 b2 c3 d3");
        assert_eq!(cells("a1").flood(tiles), cells("a1 a2 b2"));
        assert_eq!(cells("d3").flood(tiles), cells("c3 d3"));
    }

    #[test]
    fn shifting_moves_cells_and_drops_those_leaving_the_grid() {
        let set = cells("a1 b2 p4 c16 h8");
        assert_eq!(set.shifted(1, 0), cells("b1 c2 d16 i8"));
        assert_eq!(set.shifted(-2, 1), cells("n5 f9"));
        assert_eq!(set.shifted(2, -2), cells("j6 e14"));
        assert_eq!(set.shifted(0, 0), set);
        for cell in Bitboard::board(16) {
            for (dx, dy) in [(1, 2), (-1, 2), (2, 1), (-2, -1), (0, -2), (2, 2), (-2, 0)] {
                let moved =
                    Cell::on_board(i32::from(cell.col()) + dx, i32::from(cell.row()) + dy, 16);
                let expected: Bitboard = moved.into_iter().collect();
                assert_eq!(
                    Bitboard::single(cell).shifted(dx, dy),
                    expected,
                    "{cell} {dx} {dy}"
                );
            }
        }
    }

    #[test]
    fn a_block_is_the_grown_cell() {
        let set = cells("a1 b2 c1 h8 i9 g7 p16 o15 p14 a16");
        for cell in Bitboard::board(16) {
            let block = set.around(cell);
            let mut expected = Bitboard::EMPTY;
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if block.has((dx, dy)) {
                        let near = Cell::on_board(
                            i32::from(cell.col()) + dx,
                            i32::from(cell.row()) + dy,
                            16,
                        )
                        .expect("a block holds only cells of the grid");
                        expected.insert(near);
                    }
                }
            }
            assert_eq!(expected, Bitboard::single(cell).grow_all() & set, "{cell}");
            assert_eq!(block.is_empty(), expected.is_empty());
        }
    }

    #[test]
    fn nth_and_iteration_agree() {
        let set = cells("a1 p4 c5 h9 p16");
        let listed: Vec<Cell> = set.iter().collect();
        for (i, cell) in listed.iter().enumerate() {
            assert_eq!(set.nth(i as u32), Some(*cell));
        }
        assert_eq!(set.nth(5), None);
    }
}

//! What lies on the board — tiles, bridges, blocked cells — and the geometric rules for adding to
//! it: the distance rule for tiles, shape, ownership, blocking and crossing for bridges.
//! Turns and supply are the business of [`super::Game`].

use super::bitboard::Bitboard;
use super::cell::{Cell, Color};
use super::error::{CellList, IllegalMove};
use super::groups::Groups;
use super::moves::Bridge;

/// A step of (columns, rows).
type Offset = (i32, i32);

/// The cells a bridge can pass over, relative to its lower end.
const PASSED: [Offset; 5] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0)];

/// Each bridge shape as the offset from its lower end to its higher end (see [`Bridge`]), with
/// the cells it passes over as indices into [`PASSED`] (a straight or diagonal bridge passes
/// over one cell, named twice).
const SHAPES: [(Offset, [usize; 2]); 8] = [
    ((2, 0), [0, 0]),
    ((0, 2), [1, 1]),
    ((2, 2), [2, 2]),
    ((-2, 2), [3, 3]),
    ((1, 2), [1, 2]),
    ((-1, 2), [1, 3]),
    ((2, 1), [0, 2]),
    ((-2, 1), [4, 3]),
];

/// Two tiles further apart than this (in king moves) cannot affect each other's legality: a group
/// reaches at most 3 cells from a tile, and groups interact only when they touch.
const INDEPENDENT_DISTANCE: u8 = 7;

/// The four sides of a cell as (columns, rows) steps.
const SIDES: [Offset; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A broken group rule, cheap to make: the hot paths only ask whether there is one.
enum Violation {
    TooLarge { cell: Cell, size: u32 },
    IslandTouches { island: Bitboard, tile: Cell },
}

impl From<Violation> for IllegalMove {
    fn from(violation: Violation) -> IllegalMove {
        match violation {
            Violation::TooLarge { cell, size } => IllegalMove::GroupTooLarge { cell, size },
            Violation::IslandTouches { island, tile } => IllegalMove::IslandTouchesDiagonally {
                island: CellList(island.iter().collect()),
                tile,
            },
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: u8,
    cells: Bitboard,
    tiles: [Bitboard; 2],
    /// Tiles that belong to a complete group of four. Islands never change once made.
    islands: [Bitboard; 2],
    blocked: Bitboard,
    /// Tiles that carry a bridge end.
    bridged: Bitboard,
    bridges: Vec<(Color, Bridge)>,
    /// The cells of every bridge's bounding box: a bridge can meet only those whose boxes
    /// its own overlaps, and most candidates overlap none.
    spans: Bitboard,
    /// Every tile's group, kept as tiles are placed, so that whether a tile fits is read from
    /// its neighbours' groups instead of flooding them (the playouts' hot path).
    groups: Groups,
}

/// A first tile of a placement, put down in thought: what [`Board::second_fits`] needs to judge
/// many second tiles beside it without placing it.
#[derive(Clone, Copy, Debug)]
pub struct FirstTile {
    cell: Cell,
    /// How many tiles the group it makes holds, itself included.
    size: u32,
    /// The roots of the groups it joins (see [`Board::joined_groups`]).
    joins: [u16; 4],
    /// The group it makes if that is an island; else empty.
    island: Bitboard,
}

impl FirstTile {
    /// How many tiles the group the tile makes holds, itself included.
    pub fn size(&self) -> u32 {
        self.size
    }
}

/// [`Board::joined_groups`]'s name for the first tile's group, which has no root yet.
const FIRST_GROUP: u16 = 256;
/// [`Board::joined_groups`]'s name for no group.
const NO_GROUP: u16 = u16::MAX;

impl Board {
    /// An empty board; `size` must be within [`super::MIN_SIZE`]..=[`super::MAX_SIZE`].
    pub fn new(size: u8) -> Board {
        Board {
            size,
            cells: Bitboard::board(size),
            tiles: [Bitboard::EMPTY; 2],
            islands: [Bitboard::EMPTY; 2],
            blocked: Bitboard::EMPTY,
            bridged: Bitboard::EMPTY,
            bridges: Vec::new(),
            spans: Bitboard::EMPTY,
            groups: Groups::new(),
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn tiles(&self, color: Color) -> Bitboard {
        self.tiles[color.index()]
    }

    pub fn islands(&self, color: Color) -> Bitboard {
        self.islands[color.index()]
    }

    pub fn blocked(&self) -> Bitboard {
        self.blocked
    }

    pub fn bridges(&self) -> &[(Color, Bridge)] {
        &self.bridges
    }

    pub fn tile(&self, cell: Cell) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|color| self.tiles(*color).contains(cell))
    }

    /// The cells where a tile could lie: on the board, empty, under no bridge.
    pub fn free(&self) -> Bitboard {
        self.cells & !(self.tiles[0] | self.tiles[1] | self.blocked)
    }

    /// The tiles that carry a bridge end.
    pub fn bridge_ends(&self) -> Bitboard {
        self.bridged
    }

    /// The bridge whose end is on `cell`.
    pub fn bridge_on(&self, cell: Cell) -> Option<Bridge> {
        self.bridges
            .iter()
            .map(|(_, bridge)| *bridge)
            .find(|bridge| bridge.ends().contains(&cell))
    }

    /// A bridge that passes over `cell`.
    pub fn bridge_over(&self, cell: Cell) -> Option<Bridge> {
        self.bridges
            .iter()
            .map(|(_, bridge)| *bridge)
            .find(|bridge| bridge.blocked_cells().contains(&Some(cell)))
    }

    /// The group of tiles (of either colour) that `cell` belongs to.
    pub fn group(&self, cell: Cell) -> Bitboard {
        match self.tile(cell) {
            Some(color) => Bitboard::single(cell).flood(self.tiles(color)),
            None => Bitboard::EMPTY,
        }
    }

    /// Checks that `color` may put tiles on `a` and `b` (supply aside).
    ///
    /// # Errors
    /// The first rule the placement breaks.
    pub fn check_placement(&self, color: Color, a: Cell, b: Cell) -> Result<(), IllegalMove> {
        self.check_free(a)?;
        self.check_free(b)?;
        if a == b {
            return Err(IllegalMove::SameCell(a));
        }
        match self.distance_rule_violation(color, Bitboard::single(a) | Bitboard::single(b)) {
            Some(violation) => Err(violation.into()),
            None => Ok(()),
        }
    }

    fn check_free(&self, cell: Cell) -> Result<(), IllegalMove> {
        if !cell.is_on(self.size) {
            return Err(IllegalMove::OffBoard {
                cell: cell.to_string(),
                size: self.size,
            });
        }
        if let Some(owner) = self.tile(cell) {
            return Err(IllegalMove::Occupied { cell, owner });
        }
        if self.blocked.contains(cell)
            && let Some(bridge) = self.bridge_over(cell)
        {
            return Err(IllegalMove::UnderBridge { cell, bridge });
        }
        Ok(())
    }

    /// How adding `new` (free cells) to `color`'s tiles would break the group rules, if it would.
    ///
    /// The board before is legal, so only groups that gain a new tile can break a rule: by
    /// growing past four, by becoming an island next to another tile, or by coming next to an
    /// existing island.
    fn distance_rule_violation(&self, color: Color, new: Bitboard) -> Option<Violation> {
        let tiles = self.tiles(color) | new;
        let islands = self.islands(color);
        let mut checked = Bitboard::EMPTY;
        for cell in new {
            let single = Bitboard::single(cell);
            // A tile with no own tile around it is a sandbank of one that touches nothing.
            if checked.contains(cell) || (single.grow_all() & tiles) == single {
                continue;
            }
            let group = single.flood(tiles);
            checked |= group;
            let size = group.len();
            if size > 4 {
                return Some(Violation::TooLarge { cell, size });
            }
            let ring = group.grow_all() & !group;
            if size == 4 {
                if let Some(tile) = (ring & tiles).first() {
                    return Some(Violation::IslandTouches {
                        island: group,
                        tile,
                    });
                }
            } else if let Some(island_tile) = (ring & islands).first() {
                let island = Bitboard::single(island_tile).flood(islands);
                let tile = (island.grow_all() & group).first()?;
                return Some(Violation::IslandTouches { island, tile });
            }
        }
        None
    }

    /// Puts `color`'s tiles on `a` and `b` without checking: call [`Board::check_placement`] first.
    pub fn place(&mut self, color: Color, a: Cell, b: Cell) {
        for cell in [a, b] {
            self.add_tile(color, cell);
        }
        for cell in [a, b] {
            let islands = &mut self.islands[color.index()];
            if self.groups.size(self.groups.root(cell)) == 4 && !islands.contains(cell) {
                *islands |= Bitboard::single(cell).flood(self.tiles[color.index()]);
            }
        }
    }

    /// Puts a tile down and joins it to its own colour's groups beside it.
    fn add_tile(&mut self, color: Color, cell: Cell) {
        let tiles = &mut self.tiles[color.index()];
        tiles.insert(cell);
        let block = tiles.around(cell);
        let sides = SIDES.into_iter().filter(|side| block.has(*side));
        self.groups.add(cell, sides.map(|side| beside(cell, side)));
    }

    /// The root of the group `cell`'s tile belongs to (see [`Groups`]), for the score.
    pub(super) fn group_root(&self, cell: Cell) -> u8 {
        self.groups.root(cell)
    }

    /// How many tiles the group with `root` holds.
    pub(super) fn group_size(&self, root: u8) -> u32 {
        self.groups.size(root)
    }

    /// Checks that `color` may bridge `a` and `b` (supply aside) and returns the bridge.
    ///
    /// # Errors
    /// The first rule the bridge breaks.
    pub fn check_bridge(&self, color: Color, a: Cell, b: Cell) -> Result<Bridge, IllegalMove> {
        for cell in [a, b] {
            if !cell.is_on(self.size) {
                return Err(IllegalMove::OffBoard {
                    cell: cell.to_string(),
                    size: self.size,
                });
            }
        }
        if a == b {
            return Err(IllegalMove::BridgeToItself(a));
        }
        let bridge = Bridge::between(a, b).ok_or(IllegalMove::NotABridge { a, b })?;
        for cell in [a, b] {
            if !self.tiles(color).contains(cell) {
                return Err(IllegalMove::NotYourTile { cell, color });
            }
        }
        for cell in [a, b] {
            if let Some(existing) = self.bridge_on(cell) {
                return Err(IllegalMove::AlreadyBridged {
                    cell,
                    bridge: existing,
                });
            }
        }
        for cell in bridge.blocked_cells().into_iter().flatten() {
            if let Some(owner) = self.tile(cell) {
                return Err(IllegalMove::OverTile {
                    bridge,
                    cell,
                    owner,
                });
            }
        }
        if let Some((_, other)) = self.bridges.iter().find(|(_, other)| bridge.meets(*other)) {
            return Err(IllegalMove::Crossing {
                bridge,
                other: *other,
            });
        }
        Ok(bridge)
    }

    /// Adds a bridge without checking: call [`Board::check_bridge`] first.
    pub fn build(&mut self, color: Color, bridge: Bridge) {
        for cell in bridge.ends() {
            self.bridged.insert(cell);
        }
        for cell in bridge.blocked_cells().into_iter().flatten() {
            self.blocked.insert(cell);
        }
        let [low, high] = bridge.ends();
        let cols = low.col().min(high.col())..=low.col().max(high.col());
        for row in low.row()..=high.row() {
            for col in cols.clone() {
                self.spans.insert(Cell::new(col, row));
            }
        }
        self.bridges.push((color, bridge));
    }

    /// The bridges `color` could build now if crossings did not matter (supply aside), found
    /// shape by shape with whole-board set operations, in the order of the shapes and then of
    /// their lower ends.
    pub fn bridges_ignoring_crossings(&self, color: Color) -> Vec<Bridge> {
        let open_ends = self.tiles(color) & !self.bridged;
        let occupied = self.tiles[0] | self.tiles[1];
        // The low ends whose cell at each step a bridge may pass over is empty (the shapes
        // share these five).
        let clear = PASSED.map(|(x, y)| !occupied.shifted(-x, -y));
        let mut bridges = Vec::new();
        for ((dx, dy), [a, b]) in SHAPES {
            let lows = open_ends & open_ends.shifted(-dx, -dy) & clear[a] & clear[b];
            // Both ends are the colour's tiles, so on the board.
            bridges.extend(
                lows.iter()
                    .map(|low| Bridge::of_shape(low, beside(low, (dx, dy)))),
            );
        }
        bridges
    }

    /// Whether `bridge` would cross or touch a bridge on the board.
    pub fn crosses(&self, bridge: Bridge) -> bool {
        // The 3×3 block around the bridge's middle (rounded down) holds its bounding box.
        let [low, high] = bridge.ends();
        let middle = Cell::new((low.col() + high.col()) / 2, (low.row() + high.row()) / 2);
        !self.spans.around(middle).is_empty()
            && self.bridges.iter().any(|(_, other)| bridge.meets(*other))
    }

    fn bridges_that_fit(&self, color: Color) -> impl Iterator<Item = Bridge> + '_ {
        self.bridges_ignoring_crossings(color)
            .into_iter()
            .filter(|bridge| !self.crosses(*bridge))
    }

    /// Every bridge `color` could build now (supply aside).
    pub fn legal_bridges(&self, color: Color) -> Vec<Bridge> {
        self.bridges_that_fit(color).collect()
    }

    /// Whether `color` could build any bridge now (supply aside).
    pub fn can_bridge(&self, color: Color) -> bool {
        self.bridges_that_fit(color).next().is_some()
    }

    /// The cells a legal bridge from `from` could reach.
    pub fn legal_bridge_ends(&self, color: Color, from: Cell) -> Bitboard {
        self.bridges_that_fit(color)
            .filter_map(|bridge| match bridge.ends() {
                [low, high] if low == from => Some(high),
                [low, high] if high == from => Some(low),
                _ => None,
            })
            .collect()
    }

    /// The free cells where `color` could put one tile without breaking the group rules.
    pub fn single_tile_cells(&self, color: Color) -> Bitboard {
        let candidates = self.free() & !self.islands(color).grow_all();
        // A cell with no own tile around it makes a lone sandbank: always legal.
        let crowded = candidates & self.tiles(color).grow_all();
        let mut cells = candidates & !crowded;
        for cell in crowded {
            if self.fits_beside(color, cell, None) {
                cells.insert(cell);
            }
        }
        cells
    }

    /// Whether `color` may put one tile on `cell` as far as the board goes.
    pub fn tile_fits(&self, color: Color, cell: Cell) -> bool {
        self.free().contains(cell) && self.fits_beside(color, cell, None)
    }

    /// `cell` as the first tile `color` places, if a tile fits there alone: a tile that
    /// breaks the group rules alone breaks them with any second tile too, since the rules only
    /// get harder as tiles are added.
    pub fn first_tile(&self, color: Color, cell: Cell) -> Option<FirstTile> {
        if !self.free().contains(cell) {
            return None;
        }
        self.fit_beside(color, cell, None)
    }

    /// Whether `color` may put its second tile on `cell` beside `first`: the two together keep
    /// the group rules exactly when the second fits on the board with the first placed, which
    /// is what this reads.
    pub fn second_fits(&self, color: Color, first: &FirstTile, cell: Cell) -> bool {
        cell != first.cell
            && self.free().contains(cell)
            && self.fits_beside(color, cell, Some(first))
    }

    /// Whether `color` may put tiles on `a` and `b`, each of which [`Board::tile_fits`].
    pub fn pair_fits_singles(&self, color: Color, a: Cell, b: Cell) -> bool {
        a != b && self.pair_fits(color, a, b)
    }

    /// Whether `color` may put tiles on `a` and `b` (supply aside): [`Board::check_placement`]
    /// without the reason.
    pub fn placement_fits(&self, color: Color, a: Cell, b: Cell) -> bool {
        self.first_tile(color, a)
            .is_some_and(|first| self.second_fits(color, &first, b))
    }

    /// Whether two cells, each legal alone, are legal together.
    fn pair_fits(&self, color: Color, a: Cell, b: Cell) -> bool {
        independent(a, b) || self.placement_fits(color, a, b)
    }

    /// Some two cells where `color` could place tiles now (supply aside).
    pub fn placeable_pair(&self, color: Color) -> Option<(Cell, Cell)> {
        let singles: Vec<Cell> = self.single_tile_cells(color).iter().collect();
        singles.iter().enumerate().find_map(|(i, &a)| {
            let first = self.first_tile(color, a)?;
            singles[i + 1..]
                .iter()
                .find(|&&b| independent(a, b) || self.second_fits(color, &first, b))
                .map(|&b| (a, b))
        })
    }

    /// The cells that can be the first of two tiles `color` places now (supply aside).
    pub fn first_tile_cells(&self, color: Color) -> Bitboard {
        let singles = self.single_tile_cells(color);
        // Nearly every cell has a partner, usually the first one tried: trying them is cheaper
        // than working out which need no trying (as `second_tile_cells` does for all of them).
        singles
            .iter()
            .filter(|&a| {
                self.first_tile(color, a).is_some_and(|first| {
                    singles.iter().any(|b| {
                        b != a && (independent(a, b) || self.second_fits(color, &first, b))
                    })
                })
            })
            .collect()
    }

    /// The cells that can go with `first` when `color` places two tiles now (supply aside).
    pub fn second_tile_cells(&self, color: Color, first: Cell) -> Bitboard {
        let singles = self.single_tile_cells(color);
        let Some(first_tile) = singles
            .contains(first)
            .then(|| self.first_tile(color, first))
            .flatten()
        else {
            return Bitboard::EMPTY;
        };
        let mut partners = singles;
        partners.remove(first);
        let near = self.reach(color, first);
        let checked: Bitboard = (partners & near)
            .iter()
            .filter(|&b| self.second_fits(color, &first_tile, b))
            .collect();
        (partners & !near) | checked
    }

    /// The cells where a second tile of `color` could change whether a tile on `a` is legal:
    /// those next to the group `a` would join, or next to a group that comes next to it. A
    /// tile anywhere else forms a group that does not even touch `a`'s diagonally, so it fits
    /// beside `a` exactly when it fits alone (the hot path of listing placements).
    fn reach(&self, color: Color, a: Cell) -> Bitboard {
        let tiles = self.tiles(color);
        let single = Bitboard::single(a);
        let zone = single.flood(tiles | single).grow_all();
        zone | (zone & tiles).flood(tiles).grow_all()
    }

    /// Whether a tile of `color` on the free `cell` keeps the group rules, with `first` placed
    /// if given, read from the cell's neighbours: it may not touch an island; the group it
    /// makes, the cell and each side's group once, may hold four tiles at most; at four it is
    /// an island and may touch no other own tile. Held to the rules' flood
    /// (`Board::distance_rule_violation`) by `tests::reading_the_neighbours_is_the_flood`.
    fn fits_beside(&self, color: Color, cell: Cell, first: Option<&FirstTile>) -> bool {
        self.fit_beside(color, cell, first).is_some()
    }

    /// [`Board::fits_beside`], and if the tile fits, what it makes, read once: as a first
    /// tile it is what [`Board::first_tile`] returns (with `first` given, only whether it
    /// fits is wanted).
    fn fit_beside(&self, color: Color, cell: Cell, first: Option<&FirstTile>) -> Option<FirstTile> {
        let (mut own, mut islands) = (self.tiles(color), self.islands(color));
        if let Some(first) = first {
            own.insert(first.cell);
            islands |= first.island;
        }
        if !islands.around(cell).is_empty() {
            return None;
        }
        let (size, joins) = self.joined_groups(own, cell, first);
        let island = match size {
            ..4 => Bitboard::EMPTY,
            4 => {
                let single = Bitboard::single(cell);
                let island = single.flood(own | single);
                if !(island.grow_all() & !island & own).is_empty() {
                    return None;
                }
                island
            }
            _ => return None,
        };
        Some(FirstTile {
            cell,
            size,
            joins,
            island,
        })
    }

    /// The size of the group a tile on `cell` makes with the `own` tiles beside it (`first`,
    /// if given, among them), and the groups it joins by their roots, each once: the first
    /// tile's as [`FIRST_GROUP`], and [`NO_GROUP`] where a side has none.
    fn joined_groups(
        &self,
        own: Bitboard,
        cell: Cell,
        first: Option<&FirstTile>,
    ) -> (u32, [u16; 4]) {
        let block = own.around(cell);
        let mut joined = [NO_GROUP; 4];
        let mut size = 1;
        for (i, side) in SIDES.into_iter().enumerate() {
            if !block.has(side) {
                continue;
            }
            let side = beside(cell, side);
            let root = self.groups.root(side);
            let (group, group_size) = match first {
                Some(first) if side == first.cell || first.joins.contains(&u16::from(root)) => {
                    (FIRST_GROUP, first.size)
                }
                _ => (u16::from(root), self.groups.size(root)),
            };
            if !joined.contains(&group) {
                joined[i] = group;
                size += group_size;
            }
        }
        (size, joined)
    }
}

/// The cell `dx` columns and `dy` rows from `cell`, which must be on the 16×16 grid.
fn beside(cell: Cell, (dx, dy): Offset) -> Cell {
    Cell::from_index((i32::from(cell.index()) + dy * 16 + dx) as u8)
}

/// Whether tiles on `a` and `b` are too far apart to affect each other's legality.
fn independent(a: Cell, b: Cell) -> bool {
    a.col().abs_diff(b.col()).max(a.row().abs_diff(b.row())) > INDEPENDENT_DISTANCE
}

impl Board {
    /// A board drawn as text, top row first: `w`/`W` white tiles, `r`/`R` red tiles, `.` empty,
    /// one row per line, cells separated by spaces or not. The picture may cover only the
    /// bottom-left corner of the board. Tiles are put down as drawn, without the rules (islands
    /// are recognised); bridges are added by playing them. For tests and tools.
    ///
    /// # Errors
    /// When a character is not one of the above or the picture does not fit the board.
    pub fn from_picture(size: u8, picture: &str) -> Result<Board, String> {
        let mut board = Board::new(size);
        let rows: Vec<&str> = picture
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect();
        for (i, line) in rows.iter().enumerate() {
            let row = rows.len() - 1 - i;
            for (col, symbol) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let cell = Cell::on_board(col as i32, row as i32, size)
                    .ok_or_else(|| format!("the picture does not fit a {size}×{size} board"))?;
                match symbol {
                    'w' | 'W' => board.add_tile(Color::White, cell),
                    'r' | 'R' => board.add_tile(Color::Red, cell),
                    '.' => {}
                    other => return Err(format!("unknown symbol {other:?} in the picture")),
                }
            }
        }
        for color in Color::BOTH {
            let tiles = board.tiles(color);
            for cell in tiles {
                if board.groups.size(board.groups.root(cell)) == 4 {
                    board.islands[color.index()].insert(cell);
                }
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use fastrand::Rng;

    use super::*;
    use crate::game::{Game, Variant, playout};

    /// The group rules by flooding, as `check_placement` reads them.
    fn flood_says_fits(board: &Board, color: Color, new: Bitboard) -> bool {
        (new & !board.free()).is_empty() && board.distance_rule_violation(color, new).is_none()
    }

    #[test]
    fn reading_the_neighbours_is_the_flood() {
        let mut rng = Rng::with_seed(0x6e16_0b05);
        for game_number in 0..12 {
            let size = [8, 12, 16][game_number % 3];
            let mut game = Game::new(Variant::unlimited(size).unwrap());
            while let Some(mv) = playout::random_move(&game, &mut rng) {
                let board = game.board();
                for color in Color::BOTH {
                    let tiles = board.tiles(color);
                    for tile in tiles {
                        let root = board.group_root(tile);
                        let group = Bitboard::single(tile).flood(tiles);
                        assert_eq!(board.group_size(root), group.len(), "{tile}");
                        assert!(group.iter().all(|member| board.group_root(member) == root));
                    }
                    let cells = board.cells;
                    for a in cells {
                        let alone = Bitboard::single(a);
                        let fits = board.tile_fits(color, a);
                        assert_eq!(fits, flood_says_fits(board, color, alone), "{a}\n{board:?}");
                        // The pairs of one first tile in four, to keep the test quick.
                        if !fits || rng.u32(0..4) != 0 {
                            continue;
                        }
                        let first = board.first_tile(color, a).expect("it fits");
                        for b in cells {
                            assert_eq!(
                                board.second_fits(color, &first, b),
                                a != b
                                    && flood_says_fits(board, color, alone | Bitboard::single(b)),
                                "{a} {b}\n{board:?}"
                            );
                        }
                    }
                }
                game.apply(mv);
            }
        }
    }
}

//! What lies on the board — tiles, bridges, blocked cells — and the geometric rules for adding to
//! it: the distance rule for tiles, shape, ownership, blocking and crossing for bridges.
//! Turns and supply are the business of [`super::Game`].

use super::bitboard::Bitboard;
use super::cell::{Cell, Color};
use super::error::{CellList, IllegalMove};
use super::moves::Bridge;

/// A step of (columns, rows).
type Offset = (i32, i32);

/// Each bridge shape as the offset from its lower end to its higher end (see [`Bridge`]), with
/// the cells it passes over relative to the lower end (a straight or diagonal bridge passes
/// over one cell, named twice).
const SHAPES: [(Offset, [Offset; 2]); 8] = [
    ((2, 0), [(1, 0), (1, 0)]),
    ((0, 2), [(0, 1), (0, 1)]),
    ((2, 2), [(1, 1), (1, 1)]),
    ((-2, 2), [(-1, 1), (-1, 1)]),
    ((1, 2), [(0, 1), (1, 1)]),
    ((-1, 2), [(0, 1), (-1, 1)]),
    ((2, 1), [(1, 0), (1, 1)]),
    ((-2, 1), [(-1, 0), (-1, 1)]),
];

/// Two tiles further apart than this (in king moves) cannot affect each other's legality: a group
/// reaches at most 3 cells from a tile, and groups interact only when they touch.
const INDEPENDENT_DISTANCE: u8 = 7;

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
}

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
        let tiles = &mut self.tiles[color.index()];
        tiles.insert(a);
        tiles.insert(b);
        for cell in [a, b] {
            let group = Bitboard::single(cell).flood(*tiles);
            if group.len() == 4 {
                self.islands[color.index()] |= group;
            }
        }
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
        self.bridges.push((color, bridge));
    }

    /// The bridges `color` could build now if crossings did not matter (supply aside), found
    /// shape by shape with whole-board set operations.
    pub fn bridges_ignoring_crossings(&self, color: Color) -> impl Iterator<Item = Bridge> + '_ {
        let open_ends = self.tiles(color) & !self.bridged;
        let occupied = self.tiles[0] | self.tiles[1];
        SHAPES
            .iter()
            .flat_map(move |&((dx, dy), [(ax, ay), (bx, by)])| {
                let lows = open_ends
                    & open_ends.shifted(-dx, -dy)
                    & !occupied.shifted(-ax, -ay)
                    & !occupied.shifted(-bx, -by);
                lows.iter().filter_map(move |low| {
                    let high = Cell::on_board(
                        i32::from(low.col()) + dx,
                        i32::from(low.row()) + dy,
                        self.size,
                    )?;
                    Bridge::between(low, high)
                })
            })
    }

    /// Whether `bridge` would cross or touch a bridge on the board.
    pub fn crosses(&self, bridge: Bridge) -> bool {
        self.bridges.iter().any(|(_, other)| bridge.meets(*other))
    }

    fn bridges_that_fit(&self, color: Color) -> impl Iterator<Item = Bridge> + '_ {
        self.bridges_ignoring_crossings(color)
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
            if self
                .distance_rule_violation(color, Bitboard::single(cell))
                .is_none()
            {
                cells.insert(cell);
            }
        }
        cells
    }

    /// Whether `color` may put one tile on `cell` as far as the board goes.
    pub fn tile_fits(&self, color: Color, cell: Cell) -> bool {
        self.free().contains(cell)
            && self
                .distance_rule_violation(color, Bitboard::single(cell))
                .is_none()
    }

    /// Whether `color` may put tiles on `a` and `b`, each of which [`Board::tile_fits`].
    pub fn pair_fits_singles(&self, color: Color, a: Cell, b: Cell) -> bool {
        a != b && self.pair_fits(color, a, b)
    }

    /// Whether `color` may put tiles on `a` and `b` (supply aside): [`Board::check_placement`]
    /// without the reason, one look at the group rules for both tiles at once.
    pub fn placement_fits(&self, color: Color, a: Cell, b: Cell) -> bool {
        let free = self.free();
        a != b
            && free.contains(a)
            && free.contains(b)
            && self
                .distance_rule_violation(color, Bitboard::single(a) | Bitboard::single(b))
                .is_none()
    }

    /// Whether two cells, each legal alone, are legal together.
    fn pair_fits(&self, color: Color, a: Cell, b: Cell) -> bool {
        let distance = a.col().abs_diff(b.col()).max(a.row().abs_diff(b.row()));
        distance > INDEPENDENT_DISTANCE
            || self
                .distance_rule_violation(color, Bitboard::single(a) | Bitboard::single(b))
                .is_none()
    }

    /// Some two cells where `color` could place tiles now (supply aside).
    pub fn placeable_pair(&self, color: Color) -> Option<(Cell, Cell)> {
        let singles: Vec<Cell> = self.single_tile_cells(color).iter().collect();
        singles.iter().enumerate().find_map(|(i, &a)| {
            singles[i + 1..]
                .iter()
                .find(|&&b| self.pair_fits(color, a, b))
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
            .filter(|a| {
                singles
                    .iter()
                    .any(|b| b != *a && self.pair_fits(color, *a, b))
            })
            .collect()
    }

    /// The cells that can go with `first` when `color` places two tiles now (supply aside).
    pub fn second_tile_cells(&self, color: Color, first: Cell) -> Bitboard {
        let singles = self.single_tile_cells(color);
        if !singles.contains(first) {
            return Bitboard::EMPTY;
        }
        let mut partners = singles;
        partners.remove(first);
        let near = self.reach(color, first);
        let checked: Bitboard = (partners & near)
            .iter()
            .filter(|&b| self.pair_fits(color, first, b))
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
                    'w' | 'W' => board.tiles[Color::White.index()].insert(cell),
                    'r' | 'R' => board.tiles[Color::Red.index()].insert(cell),
                    '.' => {}
                    other => return Err(format!("unknown symbol {other:?} in the picture")),
                }
            }
        }
        for color in Color::BOTH {
            let tiles = board.tiles(color);
            for cell in tiles {
                if Bitboard::single(cell).flood(tiles).len() == 4 {
                    board.islands[color.index()].insert(cell);
                }
            }
        }
        Ok(board)
    }
}

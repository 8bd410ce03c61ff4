#![allow(dead_code)]
//! Brute-force reference implementation of the Ponte del Diavolo rules in
//! `/work/shared/RULES.md`, written from that page only, for cross-checking the
//! real engine in tests.
//!
//! Deliberately simple: the position is a plain 2-D array of tiles plus a list
//! of bridges, and every question (groups, islands, blocked cells, supply left,
//! legality, score) is recomputed from scratch each time it is asked. Nothing is
//! cached and nothing is clever, so it is slow (placement enumeration on a
//! 16×16 board checks ~33 000 pairs) but easy to check against the rules.
//!
//! Conventions:
//! - A cell is `(column, row)`, zero-based; `(0, 0)` is a1 (bottom-left).
//! - Cells are ordered by `(row, column)`, i.e. by the index `row * size + column`
//!   (a1 < b1 < … < a2 < …). `legal_placements` and `legal_bridges` return every
//!   unordered pair once as `(a, b)` with `a < b` in that order, the list sorted by
//!   `(a, b)` in that order.
//! - "Side to move" is a colour. White opens (move 1). After move 1 the colours
//!   alternate Red, White, Red, … A `Swap` (only possible as move 2) relabels the
//!   players but does not change the colour to move: Red is still to move after it.
//!   Tiles, supplies, bridges and scores are all by colour, so a swap changes
//!   nothing else.
//!
//! Readings of RULES.md made explicit here:
//! - Move 1 is White placing two tiles or a resignation; nothing else (not even a
//!   pass when the supply is below two tiles, a degenerate set-up).
//! - `Pass` is legal only when the side to move cannot place two tiles; that holds
//!   for every pass, Red's last turn after White's pass included.
//! - After White passes, Red's next move (whatever it is) is its last: after it the
//!   game is over. A Red pass always ends the game at once.
//! - A resignation (by either colour, at any time before the end) ends the game; the
//!   other colour wins.
//! - Bridge segments are the closed segments between end-cell centres; any common
//!   point with another bridge's segment (crossing, touching, overlapping) is illegal.
//! - The tile supply is per colour: tiles left = supply − tiles of that colour on
//!   the board. The bridge pool is shared: bridges left = pool − all bridges built.
//! - `legal_placements`, `legal_bridges` and `can_place_two` answer for the side to
//!   move and are empty / false once the game is over.

/// A tile / bridge colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefColor {
    White,
    Red,
}

impl RefColor {
    /// The other colour.
    pub fn other(self) -> RefColor {
        match self {
            RefColor::White => RefColor::Red,
            RefColor::Red => RefColor::White,
        }
    }
}

/// Cells are (column, row), zero-based: (0,0) is a1 (bottom-left), (2,3) is c4.
pub type RefCell = (u8, u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefMove {
    Place(RefCell, RefCell),
    Bridge(RefCell, RefCell),
    Swap,
    Pass,
    /// None = the side to move resigns.
    Resign(Option<RefColor>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefScore {
    pub points: u32,
    pub islands: u32,
    pub bridges: u32,
    pub tiles: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefEnd {
    Score,
    Resign,
}

/// A plain 2-D array of tiles, `board[row][column]`, big enough for 16×16.
type Board = [[Option<RefColor>; 16]; 16];

/// One bridge on the board: its two end cells and its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RefBridge {
    a: RefCell,
    b: RefCell,
    color: RefColor,
}

#[derive(Clone, Debug)]
pub struct RefGame {
    /// Board side length, 6..=16.
    size: u8,
    /// Tiles per colour (None = unlimited).
    tile_supply: Option<u32>,
    /// Shared bridge pool (None = unlimited).
    bridge_pool: Option<u32>,
    /// `board[row][column]`: the tile on each cell, if any. Only rows and
    /// columns below `size` are used.
    board: Board,
    /// Every bridge built so far, in order.
    bridges: Vec<RefBridge>,
    /// Every move applied so far, in order (a resign, if any, is last).
    history: Vec<RefMove>,
    /// The colour to move (meaningless once the game is over).
    side: RefColor,
    /// Did the second player take the swap?
    swapped: bool,
    /// Has White passed (so Red is on, or has had, its last turn)?
    white_passed: bool,
    /// How the game ended; None while it is going on.
    ended: Option<RefEnd>,
    /// The winner when the game ended by resignation.
    resign_winner: Option<RefColor>,
}

impl RefGame {
    /// size 6..=16; tiles = per-player tile supply (None = unlimited); bridges = shared bridge pool (None = unlimited).
    pub fn new(size: u8, tiles: Option<u32>, bridges: Option<u32>) -> Self {
        assert!((6..=16).contains(&size), "board size must be 6..=16");
        RefGame {
            size,
            tile_supply: tiles,
            bridge_pool: bridges,
            board: [[None; 16]; 16],
            bridges: Vec::new(),
            history: Vec::new(),
            side: RefColor::White,
            swapped: false,
            white_passed: false,
            ended: None,
            resign_winner: None,
        }
    }

    // ------------------------------------------------------------------
    // Public queries
    // ------------------------------------------------------------------

    /// Is this move legal for the side to move right now?
    pub fn is_legal(&self, mv: RefMove) -> bool {
        if self.is_over() {
            return false;
        }
        // Move 1: White must place two tiles (or someone resigns).
        if self.history.is_empty() {
            match mv {
                RefMove::Place(a, b) => return self.placement_ok(a, b),
                RefMove::Resign(_) => return true,
                _ => return false,
            }
        }
        match mv {
            RefMove::Place(a, b) => self.placement_ok(a, b),
            RefMove::Bridge(a, b) => self.bridge_ok(a, b),
            RefMove::Swap => {
                self.history.len() == 1
                    && matches!(self.history[0], RefMove::Place(_, _))
                    && self.side == RefColor::Red
                    && !self.swapped
            }
            RefMove::Pass => !self.can_place_two(),
            RefMove::Resign(_) => true,
        }
    }

    /// Apply if legal (returns true), otherwise leave everything unchanged and return false.
    pub fn play(&mut self, mv: RefMove) -> bool {
        if !self.is_legal(mv) {
            return false;
        }
        let mover = self.side;
        self.history.push(mv);
        match mv {
            RefMove::Place(a, b) => {
                self.set_tile(a, mover);
                self.set_tile(b, mover);
                self.finish_turn();
            }
            RefMove::Bridge(a, b) => {
                self.bridges.push(RefBridge { a, b, color: mover });
                self.finish_turn();
            }
            RefMove::Swap => {
                // The players exchange colours; in colour terms Red is still to move.
                self.swapped = true;
            }
            RefMove::Pass => match mover {
                RefColor::White => {
                    // Red gets exactly one more turn.
                    self.white_passed = true;
                    self.side = RefColor::Red;
                }
                RefColor::Red => {
                    // Red passing ends the game at once (also on Red's last turn).
                    self.ended = Some(RefEnd::Score);
                }
            },
            RefMove::Resign(who) => {
                let loser = who.unwrap_or(mover);
                self.ended = Some(RefEnd::Resign);
                self.resign_winner = Some(loser.other());
            }
        }
        true
    }

    /// None when the game is over.
    pub fn to_move(&self) -> Option<RefColor> {
        if self.is_over() {
            None
        } else {
            Some(self.side)
        }
    }

    pub fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    /// When over: Some(Some(color)) winner, Some(None) draw; None while ongoing.
    pub fn winner(&self) -> Option<Option<RefColor>> {
        match self.ended {
            None => None,
            Some(RefEnd::Resign) => Some(self.resign_winner),
            Some(RefEnd::Score) => {
                let w = self.score(RefColor::White);
                let r = self.score(RefColor::Red);
                let key_w = (w.points, w.islands, w.bridges);
                let key_r = (r.points, r.islands, r.bridges);
                if key_w > key_r {
                    Some(Some(RefColor::White))
                } else if key_r > key_w {
                    Some(Some(RefColor::Red))
                } else {
                    Some(None)
                }
            }
        }
    }

    pub fn end(&self) -> Option<RefEnd> {
        self.ended
    }

    pub fn score(&self, color: RefColor) -> RefScore {
        let groups = groups_of(&self.board, self.size, color);

        // Which group is each tile of this colour in?
        let group_of_cell = |cell: RefCell| -> usize {
            groups
                .iter()
                .position(|g| g.contains(&cell))
                .expect("bridge end must be a tile of the bridge's colour")
        };

        // Graph: groups are nodes, this colour's bridges are edges.
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut bridge_count = 0;
        for br in &self.bridges {
            if br.color == color {
                bridge_count += 1;
                edges.push((group_of_cell(br.a), group_of_cell(br.b)));
            }
        }

        // Connected components of that graph, by plain depth-first search.
        let mut seen = vec![false; groups.len()];
        let mut points = 0;
        let mut islands = 0;
        for start in 0..groups.len() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut islands_here = 0;
            while let Some(g) = stack.pop() {
                if groups[g].len() == 4 {
                    islands_here += 1;
                }
                for &(x, y) in &edges {
                    let next = if x == g {
                        y
                    } else if y == g {
                        x
                    } else {
                        continue;
                    };
                    if !seen[next] {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
            islands += islands_here;
            points += islands_here * (islands_here + 1) / 2;
        }

        RefScore {
            points,
            islands,
            bridges: bridge_count,
            tiles: self.count_tiles(color),
        }
    }

    /// Every unordered pair of cells that the side to move could legally place now,
    /// as `(a, b)` with `a < b` in (row, column) order, sorted in that order.
    /// Empty when the game is over.
    pub fn legal_placements(&self) -> Vec<(RefCell, RefCell)> {
        self.legal_pairs(RefMove::Place)
    }

    /// Every pair of cells `(a, b)`, `a < b`, whose move `kind(a, b)` is legal now, sorted;
    /// empty when the game is over. Placements and bridges are listed alike.
    fn legal_pairs(&self, kind: fn(RefCell, RefCell) -> RefMove) -> Vec<(RefCell, RefCell)> {
        let mut out = Vec::new();
        if self.is_over() {
            return out;
        }
        let cells = all_cells(self.size);
        for i in 0..cells.len() {
            for j in (i + 1)..cells.len() {
                if self.is_legal(kind(cells[i], cells[j])) {
                    out.push((cells[i], cells[j]));
                }
            }
        }
        out
    }

    /// Every legal bridge for the side to move now, each unordered pair once,
    /// as `(a, b)` with `a < b` in (row, column) order, sorted in that order.
    /// Empty when the game is over.
    pub fn legal_bridges(&self) -> Vec<(RefCell, RefCell)> {
        self.legal_pairs(RefMove::Bridge)
    }

    /// Can the side to move place two tiles? (Enough supply left and at least one
    /// legal pair of cells.) False when the game is over (there is no side to move).
    pub fn can_place_two(&self) -> bool {
        if self.is_over() {
            return false;
        }
        let cells = all_cells(self.size);
        for i in 0..cells.len() {
            for j in (i + 1)..cells.len() {
                if self.placement_ok(cells[i], cells[j]) {
                    return true;
                }
            }
        }
        false
    }

    /// Tile owner of a cell (None = empty, or off the board).
    pub fn tile(&self, cell: RefCell) -> Option<RefColor> {
        if self.on_board(cell) {
            self.board[cell.1 as usize][cell.0 as usize]
        } else {
            None
        }
    }

    /// Is the cell under some bridge (blocked)?
    pub fn is_blocked(&self, cell: RefCell) -> bool {
        for br in &self.bridges {
            let under = blocked_cells(br.a, br.b).expect("stored bridges have a valid shape");
            if under.contains(&cell) {
                return true;
            }
        }
        false
    }

    /// Did the second player swap?
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    // Extra read-only helpers (handy in tests).

    pub fn size(&self) -> u8 {
        self.size
    }

    /// All moves applied so far, in order.
    pub fn history(&self) -> &[RefMove] {
        &self.history
    }

    /// All bridges on the board as (end, end, colour), in the order they were built.
    pub fn bridge_list(&self) -> Vec<(RefCell, RefCell, RefColor)> {
        self.bridges.iter().map(|b| (b.a, b.b, b.color)).collect()
    }

    /// Tiles this colour still has in its supply (None = unlimited).
    pub fn tiles_left(&self, color: RefColor) -> Option<u32> {
        self.tile_supply
            .map(|s| s.saturating_sub(self.count_tiles(color)))
    }

    /// Bridges left in the shared pool (None = unlimited).
    pub fn bridges_left(&self) -> Option<u32> {
        self.bridge_pool
            .map(|p| p.saturating_sub(self.bridges.len() as u32))
    }

    // ------------------------------------------------------------------
    // Rule checks (private)
    // ------------------------------------------------------------------

    fn on_board(&self, cell: RefCell) -> bool {
        cell.0 < self.size && cell.1 < self.size
    }

    fn set_tile(&mut self, cell: RefCell, color: RefColor) {
        self.board[cell.1 as usize][cell.0 as usize] = Some(color);
    }

    fn count_tiles(&self, color: RefColor) -> u32 {
        let mut n = 0;
        for row in 0..self.size {
            for col in 0..self.size {
                if self.tile((col, row)) == Some(color) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Is it legal for the side to move to place tiles on `a` and `b` (ignoring
    /// the move-1 special case, which allows placing anyway)?
    fn placement_ok(&self, a: RefCell, b: RefCell) -> bool {
        if self.is_over() {
            return false;
        }
        let mover = self.side;
        // Two different cells on the board.
        if a == b || !self.on_board(a) || !self.on_board(b) {
            return false;
        }
        // Both empty and not under a bridge.
        for cell in [a, b] {
            if self.tile(cell).is_some() || self.is_blocked(cell) {
                return false;
            }
        }
        // At least two tiles left in the mover's supply.
        if self.tiles_left(mover).is_some_and(|left| left < 2) {
            return false;
        }
        // The position after both tiles must satisfy the island rules for the mover.
        let mut after = self.board;
        after[a.1 as usize][a.0 as usize] = Some(mover);
        after[b.1 as usize][b.0 as usize] = Some(mover);
        position_ok(&after, self.size, mover)
    }

    /// Is it legal for the side to move to build a bridge between `a` and `b`?
    fn bridge_ok(&self, a: RefCell, b: RefCell) -> bool {
        if self.is_over() {
            return false;
        }
        let mover = self.side;
        if a == b || !self.on_board(a) || !self.on_board(b) {
            return false;
        }
        // Both ends are tiles of the mover's colour.
        if self.tile(a) != Some(mover) || self.tile(b) != Some(mover) {
            return false;
        }
        // The offset must be straight, diagonal or knight.
        let Some(under) = blocked_cells(a, b) else {
            return false;
        };
        // No tile (either colour) under the bridge. (Already blocked is fine.)
        for cell in &under {
            if self.tile(*cell).is_some() {
                return false;
            }
        }
        // A tile carries at most one bridge end.
        for br in &self.bridges {
            if br.a == a || br.b == a || br.a == b || br.b == b {
                return false;
            }
        }
        // The segment may not meet the segment of any existing bridge (either colour).
        for br in &self.bridges {
            if segments_meet(a, b, br.a, br.b) {
                return false;
            }
        }
        // With limited supply, one bridge must be left in the shared pool.
        if self.bridges_left().is_some_and(|left| left < 1) {
            return false;
        }
        true
    }

    /// After a placement or a bridge: either Red's last turn (after White passed)
    /// is over and the game ends, or the other colour is to move.
    fn finish_turn(&mut self) {
        if self.white_passed {
            // This was Red's one extra turn.
            self.ended = Some(RefEnd::Score);
        } else {
            self.side = self.side.other();
        }
    }
}

// ----------------------------------------------------------------------
// Plain helper functions
// ----------------------------------------------------------------------

/// All cells of a `size`×`size` board in (row, column) order: a1, b1, …, a2, b2, …
fn all_cells(size: u8) -> Vec<RefCell> {
    let mut out = Vec::new();
    for row in 0..size {
        for col in 0..size {
            out.push((col, row));
        }
    }
    out
}

fn cell_at(board: &Board, cell: RefCell) -> Option<RefColor> {
    board[cell.1 as usize][cell.0 as usize]
}

/// Neighbours of a cell on the board: the 4 orthogonal ones, or all 8 (with diagonals).
fn neighbours(cell: RefCell, size: u8, with_diagonals: bool) -> Vec<RefCell> {
    let mut out = Vec::new();
    for dy in -1i32..=1 {
        for dx in -1i32..=1 {
            if dx == 0 && dy == 0 {
                continue;
            }
            if !with_diagonals && dx != 0 && dy != 0 {
                continue;
            }
            let x = i32::from(cell.0) + dx;
            let y = i32::from(cell.1) + dy;
            if x >= 0 && y >= 0 && x < i32::from(size) && y < i32::from(size) {
                out.push((x as u8, y as u8));
            }
        }
    }
    out
}

/// The groups (orthogonally connected sets of tiles) of one colour.
fn groups_of(board: &Board, size: u8, color: RefColor) -> Vec<Vec<RefCell>> {
    let mut seen = [[false; 16]; 16];
    let mut groups = Vec::new();
    for row in 0..size {
        for col in 0..size {
            let start = (col, row);
            if cell_at(board, start) != Some(color) || seen[row as usize][col as usize] {
                continue;
            }
            // Depth-first flood fill over orthogonal same-coloured neighbours.
            seen[row as usize][col as usize] = true;
            let mut group = Vec::new();
            let mut stack = vec![start];
            while let Some(cell) = stack.pop() {
                group.push(cell);
                for n in neighbours(cell, size, false) {
                    if cell_at(board, n) == Some(color) && !seen[n.1 as usize][n.0 as usize] {
                        seen[n.1 as usize][n.0 as usize] = true;
                        stack.push(n);
                    }
                }
            }
            groups.push(group);
        }
    }
    groups
}

/// Do the tiles of `color` satisfy the island rules? Every group has at most 4
/// tiles, and no group of exactly 4 (an island) has a tile of the same colour
/// outside itself among the 8 neighbours of any of its cells.
fn position_ok(board: &Board, size: u8, color: RefColor) -> bool {
    for group in groups_of(board, size, color) {
        if group.len() > 4 {
            return false;
        }
        if group.len() == 4 {
            for &cell in &group {
                for n in neighbours(cell, size, true) {
                    if cell_at(board, n) == Some(color) && !group.contains(&n) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// The cells a bridge between `a` and `b` passes over (its blocked cells), or
/// None if the offset is not a bridge shape.
/// - straight (±2,0)/(0,±2) and diagonal (±2,±2): the midpoint;
/// - knight (±1,±2): (x1, y1+sign dy) and (x2, y2−sign dy);
/// - knight (±2,±1): (x1+sign dx, y1) and (x2−sign dx, y2).
fn blocked_cells(a: RefCell, b: RefCell) -> Option<Vec<RefCell>> {
    let (x1, y1) = (i32::from(a.0), i32::from(a.1));
    let (x2, y2) = (i32::from(b.0), i32::from(b.1));
    let (dx, dy) = (x2 - x1, y2 - y1);
    let c = |x: i32, y: i32| (x as u8, y as u8);
    match (dx.abs(), dy.abs()) {
        (2, 0 | 2) | (0, 2) => Some(vec![c(x1 + dx / 2, y1 + dy / 2)]),
        (1, 2) => Some(vec![c(x1, y1 + dy.signum()), c(x2, y2 - dy.signum())]),
        (2, 1) => Some(vec![c(x1 + dx.signum(), y1), c(x2 - dx.signum(), y2)]),
        _ => None,
    }
}

/// Sign of the cross product (q − p) × (r − p): >0 left turn, <0 right turn, 0 collinear.
fn orientation(p: (i32, i32), q: (i32, i32), r: (i32, i32)) -> i32 {
    let cross = (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
    cross.signum()
}

/// Given p, q, r collinear: does r lie on the closed segment p–q?
fn on_segment(p: (i32, i32), q: (i32, i32), r: (i32, i32)) -> bool {
    r.0 >= p.0.min(q.0) && r.0 <= p.0.max(q.0) && r.1 >= p.1.min(q.1) && r.1 <= p.1.max(q.1)
}

/// Do the closed segments between the centres of cells a–b and c–d have any
/// point in common (touch, cross or overlap)? Exact integer arithmetic.
fn segments_meet(a: RefCell, b: RefCell, c: RefCell, d: RefCell) -> bool {
    let p1 = (i32::from(a.0), i32::from(a.1));
    let p2 = (i32::from(b.0), i32::from(b.1));
    let p3 = (i32::from(c.0), i32::from(c.1));
    let p4 = (i32::from(d.0), i32::from(d.1));
    let o1 = orientation(p1, p2, p3);
    let o2 = orientation(p1, p2, p4);
    let o3 = orientation(p3, p4, p1);
    let o4 = orientation(p3, p4, p2);
    // Proper crossing: each segment's ends lie strictly on opposite sides of the other.
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    // Touching / collinear overlap: an end point lies on the other segment.
    (o1 == 0 && on_segment(p1, p2, p3))
        || (o2 == 0 && on_segment(p1, p2, p4))
        || (o3 == 0 && on_segment(p3, p4, p1))
        || (o4 == 0 && on_segment(p3, p4, p2))
}

/// "c4"-style lower-case name of a cell.
pub fn cell_name(c: RefCell) -> String {
    format!("{}{}", (b'a' + c.0) as char, u32::from(c.1) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> RefCell {
        let bytes = name.as_bytes();
        let col = bytes[0] - b'a';
        let row: u8 = name[1..].parse().unwrap();
        (col, row - 1)
    }

    #[test]
    fn reference_bridge_shapes_and_crossings() {
        assert_eq!(
            blocked_cells(cell("a1"), cell("b3")),
            Some(vec![cell("a2"), cell("b2")])
        );
        assert_eq!(
            blocked_cells(cell("a1"), cell("c2")),
            Some(vec![cell("b1"), cell("b2")])
        );
        assert_eq!(
            blocked_cells(cell("a1"), cell("c3")),
            Some(vec![cell("b2")])
        );
        assert_eq!(blocked_cells(cell("a1"), cell("a4")), None);
        // Parallel knight bridges one row apart do not meet.
        assert!(!segments_meet(
            cell("a1"),
            cell("c2"),
            cell("a2"),
            cell("c3")
        ));
        // Two diagonal bridges crossing at a cell corner do meet.
        assert!(segments_meet(
            cell("a1"),
            cell("c3"),
            cell("b3"),
            cell("d1")
        ));
        assert_eq!(cell_name(cell("l12")), "l12");
    }
}

//! The engine's checks and random move as `hard-2026-11`'s playouts called them in November
//! 2026 (`Board::tile_fits`, `Board::pair_fits_singles`, `Board::single_tile_cells`,
//! `Board::bridges_ignoring_crossings`, `game::playout::random_move` and `random_uncrossed`),
//! copied here when the engine's were made faster (2026-11-26). They answer exactly as the
//! engine does, so the reference plays the same moves; they keep its playouts as fast as they
//! were, so that the engine's speed-up counts for today's levels only, which is what the goal
//! against the reference measures.

use fastrand::Rng;

use ponte::game::{Bitboard, Board, Bridge, Cell, Color, Game, Move};

/// Two tiles further apart than this (in king moves) cannot affect each other's legality.
const INDEPENDENT_DISTANCE: u8 = 7;

/// How many random cells to try before listing the legal ones.
const TRIES: u32 = 12;

/// Whether adding `new` (free cells) to `color`'s tiles keeps the group rules, by flooding
/// each group that gains a tile.
fn keeps_group_rules(board: &Board, color: Color, new: Bitboard) -> bool {
    let tiles = board.tiles(color) | new;
    let islands = board.islands(color);
    let mut checked = Bitboard::EMPTY;
    for cell in new {
        let single = Bitboard::single(cell);
        if checked.contains(cell) || (single.grow_all() & tiles) == single {
            continue;
        }
        let group = single.flood(tiles);
        checked |= group;
        let size = group.len();
        if size > 4 {
            return false;
        }
        let ring = group.grow_all() & !group;
        if size == 4 {
            if !(ring & tiles).is_empty() {
                return false;
            }
        } else if let Some(island_tile) = (ring & islands).first() {
            let island = Bitboard::single(island_tile).flood(islands);
            if !(island.grow_all() & group).is_empty() {
                return false;
            }
        }
    }
    true
}

/// Whether `color` may put one tile on `cell` as far as the board goes.
pub(super) fn tile_fits(board: &Board, color: Color, cell: Cell) -> bool {
    board.free().contains(cell) && keeps_group_rules(board, color, Bitboard::single(cell))
}

/// Whether `color` may put tiles on `a` and `b`, each of which [`tile_fits`].
pub(super) fn pair_fits_singles(board: &Board, color: Color, a: Cell, b: Cell) -> bool {
    let distance = a.col().abs_diff(b.col()).max(a.row().abs_diff(b.row()));
    a != b
        && (distance > INDEPENDENT_DISTANCE
            || keeps_group_rules(board, color, Bitboard::single(a) | Bitboard::single(b)))
}

/// The free cells where `color` could put one tile without breaking the group rules.
fn single_tile_cells(board: &Board, color: Color) -> Bitboard {
    let candidates = board.free() & !board.islands(color).grow_all();
    let crowded = candidates & board.tiles(color).grow_all();
    let mut cells = candidates & !crowded;
    for cell in crowded {
        if keeps_group_rules(board, color, Bitboard::single(cell)) {
            cells.insert(cell);
        }
    }
    cells
}

fn random_cell(cells: Bitboard, rng: &mut Rng) -> Option<Cell> {
    match cells.len() {
        0 => None,
        n => cells.nth(rng.u32(0..n)),
    }
}

/// A random legal move for the side to move: mostly two tiles, sometimes a bridge, and a pass
/// only when nothing else is legal. `None` once the game is over.
pub(super) fn random_move(game: &Game, rng: &mut Rng) -> Option<Move> {
    let color = game.to_move()?;
    let board = game.board();
    if game.plies() == 1 && rng.bool() && game.is_legal(Move::Swap) {
        return Some(Move::Swap);
    }
    let prefer_bridge = rng.u32(0..4) == 0;
    if prefer_bridge && let Some(mv) = random_bridge(game, rng) {
        return Some(mv);
    }
    let has_tiles = game.tiles_left(color).is_none_or(|left| left >= 2);
    if has_tiles {
        let free = board.free();
        for _ in 0..TRIES {
            let Some(a) = random_cell(free, rng) else {
                break;
            };
            if !tile_fits(board, color, a) {
                continue;
            }
            for _ in 0..TRIES {
                let Some(b) = random_cell(free, rng) else {
                    break;
                };
                if tile_fits(board, color, b) && pair_fits_singles(board, color, a, b) {
                    return Some(Move::Place(a, b));
                }
            }
        }
        let singles = single_tile_cells(board, color);
        let mut firsts = singles;
        while let Some(a) = random_cell(firsts, rng) {
            firsts.remove(a);
            let mut seconds = singles;
            seconds.remove(a);
            while let Some(b) = random_cell(seconds, rng) {
                seconds.remove(b);
                if pair_fits_singles(board, color, a, b) {
                    return Some(Move::Place(a, b));
                }
            }
        }
    }
    Some(random_bridge(game, rng).unwrap_or(Move::Pass))
}

fn random_bridge(game: &Game, rng: &mut Rng) -> Option<Move> {
    let color = game.to_move()?;
    if game.bridges_left() == Some(0) {
        return None;
    }
    let board = game.board();
    random_uncrossed(
        board,
        bridges_ignoring_crossings(board, color).collect(),
        rng,
    )
}

/// A step of (columns, rows).
type Offset = (i32, i32);

/// Each bridge shape as the offset from its lower end to its higher end, with the cells it
/// passes over relative to the lower end.
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

/// The bridges `color` could build now if crossings did not matter (supply aside).
pub(super) fn bridges_ignoring_crossings(
    board: &Board,
    color: Color,
) -> impl Iterator<Item = Bridge> + '_ {
    let open_ends = board.tiles(color) & !board.bridge_ends();
    let occupied = board.tiles(Color::White) | board.tiles(Color::Red);
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
                    board.size(),
                )?;
                Bridge::between(low, high)
            })
        })
}

/// A random one of `candidates` that crosses no bridge on `board`, tried in random order.
pub(super) fn random_uncrossed(
    board: &Board,
    mut candidates: Vec<Bridge>,
    rng: &mut Rng,
) -> Option<Move> {
    while !candidates.is_empty() {
        let bridge = candidates.swap_remove(rng.usize(0..candidates.len()));
        if !board
            .bridges()
            .iter()
            .any(|(_, other)| bridge.meets(*other))
        {
            let [a, b] = bridge.ends();
            return Some(Move::Bridge(a, b));
        }
    }
    None
}

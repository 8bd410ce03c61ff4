//! `hard-2026-11`'s playouts: `src/ai/policy.rs` as it was in November 2026, copied here
//! unchanged (but for this comment) so that the levels' playouts can change while the reference
//! keeps its moves (`tests/ai.rs`'s `hard_2026_11_plays_as_it_did`). The engine's checks it
//! calls are November's too (`checks.rs`).

use fastrand::Rng;

use super::checks::{
    bridges_ignoring_crossings, pair_fits_singles, random_move, random_uncrossed, tile_fits,
};
use ponte::game::playout::play_out_with;
use ponte::game::{Bitboard, Board, Cell, Color, Game, Move};

/// How many candidates a choice tries before it gives up on its kind of cell.
const TRIES: u32 = 8;

/// One turn in this many looks for a bridge joining two groups first.
const BRIDGE_ODDS: u32 = 4;

/// Plays `game` to its end and returns the moves made.
pub fn playout(game: &mut Game, rng: &mut Rng) -> u64 {
    play_out_with(game, rng, sensible_move)
}

/// A random move that follows the advice where it can; `None` once the game is over.
pub fn sensible_move(game: &Game, rng: &mut Rng) -> Option<Move> {
    let color = game.to_move()?;
    if game.plies() == 1 && rng.bool() && game.is_legal(Move::Swap) {
        return Some(Move::Swap);
    }
    let board = game.board();
    if game.bridges_left() != Some(0)
        && rng.u32(0..BRIDGE_ODDS) == 0
        && let Some(mv) = joining_bridge(board, color, rng)
    {
        return Some(mv);
    }
    if game.tiles_left(color).is_none_or(|left| left >= 2)
        && let Some(mv) = sensible_placement(board, color, rng)
    {
        return Some(mv);
    }
    random_move(game, rng)
}

/// Two tiles: the first grows a sandbank or starts one near the centre, the second goes next
/// to the first (to make an island sooner) or grows another sandbank. Neither burns land.
fn sensible_placement(board: &Board, color: Color, rng: &mut Rng) -> Option<Move> {
    let (own, size) = (board.tiles(color), board.size());
    let free = board.free() & !board.islands(color).grow_all();
    let sandbanks = own & !board.islands(color);
    let growing = free & sandbanks.grow_orthogonal();
    let open = free & !own.grow_all();
    let fits = |cell: Cell| clean(own, cell) && tile_fits(board, color, cell);
    let first = match rng.u32(0..4) {
        0 => central(open, size, rng, fits),
        _ => pick(growing, rng, fits).or_else(|| central(open, size, rng, fits)),
    }?;
    let with_first = own | Bitboard::single(first);
    let group = Bitboard::single(first).flood(with_first);
    let beside = if group.len() < 4 {
        free & group.grow_orthogonal() & !group
    } else {
        Bitboard::EMPTY
    };
    let partner = |cell: Cell| {
        clean(with_first, cell)
            && tile_fits(board, color, cell)
            && pair_fits_singles(board, color, first, cell)
    };
    let second = match rng.u32(0..3) {
        0 => pick(growing, rng, partner),
        _ => pick(beside, rng, partner),
    }
    .or_else(|| pick(beside | growing, rng, partner))
    .or_else(|| central(open & !with_first.grow_all(), size, rng, partner))?;
    Some(Move::Place(first, second))
}

/// Whether a tile on `cell` touches `own` tiles only side by side or through its own group:
/// no own tile diagonally against it that it does not join.
fn clean(own: Bitboard, cell: Cell) -> bool {
    let single = Bitboard::single(cell);
    let touching = single.grow_all() & own;
    let joined = single.flood(own | single);
    (touching & !joined).is_empty()
}

/// A random cell of `cells` that passes `fits`, after a few tries.
fn pick(cells: Bitboard, rng: &mut Rng, fits: impl Fn(Cell) -> bool) -> Option<Cell> {
    let n = cells.len();
    if n == 0 {
        return None;
    }
    (0..TRIES)
        .filter_map(|_| cells.nth(rng.u32(0..n)))
        .find(|&cell| fits(cell))
}

/// Like [`pick`], but of two random candidates the one nearer the centre: the author's advice
/// to take the middle first.
fn central(cells: Bitboard, size: u8, rng: &mut Rng, fits: impl Fn(Cell) -> bool) -> Option<Cell> {
    let n = cells.len();
    if n == 0 {
        return None;
    }
    let size = i32::from(size);
    let off_centre = |cell: Cell| {
        // Twice the distance from the centre, so that it stays whole on even boards.
        let dx = (2 * i32::from(cell.col()) + 1 - size).abs();
        let dy = (2 * i32::from(cell.row()) + 1 - size).abs();
        dx.max(dy)
    };
    (0..TRIES)
        .filter_map(|_| {
            let a = cells.nth(rng.u32(0..n))?;
            let b = cells.nth(rng.u32(0..n))?;
            Some(if off_centre(a) <= off_centre(b) { a } else { b })
        })
        .find(|&cell| fits(cell))
}

/// A random legal bridge between two different groups of `color`.
fn joining_bridge(board: &Board, color: Color, rng: &mut Rng) -> Option<Move> {
    let own = board.tiles(color);
    let candidates = bridges_ignoring_crossings(board, color)
        .filter(|bridge| {
            let [a, b] = bridge.ends();
            !Bitboard::single(a).flood(own).contains(b)
        })
        .collect();
    random_uncrossed(board, candidates, rng)
}

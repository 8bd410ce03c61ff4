//! Random games played to the end: the playouts of a future AI, and a source of positions for
//! tests and benchmarks.

use fastrand::Rng;

use super::bitboard::Bitboard;
use super::board::Board;
use super::game::Game;
use super::moves::{Bridge, Move};

/// How many random cells to try before listing the legal ones.
const TRIES: u32 = 12;

fn random_cell(cells: Bitboard, rng: &mut Rng) -> Option<super::Cell> {
    match cells.len() {
        0 => None,
        n => cells.nth(rng.u32(0..n)),
    }
}

/// A random legal move for the side to move: mostly two tiles, sometimes a bridge, and a pass
/// only when nothing else is legal. `None` once the game is over.
pub fn random_move(game: &Game, rng: &mut Rng) -> Option<Move> {
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
            if !board.tile_fits(color, a) {
                continue;
            }
            for _ in 0..TRIES {
                let Some(b) = random_cell(free, rng) else {
                    break;
                };
                if board.tile_fits(color, b) && board.pair_fits_singles(color, a, b) {
                    return Some(Move::Place(a, b));
                }
            }
        }
        // Crowded board: pick among the cells that are legal alone.
        let singles = board.single_tile_cells(color);
        let mut firsts = singles;
        while let Some(a) = random_cell(firsts, rng) {
            firsts.remove(a);
            let mut seconds = singles;
            seconds.remove(a);
            while let Some(b) = random_cell(seconds, rng) {
                seconds.remove(b);
                if board.pair_fits_singles(color, a, b) {
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
    random_uncrossed(board, board.bridges_ignoring_crossings(color), rng)
}

/// A random one of `candidates` (bridges that fit but for crossings) that crosses no bridge on
/// `board`, as a move. Crossings are rare and the slow part: candidates are tested in random
/// order until one fits.
pub fn random_uncrossed(board: &Board, mut candidates: Vec<Bridge>, rng: &mut Rng) -> Option<Move> {
    while !candidates.is_empty() {
        let bridge = candidates.swap_remove(rng.usize(0..candidates.len()));
        if !board.crosses(bridge) {
            let [a, b] = bridge.ends();
            return Some(Move::Bridge(a, b));
        }
    }
    None
}

/// Plays random moves until the game ends. The moves are legal by construction, so they are
/// not checked a second time (debug builds do check; the tests hold the generator to the rules).
pub fn play_out(game: &mut Game, rng: &mut Rng) {
    play_out_with(game, rng, random_move);
}

/// Plays the moves `choose` makes until it has none (the game is over); returns how many.
pub fn play_out_with(
    game: &mut Game,
    rng: &mut Rng,
    choose: impl Fn(&Game, &mut Rng) -> Option<Move>,
) -> u64 {
    let mut moves = 0;
    while let Some(mv) = choose(game, rng) {
        game.apply(mv);
        moves += 1;
    }
    moves
}

//! `uct-smartbot` (also read as `baseline`): plain UCT over steps with uniformly random
//! "Smartbot" playouts, the cheap yardstick. It was built from a written *description* of
//! Boardspace's robot, which turned out not to be the robot Boardspace offers for Ponte (that is
//! Dumbot, rebuilt from Boardspace's sources in `boardspace`): exploration constant 0.5 on the
//! ±1 scale, playouts choosing between a placement and a bridge with bridges weighted 2×
//! (Boardspace's Smartbot weight, `PontePlay.java`, a level not offered for Ponte), reward ±1
//! with a tiny score-margin term, and a budget of 2,000,000 random moves a decision (placements
//! counted as one move).

use fastrand::Rng;

use crate::uct::Params;
use ponte::ai::Budget;
use ponte::game::playout::play_out_with;
use ponte::game::{Bitboard, Board, Bridge, Cell, Color, Game, Move};

pub const PARAMS: Params = Params {
    exploration: 0.5,
    margin_weight: 0.001,
};

/// Random moves per decision at full strength.
pub const RANDOM_MOVES: u64 = 2_000_000;

pub fn budget(random_moves: u64) -> Budget {
    Budget {
        random_moves: Some(random_moves),
        ..Budget::default()
    }
}

/// Plays the game out: at each turn a placement or a bridge, each legal first tile counting
/// once and each legal bridge twice; a pass only when neither is possible (the swap half the
/// time it is offered). Returns the moves made.
pub fn playout(game: &mut Game, rng: &mut Rng) -> u64 {
    play_out_with(game, rng, smartbot_move)
}

/// Smartbot's move, drawn by rejection: a candidate is drawn from cheap supersets of the legal
/// moves (free cells away from the mover's islands, weight 1; bridges that fit but for
/// crossings, weight 2), and one that turns out illegal (a cell where the tile breaks the group
/// rules or has no partner, a bridge that crosses) is dropped before drawing again. Each legal
/// move thus keeps its weight relative to the others: the same distribution as
/// [`smartbot_move_by_listing`], without listing them all.
pub fn smartbot_move(game: &Game, rng: &mut Rng) -> Option<Move> {
    let color = game.to_move()?;
    if game.plies() == 1 && rng.bool() && game.is_legal(Move::Swap) {
        return Some(Move::Swap);
    }
    let board = game.board();
    let open_cells = if game.tiles_left(color).is_none_or(|left| left >= 2) {
        board.free() & !board.islands(color).grow_all()
    } else {
        Bitboard::EMPTY
    };
    let mut bridges: Vec<Bridge> = if game.bridges_left() == Some(0) {
        Vec::new()
    } else {
        board.bridges_ignoring_crossings(color)
    };
    let mut firsts = open_cells;
    loop {
        let weights = (firsts.len(), 2 * bridges.len() as u32);
        if weights.0 + weights.1 == 0 {
            return Some(Move::Pass);
        }
        let drawn = rng.u32(0..weights.0 + weights.1);
        if drawn < weights.0 {
            let first = firsts.nth(drawn)?;
            firsts.remove(first);
            if board.tile_fits(color, first)
                && let Some(second) = random_partner(board, color, open_cells, first, rng)
            {
                return Some(Move::Place(first, second));
            }
        } else {
            let index = ((drawn - weights.0) / 2) as usize;
            if !board.crosses(bridges[index]) {
                let [a, b] = bridges[index].ends();
                return Some(Move::Bridge(a, b));
            }
            bridges.swap_remove(index);
        }
    }
}

/// A cell drawn uniformly from those that can take `color`'s second tile beside `first`, by
/// rejection from `cells` (a superset of them); `None` when there is none.
fn random_partner(
    board: &Board,
    color: Color,
    mut cells: Bitboard,
    first: Cell,
    rng: &mut Rng,
) -> Option<Cell> {
    cells.remove(first);
    while !cells.is_empty() {
        let second = cells.nth(rng.u32(0..cells.len()))?;
        if board.tile_fits(color, second) && board.pair_fits_singles(color, first, second) {
            return Some(second);
        }
        cells.remove(second);
    }
    None
}

/// Smartbot's move as its definition reads: every legal first tile and bridge listed, then one
/// drawn by weight. The reference [`smartbot_move`] is checked and benchmarked against.
pub fn smartbot_move_by_listing(game: &Game, rng: &mut Rng) -> Option<Move> {
    game.to_move()?;
    if game.plies() == 1 && rng.bool() && game.is_legal(Move::Swap) {
        return Some(Move::Swap);
    }
    let firsts = game.legal_first_cells();
    let bridges = game.legal_bridges();
    let weights = (firsts.len(), 2 * bridges.len() as u32);
    if weights.0 + weights.1 == 0 {
        return Some(Move::Pass);
    }
    if rng.u32(0..weights.0 + weights.1) < weights.0 {
        let first = firsts.nth(rng.u32(0..weights.0))?;
        let seconds = game.legal_second_cells(first);
        let second = seconds.nth(rng.u32(0..seconds.len()))?;
        Some(Move::Place(first, second))
    } else {
        let [a, b] = bridges[rng.usize(0..bridges.len())].ends();
        Some(Move::Bridge(a, b))
    }
}

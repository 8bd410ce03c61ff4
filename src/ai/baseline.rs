//! Boardspace's Ponte robot rebuilt as the reference opponent (`PontePlay.java`, as issue 11
//! describes it): plain UCT with exploration constant 0.5, each tile its own step, uniformly
//! random playouts choosing between a placement and a bridge with bridges weighted 2×
//! ("Smartbot"), reward ±1 with a tiny score-margin term, and a budget of 2,000,000 random moves
//! a decision (its 15 s at the 130,000 random moves a second it targets).

use fastrand::Rng;

use super::uct::{Budget, Params};
use crate::game::playout::play_out_with;
use crate::game::{Game, Move};

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

fn smartbot_move(game: &Game, rng: &mut Rng) -> Option<Move> {
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

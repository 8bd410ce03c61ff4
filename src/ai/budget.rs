//! What every search is given and gives back: its budget, its decision, and what a finished
//! playout is worth to each side.

use std::time::Instant;

use crate::game::{Color, Game, Move};

/// How much search a decision may use; the first limit reached stops it (at least one
/// playout is always made).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub playouts: Option<u64>,
    /// Moves made in playouts (a placement one move); for `boardspace`, the moves a step's
    /// search may make, random and down the tree, a tile being one (Boardspace's count).
    pub random_moves: Option<u64>,
    pub deadline: Option<Instant>,
}

impl Budget {
    /// Whether a search that made `playouts` with `random_moves` in them must stop now.
    pub fn spent(&self, playouts: u64, random_moves: u64) -> bool {
        self.playouts.is_some_and(|p| playouts >= p)
            || self.random_moves.is_some_and(|m| random_moves >= m)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// What a search found, and what it spent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    pub best: Move,
    pub playouts: u64,
    pub random_moves: u64,
    /// The mover's chance of winning with `best`: the share of the playouts through its first
    /// step that the mover won, a draw counting half.
    pub chance: f64,
}

/// What a finished playout was worth to `color`: 1 for a win, ½ for a draw, 0 for a loss.
pub fn won(game: &Game, color: Color) -> f64 {
    match game.outcome().map(|o| o.winner()) {
        Some(Some(winner)) if winner == color => 1.0,
        Some(None) => 0.5,
        _ => 0.0,
    }
}

/// The end of a playout from White's side: +1 for a White win, −1 for a Red win, 0 for a draw,
/// plus a little for each point of margin.
pub fn reward(game: &Game, margin_weight: f64) -> f64 {
    let margin =
        f64::from(game.score(Color::White).points) - f64::from(game.score(Color::Red).points);
    result(game) + margin_weight * margin
}

/// The result of a finished playout from White's side: +1, −1, or 0 for a draw.
pub fn result(game: &Game) -> f64 {
    match game.outcome().and_then(|o| o.winner()) {
        Some(Color::White) => 1.0,
        Some(Color::Red) => -1.0,
        None => 0.0,
    }
}

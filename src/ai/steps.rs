//! The game as the search sees it: a placement of two tiles is two steps (each tile its own
//! step, as in Boardspace's robot), so a position has at most a few hundred steps instead of
//! tens of thousands of two-tile moves.

use crate::game::{Cell, Color, Game, Move};

/// One step of the search: a tile (the first or the second of a placement), a bridge, a pass,
/// or the swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Tile(Cell),
    Bridge(Cell, Cell),
    Pass,
    Swap,
}

/// A game, and the first tile of a placement chosen but not yet played.
#[derive(Clone, Debug)]
pub struct Position {
    pub game: Game,
    pub pending: Option<Cell>,
}

impl Position {
    pub fn new(game: Game) -> Position {
        Position {
            game,
            pending: None,
        }
    }

    /// Who takes the next step (`None` once the game is over).
    pub fn to_move(&self) -> Option<Color> {
        self.game.to_move()
    }

    /// Every legal step. Halfway through a placement only its second tiles are; otherwise the
    /// first tiles that have a partner, the bridges, the pass when it is allowed and the swap.
    /// Empty once the game is over.
    pub fn steps(&self) -> Vec<Step> {
        let game = &self.game;
        if game.is_over() {
            return Vec::new();
        }
        if let Some(first) = self.pending {
            return game
                .legal_second_cells(first)
                .iter()
                .map(Step::Tile)
                .collect();
        }
        let mut steps: Vec<Step> = game.legal_first_cells().iter().map(Step::Tile).collect();
        steps.extend(game.legal_bridges().into_iter().map(|b| {
            let [a, b] = b.ends();
            Step::Bridge(a, b)
        }));
        if game.is_legal(Move::Pass) {
            steps.push(Step::Pass);
        }
        if game.is_legal(Move::Swap) {
            steps.push(Step::Swap);
        }
        steps
    }

    /// Takes a legal step: a first tile waits for its partner, a second tile plays the pair.
    pub fn apply(&mut self, step: Step) {
        let mv = match (step, self.pending.take()) {
            (Step::Tile(cell), None) => {
                self.pending = Some(cell);
                return;
            }
            (Step::Tile(second), Some(first)) => Move::Place(first, second),
            (Step::Bridge(a, b), _) => Move::Bridge(a, b),
            (Step::Pass, _) => Move::Pass,
            (Step::Swap, _) => Move::Swap,
        };
        self.game.apply(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_is_legal_and_every_placement_is_two_steps() {
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..40 {
            let mut position = Position::new(Game::default());
            while let Some(color) = position.to_move() {
                let steps = position.steps();
                assert!(!steps.is_empty(), "a side to move always has a step");
                let step = steps[rng.usize(0..steps.len())];
                let before = position.game.plies();
                position.apply(step);
                match (step, position.pending) {
                    (Step::Tile(cell), Some(pending)) => {
                        assert_eq!(cell, pending);
                        assert_eq!(position.to_move(), Some(color), "still the same player");
                        assert!(!position.steps().is_empty(), "a first tile has a partner");
                    }
                    _ => assert_eq!(position.game.plies(), before + 1),
                }
            }
        }
        // (`Game::apply` checks each move against the rules in debug builds, as tests run.)
    }
}

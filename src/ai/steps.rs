//! The game as the search sees it: a placement of two tiles is two steps (each tile its own
//! step, as in Boardspace's robot), so a position has at most a few hundred steps instead of
//! tens of thousands of two-tile moves.

use fastrand::Rng;

use crate::game::{Cell, Color, Game, Move};

/// A playout policy: plays `game` to its end at random and returns the moves it made.
pub type Playout<'a> = &'a dyn Fn(&mut Game, &mut Rng) -> u64;

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

    /// Plays the position to its end: a pending first tile gets a random legal partner, then
    /// `playout` finishes the game. Returns the random moves made; a playout from a finished
    /// game makes none but counts as one, or a budget in moves would never run out at the end
    /// of a game.
    pub fn play_out(
        &mut self,
        playout: impl FnOnce(&mut Game, &mut Rng) -> u64,
        rng: &mut Rng,
    ) -> u64 {
        let mut moves = 0;
        if let Some(first) = self.pending {
            self.apply(Step::Tile(random_partner(&self.game, first, rng)));
            moves += 1;
        }
        moves + playout(&mut self.game, rng).max(1)
    }

    /// The move a search chooses at this position (not halfway through a placement): `step`,
    /// and for a first tile its `partner` step, or a random legal partner when the search has
    /// none.
    pub fn chosen_move(&self, step: Step, partner: Option<Step>, rng: &mut Rng) -> Move {
        match step {
            Step::Tile(first) => match partner {
                Some(Step::Tile(second)) => Move::Place(first, second),
                _ => Move::Place(first, random_partner(&self.game, first, rng)),
            },
            Step::Bridge(a, b) => Move::Bridge(a, b),
            Step::Pass => Move::Pass,
            Step::Swap => Move::Swap,
        }
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

/// A random legal second tile for `first`.
fn random_partner(game: &Game, first: Cell, rng: &mut Rng) -> Cell {
    let seconds = game.legal_second_cells(first);
    seconds
        .nth(rng.u32(0..seconds.len()))
        .expect("a first tile has a partner")
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

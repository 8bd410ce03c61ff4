//! `hard-2026-11`: the level `hard` exactly as it played in November 2026, kept as
//! a fixed reference so that a stronger `hard` can be measured against it: the same search
//! (`rave`), the same playouts (`policy`), the same 1.95 s a move.
//!
//! It has its own constants and its own copies of the search (`rave.rs`), the playouts
//! (`policy.rs`) and the engine's checks its playouts call (`checks.rs`) as they were then, so
//! that changing `hard` or speeding up the engine leaves it alone; `tests/ai.rs`
//! (`hard_2026_11_plays_as_it_did`) pins the moves it plays. What it shares with today's code is
//! the game itself (applying a move, the score at a game's end) and the listing of a tree
//! node's moves (`ai::steps`).

use std::time::Duration;

use fastrand::Rng;

mod checks;
/// Its playouts, public for the speed benchmark (`benches/ai.rs`) to set beside today's.
pub mod policy;
mod rave;

use self::rave::Params;
use ponte::ai::{Budget, Decision};
use ponte::game::Game;

/// The name `ponte-lab arena` knows it by.
pub const NAME: &str = "hard-2026-11";

/// Its time a move: `hard`'s 1,950 ms (at most 2 s with choosing the move and freeing the tree).
pub const THINK: Duration = Duration::from_millis(1950);

/// `rave::PARAMS` as they were in November 2026.
const PARAMS: Params = Params {
    exploration: 0.2,
    margin_weight: 0.02,
    rave_equivalence: 300.0,
};

/// The move it plays in `game` (not over) within `budget`.
pub fn search(game: &Game, budget: Budget, rng: &mut Rng) -> Decision {
    rave::search(game, PARAMS, budget, &policy::playout, rng)
}

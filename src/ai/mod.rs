//! The bot's opponent: Monte Carlo tree search over the rules engine. Pure and synchronous like
//! `src/game` (the only module it uses): no I/O, no async; the same seed and budget in playouts
//! or random moves give the same move.
//!
//! The levels (`easy`, `medium`, `hard`) are the bot's one player (`rave` with `policy`'s
//! playouts), each with its own budget. The players that only serve to measure them (the frozen
//! `hard-2026-11`, Boardspace's Dumbot, the `uct-smartbot` yardstick, the trials of single
//! ideas) live in the lab beside the product (`lab/`, `ponte-lab arena`), which searches with
//! the public `rave`, `policy` and `Position` of this module.

pub mod analysis;
mod budget;
pub mod policy;
pub mod puzzle;
pub mod rave;
mod replies;
mod steps;

use std::time::{Duration, Instant};

use fastrand::Rng;

pub use budget::{Budget, Decision, result, reward, won};
pub use rave::Ideas;
pub use steps::{Playout, Position, Step};

use crate::game::{Game, Move};

/// `easy`'s search. With the levels' playouts, 300 playouts (`easy`'s budget in November 2026) beat a
/// player of the advice alone (a beginner's stand-in, `ponte-lab arena easy advice`) 97 times in
/// 100; 100 playouts win about two games in three (131 of 200), so that a beginner wins now and then
/// (`docs/strength.md`).
pub const EASY_PLAYOUTS: u64 = 100;

/// The bot's strengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Legal, sensible moves a beginner can beat.
    Easy,
    /// About half a second a move.
    Medium,
    /// At most two seconds a move on one core.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name as players type it and the store keeps it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        match text.to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            other => Err(format!("\"{other}\" is not a level: easy, medium or hard")),
        }
    }
}

impl Level {
    /// The level's budget for one decision, starting now (`think` overrides its time).
    pub fn budget(self, think: Option<Duration>) -> Budget {
        let by_time = |default: Duration| Budget {
            deadline: Some(Instant::now() + think.unwrap_or(default)),
            ..Budget::default()
        };
        match self {
            Level::Easy => match think {
                Some(think) => by_time(think),
                None => Budget {
                    playouts: Some(EASY_PLAYOUTS),
                    ..Budget::default()
                },
            },
            Level::Medium => by_time(Duration::from_millis(500)),
            // Two seconds at most, with room for choosing the move and freeing the tree.
            Level::Hard => by_time(HARD_THINK),
        }
    }
}

/// `hard`'s time a move: two seconds at most, with room for choosing the move and freeing the
/// tree.
pub const HARD_THINK: Duration = Duration::from_millis(1950);

/// The move `level` plays in `game` within `budget`, with the search's figures; `None` when
/// the game is over.
pub fn choose(game: &Game, level: Level, budget: Budget, seed: u64) -> Option<Decision> {
    choose_on(game, level, budget, seed, 1)
}

/// The seeds of a search on `cores` cores: one tree each, the first the one a single core uses.
pub fn seeds(seed: u64, cores: usize) -> Vec<u64> {
    (0..cores.max(1) as u64)
        .map(|core| seed ^ core.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect()
}

/// [`choose`] on `cores` cores at once: one tree per core within the same budget, playing the
/// move the trees agree on.
pub fn choose_on(
    game: &Game,
    level: Level,
    budget: Budget,
    seed: u64,
    cores: usize,
) -> Option<Decision> {
    if game.is_over() {
        return None;
    }
    let mut rng = Rng::with_seed(seed);
    let decision = if cores > 1 {
        rave::search_parallel(
            game,
            rave::LEVELS.params(),
            rave::LEVELS,
            budget,
            &policy::playout,
            &seeds(seed, cores),
        )
    } else {
        rave::search(
            game,
            rave::LEVELS.params(),
            rave::LEVELS,
            budget,
            &policy::playout,
            &mut rng,
        )
    };
    // A beginner's opponent misplays now and then: one time in four it plays a move that
    // only looks sensible (a playout's move), not the one its search found.
    if level == Level::Easy && rng.u32(0..4) == 0 {
        let best = policy::sensible_move(game, &mut rng).unwrap_or(decision.best);
        return Some(Decision { best, ..decision });
    }
    Some(decision)
}

/// The longest a hint thinks. With the wait for a core (at most [`HINT_CORE_PATIENCE`]), the
/// picture and the database, a hint answers within 2 s.
pub const HINT_THINK: Duration = Duration::from_millis(1200);

/// The most a hint waits for a core that the bot's own searches hold; past it, the hint
/// thinks beside them (a second or so on one more thread).
pub const HINT_CORE_PATIENCE: Duration = Duration::from_millis(500);

/// The most playouts a hint makes: on a fast machine it stops here before [`HINT_THINK`], so
/// that the same position and seed give the same hint.
pub const HINT_PLAYOUTS: u64 = 20_000;

/// A hint's budget, starting now: [`HINT_THINK`] or [`HINT_PLAYOUTS`], whichever comes first.
pub fn hint_budget() -> Budget {
    Budget {
        playouts: Some(HINT_PLAYOUTS),
        deadline: Some(Instant::now() + HINT_THINK),
        ..Budget::default()
    }
}

/// The move a hint suggests to the side to move in `game`: `hard`'s search (which never
/// misplays on purpose, as `easy` does) within `budget`, so a move of the engine's list of legal
/// moves. `None` when the game is over.
pub fn hint(game: &Game, budget: Budget, seed: u64) -> Option<Decision> {
    choose(game, Level::Hard, budget, seed)
}

/// The move to play, for callers that need no figures.
pub fn best_move(game: &Game, level: Level, budget: Budget, seed: u64) -> Option<Move> {
    choose(game, level, budget, seed).map(|d| d.best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Variant, playout};

    /// A hint is a legal move wherever the game goes on: positions along random games on both
    /// boards and supplies, the opening and the last turns included.
    #[test]
    fn a_hint_is_legal_in_every_position_of_random_games() {
        let mut checked = 0;
        for (seed, variant) in [
            Variant::DEFAULT,
            Variant::unlimited(10).unwrap(),
            Variant::unlimited(6).unwrap(),
        ]
        .into_iter()
        .enumerate()
        {
            let mut rng = Rng::with_seed(seed as u64);
            let mut game = Game::new(variant);
            while !game.is_over() {
                let budget = Budget {
                    playouts: Some(8),
                    ..Budget::default()
                };
                let hint = hint(&game, budget, rng.u64(..)).expect("the game goes on");
                assert!(
                    game.is_legal(hint.best),
                    "{} after {}",
                    hint.best,
                    game.plies()
                );
                checked += 1;
                let Some(mv) = playout::random_move(&game, &mut rng) else {
                    break;
                };
                game.play(mv).unwrap();
            }
            if game.is_over() {
                assert_eq!(
                    hint(&game, Budget::default(), 1),
                    None,
                    "no hint after the end"
                );
            }
        }
        assert!(checked > 100, "{checked} positions");
    }
}

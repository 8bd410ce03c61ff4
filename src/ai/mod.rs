//! The bot's opponent: Monte Carlo tree search over the rules engine. Pure and synchronous like
//! `src/game` (the only module it uses): no I/O, no async; the same seed and budget in playouts
//! or random moves give the same move.
//!
//! `baseline` is Boardspace's robot rebuilt, the yardstick (`uct` with `baseline`'s uniformly
//! random playouts); the levels (`easy`, `medium`, `hard`) are the bot's own player (`rave`
//! with `policy`'s playouts), with their own budgets.

pub mod analysis;
pub mod baseline;
pub mod policy;
mod rave;
mod steps;
mod uct;

use std::time::{Duration, Instant};

use fastrand::Rng;

pub use steps::{Position, Step};
pub use uct::{Budget, Decision, Params};

use crate::game::{Game, Move};

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

/// Who chooses a move, with how much search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Level(Level),
    /// Boardspace's robot with a budget of random moves.
    Baseline {
        random_moves: u64,
    },
    /// The levels' player with one of its two ideas taken out, to measure what each buys
    /// (`ponte arena` only): `rave` off is the baseline's UCT, `advice` off the baseline's
    /// Smartbot playouts. Thinks like `hard` unless given a budget.
    Without {
        rave: bool,
        advice: bool,
    },
}

impl Player {
    /// The player's budget for one decision, starting now (`think` overrides a level's time).
    pub fn budget(self, think: Option<Duration>) -> Budget {
        let by_time = |default: Duration| Budget {
            deadline: Some(Instant::now() + think.unwrap_or(default)),
            ..Budget::default()
        };
        match self {
            Player::Level(Level::Easy) => match think {
                Some(think) => by_time(think),
                None => Budget {
                    playouts: Some(300),
                    ..Budget::default()
                },
            },
            Player::Level(Level::Medium) => by_time(Duration::from_millis(500)),
            // Two seconds at most, with room for choosing the move and freeing the tree.
            Player::Level(Level::Hard) | Player::Without { .. } => {
                by_time(Duration::from_millis(1950))
            }
            Player::Baseline { random_moves } => baseline::budget(random_moves),
        }
    }
}

/// The move `player` plays in `game` within `budget`, with the search's figures; `None` when
/// the game is over.
pub fn choose(game: &Game, player: Player, budget: Budget, seed: u64) -> Option<Decision> {
    if game.is_over() {
        return None;
    }
    let mut rng = Rng::with_seed(seed);
    let decision = match player {
        Player::Baseline { .. } => {
            uct::search(game, baseline::PARAMS, budget, baseline::playout, &mut rng)
        }
        Player::Level(_) => rave::search(game, rave::PARAMS, budget, policy::playout, &mut rng),
        Player::Without { rave, advice } => {
            let playout = if advice {
                policy::playout
            } else {
                baseline::playout
            };
            if rave {
                rave::search(game, rave::PARAMS, budget, playout, &mut rng)
            } else {
                uct::search(game, baseline::PARAMS, budget, playout, &mut rng)
            }
        }
    };
    // A beginner's opponent misplays now and then: one time in four it plays a move that
    // only looks sensible (a playout's move), not the one its search found.
    if player == Player::Level(Level::Easy) && rng.u32(0..4) == 0 {
        let best = policy::sensible_move(game, &mut rng).unwrap_or(decision.best);
        return Some(Decision { best, ..decision });
    }
    Some(decision)
}

/// The move to play, for callers that need no figures.
pub fn best_move(game: &Game, player: Player, budget: Budget, seed: u64) -> Option<Move> {
    choose(game, player, budget, seed).map(|d| d.best)
}

//! The bot's opponent: Monte Carlo tree search over the rules engine. Pure and synchronous like
//! `src/game` (the only module it uses): no I/O, no async; the same seed and budget in playouts
//! or random moves give the same move.
//!
//! The players: the levels (`easy`, `medium`, `hard`) are the bot's own player (`rave` with
//! `policy`'s playouts), with their own budgets; `hard-2026-11` is `hard` as it was in November
//! 2026, frozen as a reference (`reference`); `boardspace` is Boardspace's Ponte robot,
//! Dumbot, rebuilt from Boardspace's sources (`boardspace`); `uct-smartbot` (once called
//! `baseline`) is plain UCT with uniformly random "Smartbot" playouts (`uct` with `smartbot`),
//! a cheap yardstick built from an early description of Boardspace's robot.

pub mod analysis;
pub mod boardspace;
pub mod policy;
mod rave;
pub mod reference;
mod replies;
pub mod smartbot;
mod steps;
mod uct;

use std::time::{Duration, Instant};

use fastrand::Rng;

pub use rave::Ideas;
pub use steps::{Playout, Position, Step};
pub use uct::{Budget, Decision, Params};

use crate::game::{Game, Move};

/// `easy`'s search. With the levels' playouts, 300 playouts (`easy`'s budget in November 2026) beat a
/// player of the advice alone (a beginner's stand-in, `ponte arena easy advice`) 97 times in
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

/// Who chooses a move, with how much search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Level(Level),
    /// `hard` as it was in November 2026 (`hard-2026-11`), kept unchanged to measure later
    /// versions of `hard` against.
    HardReference,
    /// Boardspace's Dumbot with a budget of moves for each step (a tile is one).
    Boardspace {
        moves: u64,
    },
    /// `uct-smartbot`: plain UCT with Smartbot's playouts and a budget of random moves.
    UctSmartbot {
        random_moves: u64,
    },
    /// The levels' player with one of its two ideas taken out, to measure what each buys
    /// (`ponte arena` only): `rave` off is `uct-smartbot`'s UCT, `advice` off its Smartbot
    /// playouts. Thinks like `hard` unless given a budget.
    Without {
        rave: bool,
        advice: bool,
    },
    /// The levels' player with only the later ideas named (`ponte arena` only, as
    /// `trial-swap+prune`), to measure each one. Thinks like `hard` unless given a budget.
    Trial {
        ideas: Ideas,
    },
    /// The advice the levels' playouts follow, played directly without any search (`ponte
    /// arena` only, as `advice`): a stand-in for a beginner who knows the rules and the
    /// author's tips but does not read ahead, to check that `easy` can be beaten.
    Advice,
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
                    playouts: Some(EASY_PLAYOUTS),
                    ..Budget::default()
                },
            },
            Player::Level(Level::Medium) => by_time(Duration::from_millis(500)),
            // Two seconds at most, with room for choosing the move and freeing the tree.
            Player::Level(Level::Hard) | Player::Without { .. } | Player::Trial { .. } => {
                by_time(Duration::from_millis(1950))
            }
            Player::HardReference => by_time(reference::THINK),
            Player::UctSmartbot { random_moves } => smartbot::budget(random_moves),
            Player::Boardspace { moves } => Budget {
                random_moves: Some(moves),
                ..Budget::default()
            },
            // It does not search.
            Player::Advice => Budget::default(),
        }
    }
}

/// The move `player` plays in `game` within `budget`, with the search's figures; `None` when
/// the game is over.
pub fn choose(game: &Game, player: Player, budget: Budget, seed: u64) -> Option<Decision> {
    choose_on(game, player, budget, seed, 1)
}

/// [`choose`] on `cores` cores at once: the levels and trials grow one tree per core within
/// the same budget and play the move the trees agree on; the other players use one core.
pub fn choose_on(
    game: &Game,
    player: Player,
    budget: Budget,
    seed: u64,
    cores: usize,
) -> Option<Decision> {
    if game.is_over() {
        return None;
    }
    let mut rng = Rng::with_seed(seed);
    // Each tree its own seed, the first the one a single core would use.
    let seeds: Vec<u64> = (0..cores.max(1) as u64)
        .map(|core| seed ^ core.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect();
    let decision = match player {
        Player::Level(_) if cores > 1 => rave::search_parallel(
            game,
            rave::LEVELS.params(),
            rave::LEVELS,
            budget,
            &policy::playout,
            &seeds,
        ),
        Player::Trial { ideas } if cores > 1 => {
            let style = ideas.style();
            rave::search_parallel(
                game,
                ideas.params(),
                ideas,
                budget,
                &|game, rng| style.playout(game, rng),
                &seeds,
            )
        }
        Player::UctSmartbot { .. } => {
            uct::search(game, smartbot::PARAMS, budget, &smartbot::playout, &mut rng)
        }
        Player::Boardspace { .. } => boardspace::choose(game, budget, &mut rng),
        Player::Advice => Decision {
            best: policy::sensible_move(game, &mut rng).expect("a game not over has a move"),
            playouts: 0,
            random_moves: 0,
            chance: 0.5,
        },
        Player::HardReference => reference::search(game, budget, &mut rng),
        Player::Level(_) => rave::search(
            game,
            rave::LEVELS.params(),
            rave::LEVELS,
            budget,
            &policy::playout,
            &mut rng,
        ),
        Player::Trial { ideas } => {
            let style = ideas.style();
            rave::search(
                game,
                ideas.params(),
                ideas,
                budget,
                &|game, rng| style.playout(game, rng),
                &mut rng,
            )
        }
        Player::Without { rave, advice } => {
            let playout: Playout = if advice {
                &policy::playout
            } else {
                &smartbot::playout
            };
            if rave {
                rave::search(
                    game,
                    rave::LEVELS.params(),
                    rave::LEVELS,
                    budget,
                    playout,
                    &mut rng,
                )
            } else {
                uct::search(game, smartbot::PARAMS, budget, playout, &mut rng)
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

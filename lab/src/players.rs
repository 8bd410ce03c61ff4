//! Every player a match can set: the product's levels, and the players that serve only to
//! measure them. `hard-2026-11` is `hard` as it was in November 2026, frozen as a reference
//! (`reference`); `boardspace` is Boardspace's Ponte robot, Dumbot, rebuilt from Boardspace's
//! sources (`boardspace`); `uct-smartbot` (once called `baseline`) is plain UCT with uniformly
//! random "Smartbot" playouts (`uct` with `smartbot`), a cheap yardstick built from an early
//! description of Boardspace's robot; the trials switch the levels' ideas one by one.

use std::time::{Duration, Instant};

use fastrand::Rng;
use ponte::ai::rave::{self, Ideas};
use ponte::ai::{self, Budget, Decision, Level, Playout, policy};
use ponte::game::{Game, Move};

use crate::{boardspace, reference, smartbot, uct};

/// Who chooses a move, with how much search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A level of the product, playing exactly as the bot does.
    Level(Level),
    /// `hard` as it was in November 2026 (`hard-2026-11`), kept unchanged to measure later
    /// versions of `hard` against.
    HardReference,
    /// Boardspace's Dumbot with a budget of moves for each step (a tile is one).
    Boardspace { moves: u64 },
    /// `uct-smartbot`: plain UCT with Smartbot's playouts and a budget of random moves.
    UctSmartbot { random_moves: u64 },
    /// The levels' player with one of its two ideas taken out, to measure what each buys:
    /// `rave` off is `uct-smartbot`'s UCT, `advice` off its Smartbot playouts. Thinks like
    /// `hard` unless given a budget.
    Without { rave: bool, advice: bool },
    /// The levels' player with only the later ideas named (as `trial-swap+prune`), to measure
    /// each one. Thinks like `hard` unless given a budget.
    Trial { ideas: Ideas },
    /// The advice the levels' playouts follow, played directly without any search (as
    /// `advice`): a stand-in for a beginner who knows the rules and the author's tips but does
    /// not read ahead, to check that `easy` can be beaten.
    Advice,
}

impl Player {
    /// The player's budget for one decision, starting now (`think` overrides a level's time).
    pub fn budget(self, think: Option<Duration>) -> Budget {
        match self {
            Player::Level(level) => level.budget(think),
            Player::Without { .. } | Player::Trial { .. } => Budget {
                deadline: Some(Instant::now() + think.unwrap_or(ai::HARD_THINK)),
                ..Budget::default()
            },
            Player::HardReference => Budget {
                deadline: Some(Instant::now() + think.unwrap_or(reference::THINK)),
                ..Budget::default()
            },
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
    if let Player::Level(level) = player {
        return ai::choose_on(game, level, budget, seed, cores);
    }
    if game.is_over() {
        return None;
    }
    let mut rng = Rng::with_seed(seed);
    Some(match player {
        Player::Level(_) => unreachable!("the levels are the product's"),
        Player::Trial { ideas } if cores > 1 => {
            let style = ideas.style();
            rave::search_parallel(
                game,
                ideas.params(),
                ideas,
                budget,
                &|game, rng| style.playout(game, rng),
                &ai::seeds(seed, cores),
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
    })
}

/// The move to play, for callers that need no figures.
pub fn best_move(game: &Game, player: Player, budget: Budget, seed: u64) -> Option<Move> {
    choose(game, player, budget, seed).map(|d| d.best)
}

//! Tournaments as pure data: who plays whom in each round (Berger tables for a round robin, a
//! Swiss system) and the standings with their tiebreaks. No I/O and nothing of the rest of the
//! crate: the service stores rounds and results and asks this module what comes next.
//!
//! Entrants are numbered by seed, 0 the first (the service seeds by rating at the start).
//! Points are counted in halves: a win is 2, a draw 1, a loss 0, a Swiss bye 2.

mod round_robin;
mod standings;
mod swiss;

pub use round_robin::round_robin;
pub use standings::{Played, Standing, TiebreakKind, standings};
pub use swiss::{PastGame, SwissEntrant, pair_swiss, swiss_entrants};

/// An entrant by seed: 0 is the first seed.
pub type Seed = usize;

/// Half points: a win is 2, a draw 1.
pub type HalfPoints = u32;

pub const WIN: HalfPoints = 2;
pub const DRAW: HalfPoints = 1;

/// One game of a round: the opener places White's first two tiles, the other answers (keeps
/// Red or swaps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub opener: Seed,
    pub answerer: Seed,
}

impl Pairing {
    pub fn has(&self, seed: Seed) -> bool {
        self.opener == seed || self.answerer == seed
    }

    /// The other player of the game, if `seed` plays in it.
    pub fn opponent_of(&self, seed: Seed) -> Option<Seed> {
        match seed {
            s if s == self.opener => Some(self.answerer),
            s if s == self.answerer => Some(self.opener),
            _ => None,
        }
    }
}

/// A round's games, and the entrant who sits it out (a round robin with an odd count) or gets
/// the bye (Swiss).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub pairings: Vec<Pairing>,
    pub bye: Option<Seed>,
}

/// How a tournament is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Everyone plays everyone, once or (double) twice with the openers swapped.
    RoundRobin { double: bool },
    /// `rounds` rounds paired by score.
    Swiss { rounds: u32 },
}

impl Format {
    /// How many rounds `entrants` play.
    pub fn rounds(self, entrants: usize) -> u32 {
        match self {
            Format::RoundRobin { double } => {
                let single = (entrants + entrants % 2).saturating_sub(1) as u32;
                if double { 2 * single } else { single }
            }
            Format::Swiss { rounds } => rounds,
        }
    }
}

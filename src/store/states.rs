//! The states a game or a challenge is in, as the schema spells them. Reading a value the schema
//! does not allow is an error, never a guess.

use std::fmt;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum GameStatus {
    Active,
    /// Decided: by the score, a resignation or the clock.
    Finished,
    /// Called off without a result.
    Aborted,
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum EndReason {
    Score,
    Resign,
    Timeout,
    Abort,
}

/// The stored result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum Winner {
    White,
    Red,
    Draw,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

impl fmt::Display for ChallengeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        })
    }
}

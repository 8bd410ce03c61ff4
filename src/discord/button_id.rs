//! What a button does, written into its custom id: the wire format Discord keeps with every
//! message and hands back on a click. Buttons already posted keep their ids across upgrades, so
//! every form ever posted keeps parsing to what it meant.

use std::fmt;
use std::str::FromStr;

use crate::service::{ChallengeId, GameId, TournamentId};

/// A button's custom id: `verb:id`, or `verb:id:version` for the pie choice, which is tied to
/// the position it was offered in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonId {
    Accept(ChallengeId),
    Decline(ChallengeId),
    Cancel(ChallengeId),
    Swap { game: GameId, version: i64 },
    Keep { game: GameId, version: i64 },
    Resign(GameId),
    Rematch(GameId),
    Replay(GameId),
    Analyse(GameId),
    Export(GameId),
    JoinTournament(TournamentId),
    LeaveTournament(TournamentId),
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ButtonId as B;
        match self {
            B::Accept(id) => write!(f, "accept:{id}"),
            B::Decline(id) => write!(f, "decline:{id}"),
            B::Cancel(id) => write!(f, "cancel:{id}"),
            B::Swap { game, version } => write!(f, "swap:{game}:{version}"),
            B::Keep { game, version } => write!(f, "keep:{game}:{version}"),
            B::Resign(game) => write!(f, "resign:{game}"),
            B::Rematch(game) => write!(f, "rematch:{game}"),
            B::Replay(game) => write!(f, "replay:{game}"),
            B::Analyse(game) => write!(f, "analyse:{game}"),
            B::Export(game) => write!(f, "export:{game}"),
            B::JoinTournament(id) => write!(f, "tjoin:{id}"),
            B::LeaveTournament(id) => write!(f, "tleave:{id}"),
        }
    }
}

/// A custom id this bot never wrote.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no button of this bot has the id {0:?}")]
pub struct UnknownButton(pub String);

impl FromStr for ButtonId {
    type Err = UnknownButton;

    fn from_str(text: &str) -> Result<ButtonId, UnknownButton> {
        use ButtonId as B;
        let unknown = || UnknownButton(text.to_string());
        let mut parts = text.split(':');
        let verb = parts.next().ok_or_else(unknown)?;
        let numbers = parts
            .map(str::parse::<i64>)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| unknown())?;
        Ok(match (verb, numbers.as_slice()) {
            ("accept", &[id]) => B::Accept(id),
            ("decline", &[id]) => B::Decline(id),
            ("cancel", &[id]) => B::Cancel(id),
            ("swap", &[game, version]) => B::Swap { game, version },
            ("keep", &[game, version]) => B::Keep { game, version },
            // Resign buttons once carried the game's version too; a resignation is always legal,
            // so it is ignored.
            ("resign", &[game] | &[game, _]) => B::Resign(game),
            ("rematch", &[game]) => B::Rematch(game),
            ("replay", &[game]) => B::Replay(game),
            ("analyse", &[game]) => B::Analyse(game),
            ("export", &[game]) => B::Export(game),
            ("tjoin", &[id]) => B::JoinTournament(id),
            ("tleave", &[id]) => B::LeaveTournament(id),
            _ => return Err(unknown()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::ButtonId as B;
    use super::*;

    /// One id of every kind.
    fn every_kind() -> Vec<ButtonId> {
        vec![
            B::Accept(1),
            B::Decline(2),
            B::Cancel(3),
            B::Swap {
                game: 4,
                version: 5,
            },
            B::Keep {
                game: 6,
                version: 7,
            },
            B::Resign(8),
            B::Rematch(9),
            B::Replay(10),
            B::Analyse(11),
            B::Export(12),
            B::JoinTournament(13),
            B::LeaveTournament(14),
        ]
    }

    #[test]
    fn every_kind_is_tested() {
        // A new kind of button fails to compile here: number it, then add it to `every_kind`.
        let number = |id: &ButtonId| match id {
            B::Accept(_) => 0,
            B::Decline(_) => 1,
            B::Cancel(_) => 2,
            B::Swap { .. } => 3,
            B::Keep { .. } => 4,
            B::Resign(_) => 5,
            B::Rematch(_) => 6,
            B::Replay(_) => 7,
            B::Analyse(_) => 8,
            B::Export(_) => 9,
            B::JoinTournament(_) => 10,
            B::LeaveTournament(_) => 11,
        };
        let mut numbers: Vec<_> = every_kind().iter().map(number).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (0..12).collect::<Vec<_>>());
    }

    #[test]
    fn every_kind_round_trips() {
        for id in every_kind() {
            assert_eq!(id.to_string().parse::<ButtonId>(), Ok(id), "{id}");
        }
    }

    #[test]
    fn ids_already_posted_keep_their_meaning() {
        for (text, id) in [
            ("accept:1", B::Accept(1)),
            ("decline:1", B::Decline(1)),
            ("cancel:1", B::Cancel(1)),
            (
                "swap:3:17",
                B::Swap {
                    game: 3,
                    version: 17,
                },
            ),
            (
                "keep:3:17",
                B::Keep {
                    game: 3,
                    version: 17,
                },
            ),
            ("resign:1", B::Resign(1)),
            ("resign:1:9", B::Resign(1)),
            ("rematch:1", B::Rematch(1)),
            ("replay:1", B::Replay(1)),
            ("analyse:1", B::Analyse(1)),
            ("export:1", B::Export(1)),
            ("tjoin:1", B::JoinTournament(1)),
            ("tleave:1", B::LeaveTournament(1)),
            ("accept:9007199254740993", B::Accept(9_007_199_254_740_993)),
        ] {
            assert_eq!(text.parse::<ButtonId>(), Ok(id), "{text}");
        }
    }

    #[test]
    fn malformed_ids_are_refused() {
        for text in [
            "",
            ":",
            "accept",
            "accept:",
            "accept:x",
            "accept:1:2",
            "accept:1:",
            "Accept:1",
            " accept:1",
            "swap:3",
            "keep:3",
            "swap:3:x",
            "keep:3:17:1",
            "resign:1:2:3",
            "export:1.5",
            "join:1",
            "tjoin:1:1",
            "analyze:1",
            "commands:guild:1",
        ] {
            assert_eq!(
                text.parse::<ButtonId>(),
                Err(UnknownButton(text.to_string())),
                "{text:?}"
            );
        }
    }
}

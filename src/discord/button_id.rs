//! What a button does, written into its custom id: the wire format Discord keeps with every
//! message and hands back on a click. Buttons already posted keep their ids across upgrades, so
//! every form ever posted keeps parsing to what it meant.

use std::fmt;
use std::str::FromStr;

use crate::service::{ChallengeId, GameId, LESSONS, PuzzleId, TournamentId};

/// A button's custom id: `verb:id`, or `verb:id:version` for the pie choice, which is tied to
/// the position it was offered in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonId {
    Accept(ChallengeId),
    Decline(ChallengeId),
    Cancel(ChallengeId),
    Swap {
        game: GameId,
        version: i64,
    },
    Keep {
        game: GameId,
        version: i64,
    },
    Resign(GameId),
    Rematch(GameId),
    Replay(GameId),
    Analyse(GameId),
    Export(GameId),
    JoinTournament(TournamentId),
    LeaveTournament(TournamentId),
    /// An answer to a puzzle: its `choice`th candidate (from 0; a puzzle has at most
    /// [`PUZZLE_CHOICES`]).
    PuzzleAnswer {
        puzzle: PuzzleId,
        choice: u8,
    },
    /// The daily puzzle's Solve button: the puzzle, privately, for whoever clicks.
    SolvePuzzle(PuzzleId),
    /// An answer to lesson `lesson` (from 1): its `choice`th choice (from 0; a lesson has at
    /// most [`LESSON_CHOICES`]).
    LessonAnswer {
        lesson: u8,
        choice: u8,
    },
    /// After the last lesson: start again from lesson 1.
    LessonAgain,
    /// After the last lesson: a game against the bot at easy.
    LessonBot,
    /// A game's web board: a personal login link for its players, its page for the others.
    OpenBoard(GameId),
}

/// The most choices a lesson offers.
pub const LESSON_CHOICES: u8 = 4;

/// The most choices a puzzle offers.
pub const PUZZLE_CHOICES: u8 = 4;

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
            B::PuzzleAnswer { puzzle, choice } => write!(f, "pzanswer:{puzzle}:{choice}"),
            B::SolvePuzzle(puzzle) => write!(f, "pzsolve:{puzzle}"),
            B::LessonAnswer { lesson, choice } => write!(f, "lesson:{lesson}:{choice}"),
            B::LessonAgain => f.write_str("lessonagain"),
            B::LessonBot => f.write_str("lessonbot"),
            B::OpenBoard(game) => write!(f, "web:{game}"),
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
            ("accept", &[n]) => B::Accept(id(n, text)?),
            ("decline", &[n]) => B::Decline(id(n, text)?),
            ("cancel", &[n]) => B::Cancel(id(n, text)?),
            ("swap", &[game, version]) => B::Swap {
                game: id(game, text)?,
                version,
            },
            ("keep", &[game, version]) => B::Keep {
                game: id(game, text)?,
                version,
            },
            // Resign buttons once carried the game's version too; a resignation is always legal,
            // so it is ignored.
            ("resign", &[game] | &[game, _]) => B::Resign(id(game, text)?),
            ("rematch", &[game]) => B::Rematch(id(game, text)?),
            ("replay", &[game]) => B::Replay(id(game, text)?),
            ("analyse", &[game]) => B::Analyse(id(game, text)?),
            ("export", &[game]) => B::Export(id(game, text)?),
            ("tjoin", &[n]) => B::JoinTournament(id(n, text)?),
            ("tleave", &[n]) => B::LeaveTournament(id(n, text)?),
            ("pzanswer", &[puzzle, choice]) => B::PuzzleAnswer {
                puzzle: id(puzzle, text)?,
                choice: u8::try_from(choice)
                    .ok()
                    .filter(|&c| c < PUZZLE_CHOICES)
                    .ok_or_else(unknown)?,
            },
            ("pzsolve", &[puzzle]) => B::SolvePuzzle(id(puzzle, text)?),
            ("lesson", &[lesson, choice]) => B::LessonAnswer {
                lesson: u8::try_from(lesson)
                    .ok()
                    .filter(|&l| (1..=LESSONS).contains(&usize::from(l)))
                    .ok_or_else(unknown)?,
                choice: u8::try_from(choice)
                    .ok()
                    .filter(|&c| c < LESSON_CHOICES)
                    .ok_or_else(unknown)?,
            },
            ("lessonagain", &[]) => B::LessonAgain,
            ("lessonbot", &[]) => B::LessonBot,
            ("web", &[game]) => B::OpenBoard(id(game, text)?),
            _ => return Err(unknown()),
        })
    }
}

/// An id in a button's text, checked as its own type (no game, challenge or tournament is
/// number 0).
fn id<Id: TryFrom<i64>>(number: i64, text: &str) -> Result<Id, UnknownButton> {
    Id::try_from(number).map_err(|_| UnknownButton(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::ButtonId as B;
    use super::*;

    /// One id of every kind.
    fn every_kind() -> Vec<ButtonId> {
        vec![
            B::Accept(ChallengeId::new(1)),
            B::Decline(ChallengeId::new(2)),
            B::Cancel(ChallengeId::new(3)),
            B::Swap {
                game: GameId::new(4),
                version: 5,
            },
            B::Keep {
                game: GameId::new(6),
                version: 7,
            },
            B::Resign(GameId::new(8)),
            B::Rematch(GameId::new(9)),
            B::Replay(GameId::new(10)),
            B::Analyse(GameId::new(11)),
            B::Export(GameId::new(12)),
            B::JoinTournament(TournamentId::new(13)),
            B::LeaveTournament(TournamentId::new(14)),
            B::PuzzleAnswer {
                puzzle: PuzzleId::new(15),
                choice: 3,
            },
            B::SolvePuzzle(PuzzleId::new(16)),
            B::LessonAnswer {
                lesson: 8,
                choice: 3,
            },
            B::LessonAgain,
            B::LessonBot,
            B::OpenBoard(GameId::new(17)),
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
            B::PuzzleAnswer { .. } => 12,
            B::SolvePuzzle(_) => 13,
            B::LessonAnswer { .. } => 14,
            B::LessonAgain => 15,
            B::LessonBot => 16,
            B::OpenBoard(_) => 17,
        };
        let mut numbers: Vec<_> = every_kind().iter().map(number).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (0..18).collect::<Vec<_>>());
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
            ("accept:1", B::Accept(ChallengeId::new(1))),
            ("decline:1", B::Decline(ChallengeId::new(1))),
            ("cancel:1", B::Cancel(ChallengeId::new(1))),
            (
                "swap:3:17",
                B::Swap {
                    game: GameId::new(3),
                    version: 17,
                },
            ),
            (
                "keep:3:17",
                B::Keep {
                    game: GameId::new(3),
                    version: 17,
                },
            ),
            ("resign:1", B::Resign(GameId::new(1))),
            ("resign:1:9", B::Resign(GameId::new(1))),
            ("rematch:1", B::Rematch(GameId::new(1))),
            ("replay:1", B::Replay(GameId::new(1))),
            ("analyse:1", B::Analyse(GameId::new(1))),
            ("export:1", B::Export(GameId::new(1))),
            ("tjoin:1", B::JoinTournament(TournamentId::new(1))),
            ("tleave:1", B::LeaveTournament(TournamentId::new(1))),
            (
                "pzanswer:12:0",
                B::PuzzleAnswer {
                    puzzle: PuzzleId::new(12),
                    choice: 0,
                },
            ),
            ("pzsolve:12", B::SolvePuzzle(PuzzleId::new(12))),
            (
                "lesson:3:1",
                B::LessonAnswer {
                    lesson: 3,
                    choice: 1,
                },
            ),
            ("lessonagain", B::LessonAgain),
            ("lessonbot", B::LessonBot),
            ("web:1", B::OpenBoard(GameId::new(1))),
            (
                "accept:9007199254740993",
                B::Accept(ChallengeId::new(9_007_199_254_740_993)),
            ),
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
            "accept:0",
            "resign:-1",
            "tjoin:0",
            "lesson:0:1",
            "lesson:9:0",
            "lesson:3:4",
            "lesson:3:-1",
            "lesson:3",
            "lessonbot:1",
            "lessonagain:",
            "pzanswer:12",
            "pzanswer:12:4",
            "pzanswer:12:-1",
            "pzanswer:0:1",
            "pzanswer:12:1:1",
            "pzsolve:0",
            "pzsolve:12:1",
            "web",
            "web:0",
            "web:1:2",
        ] {
            assert_eq!(
                text.parse::<ButtonId>(),
                Err(UnknownButton(text.to_string())),
                "{text:?}"
            );
        }
    }
}

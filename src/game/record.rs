//! The game record: the text a game is stored, exported and replayed as.
//!
//! ```text
//! size 10          # optional header lines before the first move
//! tiles unlimited  # tiles N|unlimited, bridges N|unlimited
//! c3 e5            # one move per line, in the notation of RULES.md
//! swap
//! ```
//! `#` starts a comment; blank lines are ignored. Without headers the game is 12×12 with the box
//! supply for its size.

use std::fmt;
use std::str::FromStr;

use super::error::IllegalMove;
use super::game::Game;
use super::moves::{BadMove, Move};
use super::variant::{BadVariant, Settings, Variant};

/// A move as it stands in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The 1-based line number in the text (headers, comments and blank lines counted).
    pub line: usize,
    /// The move, or why no board allows it (a cell beyond the largest board).
    pub mv: Result<Move, IllegalMove>,
    /// The move as written, without comment or surrounding space.
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub variant: Variant,
    pub moves: Vec<RecordedMove>,
}

/// A line of a record that is not a header or a move in the notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct NotARecord {
    pub line: usize,
    pub text: String,
    pub reason: String,
}

impl FromStr for Record {
    type Err = NotARecord;

    /// The whole text as a record; any malformed line makes it no record.
    fn from_str(text: &str) -> Result<Record, NotARecord> {
        match Record::parse_prefix(text) {
            (record, None) => Ok(record),
            (_, Some(error)) => Err(error),
        }
    }
}

impl Record {
    /// The record up to its first malformed line, and that line's fault if there is one. A
    /// replay stops at the first problem, so an illegal move before a malformed line is still
    /// reported as illegal.
    pub fn parse_prefix(text: &str) -> (Record, Option<NotARecord>) {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut headers = Settings::default();
        let mut moves = Vec::new();
        let mut fault = None;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let fail = |reason: String| NotARecord {
                line,
                text: content.to_string(),
                reason,
            };
            let words: Vec<String> = content
                .split_whitespace()
                .map(str::to_ascii_lowercase)
                .collect();
            if Settings::is_setting(&words[0]) {
                let read = if moves.is_empty() {
                    headers.read(line, &words).map_err(|fault| match fault {
                        BadVariant::Repeated { key, earlier } => {
                            format!("{key} was already set on line {earlier}")
                        }
                        fault => fault.to_string(),
                    })
                } else {
                    Err(format!(
                        "the header \"{content}\" must come before the first move"
                    ))
                };
                if let Err(reason) = read {
                    fault = Some(fail(reason));
                    break;
                }
                continue;
            }
            let mv = match content.parse::<Move>() {
                Ok(mv) => Ok(mv),
                Err(BadMove::OffEveryBoard(cell)) => Err(IllegalMove::OffBoard {
                    cell,
                    size: headers.size(),
                }),
                Err(not_a_move) => {
                    fault = Some(fail(not_a_move.to_string()));
                    break;
                }
            };
            moves.push(RecordedMove {
                line,
                mv,
                text: content.to_string(),
            });
        }
        let record = Record {
            variant: headers.variant(),
            moves,
        };
        (record, fault)
    }
}

impl fmt::Display for Record {
    /// The record with its variant's header ([`Variant::header`]) and one move per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.variant.header())?;
        for recorded in &self.moves {
            match &recorded.mv {
                Ok(mv) => writeln!(f, "{mv}")?,
                Err(_) => writeln!(f, "{}", recorded.text)?,
            }
        }
        Ok(())
    }
}

/// A move of a record that the rules reject.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line} ({text}): {reason}")]
pub struct IllegalLine {
    pub line: usize,
    pub text: String,
    pub reason: IllegalMove,
}

/// A record played through the engine.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The position after the last legal move.
    pub game: Game,
    /// The first move the rules reject; the moves after it are not played.
    pub error: Option<IllegalLine>,
}

impl Record {
    /// A record of `moves` played in order in `variant` (their lines are their move numbers).
    pub fn new(variant: Variant, moves: impl IntoIterator<Item = Move>) -> Record {
        let moves = moves
            .into_iter()
            .enumerate()
            .map(|(i, mv)| RecordedMove {
                line: i + 1,
                mv: Ok(mv),
                text: mv.to_string(),
            })
            .collect();
        Record { variant, moves }
    }

    /// Plays the moves in order, stopping at the first illegal one.
    pub fn replay(&self) -> Replay {
        let mut game = Game::new(self.variant);
        for recorded in &self.moves {
            let played = match &recorded.mv {
                // Nothing is legal after the end, whatever the move names.
                _ if game.is_over() => Err(IllegalMove::GameOver),
                Ok(mv) => game.play(*mv),
                Err(illegal) => Err(illegal.clone()),
            };
            if let Err(reason) = played {
                let error = IllegalLine {
                    line: recorded.line,
                    text: recorded.text.clone(),
                    reason,
                };
                return Replay {
                    game,
                    error: Some(error),
                };
            }
        }
        Replay { game, error: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Supply;

    #[test]
    fn records_round_trip_through_text() {
        let text = "size 10\ntiles unlimited\nc3 e5\nswap\nd4 f6\nc3-e5\npass\nresign white\n";
        let record: Record = text.parse().unwrap();
        assert_eq!(record.variant.size(), 10);
        assert_eq!(record.variant.tiles(), Supply::Unlimited);
        assert_eq!(record.variant.bridges(), Supply::Limited(15));
        assert_eq!(record.to_string(), text);
        assert_eq!(record.to_string().parse::<Record>().unwrap().moves.len(), 6);
    }

    #[test]
    fn defaults_are_the_box_for_the_size() {
        let record: Record = "".parse().unwrap();
        assert_eq!(record.variant, Variant::default());
        let record: Record = "size 8".parse().unwrap();
        assert_eq!(record.variant, Variant::unlimited(8).unwrap());
        let record: Record = "SIZE 12\nBridges 5".parse().unwrap();
        assert_eq!(record.variant.tiles(), Supply::Limited(60));
        assert_eq!(record.variant.bridges(), Supply::Limited(5));
    }
}

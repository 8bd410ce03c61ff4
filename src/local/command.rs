//! What a typed line asks for, read before anything is looked up: the words of `ponte local`
//! as a [`Line`] and its [`Command`].

use crate::game::{BadMove, BadSize, Move, Variant};
use crate::service::{
    ChallengeId, ChallengeOptions, Choice, GameId, LONGEST_MOVE_TIME, Level, Opener,
    SHORTEST_MOVE_TIME,
};

/// A line of input.
#[derive(Debug, PartialEq)]
pub enum Line {
    /// A blank line, or a comment (a line starting with `#`; inside a line `#` marks ids:
    /// `game #3`).
    Nothing,
    /// `as NAME` alone: NAME acts from now on.
    As(String),
    /// `quit` or `exit`.
    Quit,
    /// A command, acting as NAME when it starts with `as NAME` (NAME then acts from now on).
    Command {
        actor: Option<String>,
        command: Result<Command, BadWords>,
    },
}

/// A command of the terminal; `help` lists them.
#[derive(Debug, PartialEq)]
pub enum Command {
    Help,
    /// The rules in short.
    Rules,
    /// `play NAME NAME [options]`: starts a game at once.
    Play {
        players: Players,
        options: ChallengeOptions,
    },
    /// `challenge NAME|open [options]`.
    Challenge {
        /// `None`: an open challenge.
        opponent: Option<String>,
        options: ChallengeOptions,
    },
    /// `accept`, `decline` or `cancel`, with the challenge's id or (`None`) the newest one the
    /// player can answer so.
    Answer {
        answer: Answer,
        challenge: Option<ChallengeId>,
    },
    Board,
    Games,
    /// `game #ID`: makes that game the current one.
    Switch(GameId),
    Record,
    /// The replay GIF of the game named, else of the current one.
    Replay(Option<GameId>),
    /// The analysis of the game named, else of the current one.
    Analyse(Option<GameId>),
    /// `vacation NAME DAYS`: NAME is away for DAYS whole days (their clocks stand still).
    Vacation {
        name: String,
        days: i64,
    },
    /// `back NAME`: NAME's vacation ends.
    Back(String),
    /// `rematch [#ID]`: the finished game named (else the current one) again, the loser
    /// opening; against the bot it starts at once, else it is a challenge to answer.
    Rematch(Option<GameId>),
    /// `hint`: in the current game against the bot, the move it would play for the player to
    /// move (or for NAME, after `as NAME`).
    Hint,
    /// `puzzle`: a puzzle for the player (the built-in set and the terminal's own games).
    Puzzle,
    /// `solve a`, `solve 2` or `solve g2 g4`: an answer to the puzzle shown last.
    Solve(Choice),
    /// `learn`: the lesson the player is at; `learn 3`: lesson 3; `learn again`: from lesson 1;
    /// `learn c3 d4` (or `learn bridge c3-e4`, `learn pass`): a move to the lesson, even with a
    /// game current.
    Learn(Learn),
    /// A number typed alone (`2`): a choice of the lesson shown, from 1.
    Choose(usize),
    /// A move in the current game: typed alone (`c3 d4`, `c3-e4`, `pass`), or after the verb
    /// of its kind (`place c3 d4`, `bridge c3 e4`), which it is then known to be.
    Move(Result<Move, BadMove>),
}

/// What `learn` asks for.
#[derive(Debug, PartialEq)]
pub enum Learn {
    /// Where the player is.
    Resume,
    /// The lesson of that number (from 1).
    Lesson(i64),
    /// From the first lesson again.
    Again,
    /// A move answering the lesson.
    Move(Result<Move, BadMove>),
}

/// Who plays a game started with `play`.
#[derive(Debug, PartialEq)]
pub enum Players {
    /// Two people: the first opens.
    People(String, String),
    /// A person and the bot (`ai:LEVEL` in the place of a name).
    Bot {
        human: String,
        level: Level,
        opener: Opener,
    },
}

/// The answers to a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Decline,
    Cancel,
}

impl Answer {
    /// The command's word, as typed.
    pub fn word(self) -> &'static str {
        match self {
            Answer::Accept => "accept",
            Answer::Decline => "decline",
            Answer::Cancel => "cancel",
        }
    }
}

/// What is wrong with a command's words.
#[derive(Debug, PartialEq)]
pub enum BadWords {
    UsagePlay,
    UsageChallenge,
    UsageGame,
    UsageVacation,
    UsageBack,
    NotAnId(String),
    SizeNeedsNumber,
    TimeOutOfRange,
    UnknownOption(String),
    BadSize(BadSize),
    /// The level's own words (`ai:best`).
    NotALevel(String),
    /// `play ai:easy ai:hard`.
    BotItself,
    /// `as` without a name.
    AsWhom,
    /// A first word that is no command and starts no move, with the command it is nearest to.
    UnknownCommand {
        word: String,
        nearest: Option<&'static str>,
    },
    /// `place` or `bridge` followed by no move of its kind; `typed` is the move that was
    /// written, if any (`place a1-a3` names a bridge).
    WrongKind {
        verb: Verb,
        typed: Option<Move>,
    },
    /// `solve` without a letter, a number or a move.
    UsageSolve,
    /// `learn` followed by neither a number, `again` nor a move.
    UsageLearn,
}

/// A word that says what kind of move follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// `place`: two tiles.
    Place,
    /// `bridge`: the two ends of a bridge.
    Bridge,
}

/// Every word a line may start with (besides a move's cells).
const COMMAND_WORDS: &[&str] = &[
    "help",
    "rules",
    "play",
    "challenge",
    "accept",
    "decline",
    "cancel",
    "board",
    "games",
    "game",
    "record",
    "replay",
    "analyse",
    "vacation",
    "back",
    "rematch",
    "hint",
    "puzzle",
    "solve",
    "learn",
    "place",
    "bridge",
    "swap",
    "pass",
    "resign",
    "quit",
];

/// Whether `words` start like a move: a cell (`c3`, `c3-e4`) or a move's word.
fn starts_a_move(words: &[&str]) -> bool {
    let first = words
        .first()
        .copied()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let mut chars = first.chars();
    let cell = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.next().is_some_and(|c| c.is_ascii_digit());
    cell || ["swap", "pass", "resign"].contains(&first.as_str())
}

/// `line` with its control characters but whitespace written as their escapes.
fn visible(line: &str) -> String {
    let mut visible = String::with_capacity(line.len());
    for c in line.chars() {
        if c.is_control() && !c.is_whitespace() {
            visible.extend(c.escape_default());
        } else {
            visible.push(c);
        }
    }
    visible
}

/// The command `word` was most likely meant as (at most two letters off).
fn nearest_command(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    COMMAND_WORDS
        .iter()
        .map(|command| (strsim::levenshtein(&word, command), *command))
        .filter(|(distance, _)| *distance <= 2)
        .min()
        .map(|(_, command)| command)
}

impl Line {
    /// Reads a line of input. Control characters are taken as their escapes (`\u{1b}`): a key
    /// that reached the line as an escape sequence (an arrow on a terminal the line editor
    /// does not know) is quoted back as what it is, never as an empty `""`.
    pub fn parse(line: &str) -> Line {
        let line = visible(line);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Line::Nothing;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let is_as = |word: &str| word.eq_ignore_ascii_case("as");
        let (actor, words) = match words.as_slice() {
            [word, name] if is_as(word) => return Line::As(name.to_string()),
            [word, name, rest @ ..] if is_as(word) => (Some(name.to_string()), rest),
            all => (None, all),
        };
        // Not empty: the line is not blank, and `as NAME` alone has returned.
        let verb = words[0].to_ascii_lowercase();
        if verb == "quit" || verb == "exit" {
            return Line::Quit;
        }
        let command = Command::parse(&verb, words);
        Line::Command { actor, command }
    }
}

impl Command {
    /// The command of `words`, whose first is `verb` (lower-cased).
    fn parse(verb: &str, words: &[&str]) -> Result<Command, BadWords> {
        let args = &words[1..];
        match verb {
            "help" => Ok(Command::Help),
            "rules" => Ok(Command::Rules),
            "as" => Err(BadWords::AsWhom),
            "play" => play(args),
            "challenge" => challenge(args),
            "accept" => answer(Answer::Accept, args),
            "decline" => answer(Answer::Decline, args),
            "cancel" => answer(Answer::Cancel, args),
            "board" => Ok(Command::Board),
            "games" => Ok(Command::Games),
            "game" => switch(args),
            "record" => Ok(Command::Record),
            "replay" => named_game(args).map(Command::Replay),
            "analyse" | "analyze" => named_game(args).map(Command::Analyse),
            "vacation" => vacation(args),
            "back" => back(args),
            "rematch" => named_game(args).map(Command::Rematch),
            "hint" => Ok(Command::Hint),
            "puzzle" => Ok(Command::Puzzle),
            "solve" => solve(args),
            "learn" => learn(args),
            "place" => placing(args),
            "bridge" => bridging(args),
            _ if starts_a_move(words) => Ok(a_move(words)),
            word => match choice_number(word).filter(|_| words.len() == 1) {
                Some(choice) => Ok(Command::Choose(choice)),
                None => Err(BadWords::UnknownCommand {
                    word: word.to_string(),
                    nearest: nearest_command(word),
                }),
            },
        }
    }
}

fn play(args: &[&str]) -> Result<Command, BadWords> {
    let [first, second, rest @ ..] = args else {
        return Err(BadWords::UsagePlay);
    };
    let options = options(rest)?;
    let players = match (ai_level(first)?, ai_level(second)?) {
        (Some(_), Some(_)) => return Err(BadWords::BotItself),
        (Some(level), None) => Players::Bot {
            human: second.to_string(),
            level,
            opener: Opener::Ai,
        },
        (None, Some(level)) => Players::Bot {
            human: first.to_string(),
            level,
            opener: Opener::Human,
        },
        (None, None) => Players::People(first.to_string(), second.to_string()),
    };
    Ok(Command::Play { players, options })
}

fn challenge(args: &[&str]) -> Result<Command, BadWords> {
    let [target, rest @ ..] = args else {
        return Err(BadWords::UsageChallenge);
    };
    Ok(Command::Challenge {
        opponent: (!target.eq_ignore_ascii_case("open")).then(|| target.to_string()),
        options: options(rest)?,
    })
}

fn answer(answer: Answer, args: &[&str]) -> Result<Command, BadWords> {
    let challenge = args.first().map(|word| id(word)).transpose()?;
    Ok(Command::Answer { answer, challenge })
}

/// The game a command names (`#7` or `7`), if it names one.
fn named_game(args: &[&str]) -> Result<Option<GameId>, BadWords> {
    args.first().map(|word| id(word)).transpose()
}

fn vacation(args: &[&str]) -> Result<Command, BadWords> {
    let [name, days] = args else {
        return Err(BadWords::UsageVacation);
    };
    let days = days.parse().map_err(|_| BadWords::UsageVacation)?;
    Ok(Command::Vacation {
        name: name.to_string(),
        days,
    })
}

fn back(args: &[&str]) -> Result<Command, BadWords> {
    let [name] = args else {
        return Err(BadWords::UsageBack);
    };
    Ok(Command::Back(name.to_string()))
}

/// A puzzle's choice: its letter (`a` to `d`), its number (`1` to `4`) or the move typed.
fn solve(args: &[&str]) -> Result<Command, BadWords> {
    let nth = |n: usize| Ok(Command::Solve(Choice::Nth(n)));
    match args {
        [word] if word.len() == 1 => match word.to_ascii_lowercase().as_bytes()[0] {
            letter @ b'a'..=b'd' => nth(usize::from(letter - b'a')),
            digit @ b'1'..=b'4' => nth(usize::from(digit - b'1')),
            _ => Err(BadWords::UsageSolve),
        },
        [] => Err(BadWords::UsageSolve),
        words => words
            .join(" ")
            .parse::<Move>()
            .map(|mv| Command::Solve(Choice::Move(mv)))
            .map_err(|_| BadWords::UsageSolve),
    }
}

/// `learn`, `learn 3`, `learn again` or `learn` and a move (with or without its verb).
fn learn(args: &[&str]) -> Result<Command, BadWords> {
    let typed = match args {
        [] => return Ok(Command::Learn(Learn::Resume)),
        [word] if word.eq_ignore_ascii_case("again") => return Ok(Command::Learn(Learn::Again)),
        [number] if number.parse::<i64>().is_ok() => {
            let number = number.parse().map_err(|_| BadWords::UsageLearn)?;
            return Ok(Command::Learn(Learn::Lesson(number)));
        }
        [verb, rest @ ..] if verb.eq_ignore_ascii_case("place") => placing(rest)?,
        [verb, rest @ ..] if verb.eq_ignore_ascii_case("bridge") => bridging(rest)?,
        words if starts_a_move(words) => a_move(words),
        _ => return Err(BadWords::UsageLearn),
    };
    match typed {
        Command::Move(mv) => Ok(Command::Learn(Learn::Move(mv))),
        _ => Err(BadWords::UsageLearn),
    }
}

/// A lesson's choice typed alone: a number from 1 to 9.
fn choice_number(word: &str) -> Option<usize> {
    word.parse().ok().filter(|n| (1..=9).contains(n))
}

fn switch(args: &[&str]) -> Result<Command, BadWords> {
    let word = args.first().ok_or(BadWords::UsageGame)?;
    Ok(Command::Switch(id(word)?))
}

fn a_move(words: &[&str]) -> Command {
    Command::Move(words.join(" ").parse())
}

/// `place c3 d4`: two tiles, and nothing else.
fn placing(args: &[&str]) -> Result<Command, BadWords> {
    match args.join(" ").parse::<Move>() {
        // A cell off every board is still two tiles: the game says which board it is off.
        mv @ (Ok(Move::Place(..)) | Err(BadMove::OffEveryBoard(_))) => Ok(Command::Move(mv)),
        other => Err(BadWords::WrongKind {
            verb: Verb::Place,
            typed: other.ok(),
        }),
    }
}

/// `bridge c3-e4` or `bridge c3 e4`, as on Discord: the two ends of a bridge, and nothing else.
fn bridging(args: &[&str]) -> Result<Command, BadWords> {
    let text = args.join(" ");
    let ends: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '-' || c == '–')
        .filter(|part| !part.is_empty())
        .collect();
    let parsed = match ends.as_slice() {
        [from, to] => format!("{from}-{to}").parse::<Move>(),
        _ => text.parse::<Move>(),
    };
    match parsed {
        mv @ (Ok(Move::Bridge(..)) | Err(BadMove::OffEveryBoard(_))) => Ok(Command::Move(mv)),
        other => Err(BadWords::WrongKind {
            verb: Verb::Bridge,
            typed: other.ok(),
        }),
    }
}

/// The level when `name` is the bot (`ai:hard`).
fn ai_level(name: &str) -> Result<Option<Level>, BadWords> {
    match name.to_ascii_lowercase().strip_prefix("ai:") {
        Some(level) => level.parse().map(Some).map_err(BadWords::NotALevel),
        None => Ok(None),
    }
}

/// A game's or a challenge's id, with or without its `#`.
fn id<Id: std::str::FromStr>(word: &str) -> Result<Id, BadWords> {
    word.trim_start_matches('#')
        .parse()
        .map_err(|_| BadWords::NotAnId(word.to_string()))
}

/// A challenge's options: `size N`, `unlimited`, `time DAYS`; rated unless against the bot.
fn options(words: &[&str]) -> Result<ChallengeOptions, BadWords> {
    let mut size = 12u8;
    let mut unlimited = false;
    let mut move_time = None;
    let mut words = words.iter();
    while let Some(word) = words.next() {
        match word.to_ascii_lowercase().as_str() {
            "size" => {
                size = words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or(BadWords::SizeNeedsNumber)?;
            }
            "unlimited" => unlimited = true,
            "time" => {
                let days: f64 = words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or(BadWords::TimeOutOfRange)?;
                let time = std::time::Duration::try_from_secs_f64(days * 86_400.0)
                    .ok()
                    .filter(|t| (SHORTEST_MOVE_TIME..=LONGEST_MOVE_TIME).contains(t))
                    .ok_or(BadWords::TimeOutOfRange)?;
                move_time = Some(time);
            }
            other => return Err(BadWords::UnknownOption(other.to_string())),
        }
    }
    let variant = if unlimited {
        Variant::unlimited(size)
    } else {
        Variant::boxed(size)
    }
    .map_err(BadWords::BadSize)?;
    Ok(ChallengeOptions {
        variant,
        move_time,
        rated: true,
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::game::Cell;

    fn command(line: &str) -> Result<Command, BadWords> {
        match Line::parse(line) {
            Line::Command {
                actor: None,
                command,
            } => command,
            other => panic!("{line:?} is no command: {other:?}"),
        }
    }

    fn refused(line: &str) -> BadWords {
        command(line).expect_err(line)
    }

    fn options(size: u8, unlimited: bool, days: Option<u64>) -> ChallengeOptions {
        let variant = if unlimited {
            Variant::unlimited(size)
        } else {
            Variant::boxed(size)
        };
        ChallengeOptions {
            variant: variant.unwrap(),
            move_time: days.map(|d| Duration::from_secs(d * 86_400)),
            rated: true,
        }
    }

    #[test]
    fn blank_lines_comments_and_quitting() {
        for nothing in ["", "   ", "\t", "\r", " \t \r", "# a comment", "  #3"] {
            assert_eq!(Line::parse(nothing), Line::Nothing, "{nothing:?}");
        }
        assert_eq!(Line::parse("quit"), Line::Quit);
        assert_eq!(Line::parse("EXIT now"), Line::Quit);
        assert_eq!(Line::parse("as alice quit"), Line::Quit);
    }

    #[test]
    fn as_names_who_acts() {
        assert_eq!(Line::parse("as Alice"), Line::As("Alice".into()));
        assert_eq!(Line::parse("AS bob  "), Line::As("bob".into()));
        assert_eq!(
            Line::parse("as bob accept #2"),
            Line::Command {
                actor: Some("bob".into()),
                command: Ok(Command::Answer {
                    answer: Answer::Accept,
                    challenge: Some(ChallengeId::new(2))
                })
            }
        );
        // `as` alone names nobody.
        assert!(matches!(command("as"), Err(BadWords::AsWhom)));
    }

    #[test]
    fn an_unknown_word_is_no_command_and_a_move_still_needs_no_verb() {
        let unknown = |line: &str| match command(line) {
            Err(BadWords::UnknownCommand { word, nearest }) => (word, nearest),
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(unknown("baord"), ("baord".to_string(), Some("board")));
        assert_eq!(
            unknown("chalenge bob"),
            ("chalenge".to_string(), Some("challenge"))
        );
        assert_eq!(unknown("nonsense"), ("nonsense".to_string(), None));
        // The Up arrow read as plain text (no line editor) is quoted back visibly.
        assert_eq!(unknown("\x1b[A"), ("\\u{1b}[a".to_string(), None));
        for a_move in ["c3 d4", "c3-e4", "swap", "pass", "resign", "z9 a1"] {
            assert!(matches!(command(a_move), Ok(Command::Move(_))), "{a_move}");
        }
        assert_eq!(command("rules"), Ok(Command::Rules));
    }

    #[test]
    fn commands_on_the_current_game_or_a_named_one() {
        for (line, expected) in [
            ("help", Command::Help),
            ("Board", Command::Board),
            ("games", Command::Games),
            ("record", Command::Record),
            ("replay", Command::Replay(None)),
            ("analyse", Command::Analyse(None)),
            ("analyze", Command::Analyse(None)),
            ("analyse #7", Command::Analyse(Some(GameId::new(7)))),
            ("replay 3", Command::Replay(Some(GameId::new(3)))),
            ("rematch", Command::Rematch(None)),
            ("rematch #2", Command::Rematch(Some(GameId::new(2)))),
            ("hint", Command::Hint),
            ("puzzle", Command::Puzzle),
            ("solve b", Command::Solve(Choice::Nth(1))),
            ("solve D", Command::Solve(Choice::Nth(3))),
            ("solve 1", Command::Solve(Choice::Nth(0))),
            (
                "solve g2 g4",
                Command::Solve(Choice::Move("g2 g4".parse().unwrap())),
            ),
            (
                "solve c3-e4",
                Command::Solve(Choice::Move("c3-e4".parse().unwrap())),
            ),
        ] {
            assert_eq!(command(line), Ok(expected), "{line}");
        }
    }

    #[test]
    fn a_puzzles_answer_is_a_letter_a_number_or_a_move() {
        for line in [
            "solve",
            "solve e",
            "solve 5",
            "solve 0",
            "solve zz",
            "solve a b",
        ] {
            let refused = command(line).unwrap_err();
            assert_eq!(refused, BadWords::UsageSolve, "{line}");
        }
    }

    #[test]
    fn learn_picks_a_lesson_or_answers_one_and_a_number_alone_is_a_choice() {
        let c3d4 = Ok("c3 d4".parse::<Move>().unwrap());
        let c3e4 = Ok("c3-e4".parse::<Move>().unwrap());
        for (line, expected) in [
            ("learn", Learn::Resume),
            ("learn 3", Learn::Lesson(3)),
            ("learn 0", Learn::Lesson(0)),
            ("learn AGAIN", Learn::Again),
            ("learn c3 d4", Learn::Move(c3d4.clone())),
            ("learn place c3 d4", Learn::Move(c3d4)),
            ("learn bridge c3 e4", Learn::Move(c3e4)),
            ("learn pass", Learn::Move(Ok(Move::Pass))),
        ] {
            assert_eq!(command(line), Ok(Command::Learn(expected)), "{line}");
        }
        assert_eq!(command("2"), Ok(Command::Choose(2)));
        assert_eq!(command("9"), Ok(Command::Choose(9)));
        for line in ["learn sideways", "learn 1 2", "learn place c3-e4"] {
            let refused = command(line).unwrap_err();
            assert!(
                matches!(refused, BadWords::UsageLearn | BadWords::WrongKind { .. }),
                "{line}"
            );
        }
        for line in ["0", "10", "2 3"] {
            assert!(
                matches!(refused(line), BadWords::UnknownCommand { .. }),
                "{line}"
            );
        }
    }

    #[test]
    fn play_between_people_and_against_the_bot() {
        assert_eq!(
            command("play alice Bob size 6 unlimited time 3"),
            Ok(Command::Play {
                players: Players::People("alice".into(), "Bob".into()),
                options: options(6, true, Some(3)),
            })
        );
        assert_eq!(
            command("play AI:hard carol"),
            Ok(Command::Play {
                players: Players::Bot {
                    human: "carol".into(),
                    level: Level::Hard,
                    opener: Opener::Ai
                },
                options: options(12, false, None),
            })
        );
        assert_eq!(
            command("play carol ai:easy"),
            Ok(Command::Play {
                players: Players::Bot {
                    human: "carol".into(),
                    level: Level::Easy,
                    opener: Opener::Human
                },
                options: options(12, false, None),
            })
        );
        assert!(matches!(refused("play alice"), BadWords::UsagePlay));
        assert!(matches!(
            refused("play ai:easy ai:hard"),
            BadWords::BotItself
        ));
        assert!(matches!(
            refused("play ai:best bob"),
            BadWords::NotALevel(_)
        ));
        // The options are read first.
        assert!(matches!(
            refused("play ai:easy ai:hard size"),
            BadWords::SizeNeedsNumber
        ));
    }

    #[test]
    fn options_out_of_range_are_refused() {
        assert!(matches!(
            refused("play a b size x"),
            BadWords::SizeNeedsNumber
        ));
        assert!(matches!(refused("play a b size 99"), BadWords::BadSize(_)));
        assert!(matches!(refused("play a b time"), BadWords::TimeOutOfRange));
        assert!(matches!(
            refused("play a b time 1000"),
            BadWords::TimeOutOfRange
        ));
        assert!(matches!(
            refused("play a b time -1"),
            BadWords::TimeOutOfRange
        ));
        assert!(matches!(
            refused("play a b rated"),
            BadWords::UnknownOption(option) if option == "rated"
        ));
    }

    #[test]
    fn challenges_and_their_answers() {
        assert_eq!(
            command("challenge bob size 10"),
            Ok(Command::Challenge {
                opponent: Some("bob".into()),
                options: options(10, false, None),
            })
        );
        assert_eq!(
            command("challenge OPEN"),
            Ok(Command::Challenge {
                opponent: None,
                options: options(12, false, None),
            })
        );
        assert_eq!(
            command("decline"),
            Ok(Command::Answer {
                answer: Answer::Decline,
                challenge: None
            })
        );
        assert_eq!(
            command("cancel 4"),
            Ok(Command::Answer {
                answer: Answer::Cancel,
                challenge: Some(ChallengeId::new(4))
            })
        );
        assert_eq!(refused("challenge"), BadWords::UsageChallenge);
        assert!(matches!(refused("accept #x"), BadWords::NotAnId(word) if word == "#x"));
    }

    #[test]
    fn switching_games() {
        assert_eq!(command("game #3"), Ok(Command::Switch(GameId::new(3))));
        assert_eq!(command("game 3"), Ok(Command::Switch(GameId::new(3))));
        assert_eq!(refused("game"), BadWords::UsageGame);
        assert!(matches!(refused("game three"), BadWords::NotAnId(_)));
    }

    #[test]
    fn the_verb_says_what_kind_of_move_follows() {
        let a1: Cell = "a1".parse().unwrap();
        let a3: Cell = "a3".parse().unwrap();
        let bridge = Ok(Command::Move(Ok(Move::Bridge(a1, a3))));
        for line in [
            "bridge a1 a3",
            "bridge a1-a3",
            "BRIDGE A1 - A3",
            "bridge a1 –a3",
        ] {
            assert_eq!(command(line), bridge, "{line}");
        }
        let tiles = Ok(Command::Move(Ok(Move::Place(a1, a3))));
        assert_eq!(command("place a1 a3"), tiles);
        assert_eq!(command("place a1,a3"), tiles);
        // A cell off every board is left to the game, which names the board's size.
        assert!(matches!(
            command("bridge a1 z40"),
            Ok(Command::Move(Err(BadMove::OffEveryBoard(_))))
        ));
        let wrong = |line: &str| match refused(line) {
            BadWords::WrongKind { verb, typed } => (verb, typed),
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(
            wrong("place a1-a3"),
            (Verb::Place, Some(Move::Bridge(a1, a3)))
        );
        assert_eq!(wrong("place pass"), (Verb::Place, Some(Move::Pass)));
        assert_eq!(wrong("place"), (Verb::Place, None));
        assert_eq!(wrong("place a1"), (Verb::Place, None));
        assert_eq!(wrong("bridge"), (Verb::Bridge, None));
        assert_eq!(wrong("bridge a1"), (Verb::Bridge, None));
        assert_eq!(wrong("bridge a1 a3 a5"), (Verb::Bridge, None));
        assert_eq!(wrong("bridge swap"), (Verb::Bridge, Some(Move::Swap)));
        assert_eq!(
            wrong("bridge a1,a3"),
            (Verb::Bridge, Some(Move::Place(a1, a3)))
        );
    }

    #[test]
    fn moves_with_and_without_their_verb() {
        let c3: Cell = "c3".parse().unwrap();
        let d4: Cell = "d4".parse().unwrap();
        let tiles = Ok(Command::Move(Ok(Move::Place(c3, d4))));
        assert_eq!(command("c3 d4"), tiles);
        assert_eq!(command("place c3 d4"), tiles);
        assert_eq!(command("swap"), Ok(Command::Move(Ok(Move::Swap))));
        assert_eq!(command("resign"), Ok(Command::Move(Ok(Move::Resign(None)))));
        // A word that starts no move is no move: it is read as a command, and is none.
        assert!(matches!(
            command("nonsense c3"),
            Err(BadWords::UnknownCommand { .. })
        ));
        assert!(matches!(
            command("nonsense"),
            Err(BadWords::UnknownCommand { .. })
        ));
    }
}

//! What the terminal says: why a line did nothing ([`LocalError`], put into words in one
//! place), and the challenges, games and moves it shows.

use std::fmt::Write as _;

use crate::game::{Color, IllegalMove, Move};
use crate::i18n::{
    Lang, illegal_move, painted_diagram, score_words, time_left, variant_words, with_color,
};
use crate::service::{
    Answered, ChallengeView, GameView, Hint, LONGEST_MOVE_TIME, Learning, LessonView, Millis,
    MoveReport, Player, PuzzleAnswer, PuzzleView, ServiceError, utc,
};
use crate::tr;

use super::command::{Answer, BadWords, Verb};

/// Why a line did nothing.
#[derive(Debug)]
pub enum LocalError {
    /// The command's words are wrong.
    Words(BadWords),
    /// The service refused, or failed.
    Service(ServiceError),
    /// The move came after the player's time ran out: the game is lost on time, as shown.
    LostOnTime(Box<GameView>),
    /// No game is current; the games going on in the terminal, to take one up.
    NoCurrentGame(Vec<GameView>),
    /// A replay asked for with `--no-pictures`.
    NoPictures,
    /// Nothing for `answer` in the challenges of the player `name`.
    NothingToAnswer { name: String, answer: Answer },
    /// Drawing the analysis' chart broke down.
    Chart(tokio::task::JoinError),
    /// Two tiles refused, and no two tiles can be placed anywhere: a bridge or a pass is left.
    CannotPlaceTwo(IllegalMove),
    /// The player `name` is on vacation until then already.
    AlreadyAway { name: String, until: Millis },
    /// Days asked for outside 1 to those `left` to the player `name`.
    VacationDays { name: String, left: i64 },
    /// The player `name` is not on vacation.
    NotAway { name: String },
    /// No player called `name` has ever played here.
    UnknownPlayer { name: String },
    /// A move for the bot, which plays its own moves.
    BotToMove { name: String },
    /// `solve` with no puzzle shown.
    NoPuzzle,
    /// `resign red` by White's player (`who`, with their colour), or the other way round.
    NotYourColour { who: String, named: String },
}

impl From<ServiceError> for LocalError {
    fn from(error: ServiceError) -> LocalError {
        LocalError::Service(error)
    }
}

impl LocalError {
    /// A refusal of `vacation NAME` or `back NAME`, in the terminal's words for the player `name`.
    pub fn of_vacation(error: ServiceError, name: &str) -> LocalError {
        let name = name.to_string();
        match error {
            ServiceError::AlreadyAway(until) => LocalError::AlreadyAway { name, until },
            ServiceError::VacationDays(left) => LocalError::VacationDays { name, left },
            ServiceError::NotAway => LocalError::NotAway { name },
            other => LocalError::Service(other),
        }
    }

    /// The error in `lang`.
    // Longer than 80 lines because it is one match over every error the terminal says, an arm
    // each: split, the arms would only move away from the enum they mirror.
    pub fn words(&self, lang: Lang) -> String {
        use BadWords as W;
        use LocalError as E;
        match self {
            E::Words(W::UsagePlay) => tr!(lang, "local-usage-play"),
            E::Words(W::UsageChallenge) => tr!(lang, "local-usage-challenge"),
            E::Words(W::UsageGame) => tr!(lang, "local-usage-game"),
            E::Words(W::UsageVacation) => tr!(lang, "local-usage-vacation"),
            E::Words(W::UsageBack) => tr!(lang, "local-usage-back"),
            E::Words(W::NotAnId(word)) => tr!(lang, "local-not-an-id", word = word),
            E::Words(W::SizeNeedsNumber) => tr!(lang, "local-size-needs-number"),
            E::Words(W::TimeOutOfRange) => tr!(
                lang,
                "local-time-range",
                days = LONGEST_MOVE_TIME.as_secs() / 86_400
            ),
            E::Words(W::UnknownOption(option)) => {
                tr!(lang, "local-unknown-option", option = option)
            }
            E::Words(W::BadSize(bad)) => bad.to_string(),
            E::Words(W::NotALevel(words)) => words.clone(),
            E::Words(W::BotItself) => tr!(lang, "local-bot-itself"),
            E::Words(W::AsWhom) => tr!(lang, "local-say-who"),
            E::Words(W::UsageSolve) => tr!(lang, "local-usage-solve"),
            E::NoPuzzle => tr!(lang, "local-no-puzzle"),
            E::Words(W::UsageLearn) => tr!(lang, "local-usage-learn"),
            E::Service(ServiceError::NoLesson) => tr!(lang, "local-no-lesson"),
            E::Words(W::WrongKind { verb, typed }) => {
                let elsewhere = typed.as_ref().map_or("none", Move::kind);
                let typed = typed.map(|mv| mv.to_string()).unwrap_or_default();
                match verb {
                    Verb::Place => {
                        tr!(lang, "local-verb-place", elsewhere = elsewhere, move = typed)
                    }
                    Verb::Bridge => {
                        tr!(lang, "local-verb-bridge", elsewhere = elsewhere, move = typed)
                    }
                }
            }
            E::Words(W::UnknownCommand { word, nearest }) => tr!(
                lang,
                "local-unknown-command",
                word = word,
                nearest = nearest.unwrap_or("none")
            ),
            E::Service(error) => error.words(lang),
            E::LostOnTime(game) => format!(
                "{}\n{}",
                ServiceError::TimeRanOut(game.id).words(lang),
                // Over: no clock to show.
                show(lang, game, game.updated_at)
            ),
            E::NoCurrentGame(open) if open.is_empty() => tr!(lang, "local-no-current"),
            E::NoCurrentGame(open) => {
                let lines: Vec<String> = open
                    .iter()
                    .map(|game| game_line(lang, None, game))
                    .collect();
                format!(
                    "{}\n{}",
                    tr!(lang, "local-no-current-open"),
                    lines.join("\n")
                )
            }
            E::NoPictures => tr!(lang, "local-no-pictures"),
            E::NothingToAnswer { name, answer } => tr!(
                lang,
                "local-nothing-to-answer",
                name = name,
                command = answer.word()
            ),
            E::Chart(error) => error.to_string(),
            E::CannotPlaceTwo(illegal) => tr!(
                lang,
                "local-cannot-place-two",
                reason = illegal_move(lang, illegal)
            ),
            E::AlreadyAway { name, until } => {
                tr!(lang, "local-already-away", name = name, until = utc(*until))
            }
            E::VacationDays { name, left } => {
                tr!(lang, "local-vacation-days", name = name, left = *left)
            }
            E::NotAway { name } => tr!(lang, "local-not-away", name = name),
            E::UnknownPlayer { name } => tr!(lang, "local-unknown-player", name = name),
            E::BotToMove { name } => tr!(lang, "local-bot-to-move", name = name),
            E::NotYourColour { who, named } => {
                tr!(lang, "local-resign-not-yours", who = who, named = named)
            }
        }
    }
}

/// A player's games, each on a line with whose turn it is.
pub fn games_list(lang: Lang, player: &Player, games: &[GameView], now: Millis) -> String {
    if games.is_empty() {
        return tr!(lang, "local-no-games", name = &player.name);
    }
    let mut out = String::new();
    for game in games {
        let line = game_line(lang, Some(player), game);
        match clock_words(lang, game, now) {
            Some(clock) => writeln!(out, "{line}; {clock}"),
            None => writeln!(out, "{line}"),
        }
        .unwrap_or_default();
    }
    out.trim_end().to_string()
}

/// One game on a line: its number, its players, the move it is at and whose turn it is
/// ("your turn" when that is `viewer`).
fn game_line(lang: Lang, viewer: Option<&Player>, game: &GameView) -> String {
    let turn = match game.to_move() {
        Some((_, p)) if viewer.is_some_and(|viewer| viewer.id == p.id) => {
            tr!(lang, "local-your-turn")
        }
        Some((_, p)) => tr!(lang, "local-to-move", who = &p.name),
        None => tr!(lang, "games-over"),
    };
    tr!(
        lang,
        "local-games-line",
        id = game.id,
        white = with_color(lang, &game.white.name, Color::White),
        red = with_color(lang, &game.red.name, Color::Red),
        number = game.game.plies() + 1,
        turn = turn
    )
}

/// When the time of the player to move runs out and how long that is from `now`, or that
/// they are on vacation until when; `None` in an untimed or finished game.
pub fn clock_words(lang: Lang, game: &GameView, now: Millis) -> Option<String> {
    if game.result.is_some() {
        return None;
    }
    match (game.deadline_at, game.away_until) {
        (Some(at), _) => {
            let left = time_left(lang, at - now);
            Some(tr!(lang, "local-clock", at = utc(at), left = left))
        }
        (None, Some(until)) => {
            let (_, player) = game.to_move()?;
            Some(tr!(
                lang,
                "local-clock-away",
                name = &player.name,
                until = utc(until)
            ))
        }
        (None, None) => None,
    }
}

pub fn describe_challenge(lang: Lang, c: &ChallengeView) -> String {
    let whom = c
        .opponent
        .as_ref()
        .map_or_else(|| tr!(lang, "challenge-anyone"), |o| o.name.clone());
    tr!(
        lang,
        "local-challenge",
        id = c.id,
        challenger = &c.challenger.name,
        whom = whom,
        variant = variant_words(lang, c.options.variant)
    )
}

pub fn started(lang: Lang, game: &GameView, now: Millis) -> String {
    started_line(lang, game) + &show(lang, game, now)
}

/// That a game started, without its board.
pub fn started_line(lang: Lang, game: &GameView) -> String {
    let line = tr!(
        lang,
        "local-started",
        id = game.id,
        white = &game.white.name,
        red = &game.red.name,
        variant = variant_words(lang, game.game.variant())
    );
    format!("{line}\n")
}

/// What a submission played, and that it was saved (the board is shown once, after any reply
/// of the bot).
pub fn describe_move(lang: Lang, report: &MoveReport) -> String {
    let mut out = String::new();
    for played in &report.played {
        let who = with_color(lang, &played.player.name, played.color);
        let line = match played.mv {
            Move::Swap => tr!(lang, "local-played-swap", who = who),
            Move::Pass if played.forced => tr!(lang, "local-played-forced-pass", who = who),
            Move::Pass => tr!(lang, "local-played-pass", who = who),
            Move::Resign(_) => tr!(lang, "local-played-resign", who = who),
            mv => tr!(lang, "local-played", who = who, move = mv.to_string()),
        };
        let _ = writeln!(out, "{line}");
    }
    let game = &report.game;
    let saved = tr!(lang, "local-saved", ply = game.game.plies(), id = game.id);
    let _ = writeln!(out, "{saved}");
    out
}

/// A tile or bridge of `color` in that colour: White black on white, Red white on red (either
/// reads on a dark or a light terminal). Taken out again where the output is no colour
/// terminal ([`super::run`]).
fn paint(color: Option<Color>, text: &str) -> String {
    use anstyle::{AnsiColor, Style};
    let style = match color {
        Some(Color::White) => Style::new()
            .fg_color(Some(AnsiColor::Black.into()))
            .bg_color(Some(AnsiColor::BrightWhite.into())),
        Some(Color::Red) => Style::new()
            .fg_color(Some(AnsiColor::BrightWhite.into()))
            .bg_color(Some(AnsiColor::Red.into()))
            .bold(),
        None => return text.to_string(),
    };
    format!("{style}{text}{style:#}")
}

/// A hint: the board after the move suggested (its tiles marked as a last move's), and why.
pub fn show_hint(lang: Lang, hint: &Hint) -> String {
    let mut out = painted_diagram(lang, &hint.after, &paint);
    out.push_str(&hint.text(lang));
    out
}

/// A puzzle: its position, what to find, and its choices by letter.
pub fn show_puzzle(lang: Lang, view: &PuzzleView) -> String {
    let mut out = painted_diagram(lang, &view.puzzle.game(), &paint);
    out.push_str(&view.text(lang).replace("**", ""));
    for (letter, mv) in ('a'..).zip(view.choices()) {
        let _ = write!(out, "\n  {letter}) {mv}");
    }
    let example = view.choices().first().map(ToString::to_string);
    let how = tr!(
        lang,
        "local-puzzle-how",
        example = example.unwrap_or_default()
    );
    let _ = write!(out, "\n{how}");
    out
}

/// A puzzle's answer: the board after the best move (marked as a last move's), and the verdict.
pub fn show_puzzle_answer(lang: Lang, answer: &PuzzleAnswer) -> String {
    let mut out = painted_diagram(lang, &answer.after(), &paint);
    out.push_str(&answer.text(lang));
    out
}

/// The board and the state of play, with the clock as it stands at `now`.
pub fn show(lang: Lang, game: &GameView, now: Millis) -> String {
    let mut out = painted_diagram(lang, &game.game, &paint);
    out.push_str(&tr!(
        lang,
        "local-players",
        id = game.id,
        white = &game.white.name,
        red = &game.red.name
    ));
    match (&game.result, game.to_move()) {
        (Some(_), _) => {
            let result = game
                .result_words(lang, |p| p.name.clone())
                .unwrap_or_default();
            let _ = write!(out, "\n{}", tr!(lang, "local-game-over", result = result));
            out.push_str(&score_explained(lang, game));
            if game.hints > 0 {
                let _ = write!(out, "\n{}", tr!(lang, "result-hints", count = game.hints));
            }
        }
        (None, Some((color, player))) => {
            let who = with_color(lang, &player.name, color);
            let line = if game.awaiting_pie_choice() {
                tr!(lang, "local-to-move-pie", who = who)
            } else if game.game.is_last_turn() {
                tr!(lang, "local-to-move-last", who = who)
            } else {
                tr!(lang, "local-to-move", who = who)
            };
            let _ = write!(out, "\n{line}");
            if let Some(clock) = clock_words(lang, game, now) {
                let _ = write!(out, "\n{clock}");
            }
        }
        (None, None) => {}
    }
    out
}

/// In a game the score decided, what decided it, as the final announcement on Discord says:
/// each side's points and the networks that scored them, then how play came to its end (the
/// tiebreak is in the result's own words); nothing after any other ending.
fn score_explained(lang: Lang, game: &GameView) -> String {
    let Some(end_of_play) = game.end_of_play_words(lang) else {
        return String::new();
    };
    let mut out = String::new();
    for color in Color::BOTH {
        let side = tr!(
            lang,
            "labelled",
            label = with_color(lang, &game.player(color).name, color),
            text = score_words(lang, &game.game.score(color))
        );
        let _ = write!(out, "\n{side}");
    }
    let _ = write!(out, "\n{end_of_play}");
    out
}

/// Where `name` is in the lessons: the lesson on the text board, its words and how to answer
/// (its choices by number), or that they are through them all.
pub fn show_learning(lang: Lang, learning: &Learning, name: &str) -> String {
    let Learning::At(view) = learning else {
        return tr!(
            lang,
            "local-lesson-finished",
            total = crate::service::LESSONS,
            name = name
        );
    };
    show_lesson(lang, view)
}

fn show_lesson(lang: Lang, view: &LessonView) -> String {
    let mut out = view.diagram(lang, &paint);
    out.push_str(&view.text(lang).replace("**", ""));
    if view.lesson.wants_move() {
        let _ = write!(out, "\n{}", tr!(lang, "local-lesson-how-move"));
        return out;
    }
    let _ = write!(out, "\n{}", tr!(lang, "local-lesson-how-choice"));
    for (number, label) in (1..).zip(view.choices(lang)) {
        let _ = write!(out, "\n  {number}) {label}");
    }
    out
}

/// An answer to a lesson: why it is not right, or that it is, after the board the move made.
pub fn show_answered(lang: Lang, answered: &Answered) -> String {
    let said = answered.text(lang).replace("**", "");
    let after = match answered {
        Answered::Right { right, .. } => right.after.as_ref(),
        Answered::Wrong { .. } => None,
    };
    let after = after
        .map(|game| painted_diagram(lang, game, &paint))
        .unwrap_or_default();
    format!("{after}{said}")
}

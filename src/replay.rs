//! `ponte replay`: a game record in, the final position's facts out (JSON or text).

use serde::Serialize;

use crate::game::{Color, Game, Outcome, Record, Replay, status_line};
use crate::i18n::{Lang, diagram};

/// One colour's line of the report.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct SideReport {
    pub points: u32,
    pub islands: u32,
    pub bridges: u32,
    pub tiles: u32,
}

#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct ErrorReport {
    pub line: usize,
    #[serde(rename = "move")]
    pub text: String,
    pub reason: String,
}

/// The JSON object `ponte replay --json` prints.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct ReplayReport {
    pub size: u8,
    pub moves: u32,
    pub status: &'static str,
    pub to_move: Option<&'static str>,
    pub white: SideReport,
    pub red: SideReport,
    pub winner: Option<&'static str>,
    pub end: Option<&'static str>,
    pub error: Option<ErrorReport>,
}

fn side(game: &Game, color: Color) -> SideReport {
    let score = game.score(color);
    SideReport {
        points: score.points,
        islands: score.islands,
        bridges: score.bridges,
        tiles: score.tiles,
    }
}

impl ReplayReport {
    pub fn new(replay: &Replay) -> ReplayReport {
        let game = &replay.game;
        let outcome = game.outcome();
        ReplayReport {
            size: game.variant().size(),
            moves: game.plies(),
            status: if outcome.is_some() {
                "finished"
            } else {
                "ongoing"
            },
            to_move: game.to_move().map(Color::name),
            white: side(game, Color::White),
            red: side(game, Color::Red),
            winner: outcome.map(|o| o.winner().map_or("draw", Color::name)),
            end: outcome.map(|o| match o {
                Outcome::Score { .. } => "score",
                Outcome::Resignation { .. } => "resign",
            }),
            error: replay.error.as_ref().map(|e| ErrorReport {
                line: e.line,
                text: e.text.clone(),
                reason: e.reason.to_string(),
            }),
        }
    }
}

/// The text report: the board, the facts, and the illegal line if there was one.
pub fn text_report(replay: &Replay) -> String {
    let mut out = diagram(Lang::En, &replay.game);
    out.push_str(&status_line(&replay.game));
    out.push('\n');
    let (plies, size) = (replay.game.plies(), replay.game.variant().size());
    let moves = if plies == 1 { "move" } else { "moves" };
    // "an 8×8", "an 11×11": the article follows the number as it is said.
    let article = if matches!(size, 8 | 11 | 18) {
        "an"
    } else {
        "a"
    };
    out.push_str(&format!(
        "{plies} {moves} applied on {article} {size}×{size} board\n"
    ));
    if let Some(error) = &replay.error {
        out.push_str(&format!(
            "stopped at line {} ({}): {}\n",
            error.line, error.text, error.reason
        ));
    }
    out
}

/// What `ponte replay` does with a record's text: the report and the exit status
/// (0 all applied, 1 an illegal move, 2 not a record).
pub fn run(text: &str, json: bool) -> (String, i32) {
    // Replay stops at the first problem: an illegal move before a malformed line wins.
    let (record, malformed) = Record::parse_prefix(text);
    let replay = record.replay();
    let status = match (&replay.error, malformed) {
        (Some(_), _) => 1,
        (None, Some(error)) => return (format!("{error}\n"), 2),
        (None, None) => 0,
    };
    let report = if json {
        let report = ReplayReport::new(&replay);
        serde_json::to_string(&report).unwrap_or_default() + "\n"
    } else {
        text_report(&replay)
    };
    (report, status)
}

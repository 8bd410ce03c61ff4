//! The board as the page reads it: a small JSON shape made from the service's [`GameView`]
//! (the engine's own types stay unserialized; the page needs only cells, colours and counts),
//! with every sentence in it said on the server in the page's language.

use serde::Serialize;

use super::position::PositionView;
use crate::game::{Color, Move};
use crate::i18n::{
    Lang, color_name, count, move_words, score_words, side_name, time_left, with_color,
};
use crate::service::{GameView, PlayerId};
use crate::tr;

/// One game as the page draws it.
#[derive(Debug, Serialize)]
pub struct BoardView {
    pub id: i64,
    /// The address the page names the game by in its URLs: the game's page address on the
    /// public board, its number as text on this machine's.
    pub page: String,
    /// The game's version, sent back with a move so that a stale page is refused.
    pub version: i64,
    /// The board: size, tiles, bridges, the last move.
    #[serde(flatten)]
    pub board: PositionView,
    pub white: String,
    pub red: String,
    /// The colour this browser's player plays, if any.
    pub you: Option<&'static str>,
    /// Who moves next; none when the game is over.
    pub to_move: Option<&'static str>,
    /// Who made the last move and what it was ("a5 d3", "c3-e4", "swap"), for the words
    /// under the board: the picture alone does not tell a screen reader.
    pub last_played: Option<LastPlayed>,
    pub points: Points,
    pub over: bool,
    /// The line under the board: what was just played, whose turn it is, or how it ended.
    pub status: String,
    /// Each side's counts, White first.
    pub sides: [SideView; 2],
    /// Bridges left in the shared pool; none with unlimited supply.
    pub bridges_left: Option<u16>,
    /// When the time of the player to move runs out, in words; none in an untimed game.
    pub clock: Option<String>,
    /// Whether Red is choosing: swap to take White, or place.
    pub pie_choice: bool,
    /// Moves played so far: the number of positions after the start.
    pub plies: u32,
    pub moves: Vec<MoveLine>,
    /// At the end: how it ended and what decided it.
    pub ending: Option<EndingView>,
    // The move controls' fields: the page offers only what the engine allows now.
    /// Whether the player to move may swap now (the pie rule's offer to Red).
    pub may_swap: bool,
    /// Whether the player to move may pass now (no two tiles of theirs fit any more).
    pub may_pass: bool,
}

#[derive(Debug, Serialize)]
pub struct LastPlayed {
    pub by: String,
    #[serde(rename = "move")]
    pub notation: String,
}

#[derive(Debug, Serialize)]
pub struct Points {
    pub white: u32,
    pub red: u32,
}

/// One side's counts as the panel shows them.
#[derive(Debug, Serialize)]
pub struct SideView {
    pub name: String,
    /// `white` or `red`, for the page's styles.
    pub color: &'static str,
    /// The colour's word in the page's language.
    pub color_words: String,
    pub points: u32,
    pub islands: u32,
    /// Bridges built.
    pub bridges: u32,
    /// Points, islands and bridges in words: "7 points, 4 islands, 3 bridges".
    pub counts: String,
    /// Tiles left to place; none with unlimited supply.
    pub tiles_left: Option<u16>,
    /// The tiles left in words ("12 tiles left"); none with unlimited supply.
    pub tiles_left_words: Option<String>,
}

/// A move of the list: its number, who played it and its notation.
#[derive(Debug, Serialize)]
pub struct MoveLine {
    pub number: u32,
    pub by: String,
    pub color: &'static str,
    #[serde(rename = "move")]
    pub notation: String,
}

/// The end of a game as the final announcement on Discord says it: the result (with its
/// tiebreak), each side's points and networks, and how play came to its end.
#[derive(Debug, Serialize)]
pub struct EndingView {
    pub result: String,
    /// Each side's score explained, White first; empty when the score did not decide.
    pub scores: Vec<String>,
    pub end_of_play: Option<String>,
}

impl BoardView {
    /// The board of `view` as the player of colour `you` (none: a watcher) sees it, named
    /// `page` in the page's URLs, its sentences in `lang`, the clock as it stands at `now`
    /// (milliseconds since the epoch).
    pub fn said(
        view: &GameView,
        you: Option<Color>,
        page: String,
        lang: Lang,
        now: i64,
    ) -> BoardView {
        let last_played = view.moves.last().map(|logged| LastPlayed {
            by: name_of(view, logged.player_id),
            notation: logged.mv.to_string(),
        });
        let game = &view.game;
        BoardView {
            id: view.id.get(),
            page,
            version: view.version,
            board: PositionView::of(game),
            white: view.white.name.clone(),
            red: view.red.name.clone(),
            you: you.map(Color::name),
            to_move: view.to_move().map(|(color, _)| color.name()),
            last_played,
            points: Points {
                white: game.score(Color::White).points,
                red: game.score(Color::Red).points,
            },
            over: view.is_over(),
            status: status(lang, view, you),
            sides: Color::BOTH.map(|color| side(lang, view, color)),
            bridges_left: game.bridges_left(),
            clock: clock(lang, view, now),
            pie_choice: view.awaiting_pie_choice(),
            plies: game.plies(),
            moves: view
                .moves
                .iter()
                .map(|logged| MoveLine {
                    number: logged.ply,
                    by: name_of(view, logged.player_id),
                    color: logged.color.name(),
                    notation: move_words(lang, logged.mv),
                })
                .collect(),
            ending: ending(lang, view),
            may_swap: view.awaiting_pie_choice(),
            may_pass: !view.is_over() && view.game.is_legal(Move::Pass),
        }
    }
}

/// The name of the player `id` of the game (a move's player: after a swap, colours changed
/// hands, so the colour alone does not say who played).
fn name_of(view: &GameView, id: PlayerId) -> String {
    [&view.white, &view.red]
        .into_iter()
        .find(|p| p.id == id)
        .map_or_else(String::new, |p| p.name.clone())
}

/// What just happened and what comes next, in sentences: "Your move (White). ponte played
/// a5 d3." — the turn first, so a screen reader says it first.
fn status(lang: Lang, view: &GameView, you: Option<Color>) -> String {
    let mut words = Vec::new();
    if let Some(result) = view.result_words(lang, |p| p.name.clone()) {
        words.push(tr!(lang, "panel-over", result = result));
    } else if let Some((color, player)) = view.to_move() {
        let colour = side_name(lang, color);
        words.push(if you == Some(color) {
            tr!(lang, "panel-your-move", color = colour)
        } else {
            tr!(
                lang,
                "panel-to-move",
                who = with_color(lang, &player.name, color)
            )
        });
        if view.awaiting_pie_choice() {
            words.push(tr!(lang, "panel-pie-choice"));
        } else if view.game.is_last_turn() {
            words.push(tr!(lang, "panel-last-turn"));
        }
    }
    if let Some(last) = view.moves.last() {
        words.push(tr!(
            lang,
            "panel-played",
            name = name_of(view, last.player_id),
            move = move_words(lang, last.mv)
        ));
    }
    words.join(" ")
}

fn side(lang: Lang, view: &GameView, color: Color) -> SideView {
    let score = view.game.score(color);
    let tiles_left = view.game.tiles_left(color);
    SideView {
        name: view.player(color).name.clone(),
        color: color.name(),
        color_words: color_name(lang, color),
        points: score.points,
        islands: score.islands,
        bridges: score.bridges,
        counts: [
            count(lang, "points", score.points),
            count(lang, "islands", score.islands),
            count(lang, "bridges", score.bridges),
        ]
        .join(", "),
        tiles_left,
        tiles_left_words: tiles_left.map(|n| tr!(lang, "panel-tiles-left", n = n)),
    }
}

/// When the time of the player to move runs out, from `now`, or that they are away; none
/// in an untimed or finished game.
fn clock(lang: Lang, view: &GameView, now: i64) -> Option<String> {
    let (_, player) = view.to_move()?;
    match (view.deadline_at, view.away_until) {
        (Some(at), _) => {
            let left = time_left(lang, at - now);
            Some(tr!(lang, "panel-clock", left = left))
        }
        (None, Some(_)) => Some(tr!(lang, "panel-clock-away", name = player.name.clone())),
        (None, None) => None,
    }
}

fn ending(lang: Lang, view: &GameView) -> Option<EndingView> {
    let result = view.result_words(lang, |p| p.name.clone())?;
    let end_of_play = view.end_of_play_words(lang);
    let scores = if end_of_play.is_some() {
        Color::BOTH
            .map(|color| {
                tr!(
                    lang,
                    "labelled",
                    label = with_color(lang, &view.player(color).name, color),
                    text = score_words(lang, &view.game.score(color))
                )
            })
            .to_vec()
    } else {
        Vec::new()
    };
    Some(EndingView {
        result,
        scores,
        end_of_play,
    })
}

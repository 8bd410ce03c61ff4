//! The board as the page reads it: a small JSON shape made from the service's [`GameView`]
//! (the engine's own types stay unserialized; the page needs only cells, colours and counts).

use serde::Serialize;

use super::position::PositionView;
use crate::game::{Color, Move};
use crate::service::{GameView, PlayerId};

/// One game as the page draws it.
#[derive(Debug, Serialize)]
pub struct BoardView {
    pub id: i64,
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

impl BoardView {
    /// The board of `view` as `player` sees it.
    pub fn of(view: &GameView, player: PlayerId) -> BoardView {
        let last_played = view.moves.last().map(|logged| LastPlayed {
            by: [&view.white, &view.red]
                .into_iter()
                .find(|p| p.id == logged.player_id)
                .map_or_else(String::new, |p| p.name.clone()),
            notation: logged.mv.to_string(),
        });
        let you = if view.white.id == player {
            Some(Color::White.name())
        } else if view.red.id == player {
            Some(Color::Red.name())
        } else {
            None
        };
        BoardView {
            id: view.id.get(),
            version: view.version,
            board: PositionView::of(&view.game),
            white: view.white.name.clone(),
            red: view.red.name.clone(),
            you,
            to_move: view.game.to_move().map(Color::name),
            last_played,
            points: Points {
                white: view.game.score(Color::White).points,
                red: view.game.score(Color::Red).points,
            },
            over: view.is_over(),
            may_swap: view.awaiting_pie_choice(),
            may_pass: !view.is_over() && view.game.is_legal(Move::Pass),
        }
    }
}

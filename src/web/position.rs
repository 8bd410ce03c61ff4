//! A position as the page draws it: cells, tiles, bridges and the last move, made from the
//! engine's [`Game`] alone. A game's view, a lesson's, a puzzle's and a step back through a
//! game's history all draw through it.

use serde::Serialize;

use crate::game::{Color, Game, Move};

/// What the board shows of one position.
#[derive(Debug, Serialize)]
pub struct PositionView {
    pub size: u8,
    pub tiles: Vec<Tile>,
    pub bridges: Vec<BridgeLine>,
    /// The cells the last move touched (its two tiles or its bridge's ends).
    pub last_move: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct Tile {
    pub cell: String,
    pub color: &'static str,
}

#[derive(Debug, Serialize)]
pub struct BridgeLine {
    pub from: String,
    pub to: String,
    pub color: &'static str,
}

impl PositionView {
    /// The board of `game` as it stands.
    pub fn of(game: &Game) -> PositionView {
        let board = game.board();
        let tiles = [Color::White, Color::Red]
            .into_iter()
            .flat_map(|color| {
                board.tiles(color).iter().map(move |cell| Tile {
                    cell: cell.to_string(),
                    color: color.name(),
                })
            })
            .collect();
        let bridges = board
            .bridges()
            .iter()
            .map(|(color, bridge)| {
                let [from, to] = bridge.ends();
                BridgeLine {
                    from: from.to_string(),
                    to: to.to_string(),
                    color: color.name(),
                }
            })
            .collect();
        let last_move = match game.last_move() {
            Some(Move::Place(a, b) | Move::Bridge(a, b)) => vec![a.to_string(), b.to_string()],
            _ => Vec::new(),
        };
        PositionView {
            size: board.size(),
            tiles,
            bridges,
            last_move,
        }
    }
}

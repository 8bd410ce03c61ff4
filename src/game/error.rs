//! Why a move is illegal, in words for the player who tried it.

use std::fmt;

use super::cell::{Cell, Color};
use super::moves::Bridge;

/// A list of cells written as "c3, c4, d4".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellList(pub Vec<Cell>);

impl fmt::Display for CellList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

/// A move the rules forbid. The position is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("{cell} is off the {size}×{size} board")]
    OffBoard { cell: String, size: u8 },
    #[error("the two tiles must go on two different cells, not both on {0}")]
    SameCell(Cell),
    #[error("a bridge needs two different tiles, not {0} twice")]
    BridgeToItself(Cell),
    #[error("{cell} is already taken by a {owner} tile")]
    Occupied { cell: Cell, owner: Color },
    #[error("{cell} is under the bridge {bridge}")]
    UnderBridge { cell: Cell, bridge: Bridge },
    #[error("you have {left} tile{s} left, so you cannot place two", s = if *left == 1 { "" } else { "s" })]
    NotEnoughTiles { left: u16 },
    #[error("that makes a group of {size} tiles at {cell}; a group may have at most 4")]
    GroupTooLarge { cell: Cell, size: u32 },
    #[error("the island {island} would touch your tile at {tile} diagonally")]
    IslandTouchesDiagonally { island: CellList, tile: Cell },
    #[error("there is no {color} tile on {cell} to carry a bridge")]
    NotYourTile { cell: Cell, color: Color },
    #[error(
        "{a} and {b} are not a bridge apart: a bridge spans two cells in a row, column or diagonal, or a knight's move"
    )]
    NotABridge { a: Cell, b: Cell },
    #[error("the tile on {cell} already carries the bridge {bridge}")]
    AlreadyBridged { cell: Cell, bridge: Bridge },
    #[error("the bridge {bridge} would pass over the {owner} tile on {cell}")]
    OverTile {
        bridge: Bridge,
        cell: Cell,
        owner: Color,
    },
    #[error("the bridge {bridge} would cross the bridge {other}")]
    Crossing { bridge: Bridge, other: Bridge },
    #[error("no bridge is left: the pool of {pool} is used up")]
    NoBridgesLeft { pool: u16 },
    #[error("swap is only allowed as the second move, right after White's first two tiles")]
    SwapNotNow,
    #[error("you can still place two tiles (for example {a} {b}), so you may not pass")]
    MayNotPass { a: Cell, b: Cell },
}

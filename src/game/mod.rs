//! The rules of Ponte del Diavolo as `../shared/RULES.md` states them: pure, synchronous code
//! with no I/O. Everything else in the crate stands on this module; it imports nothing from it.
//!
//! Positions are bitboards ([`Bitboard`]) of up to 16×16 cells. A [`Game`] takes [`Move`]s in
//! the text notation (`c3 e5`, `c3-e4`, `swap`, `pass`, `resign`) and answers every question a
//! front end asks: is this legal and if not why ([`IllegalMove`]), which cells and bridges are
//! legal, whether the side to move must pass, and the score with its breakdown.

mod bitboard;
mod board;
mod cell;
mod diagram;
mod effect;
mod error;
#[allow(clippy::module_inception)]
mod game;
mod groups;
mod moves;
pub mod playout;
pub mod puzzle;
mod reach;
mod record;
mod score;
mod variant;

pub use bitboard::{Bitboard, Block};
pub use board::{Board, FirstTile};
pub use cell::{Cell, Color, MAX_SIZE, MIN_SIZE, NotACell};
pub use diagram::{grid, painted_grid, status_line};
pub use effect::{Effect, effect};
pub use error::{CellList, IllegalMove};
pub use game::{Game, Outcome};
pub use moves::{BadMove, Bridge, BridgeKind, Move, same_move};
pub use puzzle::Puzzle;
pub use reach::island_ways;
pub use record::{IllegalLine, NotARecord, Record, RecordedMove, Replay};
pub use score::{
    Network, Score, Tally, Tiebreak, judge, judge_tallies, network_points, score, tally,
};
pub use variant::{BadSize, BadVariant, Supply, Variant};

//! Dumbot's random moves and its reward, as Boardspace draws and scores them, on our engine.
//!
//! Sources (repository `ddyer0/boardspace.net`, `client/boardspace-java/`):
//! `boardspace-games/ponte/PonteBoard.java` (`getRandomMove`, `getRandomTileMove`,
//! `getRandomBridgeMove`, `addCachedTileMoves`, `extendedScoreForPlayer`),
//! `boardspace-games/ponte/PontePlay.java` (`bridgeMultiplier`, `NormalizedScore`).
//!
//! How Boardspace draws a move in a playout (`getRandomMove`, state `PlayTilesOrBridge`):
//! - a tile: a cell drawn at random from a per-colour list of the cells where *one* tile was
//!   legal when the list was made (`cachedTileMoves`); a drawn cell that is no longer legal is
//!   struck from the list and another drawn. Nothing checks that the tile has a partner;
//! - a bridge: one drawn at random from the full list of legal bridges, listed afresh;
//! - between them in proportion to their counts, `nextInt(bridges × 1.0 + listed) < listed`
//!   picks the tile, where `listed` is the length of the tile list *after* the draw struck its
//!   dead cells (it may still hold cells that are no longer legal: "approximate count of tile
//!   moves", says the source) and 1.0 is Dumbot's `bridgeMultiplier` (Smartbot's 2.0 is not
//!   offered for Ponte);
//! - with no tile to draw, a bridge is drawn from the bridges and one extra slot, and the extra
//!   slot is a pass (`MOVE_PASS` for White, `MOVE_GAMEOVER` for Red): a pass with probability
//!   1/(bridges + 1) even when a bridge is legal;
//! - on Red's first turn (state `PlayOrSwap`), the swap with probability 1/(cells − 1) (1/99
//!   on Boardspace's 10×10 board: "there can only be 98 tile moves, swap is number 99"),
//!   otherwise a tile (no bridge);
//! - the second tile of a placement is a separate random move (state `PlaySecondTile`), drawn
//!   from the same list the same way.
//!
//! Where our rules or engine make us differ, and what we had to guess:
//! - **Guess (rules model):** a single tile is never a move under RULES.md, so a first tile
//!   whose cell has no legal partner cannot be played. Boardspace would play it and then pass
//!   (or end the game, for Red) for want of a second tile. We pass such a cell over for this
//!   draw (it stays in the list, as in Boardspace, where it is still a legal single tile) and
//!   draw again; with no other cell left, the turn has no tile, as above. Such cells are rare
//!   (a crowded board near the end).
//! - **Guess:** the lists are made afresh for every simulation. In the source,
//!   `PonteBoard.copyFrom` (which resets the board for each simulation in Boardspace's "blitz"
//!   search) neither copies nor clears `cachedTileMoves`, so as we read it each search thread's
//!   lists carry the cells struck in earlier simulations into later ones and only ever shrink,
//!   which would starve Boardspace's own playouts of tiles. We rebuild the evident intent; if
//!   we read the source right, our rebuild is the stronger of the two.
//! - A placement drawn in one go here is still two of Boardspace's moves: the second tile is
//!   drawn exactly as `PlaySecondTile` would draw it (from the list, striking dead cells), and
//!   the placement counts as two random moves. The tile-against-bridge choice uses the list's
//!   length before the second tile's draw, as in Boardspace.
//! - With fewer than two tiles left, no tile is drawn (Boardspace draws one while its rack is
//!   not empty; with the box's even supplies the two agree).
//! - Which cells and bridges are legal is our engine's answer (RULES.md), not Boardspace's.
//! - The bridge lottery is drawn by rejection over the bridges that fit but for crossings (a
//!   crossing one is struck and the draw made again), which gives each legal bridge exactly the
//!   weight listing them all would; only the order of the random numbers differs.

use fastrand::Rng;

use super::Seat;
use ponte::game::{Bitboard, Board, Bridge, Cell, Color, Game, Move};

/// How many tiles one bridge weighs in the choice between them: Dumbot's `bridgeMultiplier`
/// (`PontePlay.java`, `DUMBOT_LEVEL` and `WEAKBOT_LEVEL`: 1.0; `SMARTBOT_LEVEL`: 2.0).
pub const BRIDGE_WEIGHT: u32 = 1;

/// The reward's margin term saturates at this (`PontePlay.NormalizedScore`: `min(0.06, …)`).
const MARGIN_CAP: f64 = 0.06;

/// Extended-score difference worth the whole margin term (`PontePlay.NormalizedScore`:
/// `/5000000.0`).
const MARGIN_SCALE: f64 = 5_000_000.0;

/// What one simulation remembers between Dumbot's random moves: for each colour, the list of
/// cells where one tile was legal when it was made, struck lazily as draws find dead cells
/// (`PonteBoard.cachedTileMoves`). `None` until a draw or the tree's listing needs it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Draws {
    cells: [Option<Bitboard>; 2],
}

/// A tile drawn for a placement, with what the draw did to the list.
struct TileDraw {
    first: Cell,
    second: Cell,
    /// The list's length after the first tile's draw: the weight of tiles against bridges.
    listed: u32,
    /// The list after the second tile's draw, kept if the placement is played.
    after_second: Bitboard,
}

impl Draws {
    /// Fresh lists, as at the start of a simulation.
    pub fn new() -> Draws {
        Draws::default()
    }

    /// Lists as given (`None`: not made yet), for tests of the draw's arithmetic.
    pub fn with_lists(white: Option<Bitboard>, red: Option<Bitboard>) -> Draws {
        Draws {
            cells: [white, red],
        }
    }

    /// `color`'s list as it stands.
    pub fn list(&self, color: Color) -> Option<Bitboard> {
        self.cells[color.index()]
    }

    /// The list as the tree's listing of a node's steps leaves it: exactly the cells legal now
    /// (`addCachedTileMoves`, called by `GetListOfMoves`, makes it or strikes every dead cell).
    pub fn listed(&mut self, color: Color, cells: Bitboard) {
        self.cells[color.index()] = Some(cells);
    }

    /// One of Dumbot's random moves for the side to move in `game`, with how many of
    /// Boardspace's moves it is (a placement is two: each tile is a move). `None` once the game
    /// is over.
    pub fn random_move(&mut self, game: &Game, rng: &mut Rng) -> Option<(Move, u32)> {
        let color = game.to_move()?;
        let board = game.board();
        let has_tiles = game.tiles_left(color).is_none_or(|left| left >= 2);
        // `PlayOrSwap`: Red's first turn, while White's opening is the only thing on the board.
        if game.plies() == 1 && game.is_legal(Move::Swap) {
            let cells = u32::from(board.size()).pow(2);
            if rng.u32(0..cells - 1) == cells - 2 {
                return Some((Move::Swap, 1));
            }
            return Some(match self.draw_tile(board, color, has_tiles, rng) {
                Some(tile) => self.keep(color, &tile),
                None => (Move::Pass, 1),
            });
        }
        let tile = self.draw_tile(board, color, has_tiles, rng);
        let mut bridges: Vec<Bridge> = if game.bridges_left() == Some(0) {
            Vec::new()
        } else {
            board.bridges_ignoring_crossings(color)
        };
        Some(match tile {
            Some(tile) => loop {
                let drawn = rng.u32(0..tile.listed + BRIDGE_WEIGHT * bridges.len() as u32);
                if drawn < tile.listed {
                    break self.keep(color, &tile);
                }
                let index = ((drawn - tile.listed) / BRIDGE_WEIGHT) as usize;
                if let Some(mv) = take_bridge(board, &mut bridges, index) {
                    break (mv, 1);
                }
            },
            // `getRandomBridgeMove(…, extra = 1)`: the extra slot is the pass.
            None => loop {
                let drawn = rng.usize(0..=bridges.len());
                if drawn == bridges.len() {
                    break (Move::Pass, 1);
                }
                if let Some(mv) = take_bridge(board, &mut bridges, drawn) {
                    break (mv, 1);
                }
            },
        })
    }

    /// The second tile for `first`, a first tile the tree chose (`PlaySecondTile`): drawn from
    /// the list, striking dead cells.
    ///
    /// # Panics
    /// When `first` has no legal partner (the tree lists only first tiles that have one).
    pub fn random_second(&mut self, game: &Game, first: Cell, rng: &mut Rng) -> Cell {
        let color = game.to_move().expect("a placement under way");
        let mut cells = self.cells[color.index()].unwrap_or_else(|| game.legal_second_cells(first));
        let second = draw_second(game.board(), color, first, &mut cells, rng)
            .expect("a first tile of the tree has a partner");
        self.cells[color.index()] = Some(cells);
        second
    }

    /// `getRandomTileMove` for a first tile, passing over cells that have no partner (see the
    /// module's notes), with the partner drawn at once as `PlaySecondTile` would draw it.
    fn draw_tile(
        &mut self,
        board: &Board,
        color: Color,
        has_tiles: bool,
        rng: &mut Rng,
    ) -> Option<TileDraw> {
        if !has_tiles {
            return None;
        }
        let mut cells = self.cells[color.index()].unwrap_or_else(|| board.single_tile_cells(color));
        let mut passed_over = Bitboard::EMPTY;
        let drawn = loop {
            let open = cells & !passed_over;
            if open.is_empty() {
                break None;
            }
            let first = open.nth(rng.u32(0..open.len()))?;
            if !board.tile_fits(color, first) {
                cells.remove(first);
                continue;
            }
            let mut after_second = cells;
            match draw_second(board, color, first, &mut after_second, rng) {
                Some(second) => {
                    break Some(TileDraw {
                        first,
                        second,
                        listed: cells.len(),
                        after_second,
                    });
                }
                None => passed_over.insert(first),
            }
        };
        self.cells[color.index()] = Some(cells);
        drawn
    }

    /// Plays the drawn placement: the list as the second tile's draw left it.
    fn keep(&mut self, color: Color, tile: &TileDraw) -> (Move, u32) {
        self.cells[color.index()] = Some(tile.after_second);
        (Move::Place(tile.first, tile.second), 2)
    }
}

/// A cell of `cells` where `color`'s second tile fits beside `first`, drawn at random, striking
/// the cells found dead (the first tile's own cell among them: it is occupied once played).
fn draw_second(
    board: &Board,
    color: Color,
    first: Cell,
    cells: &mut Bitboard,
    rng: &mut Rng,
) -> Option<Cell> {
    while !cells.is_empty() {
        let second = cells.nth(rng.u32(0..cells.len()))?;
        if second != first
            && board.tile_fits(color, second)
            && board.pair_fits_singles(color, first, second)
        {
            return Some(second);
        }
        cells.remove(second);
    }
    None
}

/// The bridge at `index` of `bridges` (which fit but for crossings) as a move, or `None` after
/// striking it when it crosses a bridge on the board.
fn take_bridge(board: &Board, bridges: &mut Vec<Bridge>, index: usize) -> Option<Move> {
    if board.crosses(bridges[index]) {
        bridges.swap_remove(index);
        return None;
    }
    let [a, b] = bridges[index].ends();
    Some(Move::Bridge(a, b))
}

/// Plays `game` to its end with Dumbot's random moves from fresh lists; returns how many of
/// Boardspace's moves that took (each tile one).
pub fn playout(game: &mut Game, rng: &mut Rng) -> u64 {
    let mut draws = Draws::new();
    let mut moves = 0;
    while let Some((mv, count)) = draws.random_move(game, rng) {
        game.apply(mv);
        moves += u64::from(count);
    }
    moves
}

/// Boardspace's final score for `color` (`PonteBoard.extendedScoreForPlayer`): 10,000 a point,
/// 100 an island and 1 a bridge, so that comparing it is comparing points, then islands, then
/// bridges, our tiebreaks.
pub fn extended_score(game: &Game, color: Color) -> i64 {
    let score = game.score(color);
    10_000 * i64::from(score.points) + 100 * i64::from(score.islands) + i64::from(score.bridges)
}

/// What a finished game is worth to `seat` (`PontePlay.NormalizedScore`): a win
/// `1 + min(0.06, Δ/5,000,000) − 0.06` with Δ the difference of the extended scores (so from
/// 0.94 for the narrowest win to 1 for a margin of 30 points or more), a loss the same
/// negated, a draw 0.
pub fn reward(game: &Game, seat: Seat) -> f64 {
    let Some(winner) = game.outcome().and_then(ponte::game::Outcome::winner) else {
        return 0.0;
    };
    let margin = (extended_score(game, winner) - extended_score(game, winner.other())) as f64;
    let won = 1.0 + (margin / MARGIN_SCALE).min(MARGIN_CAP) - MARGIN_CAP;
    if Seat::of(winner, game.swapped()) == seat {
        won
    } else {
        -won
    }
}

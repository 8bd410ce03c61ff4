//! A game in progress: the board plus whose turn it is, the supply, the pie rule, passing,
//! resigning and the end.

use super::bitboard::Bitboard;
use super::board::Board;
use super::cell::{Cell, Color};
use super::error::IllegalMove;
use super::moves::{Bridge, Move};
use super::score::{Score, Tally, Tiebreak, judge_tallies, score, tally};
use super::variant::{Supply, Variant};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side resigned.
    Resignation { winner: Color },
    /// The game was played out and scored; `winner` is `None` for a draw.
    Score {
        winner: Option<Color>,
        decided_by: Tiebreak,
    },
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Resignation { winner } => Some(winner),
            Outcome::Score { winner, .. } => winner,
        }
    }
}

/// A game from the first move to its end. Colours, not players: the pie rule's `swap` only
/// records that the players exchanged colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    variant: Variant,
    board: Board,
    /// The colour whose turn it is (kept after the end, but no longer reported).
    turn: Color,
    plies: u32,
    last_move: Option<Move>,
    swapped: bool,
    /// White has passed: Red's current turn is the last.
    white_passed: bool,
    outcome: Option<Outcome>,
    /// The tallies the game was judged by, once it ended by the score.
    final_tallies: Option<[Tally; 2]>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Variant::default())
    }
}

impl Game {
    /// A new game; the variant's size must be valid (see [`Variant::boxed`]).
    pub fn new(variant: Variant) -> Game {
        Game {
            variant,
            board: Board::new(variant.size()),
            turn: Color::White,
            plies: 0,
            last_move: None,
            swapped: false,
            white_passed: false,
            outcome: None,
            final_tallies: None,
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The colour to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Color> {
        self.outcome.is_none().then_some(self.turn)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How many moves have been played (swap, pass and resign included).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// Whether the second player took over White by the pie rule.
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// Whether White has passed, so that Red is on the last turn of the game.
    pub fn is_last_turn(&self) -> bool {
        self.white_passed && !self.is_over()
    }

    /// Tiles `color` has left to place, or `None` with unlimited supply.
    pub fn tiles_left(&self, color: Color) -> Option<u16> {
        match self.variant.tiles() {
            Supply::Limited(n) => Some(n.saturating_sub(self.board.tiles(color).len() as u16)),
            Supply::Unlimited => None,
        }
    }

    /// Bridges left in the shared pool, or `None` with unlimited supply.
    pub fn bridges_left(&self) -> Option<u16> {
        match self.variant.bridges() {
            Supply::Limited(n) => Some(n.saturating_sub(self.board.bridges().len() as u16)),
            Supply::Unlimited => None,
        }
    }

    pub fn score(&self, color: Color) -> Score {
        score(&self.board, color)
    }

    /// Plays `mv` for the side to move.
    ///
    /// # Errors
    /// Why the move is illegal; the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    /// Plays a move already known to be legal (the playouts' generator makes only those, and
    /// the lab's searches); an illegal one is caught only by debug builds' assertion.
    pub fn apply(&mut self, mv: Move) {
        debug_assert_eq!(self.check(mv), Ok(()), "{mv}");
        let color = self.turn;
        match mv {
            Move::Place(a, b) => self.board.place(color, a, b),
            Move::Bridge(a, b) => {
                if let Some(bridge) = Bridge::between(a, b) {
                    self.board.build(color, bridge);
                }
            }
            Move::Swap => self.swapped = true,
            Move::Pass | Move::Resign(_) => {}
        }
        self.plies += 1;
        self.last_move = Some(mv);
        match mv {
            Move::Resign(loser) => {
                let loser = loser.unwrap_or(color);
                self.outcome = Some(Outcome::Resignation {
                    winner: loser.other(),
                });
            }
            // Red's pass, or any move on Red's last turn after White passed, ends the game.
            _ if color == Color::Red && (mv == Move::Pass || self.white_passed) => {
                self.finish_by_score();
            }
            Move::Pass => {
                self.white_passed = true;
                self.turn = Color::Red;
            }
            // The swap hands White to the second player; Red (the first player) moves next.
            Move::Swap => {}
            _ => self.turn = color.other(),
        }
    }

    fn finish_by_score(&mut self) {
        let tallies = Color::BOTH.map(|color| tally(&self.board, color));
        let [white, red] = tallies;
        let (winner, decided_by) = judge_tallies(white, red);
        self.outcome = Some(Outcome::Score { winner, decided_by });
        self.final_tallies = Some(tallies);
    }

    /// White's and Red's tallies, once the game has ended by the score: what it was judged by.
    pub fn final_tallies(&self) -> Option<[Tally; 2]> {
        self.final_tallies
    }

    /// Whether `mv` is legal for the side to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Checks `mv` for the side to move without playing it.
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let color = self.turn;
        match mv {
            Move::Place(a, b) => {
                if let Some(left) = self.tiles_left(color).filter(|left| *left < 2) {
                    return Err(IllegalMove::NotEnoughTiles { left });
                }
                self.board.check_placement(color, a, b)
            }
            Move::Bridge(a, b) => {
                self.board.check_bridge(color, a, b)?;
                match (self.bridges_left(), self.variant.bridges()) {
                    (Some(0), Supply::Limited(pool)) => Err(IllegalMove::NoBridgesLeft { pool }),
                    _ => Ok(()),
                }
            }
            Move::Swap => {
                let opening = self.plies == 1 && matches!(self.last_move, Some(Move::Place(..)));
                if opening {
                    Ok(())
                } else {
                    Err(IllegalMove::SwapNotNow)
                }
            }
            Move::Pass => match self.placeable_pair() {
                Some((a, b)) => Err(IllegalMove::MayNotPass { a, b }),
                None => Ok(()),
            },
            Move::Resign(_) => Ok(()),
        }
    }

    fn has_two_tiles(&self) -> bool {
        self.tiles_left(self.turn).is_none_or(|left| left >= 2)
    }

    /// Two cells the side to move could place tiles on now, if there are any.
    pub fn placeable_pair(&self) -> Option<(Cell, Cell)> {
        if self.is_over() || !self.has_two_tiles() {
            return None;
        }
        self.board.placeable_pair(self.turn)
    }

    /// Whether the side to move can place two tiles.
    pub fn can_place_two(&self) -> bool {
        self.placeable_pair().is_some()
    }

    /// Whether the side to move can build a bridge.
    pub fn can_bridge(&self) -> bool {
        !self.is_over() && self.bridges_left() != Some(0) && self.board.can_bridge(self.turn)
    }

    /// Whether the side to move can neither place two tiles nor bridge, so must pass.
    pub fn must_pass(&self) -> bool {
        !self.is_over() && !self.can_place_two() && !self.can_bridge()
    }

    /// The cells that can be the first of the two tiles the side to move places.
    pub fn legal_first_cells(&self) -> Bitboard {
        if self.is_over() || !self.has_two_tiles() {
            return Bitboard::EMPTY;
        }
        self.board.first_tile_cells(self.turn)
    }

    /// The cells that can go with `first` when the side to move places two tiles.
    pub fn legal_second_cells(&self, first: Cell) -> Bitboard {
        if self.is_over() || !self.has_two_tiles() {
            return Bitboard::EMPTY;
        }
        self.board.second_tile_cells(self.turn, first)
    }

    /// Every bridge the side to move could build.
    pub fn legal_bridges(&self) -> Vec<Bridge> {
        if self.is_over() || self.bridges_left() == Some(0) {
            return Vec::new();
        }
        self.board.legal_bridges(self.turn)
    }

    /// The cells a legal bridge of the side to move from `from` could reach.
    pub fn legal_bridge_ends(&self, from: Cell) -> Bitboard {
        if self.is_over() || self.bridges_left() == Some(0) {
            return Bitboard::EMPTY;
        }
        self.board.legal_bridge_ends(self.turn, from)
    }
}

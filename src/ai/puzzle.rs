//! Puzzles: positions from finished games where one move keeps an advantage that the move
//! played lost. A puzzle is decided when it is cut (its candidates, the accepted ones and the
//! best line), so that answering one never runs a search. Pure and deterministic like the
//! search.

use std::fmt::Write;

use super::analysis::same_move;
use crate::game::{Color, Game, Move, Variant};

/// A position from a game where one move keeps an advantage that the move played lost.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub variant: Variant,
    /// The moves from the start to the puzzle's position (a real game, replayable).
    pub moves: Vec<Move>,
    /// 2 to 4 moves offered as the choices, in the order shown (fixed at cut time).
    pub candidates: Vec<Move>,
    /// The candidates a fixed search judged within `MARGIN` of the best, the best first
    /// (never empty; never all candidates: at least one choice is wrong).
    pub accepted: Vec<Move>,
    /// The best move and the search's continuation after it (a few moves), for the answer's board.
    pub best_line: Vec<Move>,
    /// The move played in the game there, when the puzzle comes from a game (one of the
    /// candidates, not accepted).
    pub played: Option<Move>,
    /// The mover's chance of winning before the position's mistake and after it (from the analysis).
    pub chance_before: f64,
    pub chance_after: f64,
    /// The judging search's playouts per candidate.
    pub playouts: u64,
}

impl Puzzle {
    /// The puzzle's position: its moves replayed from the start (up to the first that does
    /// not play, which a puzzle [`Puzzle::check`] accepts never has).
    pub fn game(&self) -> Game {
        let mut game = Game::new(self.variant);
        for &mv in &self.moves {
            if game.play(mv).is_err() {
                break;
            }
        }
        game
    }

    /// The side to move in the puzzle's position (White should the moves end the game, which
    /// a puzzle [`Puzzle::check`] accepts never does).
    pub fn mover(&self) -> Color {
        self.game().to_move().unwrap_or(Color::White)
    }

    /// Whether `mv` is one of the accepted moves (a placement's tiles or a bridge's ends in
    /// either order).
    pub fn is_accepted(&self, mv: Move) -> bool {
        self.accepted
            .iter()
            .any(|&accepted| same_move(accepted, mv))
    }

    /// The position's key, the same for the same position however it was reached: the
    /// variant, the side to move, whether the swap or the last turn is on, each colour's
    /// tiles and the bridges (with their owners). The supplies left follow from the variant
    /// and the pieces on the board.
    pub fn key(&self) -> String {
        position_key(&self.game())
    }

    /// Whether the puzzle holds together: its moves replay to a position not over, its
    /// candidates (2 to 4, distinct) are legal there, its accepted moves are candidates and
    /// not all of them, its best line starts with an accepted move and plays on, and the move
    /// played (if any) is a candidate not accepted.
    ///
    /// # Errors
    /// What is wrong, in words for a log.
    pub fn check(&self) -> Result<(), String> {
        let mut game = Game::new(self.variant);
        for (index, &mv) in self.moves.iter().enumerate() {
            game.play(mv)
                .map_err(|e| format!("move {} ({mv}) does not play: {e}", index + 1))?;
        }
        if game.is_over() {
            return Err("the moves end the game".into());
        }
        if !(2..=4).contains(&self.candidates.len()) {
            return Err(format!("{} candidates, not 2 to 4", self.candidates.len()));
        }
        for (i, &mv) in self.candidates.iter().enumerate() {
            game.check(mv)
                .map_err(|e| format!("candidate {mv} is illegal: {e}"))?;
            if self.candidates[..i].iter().any(|&c| same_move(c, mv)) {
                return Err(format!("candidate {mv} is offered twice"));
            }
        }
        let offered = |mv: Move| self.candidates.iter().any(|&c| same_move(c, mv));
        if self.accepted.is_empty() || self.accepted.len() >= self.candidates.len() {
            return Err(format!(
                "{} of {} candidates accepted",
                self.accepted.len(),
                self.candidates.len()
            ));
        }
        if let Some(&mv) = self.accepted.iter().find(|&&mv| !offered(mv)) {
            return Err(format!("accepted {mv} is no candidate"));
        }
        if let Some(played) = self.played
            && (!offered(played) || self.is_accepted(played))
        {
            return Err(format!("the move played ({played}) is no wrong candidate"));
        }
        match self.best_line.first() {
            Some(&first) if same_move(first, self.accepted[0]) => {}
            _ => return Err("the best line does not start with the best move".into()),
        }
        for &mv in &self.best_line {
            if game.is_over() {
                break;
            }
            game.play(mv)
                .map_err(|e| format!("the best line's {mv} does not play: {e}"))?;
        }
        Ok(())
    }
}

/// The key of `game`'s position (see [`Puzzle::key`]): e.g.
/// `size 12 tiles 60 bridges 22;white;-;w:c3,d5;r:e4,f6;b:w c3-d5`.
pub fn position_key(game: &Game) -> String {
    let board = game.board();
    let mut key = format!("{};", game.variant());
    key.push_str(match game.to_move() {
        Some(Color::White) => "white",
        Some(Color::Red) => "red",
        None => "over",
    });
    let swap_on = game.is_legal(Move::Swap);
    key.push_str(match (swap_on, game.is_last_turn()) {
        (true, _) => ";swap",
        (false, true) => ";last",
        (false, false) => ";-",
    });
    for (color, name) in [(Color::White, "w"), (Color::Red, "r")] {
        let cells: Vec<String> = board.tiles(color).iter().map(|c| c.to_string()).collect();
        let _ = write!(key, ";{name}:{}", cells.join(","));
    }
    let mut bridges: Vec<String> = board
        .bridges()
        .iter()
        .map(|&(color, bridge)| {
            let owner = if color == Color::White { 'w' } else { 'r' };
            format!("{owner} {bridge}")
        })
        .collect();
    bridges.sort();
    let _ = write!(key, ";b:{}", bridges.join(","));
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &[&str]) -> Vec<Move> {
        text.iter().map(|m| m.parse().unwrap()).collect()
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    /// A puzzle on 8×8 after three placements: Red to move.
    fn puzzle() -> Puzzle {
        Puzzle {
            variant: Variant::boxed(8).unwrap(),
            moves: moves(&["c3 d5", "f6 g8", "a1 a3"]),
            candidates: moves(&["h1 h3", "g2 g4", "f1 f3"]),
            accepted: moves(&["g2 g4"]),
            best_line: moves(&["g2 g4", "b6 b8"]),
            played: Some(mv("h1 h3")),
            chance_before: 0.7,
            chance_after: 0.4,
            playouts: 400,
        }
    }

    #[test]
    fn a_puzzle_replays_its_moves_to_its_position_and_the_side_to_move() {
        let puzzle = puzzle();
        let game = puzzle.game();
        assert_eq!(game.plies(), 3);
        assert_eq!(game.last_move(), Some(mv("a1 a3")));
        assert_eq!(puzzle.mover(), Color::Red);
        assert_eq!(puzzle.check(), Ok(()));
        let white = Puzzle {
            moves: moves(&["c3 d5", "f6 g8"]),
            candidates: moves(&["a1 a3", "b6 b8"]),
            accepted: moves(&["a1 a3"]),
            best_line: moves(&["a1 a3"]),
            played: None,
            ..puzzle
        };
        assert_eq!(white.mover(), Color::White);
        assert_eq!(white.check(), Ok(()));
    }

    #[test]
    fn an_accepted_move_is_accepted_written_either_way_and_nothing_else_is() {
        let puzzle = puzzle();
        assert!(puzzle.is_accepted(mv("g2 g4")));
        assert!(
            puzzle.is_accepted(mv("g4 g2")),
            "the tiles in the other order"
        );
        assert!(!puzzle.is_accepted(mv("h1 h3")), "the move played");
        assert!(!puzzle.is_accepted(mv("f1 f3")));
        assert!(!puzzle.is_accepted(Move::Pass));
        let bridge = Puzzle {
            accepted: moves(&["c3-d5"]),
            ..puzzle
        };
        assert!(bridge.is_accepted(mv("d5-c3")));
        assert!(!bridge.is_accepted(mv("c3 d5")), "a placement is no bridge");
    }

    #[test]
    fn the_key_is_the_position_however_it_was_reached() {
        let puzzle = puzzle();
        let key = puzzle.key();
        let game = puzzle.game();
        let (white, red) = (tiles(&game, Color::White), tiles(&game, Color::Red));
        assert_eq!(
            key,
            format!("{};red;-;w:{white};r:{red};b:", puzzle.variant)
        );
        assert_eq!(white.split(',').count(), 4);
        // The same tiles placed in another order (and written the other way round).
        let reordered = Puzzle {
            moves: moves(&["a3 a1", "g8 f6", "d5 c3"]),
            ..puzzle.clone()
        };
        assert_eq!(reordered.key(), key);
        // Another side to move, another board, another variant: other keys.
        let earlier = Puzzle {
            moves: moves(&["c3 d5", "f6 g8"]),
            ..puzzle.clone()
        };
        assert_ne!(earlier.key(), key);
        let unlimited = Puzzle {
            variant: Variant::unlimited(10).unwrap(),
            ..puzzle.clone()
        };
        let boxed = Puzzle {
            variant: Variant::boxed(10).unwrap(),
            ..puzzle.clone()
        };
        assert_ne!(unlimited.key(), boxed.key(), "the supplies differ");
        // After the first move the swap is on; after a swap it is not, though the board is
        // the same and White's tiles are still to answer.
        let opening = Puzzle {
            moves: moves(&["c3 d5"]),
            ..puzzle.clone()
        };
        let swapped = Puzzle {
            moves: moves(&["c3 d5", "swap"]),
            ..puzzle
        };
        assert!(opening.key().contains(";swap;"));
        assert_ne!(opening.key(), swapped.key());
    }

    fn tiles(game: &Game, color: Color) -> String {
        let cells: Vec<String> = game
            .board()
            .tiles(color)
            .iter()
            .map(|c| c.to_string())
            .collect();
        cells.join(",")
    }

    #[test]
    fn a_puzzle_that_does_not_hold_together_is_told_apart() {
        let good = puzzle();
        let broken = [
            Puzzle {
                moves: moves(&["c3 d5", "c3 d5"]),
                ..good.clone()
            },
            Puzzle {
                candidates: moves(&["h1 h3"]),
                accepted: Vec::new(),
                ..good.clone()
            },
            Puzzle {
                candidates: moves(&["h1 h3", "g2 g4", "c3 c5"]),
                ..good.clone()
            },
            Puzzle {
                candidates: moves(&["h1 h3", "g2 g4", "g4 g2"]),
                ..good.clone()
            },
            Puzzle {
                accepted: moves(&["g2 g4", "h1 h3", "f1 f3"]),
                ..good.clone()
            },
            Puzzle {
                accepted: moves(&["b6 b8"]),
                ..good.clone()
            },
            Puzzle {
                played: Some(mv("g2 g4")),
                ..good.clone()
            },
            Puzzle {
                best_line: moves(&["f1 f3"]),
                ..good.clone()
            },
            Puzzle {
                best_line: moves(&["g2 g4", "g2 g4"]),
                ..good
            },
        ];
        for puzzle in broken {
            assert!(puzzle.check().is_err(), "{puzzle:?}");
        }
    }
}

//! A plain-text picture of a game, for terminals and logs.

use std::fmt::Write;

use super::cell::{Cell, Color};
use super::game::{Game, Outcome};
use super::moves::Move;
use super::score::Tiebreak;

/// The board with coordinates on all four edges (the front ends add its legend in words:
/// bridges, last move and scores; see [`status_line`] for whose turn it is).
///
/// Symbols: `w`/`r` a tile of a sandbank, `W`/`R` a tile of an island, `+` a cell under a
/// bridge, `.` an empty cell. The last move's tiles are shown in brackets.
pub fn grid(game: &Game) -> String {
    let board = game.board();
    let size = board.size();
    let columns: String = (0..size)
        .map(|col| format!(" {}", (b'a' + col) as char))
        .collect();
    let last_cells: Vec<Cell> = match game.last_move() {
        Some(Move::Place(a, b) | Move::Bridge(a, b)) => vec![a, b],
        _ => Vec::new(),
    };
    let mut out = String::new();
    let _ = writeln!(out, "    {columns}");
    for row in (0..size).rev() {
        let _ = write!(out, "{:>3} ", row + 1);
        for col in 0..size {
            let cell = Cell::new(col, row);
            let symbol = match board.tile(cell) {
                Some(color) => {
                    let island = board.islands(color).contains(cell);
                    match (color, island) {
                        (Color::White, false) => 'w',
                        (Color::White, true) => 'W',
                        (Color::Red, false) => 'r',
                        (Color::Red, true) => 'R',
                    }
                }
                None if board.blocked().contains(cell) => '+',
                None => '.',
            };
            // The last move's tiles stand in brackets: `[w]`, or `[w|w]` side by side.
            let previous_last = col > 0 && last_cells.contains(&Cell::new(col - 1, row));
            let separator = match (previous_last, last_cells.contains(&cell)) {
                (true, true) => '|',
                (false, true) => '[',
                (true, false) => ']',
                (false, false) => ' ',
            };
            let _ = write!(out, "{separator}{symbol}");
        }
        let closing = if last_cells.contains(&Cell::new(size - 1, row)) {
            ']'
        } else {
            ' '
        };
        let _ = writeln!(out, "{closing}{}", row + 1);
    }
    let _ = writeln!(out, "    {columns}");
    out
}

/// "White to move", "Red to move (last turn)", or how the game ended.
pub fn status_line(game: &Game) -> String {
    match game.outcome() {
        Some(Outcome::Resignation { winner }) => {
            format!("{winner} wins: {} resigned", winner.other())
        }
        Some(Outcome::Score { winner, decided_by }) => match (winner, decided_by) {
            (None, _) => "draw: points, islands and bridges are all equal".to_string(),
            (Some(winner), Tiebreak::Islands) => {
                format!("{winner} wins: equal points, more islands")
            }
            (Some(winner), Tiebreak::Bridges) => {
                format!("{winner} wins: equal points and islands, more bridges")
            }
            (Some(winner), _) => format!("{winner} wins on points"),
        },
        None => match game.to_move() {
            Some(color) if game.is_last_turn() => {
                format!("{color} to move (the last turn: White has passed)")
            }
            Some(color) => format!("{color} to move"),
            None => String::new(),
        },
    }
}

//! A plain-text picture of a game, for terminals and logs.

use std::fmt::Write;

use super::cell::{Cell, Color};
use super::game::{Game, Outcome};
use super::moves::Move;
use super::score::Tiebreak;

/// The board with coordinates on all four edges (the front ends add its legend in words:
/// bridges, last move and scores; see [`status_line`] for whose turn it is).
///
/// Symbols: `w`/`r` a tile of a sandbank, `W`/`R` a tile of an island, `.` an empty cell. A
/// bridge is drawn between its ends on the cells it passes over, in its own slope: `─` and
/// `│` straight (a row's bridge joined to its ends: `w───w`), `╱` and `╲` diagonal or a
/// knight's move (two such cells side by side). The last move's tiles are shown in brackets.
pub fn grid(game: &Game) -> String {
    painted_grid(game, &|_, text| text.to_string())
}

/// [`grid`] with each tile and bridge passed through `paint` with its colour (the rest with
/// `None`): a terminal colours them.
pub fn painted_grid(game: &Game, paint: &dyn Fn(Option<Color>, &str) -> String) -> String {
    let board = game.board();
    let size = board.size();
    let columns: String = (0..size)
        .map(|col| format!(" {}", (b'a' + col) as char))
        .collect();
    let last_cells: Vec<Cell> = match game.last_move() {
        Some(Move::Place(a, b) | Move::Bridge(a, b)) => vec![a, b],
        _ => Vec::new(),
    };
    // What each bridge draws: on the cells it passes over, and, along a row, on the
    // separators up to its far end.
    let mut drawn: Vec<(Cell, Color, char)> = Vec::new();
    let mut joined: Vec<(Cell, Color)> = Vec::new();
    for &(owner, bridge) in board.bridges() {
        let [low, high] = bridge.ends();
        let dx = i32::from(high.col()) - i32::from(low.col());
        let dy = i32::from(high.row()) - i32::from(low.row());
        let line = match (dx, dy) {
            (0, _) => '│',
            (_, 0) => '─',
            _ if dx * dy > 0 => '╱',
            _ => '╲',
        };
        for cell in bridge.blocked_cells().into_iter().flatten() {
            drawn.push((cell, owner, line));
        }
        if dy == 0 {
            let middle = Cell::new(low.col().min(high.col()) + 1, low.row());
            let far = Cell::new(low.col().max(high.col()), low.row());
            joined.extend([(middle, owner), (far, owner)]);
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "    {columns}");
    for row in (0..size).rev() {
        let _ = write!(out, "{:>3} ", row + 1);
        for col in 0..size {
            let cell = Cell::new(col, row);
            let (owner, symbol) = match board.tile(cell) {
                Some(color) => {
                    let island = board.islands(color).contains(cell);
                    let symbol = match (color, island) {
                        (Color::White, false) => 'w',
                        (Color::White, true) => 'W',
                        (Color::Red, false) => 'r',
                        (Color::Red, true) => 'R',
                    };
                    (Some(color), symbol)
                }
                None => match drawn.iter().find(|(c, _, _)| *c == cell) {
                    Some(&(_, owner, line)) => (Some(owner), line),
                    None if board.blocked().contains(cell) => (None, '+'),
                    None => (None, '.'),
                },
            };
            // The last move's tiles stand in brackets: `[w]`, or `[w|w]` side by side.
            let previous_last = col > 0 && last_cells.contains(&Cell::new(col - 1, row));
            let separator = match (previous_last, last_cells.contains(&cell)) {
                (true, true) => paint(None, "|"),
                (false, true) => paint(None, "["),
                (true, false) => paint(None, "]"),
                (false, false) => match joined.iter().find(|(c, _)| *c == cell) {
                    Some(&(_, owner)) => paint(Some(owner), "─"),
                    None => " ".to_string(),
                },
            };
            let _ = write!(out, "{separator}{}", paint(owner, &symbol.to_string()));
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

//! Moves and bridges, and their text notation (`c3 e5`, `c3-e4`, `swap`, `pass`, `resign red`).

use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, Color, NotACell};

/// One turn's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Two tiles of the mover's colour, in the order written.
    Place(Cell, Cell),
    /// A bridge between two of the mover's tiles, in the order written.
    Bridge(Cell, Cell),
    /// The pie rule: the second player takes over White.
    Swap,
    Pass,
    /// `None` means the side to move resigns.
    Resign(Option<Color>),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(a, b) => write!(f, "{a} {b}"),
            Move::Bridge(a, b) => write!(f, "{a}-{b}"),
            Move::Swap => f.write_str("swap"),
            Move::Pass => f.write_str("pass"),
            Move::Resign(None) => f.write_str("resign"),
            Move::Resign(Some(color)) => write!(f, "resign {color}"),
        }
    }
}

impl Move {
    /// The kind of move, in one word: `place`, `bridge`, `swap`, `pass` or `resign` (the
    /// front ends' messages choose their variants by it).
    pub const fn kind(&self) -> &'static str {
        match self {
            Move::Place(..) => "place",
            Move::Bridge(..) => "bridge",
            Move::Swap => "swap",
            Move::Pass => "pass",
            Move::Resign(_) => "resign",
        }
    }
}

/// Why a text is not a move that could be played on any board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadMove {
    #[error(
        "\"{0}\" is not a move: write two cells to place (c3 e5), two cells joined by a dash to bridge (c3-e4), swap, pass or resign"
    )]
    NotAMove(String),
    /// A move in the notation, but it names a cell beyond the largest board.
    #[error("{0} is off the board")]
    OffEveryBoard(String),
}

/// At most a few dozen characters of what was typed, to quote it back.
fn abbreviated(text: &str) -> String {
    const SHOWN: usize = 32;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

impl FromStr for Move {
    type Err = BadMove;

    fn from_str(text: &str) -> Result<Move, BadMove> {
        let not_a_move = || BadMove::NotAMove(abbreviated(text.trim()));
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["swap"] => return Ok(Move::Swap),
            ["pass"] => return Ok(Move::Pass),
            ["resign"] => return Ok(Move::Resign(None)),
            ["resign", "white"] => return Ok(Move::Resign(Some(Color::White))),
            ["resign", "red"] => return Ok(Move::Resign(Some(Color::Red))),
            _ => {}
        }
        let (a, b, make): (&str, &str, fn(Cell, Cell) -> Move) =
            if let Some((a, b)) = lower.split_once(['-', '–']) {
                (a.trim(), b.trim(), Move::Bridge)
            } else {
                let cells: Vec<&str> = lower
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|part| !part.is_empty())
                    .collect();
                match cells.as_slice() {
                    [a, b] => (a, b, Move::Place),
                    _ => return Err(not_a_move()),
                }
            };
        // A malformed part makes the text no move at all; a cell off every board is a move that
        // no board allows.
        match (a.parse::<Cell>(), b.parse::<Cell>()) {
            (Ok(a), Ok(b)) => Ok(make(a, b)),
            (Err(NotACell::Malformed(_)), _) | (_, Err(NotACell::Malformed(_))) => {
                Err(not_a_move())
            }
            (Err(NotACell::OffEveryBoard(cell)), _) | (_, Err(NotACell::OffEveryBoard(cell))) => {
                Err(BadMove::OffEveryBoard(abbreviated(&cell)))
            }
        }
    }
}

/// The three shapes a bridge can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BridgeKind {
    /// Two apart in a row or column: one blocked cell.
    Straight,
    /// Two apart on a diagonal: one blocked cell.
    Diagonal,
    /// A knight's move apart: two blocked cells.
    Knight,
}

/// A bridge between two cells, stored with the lower cell first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bridge {
    low: Cell,
    high: Cell,
}

impl Bridge {
    /// The bridge between `a` and `b`, or `None` when they are not a bridge's length apart.
    pub fn between(a: Cell, b: Cell) -> Option<Bridge> {
        let (low, high) = if a < b { (a, b) } else { (b, a) };
        let bridge = Bridge { low, high };
        bridge.kind().map(|_| bridge)
    }

    /// The bridge from `low` to `high`, which the caller knows to be a bridge's length apart
    /// with `low` first: the engine's listing, which finds them shape by shape.
    pub(super) fn of_shape(low: Cell, high: Cell) -> Bridge {
        let bridge = Bridge { low, high };
        debug_assert!(low < high && bridge.kind().is_some(), "{low}-{high}");
        bridge
    }

    pub fn ends(self) -> [Cell; 2] {
        [self.low, self.high]
    }

    fn offset(self) -> (i32, i32) {
        (
            i32::from(self.high.col()) - i32::from(self.low.col()),
            i32::from(self.high.row()) - i32::from(self.low.row()),
        )
    }

    pub fn kind(self) -> Option<BridgeKind> {
        match self.offset() {
            // `high` comes after `low` in board order, so the row offset is never negative.
            (0, 2) | (2, 0) => Some(BridgeKind::Straight),
            (2, 2) | (-2, 2) => Some(BridgeKind::Diagonal),
            (1, 2) | (-1, 2) | (2, 1) | (-2, 1) => Some(BridgeKind::Knight),
            _ => None,
        }
    }

    /// The cells the bridge passes over: no tile may lie there.
    pub fn blocked_cells(self) -> [Option<Cell>; 2] {
        let (dx, dy) = self.offset();
        let at = |cell: Cell, step_x: i32, step_y: i32| {
            Some(Cell::new(
                (i32::from(cell.col()) + step_x) as u8,
                (i32::from(cell.row()) + step_y) as u8,
            ))
        };
        match self.kind() {
            Some(BridgeKind::Straight | BridgeKind::Diagonal) => {
                [at(self.low, dx / 2, dy / 2), None]
            }
            // Next to each end in the long direction: a1-b3 passes over a2 and b2.
            Some(BridgeKind::Knight) if dy.abs() == 2 => {
                [at(self.low, 0, dy.signum()), at(self.high, 0, -dy.signum())]
            }
            Some(BridgeKind::Knight) => {
                [at(self.low, dx.signum(), 0), at(self.high, -dx.signum(), 0)]
            }
            None => [None, None],
        }
    }

    /// Whether the straight segments between the end cells' centres meet (cross, touch or
    /// overlap). Exact in integers: a corner crossing counts, a shared blocked cell does not.
    pub fn meets(self, other: Bridge) -> bool {
        // Segments whose bounding boxes are apart cannot meet: most pairs end here.
        let span = |b: Bridge| {
            let cols = (b.low.col().min(b.high.col()), b.low.col().max(b.high.col()));
            (cols, (b.low.row(), b.high.row()))
        };
        let ((col_a, row_a), (col_b, row_b)) = (span(self), span(other));
        if col_a.1 < col_b.0 || col_b.1 < col_a.0 || row_a.1 < row_b.0 || row_b.1 < row_a.0 {
            return false;
        }
        let point = |c: Cell| (i32::from(c.col()), i32::from(c.row()));
        segments_meet(
            (point(self.low), point(self.high)),
            (point(other.low), point(other.high)),
        )
    }
}

type Point = (i32, i32);

fn orientation(a: Point, b: Point, c: Point) -> i32 {
    ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
}

/// Whether `p`, known to be on the line through segment `(a, b)`, lies within it.
fn within(p: Point, (a, b): (Point, Point)) -> bool {
    (a.0.min(b.0)..=a.0.max(b.0)).contains(&p.0) && (a.1.min(b.1)..=a.1.max(b.1)).contains(&p.1)
}

fn segments_meet(s: (Point, Point), t: (Point, Point)) -> bool {
    let (d1, d2) = (orientation(s.0, s.1, t.0), orientation(s.0, s.1, t.1));
    let (d3, d4) = (orientation(t.0, t.1, s.0), orientation(t.0, t.1, s.1));
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && within(t.0, s))
        || (d2 == 0 && within(t.1, s))
        || (d3 == 0 && within(s.0, t))
        || (d4 == 0 && within(s.1, t))
}

impl fmt::Display for Bridge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.low, self.high)
    }
}

impl fmt::Debug for Bridge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Two moves that do the same (a placement's tiles, a bridge's ends, in either order).
pub fn same_move(a: Move, b: Move) -> bool {
    match (a, b) {
        (Move::Place(a1, a2), Move::Place(b1, b2))
        | (Move::Bridge(a1, a2), Move::Bridge(b1, b2)) => {
            (a1, a2) == (b1, b2) || (a1, a2) == (b2, b1)
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    fn bridge(text: &str) -> Bridge {
        let (a, b) = text.split_once('-').unwrap();
        Bridge::between(cell(a), cell(b)).unwrap()
    }

    #[test]
    fn a_move_names_its_kind() {
        for (text, kind) in [
            ("c3 e5", "place"),
            ("c3-e4", "bridge"),
            ("swap", "swap"),
            ("pass", "pass"),
            ("resign red", "resign"),
        ] {
            assert_eq!(text.parse::<Move>().unwrap().kind(), kind, "{text}");
        }
    }

    #[test]
    fn moves_round_trip_through_text() {
        for text in [
            "c3 e5",
            "e5 c3",
            "c3-e4",
            "swap",
            "pass",
            "resign",
            "resign white",
            "resign red",
            "p16 a1",
        ] {
            let parsed: Move = text.parse().unwrap();
            assert_eq!(parsed.to_string(), text);
        }
    }

    #[test]
    fn notation_is_case_and_space_tolerant() {
        assert_eq!(
            " C3   E5 ".parse::<Move>(),
            Ok(Move::Place(cell("c3"), cell("e5")))
        );
        assert_eq!(
            "c3,e5".parse::<Move>(),
            Ok(Move::Place(cell("c3"), cell("e5")))
        );
        assert_eq!(
            "C3 - E4".parse::<Move>(),
            Ok(Move::Bridge(cell("c3"), cell("e4")))
        );
        assert_eq!(
            "c3–e4".parse::<Move>(),
            Ok(Move::Bridge(cell("c3"), cell("e4")))
        );
        assert_eq!(
            "RESIGN Red".parse::<Move>(),
            Ok(Move::Resign(Some(Color::Red)))
        );
    }

    #[test]
    fn non_moves_are_rejected() {
        for bad in [
            "",
            "c3",
            "c3 e5 f6",
            "c3-",
            "-e4",
            "c3-e4-f5",
            "swap now",
            "resign blue",
            "hello",
            "pass pass",
            "q3 a",
            "cc3-e4",
        ] {
            assert_eq!(
                bad.parse::<Move>(),
                Err(BadMove::NotAMove(bad.trim().to_string()))
            );
        }
        assert_eq!(
            "c0 e5".parse::<Move>(),
            Err(BadMove::OffEveryBoard("c0".into()))
        );
        assert_eq!(
            "a1-Q3".parse::<Move>(),
            Err(BadMove::OffEveryBoard("q3".into()))
        );
    }

    #[test]
    fn bridge_shapes_and_blocked_cells() {
        let blocked = |text: &str| {
            bridge(text)
                .blocked_cells()
                .iter()
                .flatten()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(blocked("a1-c1"), ["b1"]);
        assert_eq!(blocked("c1-c3"), ["c2"]);
        assert_eq!(blocked("a1-c3"), ["b2"]);
        assert_eq!(blocked("c1-a3"), ["b2"]);
        assert_eq!(blocked("a1-b3"), ["a2", "b2"]);
        assert_eq!(blocked("b3-a1"), ["a2", "b2"]);
        assert_eq!(blocked("a1-c2"), ["b1", "b2"]);
        assert_eq!(blocked("c1-a2"), ["b1", "b2"]);
        assert_eq!(blocked("b1-a3"), ["b2", "a2"]);
        for not_a_bridge in [
            ("a1", "a2"),
            ("a1", "b2"),
            ("a1", "a4"),
            ("a1", "c4"),
            ("a1", "a1"),
        ] {
            assert_eq!(
                Bridge::between(cell(not_a_bridge.0), cell(not_a_bridge.1)),
                None
            );
        }
    }

    #[test]
    fn crossing_is_exact() {
        // Diagonals crossing at a cell centre, and knights crossing at a corner.
        assert!(bridge("a1-c3").meets(bridge("a3-c1")));
        assert!(bridge("a1-b3").meets(bridge("b1-a3")));
        // Straight and diagonal crossing at the middle cell's centre.
        assert!(bridge("b1-b3").meets(bridge("a1-c3")));
        // Parallel knights over a shared blocked cell do not meet.
        assert!(!bridge("a1-c2").meets(bridge("a2-c3")));
        // Diagonals blocking different cells (b2, c2) but crossing at the corner between them.
        assert!(bridge("a1-c3").meets(bridge("d1-b3")));
        // Knights crossing between two cells.
        assert!(bridge("a2-b4").meets(bridge("b2-a4")));
        // Side by side, far apart, end to end in one line.
        assert!(!bridge("a1-c1").meets(bridge("a2-c2")));
        assert!(!bridge("a1-c1").meets(bridge("d1-f1")));
        assert!(bridge("a1-c1").meets(bridge("b1-d1")));
    }

    #[test]
    fn a_long_non_move_is_quoted_short() {
        let long = "x".repeat(1900);
        let Err(BadMove::NotAMove(quoted)) = long.parse::<Move>() else {
            panic!("not refused");
        };
        assert_eq!(quoted, format!("{}…", "x".repeat(32)));
        assert!(BadMove::NotAMove(quoted).to_string().len() < 200);
        let Err(BadMove::NotAMove(quoted)) = "résumé".parse::<Move>() else {
            panic!("not refused");
        };
        assert_eq!(quoted, "résumé");
    }
}

//! A puzzle as a value of the game: a position of a real game, the moves offered, those
//! accepted and the best line, decided when the puzzle was cut (`ai::puzzle`) so that
//! answering one never searches. Its text (the built-in set's) and its columns (as a database
//! keeps them) each read back to the same puzzle. Pure: no I/O.

use std::fmt::Write;

use super::{Color, Game, Move, Variant, same_move};

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
    /// The mover's chance of winning after each candidate (in the order shown) as the judging
    /// search found it; empty when not known. How close the refused candidates came to the
    /// best is how hard the puzzle is ([`Puzzle::start_rating`]).
    pub judged: Vec<f64>,
    /// The seed of the game it was cut from when that game is the lab's (the built-in set:
    /// `easy` against itself in `variant`, `ponte-lab puzzles`): puzzles of the same variant
    /// and seed come from one game. `None` for a server's game, which the store knows by its
    /// number.
    pub seed: Option<u64>,
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
        if !self.judged.is_empty() && self.judged.len() != self.candidates.len() {
            return Err(format!(
                "{} chances judged for {} candidates",
                self.judged.len(),
                self.candidates.len()
            ));
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

/// How far below the best candidate's chance a candidate is still accepted: the analysis's
/// noise (`ai::analysis::LEAST_SWING`). Each candidate's chance is the share of a few thousand
/// playouts won, whose standard error is about 0.01 (0.015 for a difference of two): a margin
/// of three of them accepts moves the search cannot tell from the best and refuses the ones it
/// clearly finds worse.
pub const MARGIN: f64 = 0.05;

/// The starting ratings of puzzles: from [`EASIEST`] for a puzzle its cut found plain to
/// [`HARDEST`] for one it found subtle ([`Puzzle::start_rating`]), around the players' 1500.
pub const EASIEST: f64 = 1200.0;
pub const HARDEST: f64 = 1800.0;

impl Puzzle {
    /// The rating the puzzle starts at, from how hard its cut found it (1500, the players'
    /// start, when its judged chances are not known). A puzzle is plainer the farther below
    /// the best candidate's chance the best refused one's fell: the gap, measured on a log
    /// scale from [`MARGIN`], the least a cut refuses (0), to 1, a sure win against a sure
    /// loss (1), since a gap of 0.1 is as much harder to see than one of 0.2 as that is than
    /// one of 0.4. It is easier the more of its candidates are accepted, a guess being right
    /// from one in four (0) to three in four (1). The gap counts twice, the guess once: the
    /// mean runs from [`HARDEST`] (0) to [`EASIEST`] (1).
    pub fn start_rating(&self) -> f64 {
        let (Some(gap), false) = (self.gap(), self.candidates.is_empty()) else {
            return (EASIEST + HARDEST) / 2.0;
        };
        let plain = ((gap / MARGIN).ln() / (1.0 / MARGIN).ln()).clamp(0.0, 1.0);
        let guessed = self.accepted.len() as f64 / self.candidates.len() as f64;
        let guessable = ((guessed - 0.25) / 0.5).clamp(0.0, 1.0);
        let ease = (2.0 * plain + guessable) / 3.0;
        (HARDEST - ease * (HARDEST - EASIEST)).round()
    }

    /// How far below the best candidate's judged chance the best refused one's fell; `None`
    /// when the chances are not known.
    fn gap(&self) -> Option<f64> {
        if self.judged.len() != self.candidates.len() {
            return None;
        }
        let chances = self.candidates.iter().zip(&self.judged);
        let best = chances.clone().map(|(_, &c)| c).fold(f64::MIN, f64::max);
        let refused = chances
            .filter(|&(&mv, _)| !self.is_accepted(mv))
            .map(|(_, &c)| c)
            .fold(f64::MIN, f64::max);
        (refused > f64::MIN).then_some(best - refused)
    }
}

/// A puzzle in the built-in set's text: one `name value` line each, moves in the record's
/// notation separated by `;`, e.g.
/// ```text
/// variant size 8 tiles unlimited bridges unlimited
/// seed 5
/// moves c3 d5; f6 g8; a1 a3
/// candidates h1 h3; g2 g4; f1 f3
/// accepted g2 g4
/// best g2 g4; b6 b8
/// played h1 h3
/// chances 0.700 0.400
/// judged 0.310 0.712 0.525
/// playouts 8000
/// ```
/// (`seed`, `played` and `judged` only when known.)
impl std::fmt::Display for Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |moves: &[Move]| {
            let words: Vec<String> = moves.iter().map(ToString::to_string).collect();
            words.join("; ")
        };
        writeln!(f, "variant {}", self.variant)?;
        if let Some(seed) = self.seed {
            writeln!(f, "seed {seed}")?;
        }
        writeln!(f, "moves {}", list(&self.moves))?;
        writeln!(f, "candidates {}", list(&self.candidates))?;
        writeln!(f, "accepted {}", list(&self.accepted))?;
        writeln!(f, "best {}", list(&self.best_line))?;
        if let Some(played) = self.played {
            writeln!(f, "played {played}")?;
        }
        let (before, after) = (self.chance_before, self.chance_after);
        writeln!(f, "chances {before:.3} {after:.3}")?;
        if !self.judged.is_empty() {
            let judged: Vec<String> = self.judged.iter().map(|c| format!("{c:.3}")).collect();
            writeln!(f, "judged {}", judged.join(" "))?;
        }
        write!(f, "playouts {}", self.playouts)
    }
}

/// The puzzles of a text of [`Puzzle`]'s `Display` form, separated by blank lines (lines
/// starting with `#` are comments), each checked ([`Puzzle::check`]).
///
/// # Errors
/// The first line that does not read, or the first puzzle that does not hold together, with
/// its line number.
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut puzzles = Vec::new();
    let mut fields: Vec<(usize, &str, &str)> = Vec::new();
    let lines = text.lines().chain(std::iter::once(""));
    for (index, line) in lines.enumerate() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if !line.is_empty() {
            let (name, value) = line.split_once(' ').unwrap_or((line, ""));
            fields.push((index + 1, name, value.trim()));
            continue;
        }
        if let Some(&(first, ..)) = fields.first() {
            let puzzle = puzzle_of(&fields).map_err(|e| format!("line {first}: {e}"))?;
            puzzle.check().map_err(|e| format!("line {first}: {e}"))?;
            puzzles.push(puzzle);
            fields.clear();
        }
    }
    Ok(puzzles)
}

/// The puzzle of one block of `(line, name, value)` fields.
fn puzzle_of(fields: &[(usize, &str, &str)]) -> Result<Puzzle, String> {
    let field = |name: &str| {
        fields
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|&(_, _, value)| value)
    };
    let need = |name: &str| field(name).ok_or_else(|| format!("no {name}"));
    if let Some((line, name, _)) = fields.iter().find(|(_, n, _)| !FIELDS.contains(n)) {
        return Err(format!("line {line}: {name:?} is no puzzle's field"));
    }
    let list = |name: &str| -> Result<Vec<Move>, String> {
        need(name)?
            .split(';')
            .map(str::trim)
            .filter(|mv| !mv.is_empty())
            .map(|mv| mv.parse::<Move>().map_err(|e| format!("{name}: {e}")))
            .collect()
    };
    let numbers = |name: &str, text: &str| -> Result<Vec<f64>, String> {
        text.split_whitespace()
            .map(|c| c.parse::<f64>().map_err(|e| format!("{name}: {e}")))
            .collect()
    };
    let chances = numbers("chances", need("chances")?)?;
    let [chance_before, chance_after] = chances[..] else {
        return Err("chances: two numbers, before and after".into());
    };
    Ok(Puzzle {
        variant: need("variant")?
            .parse()
            .map_err(|e| format!("variant: {e}"))?,
        moves: list("moves")?,
        candidates: list("candidates")?,
        accepted: list("accepted")?,
        best_line: list("best")?,
        played: match field("played") {
            Some(mv) => Some(mv.parse().map_err(|e| format!("played: {e}"))?),
            None => None,
        },
        chance_before,
        chance_after,
        playouts: need("playouts")?
            .parse()
            .map_err(|e| format!("playouts: {e}"))?,
        judged: numbers("judged", field("judged").unwrap_or_default())?,
        seed: match field("seed") {
            Some(seed) => Some(seed.parse().map_err(|e| format!("seed: {e}"))?),
            None => None,
        },
    })
}

/// The fields of a puzzle's text.
const FIELDS: [&str; 10] = [
    "variant",
    "seed",
    "moves",
    "candidates",
    "accepted",
    "best",
    "played",
    "chances",
    "judged",
    "playouts",
];

/// A puzzle as a database keeps it, column by column: moves in the record's notation one per
/// line, the judged chances separated by spaces with three decimals as in the set's text.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleColumns {
    pub variant: String,
    pub moves: String,
    pub candidates: String,
    pub accepted: String,
    pub best_line: String,
    pub played: Option<String>,
    pub chance_before: f64,
    pub chance_after: f64,
    pub playouts: u64,
    pub judged: String,
    pub seed: Option<u64>,
}

/// Moves in the record's notation, one per line.
fn lines(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The moves `text` holds, one per line (none for an empty text).
fn parse_lines(text: &str) -> Result<Vec<Move>, String> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.parse::<Move>().map_err(|e| e.to_string()))
        .collect()
}

impl From<&Puzzle> for PuzzleColumns {
    fn from(puzzle: &Puzzle) -> PuzzleColumns {
        PuzzleColumns {
            variant: puzzle.variant.to_string(),
            moves: lines(&puzzle.moves),
            candidates: lines(&puzzle.candidates),
            accepted: lines(&puzzle.accepted),
            best_line: lines(&puzzle.best_line),
            played: puzzle.played.map(|mv| mv.to_string()),
            chance_before: puzzle.chance_before,
            chance_after: puzzle.chance_after,
            playouts: puzzle.playouts,
            judged: judged_text(&puzzle.judged),
            seed: puzzle.seed,
        }
    }
}

/// Judged chances as kept: separated by spaces, three decimals as in the set's text.
pub fn judged_text(judged: &[f64]) -> String {
    judged
        .iter()
        .map(|c| format!("{c:.3}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl TryFrom<PuzzleColumns> for Puzzle {
    type Error = String;

    /// # Errors
    /// The first column that does not read, in words for a log.
    fn try_from(columns: PuzzleColumns) -> Result<Puzzle, String> {
        let played = match columns.played {
            Some(text) => Some(text.parse::<Move>().map_err(|e| e.to_string())?),
            None => None,
        };
        Ok(Puzzle {
            variant: columns.variant.parse().map_err(|e| format!("{e}"))?,
            moves: parse_lines(&columns.moves)?,
            candidates: parse_lines(&columns.candidates)?,
            accepted: parse_lines(&columns.accepted)?,
            best_line: parse_lines(&columns.best_line)?,
            played,
            chance_before: columns.chance_before,
            chance_after: columns.chance_after,
            playouts: columns.playouts,
            judged: columns
                .judged
                .split_whitespace()
                .map(|c| c.parse::<f64>().map_err(|e| e.to_string()))
                .collect::<Result<_, _>>()?,
            seed: columns.seed,
        })
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

/// The fixtures of the puzzle tests, here and in the cutting's (`ai::puzzle`).
#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn moves(text: &[&str]) -> Vec<Move> {
        text.iter().map(|m| m.parse().unwrap()).collect()
    }

    pub(crate) fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    /// A puzzle on 8×8 after three placements: Red to move.
    pub(crate) fn puzzle() -> Puzzle {
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
            judged: Vec::new(),
            seed: None,
        }
    }

    /// A puzzle of the empty board, cut from no game: White to move.
    fn opening() -> Puzzle {
        Puzzle {
            moves: Vec::new(),
            candidates: moves(&["c3 d5", "a1 h8"]),
            accepted: moves(&["c3 d5"]),
            best_line: moves(&["c3 d5"]),
            played: None,
            ..puzzle()
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

    #[test]
    fn a_puzzle_is_written_as_text_and_read_back() {
        let puzzle = Puzzle {
            chance_before: 0.7,
            chance_after: 0.4,
            judged: vec![0.31, 0.712, 0.525],
            seed: Some(5),
            ..puzzle()
        };
        let opening = opening();
        let text = format!("# two puzzles\n\n{puzzle}\n\n{opening}\n");
        assert!(text.contains("moves c3 d5; f6 g8; a1 a3\n"), "{text}");
        assert!(text.contains("\nseed 5\n") && text.contains("\njudged 0.310 0.712 0.525\n"));
        assert_eq!(parse_puzzles(&text), Ok(vec![puzzle.clone(), opening]));
        // A field that is not one, a move that is none, a puzzle that does not hold together.
        let unknown = format!("{puzzle}\nrating 1500");
        assert!(parse_puzzles(&unknown).unwrap_err().contains("rating"));
        let bad_move = text.replace("accepted g2 g4", "accepted g2 g44");
        assert!(parse_puzzles(&bad_move).unwrap_err().starts_with("line 3:"));
        let all = text.replace("accepted g2 g4", "accepted g2 g4; h1 h3; f1 f3");
        assert!(parse_puzzles(&all).is_err());
        let short = text.replace("judged 0.310 0.712 0.525", "judged 0.310 0.712");
        assert!(
            parse_puzzles(&short)
                .unwrap_err()
                .contains("2 chances judged")
        );
    }

    #[test]
    fn a_puzzle_starts_higher_the_closer_its_refused_candidates_came_and_the_fewer_it_accepts() {
        assert_eq!(puzzle().start_rating(), 1500.0, "not judged");
        // h1 h3, g2 g4, f1 f3, e1 e3; the first `accepted` of them accepted.
        let judged = |chances: [f64; 4], accepted: usize| {
            let candidates = moves(&["g2 g4", "f1 f3", "e1 e3", "h1 h3"]);
            Puzzle {
                accepted: candidates[..accepted].to_vec(),
                candidates,
                judged: chances.to_vec(),
                ..puzzle()
            }
        };
        // Refused by the least a cut refuses, one in four right: the hardest.
        let hardest = judged([0.7, 0.7 - MARGIN, 0.3, 0.2], 1);
        assert_eq!(hardest.start_rating(), HARDEST);
        // A sure win against sure losses, three in four right: the easiest.
        assert_eq!(judged([1.0, 1.0, 1.0, 0.0], 3).start_rating(), EASIEST);
        // The farther below the best the refused move fell, the lower the start; a second
        // right answer among four lowers it too.
        let ratings: Vec<f64> = [0.6, 0.5, 0.3, 0.0]
            .into_iter()
            .map(|refused| judged([0.7, refused, 0.1, 0.0], 1).start_rating())
            .collect();
        assert!(ratings.is_sorted_by(|a, b| a > b), "{ratings:?}");
        assert!(ratings[0] < HARDEST && ratings[3] > EASIEST, "{ratings:?}");
        let guessable = judged([0.7, 0.69, 0.6, 0.0], 2).start_rating();
        assert!(guessable < ratings[0], "{guessable} {ratings:?}");
    }

    #[test]
    fn a_puzzle_is_kept_in_columns_and_read_back() {
        let judged = Puzzle {
            judged: vec![0.31, 0.712, 0.525],
            seed: Some(5),
            ..puzzle()
        };
        let opening = opening();
        for puzzle in [puzzle(), judged.clone(), opening] {
            let columns = PuzzleColumns::from(&puzzle);
            assert_eq!(Puzzle::try_from(columns), Ok(puzzle));
        }
        let columns = PuzzleColumns::from(&judged);
        assert_eq!(columns.moves, "c3 d5\nf6 g8\na1 a3");
        assert_eq!(columns.judged, "0.310 0.712 0.525");
        let bad = PuzzleColumns {
            accepted: "g2 g44".into(),
            ..columns
        };
        assert!(Puzzle::try_from(bad).is_err());
    }
}

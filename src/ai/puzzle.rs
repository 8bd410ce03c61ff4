//! Puzzles: positions from finished games where one move keeps an advantage that the move
//! played lost. A puzzle is decided when it is cut (its candidates, the accepted ones and the
//! best line), so that answering one never runs a search. Pure and deterministic like the
//! search.

use std::fmt::Write;

use fastrand::Rng;

use super::analysis::{Evaluation, Moment, evaluate, same_move, turning_points, without_tempo};
use super::policy;
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

/// The mover's chance of winning before a move (as the analysis gives it, the tempo bias taken
/// out) from which it counts as a clear advantage: six games in ten. Below it the position is
/// near even, and a puzzle "keep the advantage" would have none to keep.
pub const CLEAR_ADVANTAGE: f64 = 0.6;

/// The least loss of chance by the move played for a puzzle: four times
/// [`LEAST_SWING`](super::analysis::LEAST_SWING), the analysis's noise, so that what is cut is a
/// mistake any player sees in the result (an advantage of 0.6 gone to 0.4 or worse), not a
/// search's wobble.
pub const LOST: f64 = 0.2;

/// How far below the best candidate's chance a candidate is still accepted: the analysis's
/// noise ([`LEAST_SWING`](super::analysis::LEAST_SWING)). Each candidate's chance is the share
/// of a few thousand playouts won, whose standard error is about 0.01 (0.015 for a difference
/// of two): a margin of three of them accepts moves the search cannot tell from the best and
/// refuses the ones it clearly finds worse.
pub const MARGIN: f64 = super::analysis::LEAST_SWING;

/// The most puzzles cut from one game: its biggest mistakes. A game between beginners has many;
/// a few teach as much, and each costs its judging searches.
pub const MOST_PER_GAME: usize = 3;

/// Candidates beside the analysis's move and the move played: moves the playouts' advice
/// finds sensible, so that a wrong choice is not obvious at a glance.
const OTHER_CANDIDATES: usize = 2;

/// Draws of the advice for the other candidates before giving up (a position with few
/// sensible moves offers fewer).
const CANDIDATE_DRAWS: usize = 24;

/// The moves of a best line: the best move and the search's continuation after it.
pub const LINE_MOVES: usize = 4;

/// The judging search's playouts per candidate: twice the analysis's, since candidates are
/// compared within [`MARGIN`] of each other (about two thirds of a second of one core on 12×12).
pub const JUDGE_PLAYOUTS: u64 = 8_000;

/// A position where the mover lost a clear advantage, being judged: its candidates are
/// searched one after another (each the same fixed search of the position after it), then the
/// best one's continuation. Whoever runs the searches asks [`Cut::next_search`] for the next
/// position, runs [`evaluate`] on it with [`Cut::playouts`] and [`Cut::seed`], and gives the
/// result to [`Cut::record`]; [`Cut::puzzle`] then gives the puzzle, if the position is one.
#[derive(Clone, Debug)]
pub struct Cut {
    variant: Variant,
    moves: Vec<Move>,
    position: Game,
    mover: Color,
    candidates: Vec<Move>,
    played: Move,
    chance_before: f64,
    chance_after: f64,
    playouts: u64,
    seed: u64,
    /// The mover's chance after each candidate judged so far, and the search's reply there.
    judged: Vec<(f64, Option<Move>)>,
    /// The accepted candidates once all are judged and the position is a puzzle, best first.
    accepted: Option<Vec<Move>>,
    line: Vec<Move>,
    /// The position at the end of the line while the line is being searched.
    line_end: Option<Game>,
}

impl Cut {
    /// The position to search next; `None` once the cut is judged.
    pub fn next_search(&self) -> Option<Game> {
        match (&self.line_end, self.judged.len() < self.candidates.len()) {
            (_, true) => Some(after(&self.position, self.candidates[self.judged.len()])),
            (Some(end), false) => Some(end.clone()),
            (None, false) => None,
        }
    }

    /// The playouts of every search of the cut.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// The seed of every search of the cut: one for all, so that candidates are compared on
    /// the same random numbers.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many moves into the game the puzzle's position is.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// Takes the search of [`Cut::next_search`]'s position.
    pub fn record(&mut self, evaluation: Evaluation) {
        if self.judged.len() < self.candidates.len() {
            let chance = match self.mover {
                Color::White => evaluation.white_chance,
                Color::Red => 1.0 - evaluation.white_chance,
            };
            self.judged.push((chance, evaluation.preferred));
            if self.judged.len() == self.candidates.len() {
                self.judge();
            }
            return;
        }
        let Some(end) = self.line_end.as_mut() else {
            return;
        };
        match evaluation.preferred.filter(|&mv| end.is_legal(mv)) {
            Some(mv) => {
                end.apply(mv);
                self.line.push(mv);
                if self.line.len() >= LINE_MOVES || end.is_over() {
                    self.line_end = None;
                }
            }
            None => self.line_end = None,
        }
    }

    /// With every candidate judged: the accepted ones, and the start of the best line (the
    /// best move and the reply its search found), unless the position is no puzzle.
    fn judge(&mut self) {
        let mut order: Vec<usize> = (0..self.candidates.len()).collect();
        // The best first; equal chances in the order shown.
        order.sort_by(|&a, &b| self.judged[b].0.total_cmp(&self.judged[a].0));
        let best = self.judged[order[0]].0;
        let accepted: Vec<Move> = order
            .iter()
            .filter(|&&i| self.judged[i].0 >= best - MARGIN)
            .map(|&i| self.candidates[i])
            .collect();
        let played_accepted = accepted.iter().any(|&mv| same_move(mv, self.played));
        if played_accepted || accepted.len() == self.candidates.len() {
            return;
        }
        let best_move = accepted[0];
        let mut end = after(&self.position, best_move);
        self.line = vec![best_move];
        // The best move's search found the reply (none once the game is over).
        if let Some(reply) = self.judged[order[0]].1.filter(|&mv| end.is_legal(mv)) {
            end.apply(reply);
            self.line.push(reply);
            if self.line.len() < LINE_MOVES && !end.is_over() {
                self.line_end = Some(end);
            }
        }
        self.accepted = Some(accepted);
    }

    /// The puzzle, once [`Cut::next_search`] has nothing left to search; `None` when the
    /// position is no puzzle (the move played is as good as the best, or every candidate is).
    pub fn puzzle(&self) -> Option<Puzzle> {
        if self.next_search().is_some() {
            return None;
        }
        Some(Puzzle {
            variant: self.variant,
            moves: self.moves.clone(),
            candidates: self.candidates.clone(),
            accepted: self.accepted.clone()?,
            best_line: self.line.clone(),
            played: Some(self.played),
            chance_before: self.chance_before,
            chance_after: self.chance_after,
            playouts: self.playouts,
            judged: self.judged.iter().map(|&(chance, _)| chance).collect(),
            seed: None,
        })
    }
}

/// `position` after `mv`, which is legal there.
fn after(position: &Game, mv: Move) -> Game {
    let mut game = position.clone();
    game.apply(mv);
    game
}

/// The positions of a finished game worth a puzzle, to be judged (see [`Cut`]): `evaluations`
/// is its analysis as stored (`evaluations[i]` the view of the position after `i` of `moves`;
/// the tempo bias is taken out here). A position counts where the mover's chance was at least
/// [`CLEAR_ADVANTAGE`] and the move played lost at least [`LOST`] of it; at most
/// [`MOST_PER_GAME`] of them, the biggest losses, in the order played. Not the opening move's
/// answer, where the choice is the pie rule's (whose side the player takes), not a move's.
/// Each judging search makes `playouts` playouts; the same game, analysis and `seed` give the
/// same cuts.
pub fn cuts(
    variant: Variant,
    moves: &[Move],
    evaluations: &[Evaluation],
    playouts: u64,
    seed: u64,
) -> Vec<Cut> {
    let evaluations = without_tempo(variant, moves, evaluations);
    let mut mistakes: Vec<(f64, Moment)> = turning_points(variant, moves, &evaluations, usize::MAX)
        .into_iter()
        .filter_map(|moment| {
            let (before, after) = match moment.mover {
                Color::White => (moment.before, moment.after),
                Color::Red => (1.0 - moment.before, 1.0 - moment.after),
            };
            (before >= CLEAR_ADVANTAGE && before - after >= LOST)
                .then_some((before - after, moment))
        })
        .collect();
    mistakes.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.number.cmp(&b.1.number)));
    mistakes.truncate(MOST_PER_GAME);
    mistakes.sort_by_key(|(_, moment)| moment.number);
    mistakes
        .into_iter()
        .filter_map(|(_, moment)| {
            let ply = moment.number as usize - 1;
            let mut position = Game::new(variant);
            for &mv in &moves[..ply] {
                position.play(mv).ok()?;
            }
            if position.is_legal(Move::Swap) || !position.is_legal(moment.preferred) {
                return None;
            }
            let seed = cut_seed(seed, ply);
            let candidates = candidates(&position, moment.preferred, moment.played, seed);
            let mover = moment.mover;
            let chance = |white: f64| {
                if mover == Color::White {
                    white
                } else {
                    1.0 - white
                }
            };
            Some(Cut {
                variant,
                moves: moves[..ply].to_vec(),
                mover,
                candidates,
                played: moment.played,
                chance_before: chance(moment.before),
                chance_after: chance(moment.after),
                playouts,
                seed,
                judged: Vec::new(),
                accepted: None,
                line: Vec::new(),
                line_end: None,
                position,
            })
        })
        .collect()
}

/// The seed of the searches judging the position `ply` moves into a game cut with `seed`
/// ([`cuts`]): each position its own, the same every time.
pub fn cut_seed(seed: u64, ply: usize) -> u64 {
    seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The puzzles of one game (in the order played) without those an earlier one gives away: a
/// puzzle that accepts a move an earlier puzzle of the game accepted is left out. A game's
/// next positions often still want the move that was not played, and a player who has just
/// been told it would find the next puzzle answered.
pub fn distinct_answers(puzzles: Vec<Puzzle>) -> Vec<Puzzle> {
    let mut kept: Vec<Puzzle> = Vec::with_capacity(puzzles.len());
    for puzzle in puzzles {
        let told = kept
            .iter()
            .any(|earlier| earlier.accepted.iter().any(|&mv| puzzle.is_accepted(mv)));
        if !told {
            kept.push(puzzle);
        }
    }
    kept
}

/// The candidates offered in `position`: the analysis's move, the move played and up to
/// [`OTHER_CANDIDATES`] sensible moves of the advice (no swap, no resignation), all different,
/// in an order drawn from `seed`.
fn candidates(position: &Game, preferred: Move, played: Move, seed: u64) -> Vec<Move> {
    let mut rng = Rng::with_seed(seed);
    let mut candidates = vec![preferred, played];
    for _ in 0..CANDIDATE_DRAWS {
        if candidates.len() >= 2 + OTHER_CANDIDATES {
            break;
        }
        let Some(mv) = policy::sensible_move(position, &mut rng) else {
            break;
        };
        let fresh = !candidates.iter().any(|&c| same_move(c, mv));
        if fresh && !matches!(mv, Move::Swap | Move::Resign(_)) && position.is_legal(mv) {
            candidates.push(mv);
        }
    }
    rng.shuffle(&mut candidates);
    candidates
}

/// The puzzles of a finished game, its searches run here one after another: [`cuts`], each
/// judged with [`evaluate`], without those an earlier one gives away ([`distinct_answers`]).
pub fn cut_game(
    variant: Variant,
    moves: &[Move],
    evaluations: &[Evaluation],
    playouts: u64,
    seed: u64,
) -> Vec<Puzzle> {
    let puzzles = cuts(variant, moves, evaluations, playouts, seed)
        .into_iter()
        .filter_map(|mut cut| {
            while let Some(position) = cut.next_search() {
                cut.record(evaluate(&position, cut.playouts(), cut.seed()));
            }
            cut.puzzle()
        })
        .collect();
    distinct_answers(puzzles)
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
            judged: Vec::new(),
            seed: None,
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

    /// A game on 8×8 between two players of the advice (beginners: sensible moves at random,
    /// mistakes among them), with its analysis at `playouts` a position.
    fn beginners_game(seed: u64, playouts: u64) -> (Variant, Vec<Move>, Vec<Evaluation>) {
        let variant = Variant::unlimited(8).unwrap();
        let mut rng = Rng::with_seed(seed);
        let mut game = Game::new(variant);
        let mut moves = Vec::new();
        while let Some(mv) = policy::sensible_move(&game, &mut rng) {
            game.play(mv).unwrap();
            moves.push(mv);
        }
        let mut evaluations = Vec::new();
        let mut position = Game::new(variant);
        evaluations.push(evaluate(&position, playouts, 0));
        for (ply, &mv) in moves.iter().enumerate() {
            position.play(mv).unwrap();
            evaluations.push(evaluate(&position, playouts, ply as u64 + 1));
        }
        (variant, moves, evaluations)
    }

    /// The game of [`beginners_game`] whose analysis has three clear mistakes, analysed once
    /// for every test that needs it.
    fn mistaken_game() -> &'static (Variant, Vec<Move>, Vec<Evaluation>) {
        static GAME: std::sync::OnceLock<(Variant, Vec<Move>, Vec<Evaluation>)> =
            std::sync::OnceLock::new();
        GAME.get_or_init(|| beginners_game(1, 300))
    }

    #[test]
    fn a_games_clear_mistakes_become_puzzles_that_hold_together_and_repeat() {
        let (variant, moves, evaluations) = mistaken_game();
        let puzzles = cut_game(*variant, moves, evaluations, 300, 5);
        assert_eq!(puzzles.len(), 3, "{puzzles:#?}");
        for puzzle in &puzzles {
            assert_eq!(puzzle.check(), Ok(()), "{puzzle:?}");
            let game = puzzle.game();
            assert!(puzzle.accepted.iter().all(|&mv| game.is_legal(mv)));
            assert_eq!(puzzle.accepted[0], puzzle.best_line[0], "the best first");
            let played = puzzle.played.expect("cut from a game");
            assert!(!puzzle.is_accepted(played), "{puzzle:?}");
            assert_eq!(played, moves[puzzle.moves.len()], "the move played there");
            assert_eq!(puzzle.moves, moves[..puzzle.moves.len()]);
            assert!(puzzle.chance_before >= CLEAR_ADVANTAGE);
            assert!(puzzle.chance_before - puzzle.chance_after >= LOST);
            assert_eq!(puzzle.playouts, 300);
            assert!((2..=LINE_MOVES).contains(&puzzle.best_line.len()));
        }
        assert_eq!(cut_game(*variant, moves, evaluations, 300, 5), puzzles);
    }

    /// The cuts of [`mistaken_game`], each judged with the chances given (for the mover, one
    /// per candidate in the order shown, from `chances(candidates, played)`), with no
    /// continuation searched.
    fn judged_with(chances: impl Fn(&[Move], Move) -> Vec<f64>) -> Vec<Option<Puzzle>> {
        let (variant, moves, evaluations) = mistaken_game();
        let cuts = cuts(*variant, moves, evaluations, 300, 5);
        assert!(!cuts.is_empty());
        cuts.into_iter()
            .map(|mut cut| {
                let mover = cut.mover;
                for chance in chances(&cut.candidates, cut.played) {
                    let white_chance = if mover == Color::White {
                        chance
                    } else {
                        1.0 - chance
                    };
                    cut.record(Evaluation {
                        white_chance,
                        preferred: None,
                    });
                }
                assert_eq!(cut.next_search(), None);
                cut.puzzle()
            })
            .collect()
    }

    #[test]
    fn the_best_candidate_and_those_within_the_margin_are_accepted_never_the_move_played() {
        // The analysis's move best, one other within the margin, the rest clearly worse.
        let puzzles = judged_with(|candidates, played| {
            let others = candidates.iter().filter(|&&mv| mv != played);
            let mut chances = vec![0.3; candidates.len()];
            for (rank, mv) in others.enumerate().take(2) {
                let i = candidates.iter().position(|c| c == mv).unwrap();
                chances[i] = 0.8 - MARGIN * rank as f64 * 0.9;
            }
            chances
        });
        for puzzle in puzzles {
            let puzzle = puzzle.expect("a puzzle");
            assert_eq!(puzzle.accepted.len(), 2, "{puzzle:?}");
            assert!(!puzzle.is_accepted(puzzle.played.unwrap()));
            assert_eq!(
                puzzle.best_line,
                puzzle.accepted[..1],
                "no continuation found"
            );
        }
        // The move played as good as the best: no puzzle.
        let played_best = judged_with(|candidates, played| {
            candidates
                .iter()
                .map(|&mv| {
                    if mv == played {
                        0.7
                    } else {
                        0.7 - MARGIN / 2.0
                    }
                })
                .collect()
        });
        assert!(played_best.iter().all(Option::is_none));
        // Every candidate as good as the others: no puzzle either.
        let all_equal = judged_with(|candidates, _| vec![0.5; candidates.len()]);
        assert!(all_equal.iter().all(Option::is_none));
    }

    #[test]
    fn a_game_without_a_clear_mistake_gives_no_puzzle() {
        let (variant, moves, evaluations) = mistaken_game();
        let at = |white_chance: f64, evaluation: &Evaluation| Evaluation {
            white_chance,
            ..*evaluation
        };
        // Even all along.
        let even: Vec<Evaluation> = evaluations.iter().map(|e| at(0.5, e)).collect();
        assert!(cuts(*variant, moves, &even, 300, 5).is_empty());
        // A big loss from a small lead, and a small loss from a big lead.
        for (lead, then) in [(CLEAR_ADVANTAGE - 0.05, 0.1), (0.9, 0.9 - LOST + 0.05)] {
            let swing: Vec<Evaluation> = evaluations
                .iter()
                .enumerate()
                .map(|(i, e)| at(if i <= 10 { lead } else { then }, e))
                .collect();
            assert!(
                cuts(*variant, moves, &swing, 300, 5).is_empty(),
                "{lead} to {then}"
            );
        }
        assert!(cut_game(*variant, moves, &even, 300, 5).is_empty());
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
        let opening = Puzzle {
            moves: Vec::new(),
            candidates: moves(&["c3 d5", "a1 h8"]),
            accepted: moves(&["c3 d5"]),
            best_line: moves(&["c3 d5"]),
            played: None,
            ..tests::puzzle()
        };
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
    fn a_later_puzzle_of_a_game_accepting_an_earlier_ones_move_is_left_out() {
        let first = puzzle();
        // The next position of the game, where the same move (written the other way) is
        // still the answer: left out.
        let same_answer = Puzzle {
            moves: moves(&["c3 d5", "f6 g8", "a1 a3", "h1 h3", "b1 b3"]),
            candidates: moves(&["g4 g2", "e1 e3"]),
            accepted: moves(&["g4 g2"]),
            best_line: moves(&["g4 g2"]),
            played: Some(mv("e1 e3")),
            ..puzzle()
        };
        // Another answer of the same game: kept.
        let other_answer = Puzzle {
            candidates: moves(&["e1 e3", "g2 g4"]),
            accepted: moves(&["e1 e3"]),
            best_line: moves(&["e1 e3"]),
            played: Some(mv("g2 g4")),
            ..same_answer.clone()
        };
        assert_eq!(
            distinct_answers(vec![first.clone(), same_answer, other_answer.clone()]),
            [first, other_answer]
        );
    }
}

//! Puzzles cut from finished games: positions where one move keeps an advantage that the move
//! played lost. A puzzle ([`Puzzle`], a value of the game) is decided when it is cut (its
//! candidates, the accepted ones and the best line), so that answering one never runs a
//! search. Pure and deterministic like the search.

use fastrand::Rng;

use super::analysis::{Evaluation, Moment, evaluate, same_move, turning_points, without_tempo};
use super::policy;
pub use crate::game::puzzle::{EASIEST, HARDEST, MARGIN, Puzzle, parse_puzzles, position_key};
use crate::game::{Color, Game, Move, Variant};

/// The mover's chance of winning before a move (as the analysis gives it, the tempo bias taken
/// out) from which it counts as a clear advantage: six games in ten. Below it the position is
/// near even, and a puzzle "keep the advantage" would have none to keep.
pub const CLEAR_ADVANTAGE: f64 = 0.6;

/// The least loss of chance by the move played for a puzzle: four times
/// [`LEAST_SWING`](super::analysis::LEAST_SWING), the analysis's noise, so that what is cut is a
/// mistake any player sees in the result (an advantage of 0.6 gone to 0.4 or worse), not a
/// search's wobble.
pub const LOST: f64 = 0.2;

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
    use crate::game::puzzle::tests::{moves, mv, puzzle};

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

    #[test]
    fn a_cut_accepts_within_the_analysis_noise() {
        assert_eq!(MARGIN, super::super::analysis::LEAST_SWING);
    }
}

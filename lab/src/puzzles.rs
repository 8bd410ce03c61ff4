//! The built-in puzzles: cut from the AI's own games (`easy` against itself, whose one move in
//! four that only looks sensible makes the mistakes a puzzle needs), each game analysed and cut
//! as the bot does a finished game (`ponte::ai::puzzle`); and the check of a set against a
//! deeper search.

use std::time::{Duration, Instant};

use ponte::ai::analysis::{Evaluation, evaluate};
use ponte::ai::puzzle::{MARGIN, Puzzle, cut_game, cut_seed};
use ponte::ai::{Level, choose};
use ponte::game::{Color, Game, Move, Variant};

/// The analysis's playouts a position, as the bot's (`ANALYSIS_PLAYOUTS` of its analyses).
pub const ANALYSIS_PLAYOUTS: u64 = 4_000;

/// One game made into puzzles, with what it cost.
pub struct Made {
    pub moves: usize,
    pub puzzles: Vec<Puzzle>,
    pub playing: Duration,
    pub analysis: Duration,
    pub cutting: Duration,
}

/// `easy` against itself in `variant`, its moves drawn from `seed`.
pub fn self_play(variant: Variant, seed: u64) -> Vec<Move> {
    let mut game = Game::new(variant);
    let mut moves = Vec::new();
    let mut rng = fastrand::Rng::with_seed(seed);
    while let Some(decision) = choose(&game, Level::Easy, Level::Easy.budget(None), rng.u64(..)) {
        game.play(decision.best)
            .expect("the search plays legal moves");
        moves.push(decision.best);
    }
    moves
}

/// The puzzles of game `seed` of `variant`: played, analysed with [`ANALYSIS_PLAYOUTS`] a
/// position, and cut with `judge_playouts` a candidate, one core, each step timed.
pub fn make(variant: Variant, seed: u64, judge_playouts: u64) -> Made {
    let started = Instant::now();
    let moves = self_play(variant, seed);
    let playing = started.elapsed();
    let started = Instant::now();
    let mut game = Game::new(variant);
    let mut evaluations = vec![evaluate(&game, ANALYSIS_PLAYOUTS, seed << 16)];
    for (ply, &mv) in moves.iter().enumerate() {
        game.apply(mv);
        evaluations.push(evaluate(
            &game,
            ANALYSIS_PLAYOUTS,
            seed << 16 | (ply as u64 + 1),
        ));
    }
    let analysis = started.elapsed();
    let started = Instant::now();
    let mut puzzles = cut_game(variant, &moves, &evaluations, judge_playouts, seed << 16);
    for puzzle in &mut puzzles {
        puzzle.seed = Some(seed);
    }
    Made {
        moves: moves.len(),
        puzzles,
        playing,
        analysis,
        cutting: started.elapsed(),
    }
}

/// What a deeper search says of a puzzle's candidates.
pub struct Rejudged {
    /// The candidates the deeper search accepts (within [`MARGIN`] of its best).
    pub accepted: Vec<Move>,
    /// Whether it accepts exactly the puzzle's accepted candidates.
    pub agrees: bool,
}

/// Judges `puzzle`'s candidates again with `playouts` each and another seed.
pub fn rejudge(puzzle: &Puzzle, playouts: u64, seed: u64) -> Rejudged {
    let chances = chances(puzzle, playouts, seed);
    let accepted = accepted_of(&puzzle.candidates, &chances);
    let agrees = puzzle
        .candidates
        .iter()
        .all(|&mv| puzzle.is_accepted(mv) == accepted.contains(&mv));
    Rejudged { accepted, agrees }
}

/// The mover's chance after each of `puzzle`'s candidates as its cut judged them: the same
/// searches again (its playouts, and the seed [`make`] gave the cut of its position), for a
/// puzzle of the lab's games (`None` without a seed). The same search code gives the same
/// chances; whether it still does shows in the accepted moves they give ([`accepted_of`]).
pub fn judged_again(puzzle: &Puzzle) -> Option<Vec<f64>> {
    let seed = cut_seed(puzzle.seed? << 16, puzzle.moves.len());
    Some(chances(puzzle, puzzle.playouts, seed))
}

/// The mover's chance after each of `puzzle`'s candidates, each searched with `playouts` and
/// `seed`.
fn chances(puzzle: &Puzzle, playouts: u64, seed: u64) -> Vec<f64> {
    let position = puzzle.game();
    let mover = puzzle.mover();
    puzzle
        .candidates
        .iter()
        .map(|&mv| {
            let mut after = position.clone();
            after.apply(mv);
            let Evaluation { white_chance, .. } = evaluate(&after, playouts, seed);
            if mover == Color::White {
                white_chance
            } else {
                1.0 - white_chance
            }
        })
        .collect()
}

/// The candidates `chances` accept, as a cut does: those within [`MARGIN`] of the best, the
/// best first (equal chances in the order shown).
pub fn accepted_of(candidates: &[Move], chances: &[f64]) -> Vec<Move> {
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by(|&a, &b| chances[b].total_cmp(&chances[a]));
    let best = chances[order[0]];
    order
        .into_iter()
        .filter(|&i| chances[i] >= best - MARGIN)
        .map(|i| candidates[i])
        .collect()
}

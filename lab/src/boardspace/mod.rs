//! `boardspace`: Boardspace's Ponte robot, **Dumbot**, rebuilt from Boardspace's own sources,
//! to measure our player against the robot people actually meet there. The facts are taken
//! from the sources; the code is ours. Our engine decides what is legal (RULES.md); where
//! Boardspace's rules model differs, `docs/ai.md` says so.
//!
//! Sources, in repository `ddyer0/boardspace.net` under `client/boardspace-java/`:
//! - `boardspace-core/common/GameInfo.java`: Ponte (game 612) offers `OneBotPlus` =
//!   Dumbot and Weakbot. Smartbot (bridges 2×) and Montebot are coded in `PontePlay.java` but
//!   not offered.
//! - `boardspace-games/ponte/PontePlay.java` (`InitRobot`, `DoMonteCarloFullMove`,
//!   `NormalizedScore`): Dumbot's settings, its reward, and the randomised first turns.
//! - `boardspace-games/ponte/PonteBoard.java` (`GetListOfMoves`, `getRandomMove`): the steps
//!   listed in the tree and the playouts (see `playout.rs`).
//! - `boardspace-core/online/search/UCTMoveSearcher.java` (`getBestMonteMove`, `simUsingTree`,
//!   `unwindAndScore`, `runSimulation`, `expandLeafNode`): the search loop, its budget and its
//!   terminal-node optimisations.
//! - `boardspace-core/online/search/UCTNode.java` (`updateUct`, `getUctMove`,
//!   `expandLeafNode`, `makeOnlyChild`, `uncount`, `killHopelessChildren_visits`): the tree.
//! - `boardspace-core/online/search/commonRobot.java` (`getBestWinrateMove`,
//!   `DEPLOY_THREADS`, `RANDOMIZE`): the final choice.
//!
//! The search, point by point:
//! - **One step per call** (`DoMonteCarloFullMove` returns one `PonteMovespec`; the framework
//!   asks again in state `PlaySecondTile`): a placement is two full searches, the first for
//!   its first tile, the second, from scratch, for its partner. A bridge, a pass or the swap is
//!   one search. A step with a single legal choice is played without a search
//!   (`getBestMonteMove`, `case 1`).
//! - **Budget** (`getBestMonteMove`): Boardspace counts moves made in a step's search, random
//!   ones in playouts *and* the moves down the tree ("traverse moves"), a tile being one move,
//!   and stops at `max_random_moves_per_second × timePerMove` = 180,000 × 15 = 2,700,000, or
//!   at `random_moves_per_second × timePerMove` = 130,000 × 15 = 1,950,000 once 15 s have
//!   passed; up to `DEPLOY_THREADS` = 4 threads share one tree. We search on one thread
//!   with the full 2,700,000 moves a step, never stopping early at 1,950,000: at least as
//!   strong per step as Boardspace's four threads, and the same seed gives the same move.
//!   The share of the budget spent (`partDone`) is moves / budget.
//! - **Selection** (`UCTNode.updateUct`, `getUctMove`): win rates in [−1, 1], UCT value
//!   `winrate/2 + 0.5 + alpha·sqrt(ln(parent visits)/(visits + 1))` with alpha 0.5
//!   (`PontePlay.java`), that is an exploration constant of 1.0 on the ±1 scale; refreshed for
//!   all siblings whenever one of them is updated, the parent's visits counted with the current
//!   simulation; the most visited child kept first; unvisited children first, one drawn at
//!   random among them (`randomize_uct_children`); ties to the earlier child.
//! - **Expansion** (`UCTMoveSearcher.expandLeafNode`, `UCTNode.expandLeafNode`): a leaf's
//!   steps are listed when it lies less than `uct_tree_depth` = 3 steps below the root, or
//!   once its visits × `node_expansion_rate` (1.0) exceed ln(its parent's visits); and no more
//!   once `stored_child_limit` = 100,000 listed steps are in the tree. The new leaf's first
//!   child is taken at once (one tree move) and the playout starts below it.
//! - **Reward** (`PontePlay.NormalizedScore`, see `playout::reward`), backed up from each
//!   step's mover's side. The mover is a *player*, not a colour: the swap is credited to the
//!   player who takes it, who then owns White.
//! - **Terminal-node optimisation** (`terminalNodeOptimization`, on for Dumbot): a step that
//!   ends the game is marked with its value; one that wins becomes its parent's only child
//!   (`only_child_optimization`) and the opponent's step before it is dropped as lost, the win
//!   carried up through the winner's own earlier steps (a winning second tile makes its first
//!   tile a win); a step that loses is dropped (`uncount`); a node whose every child is
//!   dropped takes its first child's value; at the root, a proven win ends the search.
//! - **Early win** (`simUsingTree`): a playout of exactly one random move that wins for the
//!   leaf's mover, with that move by the same player, counts as the game ending in the tree.
//! - **Hopeless children** (`killHopelessChildren_visits`, `dead_child_optimization`): once a
//!   tenth of the budget is spent (or the child limit was reached), after every simulation,
//!   the root's children that could no longer catch the most visited one with a share
//!   `remaining visits / active children^0.5` of what is left are dropped, recursively below
//!   the children visited often enough; a root left with one active child decides the step.
//!   Boardspace's four threads do this when their master polls, every 250 ms; a search without
//!   threads (`maxThreads == 0`) after every simulation, which is what one thread here does.
//! - **Final choice** (`commonRobot.getBestWinrateMove`): the child with the highest win rate
//!   (not the most visited), ties to the earlier child. For the first six turns
//!   (`RANDOMIZE` and `moveNumber <= 6`), `win_randomization` = 12 − move number: a number k
//!   is drawn from 1 to that, and the move drawn at random among the k most visited children;
//!   hopeless children are not dropped then.
//!
//! What we had to decide where the sources could not be followed (marked **guess**):
//! - **Guess:** the pass in the tree. Below the root Boardspace lists a pass only when there
//!   is nothing else (its robot's state is always `PlayTilesOrBridge`); at the root, the real
//!   game's state (`PlayBridge`) lists the bridges and the pass. We do the same, with our
//!   engine saying when a pass is legal.
//! - **Guess:** first tiles are listed only where a partner exists (RULES.md: a single tile is
//!   never a move); Boardspace lists every cell where one tile is legal and then passes.
//! - **Guess:** the 15 s rule is left out (see the budget) and Boardspace's time-based stall
//!   guard (`rateStall`, 5 s below a tenth of the peak rate) is replaced by counting a
//!   simulation that made no move at all as one move, so that the budget always runs out.
//! - **Guess:** when no child is left to choose, Boardspace resigns (`MOVE_RESIGN`); we play the
//!   first child's step, a legal move.
//! - The playout's own guesses are in `playout.rs`.

mod playout;
mod search;
mod tree;

pub use playout::{BRIDGE_WEIGHT, Draws, extended_score, playout, reward};

use fastrand::Rng;

use self::search::Search;
use self::tree::ROOT;
use ponte::ai::{Budget, Decision};
use ponte::ai::{Position, Step};
use ponte::game::{Color, Move};

/// Moves a step's search may make (random and tree moves, a tile being one): 180,000 × 15 s
/// (`max_random_moves_per_second × timePerMove`, `PontePlay.java` and `UCTMoveSearcher.java`).
pub const MOVES: u64 = 2_700_000;

/// Where Boardspace stops once 15 s have passed: 130,000 × 15 s (`random_moves_per_second`,
/// Dumbot's `playRate`, × `timePerMove`). Not used: we always give the full [`MOVES`].
pub const MOVES_AFTER_15_S: u64 = 1_950_000;

/// UCT's `alpha` (`PontePlay.java`).
const ALPHA: f64 = 0.5;

/// Steps below the root whose leaves are always expanded (`uct_tree_depth`).
const TREE_DEPTH: u32 = 3;

/// `node_expansion_rate` (`PontePlay.java`).
const EXPANSION_RATE: f64 = 1.0;

/// Listed steps beyond which the tree grows no more (`stored_child_limit`).
const STORED_CHILD_LIMIT: i64 = 100_000;

/// The power of the active children in a hopeless child's fair share
/// (`killHopelessChildrenShare`).
const HOPELESS_SHARE: f64 = 0.5;

/// Share of the budget after which hopeless children are dropped (`partDone > 0.1`).
const CULL_FROM: f64 = 0.1;

/// The UCT value of a child not yet updated (`UCTNode.new_child_uct`).
const NEW_CHILD_UCT: f64 = -100.0;

/// Turns (Boardspace's `moveNumber`, from 1) whose choice is randomised, and the count they
/// start from (`PontePlay.DoMonteCarloFullMove`: `moveNumber <= 6 ? 12 - moveNumber : 0`).
const RANDOMISED_TURNS: u32 = 6;
const RANDOMISATION_FROM: u32 = 12;

/// A player of the game, as Boardspace's searches score it (`commonMove.player`): the colours
/// change hands when the second player swaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Opened with White.
    First,
    Second,
}

impl Seat {
    /// Who plays `color` (after the swap if `swapped`).
    pub fn of(color: Color, swapped: bool) -> Seat {
        if (color == Color::White) == swapped {
            Seat::Second
        } else {
            Seat::First
        }
    }
}

/// Who takes the next step at `at`.
fn mover(at: &Position) -> Option<Seat> {
    Some(Seat::of(at.to_move()?, at.game.swapped()))
}

/// One step's search: the step, and what it spent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepSearch {
    pub step: Step,
    pub simulations: u64,
    /// Moves made in playouts (a tile is one).
    pub random_moves: u64,
    /// Steps taken down the tree (Boardspace's "traverse moves").
    pub tree_moves: u64,
    /// Simulations that made no move at all, counted as one move each (see the module's notes).
    pub empty_simulations: u64,
    /// The step's win rate turned into a chance, (rate + 1) / 2.
    pub chance: f64,
}

impl StepSearch {
    /// What the budget counts.
    pub fn counted(&self) -> u64 {
        self.random_moves + self.tree_moves + self.empty_simulations
    }
}

/// The move Dumbot plays in `game` (not over): one search per step, each with `budget`
/// (`random_moves` is the moves a step may make). The decision's `random_moves` are the moves
/// counted by both steps' budgets, tree moves included.
///
/// # Panics
/// When the game is over.
pub fn choose(game: &ponte::game::Game, budget: Budget, rng: &mut Rng) -> Decision {
    let mut at = Position::new(game.clone());
    let first = search_step(&at, budget, rng);
    let (best, last) = match first.step {
        Step::Tile(cell) => {
            at.apply(Step::Tile(cell));
            let second = search_step(&at, budget, rng);
            let Step::Tile(partner) = second.step else {
                unreachable!("a second tile's steps are tiles")
            };
            (Move::Place(cell, partner), Some(second))
        }
        Step::Bridge(a, b) => (Move::Bridge(a, b), None),
        Step::Pass => (Move::Pass, None),
        Step::Swap => (Move::Swap, None),
    };
    let searches = [Some(first), last];
    let searches = searches.iter().flatten();
    Decision {
        best,
        playouts: searches.clone().map(|s| s.simulations).sum(),
        random_moves: searches.clone().map(StepSearch::counted).sum(),
        chance: last.unwrap_or(first).chance,
    }
}

/// One of Boardspace's searches: the step to take at `root` (not over).
///
/// # Panics
/// When the game is over.
pub fn search_step(root: &Position, budget: Budget, rng: &mut Rng) -> StepSearch {
    let steps = root.steps();
    assert!(!steps.is_empty(), "a finished game has no step to search");
    if let [only] = steps[..] {
        return StepSearch {
            step: only,
            simulations: 0,
            random_moves: 0,
            tree_moves: 0,
            empty_simulations: 0,
            chance: 0.5,
        };
    }
    let move_number = root.game.plies() + 1;
    let randomisation = if move_number <= RANDOMISED_TURNS {
        RANDOMISATION_FROM - move_number
    } else {
        0
    };
    let mut search = Search::new(root.clone(), randomisation == 0, rng);
    loop {
        search.simulate();
        let part_done = search.part_done(budget);
        search.last_part_done = part_done;
        if search.stored >= STORED_CHILD_LIMIT {
            search.child_limit_at = part_done;
        }
        if search.cull && (search.child_limit_at > 0.0 || part_done > CULL_FROM) {
            search.cull_now = true;
        }
        let root_children = search.nodes[ROOT].children.as_ref().map_or(0, Vec::len);
        if search.decided.is_some()
            || root_children == 1
            || part_done >= 1.0
            || budget
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
        {
            break;
        }
    }
    let chosen = search
        .decided
        .or_else(|| search.best_winrate(randomisation));
    let (step, chance) = match chosen {
        Some(node) => (
            search.node(node).step.expect("a child has a step"),
            ((search.winrate(node) + 1.0) / 2.0).clamp(0.0, 1.0),
        ),
        // Boardspace resigns here; we play the first listed step (a guess).
        None => (
            search.nodes[ROOT]
                .children
                .as_ref()
                .map_or(steps[0], |c| c[0].step),
            0.0,
        ),
    };
    StepSearch {
        step,
        simulations: search.simulations,
        random_moves: search.random_moves,
        tree_moves: search.tree_moves,
        empty_simulations: search.empty_simulations,
        chance,
    }
}

//! `boardspace`: Boardspace's Ponte robot, **Dumbot**, rebuilt from Boardspace's own sources,
//! to measure our player against the robot people actually meet there. The facts are taken
//! from the sources; the code is ours. Our engine decides what is legal (RULES.md); where
//! Boardspace's rules model differs, the README's AI section says so.
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

pub use playout::{BRIDGE_WEIGHT, Draws, extended_score, playout, reward};

use fastrand::Rng;

use super::steps::{Position, Step};
use super::uct::{Budget, Decision};
use crate::game::{Color, Move};

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
        if (color == Color::White) != swapped {
            Seat::First
        } else {
            Seat::Second
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
pub fn choose(game: &crate::game::Game, budget: Budget, rng: &mut Rng) -> Decision {
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

const ROOT: usize = 0;

/// A step listed at a node, and its node once visited (a `commonMove` and its `uctNode`).
#[derive(Clone, Copy, Debug)]
struct Child {
    step: Step,
    node: Option<u32>,
}

/// A visited step (`UCTNode`, with the `commonMove` fields Boardspace keeps on the step).
#[derive(Clone, Debug)]
struct Node {
    step: Option<Step>,
    /// Who took the step.
    seat: Seat,
    parent: Option<u32>,
    /// Negative once the node is dropped (`uncount`).
    visits: i32,
    wins: f64,
    uct: f64,
    children: Option<Vec<Child>>,
    /// The step ends the game, or is proven to win or lose, with `evaluation` its value.
    gameover: bool,
    evaluation: f64,
    /// Already made its parent's only child.
    only_child: bool,
}

impl Node {
    fn new(step: Option<Step>, seat: Seat, parent: Option<u32>) -> Node {
        Node {
            step,
            seat,
            parent,
            visits: 0,
            wins: 0.0,
            uct: NEW_CHILD_UCT,
            children: None,
            gameover: false,
            evaluation: f64::NAN,
            only_child: false,
        }
    }
}

/// What choosing among a node's children found (`getUctMove`'s answers).
enum Next {
    /// The node's steps are not listed yet.
    Unlisted,
    /// Every child was dropped (`noAvailableChildren`).
    NoneLeft,
    Child(u32),
}

struct Search<'r> {
    root: Position,
    nodes: Vec<Node>,
    rng: &'r mut Rng,
    /// Listed steps in the tree, less the nodes dropped (`stored_children`, counted as
    /// Boardspace counts it).
    stored: i64,
    simulations: u64,
    random_moves: u64,
    tree_moves: u64,
    empty_simulations: u64,
    /// Hopeless children may be dropped (`dead_child_optimization`, off while randomising).
    cull: bool,
    cull_now: bool,
    child_limit_at: f64,
    /// The step proven or left alone at the root (`decided`).
    decided: Option<u32>,
    /// `partDone` as the search loop last worked it out, which the culling uses.
    last_part_done: f64,
}

impl<'r> Search<'r> {
    fn new(root: Position, cull: bool, rng: &'r mut Rng) -> Search<'r> {
        let seat = mover(&root).expect("the root's game goes on");
        let mut root_node = Node::new(None, seat, None);
        // The root starts with one visit (`new UCTNode()`).
        root_node.visits = 1;
        Search {
            root,
            nodes: vec![root_node],
            rng,
            stored: 0,
            simulations: 0,
            random_moves: 0,
            tree_moves: 0,
            empty_simulations: 0,
            cull,
            cull_now: false,
            child_limit_at: 0.0,
            decided: None,
            last_part_done: 0.0,
        }
    }

    fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    fn node_mut(&mut self, id: u32) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The share of the budget spent (`partDone`).
    fn part_done(&self, budget: Budget) -> f64 {
        let moves = (self.random_moves + self.tree_moves + self.empty_simulations) as f64;
        let by_moves = budget.random_moves.map(|m| moves / m.max(1) as f64);
        let by_playouts = budget
            .playouts
            .map(|p| self.simulations as f64 / p.max(1) as f64);
        match (by_moves, by_playouts) {
            (None, None) if budget.deadline.is_some() => 0.0,
            (None, None) => moves / MOVES as f64,
            (a, b) => a.unwrap_or(0.0).max(b.unwrap_or(0.0)),
        }
    }

    /// One descent, expansion, playout and backup (`simUsingTree`).
    fn simulate(&mut self) {
        let mut at = self.root.clone();
        let mut draws = Draws::new();
        let mut current = ROOT as u32;
        let mut current_move: Option<u32> = None;
        let mut path: Vec<u32> = Vec::new();
        let mut depth = 0;
        let (mut terminal, mut game_over) = (false, false);
        let moves_before = self.random_moves + self.tree_moves;
        while !terminal && !game_over {
            match self.next(current, &at) {
                Next::Unlisted => break,
                Next::NoneLeft => {
                    if let Some(chosen) = self.nothing_left(current, current_move) {
                        current_move = Some(chosen);
                    }
                    terminal = true;
                }
                Next::Child(child) => {
                    current_move = Some(child);
                    current = child;
                    if self.node(child).gameover {
                        terminal = true;
                    } else {
                        path.push(child);
                        at.apply(self.node(child).step.expect("a child has a step"));
                        game_over = at.game.is_over();
                        depth += 1;
                        self.tree_moves += 1;
                    }
                }
            }
        }
        if !game_over
            && !terminal
            && self.stored <= STORED_CHILD_LIMIT
            && self.expands(current, depth)
        {
            match self.expand(current, &at, &mut draws) {
                Next::NoneLeft => terminal = true,
                Next::Child(child) => {
                    current_move = Some(child);
                    current = child;
                    path.push(child);
                    at.apply(self.node(child).step.expect("a child has a step"));
                    game_over = at.game.is_over();
                    self.tree_moves += 1;
                }
                Next::Unlisted => {}
            }
        }
        let (mut value, mut scorable) = (0.0, true);
        if terminal {
            value = match (path.last(), current_move) {
                (Some(&last), Some(chosen)) => {
                    let evaluation = self.evaluation(chosen);
                    if self.node(chosen).seat == self.node(last).seat {
                        evaluation
                    } else {
                        -evaluation
                    }
                }
                (_, chosen) => chosen.map_or(0.0, |c| self.evaluation(c)),
            };
        } else if game_over {
            let chosen = current_move.expect("a step ended the game");
            value = reward(&at.game, self.node(chosen).seat);
            let node = self.node_mut(chosen);
            node.gameover = true;
            node.evaluation = value;
            if value < 0.0 {
                self.stored -= self.uncount(current);
            }
        } else if self.node(current).visits >= 0 {
            let chosen = current_move.expect("a simulation starts below a step");
            let leaf_seat = self.node(chosen).seat;
            let (result, made, first_seat) = self.play_out(&mut at, &mut draws, leaf_seat);
            value = result;
            // An immediate win by the leaf's own next move ends the game in the tree.
            if made == 1 && ((result > 0.0) == (first_seat == Some(leaf_seat))) {
                game_over = true;
            }
        } else {
            scorable = false;
        }
        self.unwind(&mut path, scorable, game_over, value);
        // The root's own visit (`master.root.update`).
        let root = &mut self.nodes[ROOT];
        root.visits += 1;
        root.wins += value;
        self.simulations += 1;
        if self.random_moves + self.tree_moves == moves_before {
            self.empty_simulations += 1;
        }
        if self.cull_now {
            self.cull_now = false;
            let (visits, part_done) = (self.simulations as f64, self.last_part_done);
            self.stored -= self.cull_hopeless(ROOT as u32, visits, part_done);
            if self.active_children(ROOT as u32) == 1 {
                self.decided = self.nodes[ROOT].children.as_ref().and_then(|c| c[0].node);
            }
        }
    }

    /// `evaluation()` of a marked step (0 where Boardspace would have none).
    fn evaluation(&self, node: u32) -> f64 {
        let evaluation = self.node(node).evaluation;
        if evaluation.is_nan() { 0.0 } else { evaluation }
    }

    /// Plays the simulation out from `at` with Dumbot's random moves (`runSimulation`):
    /// the value for `leaf_seat`, the random moves made and who made the first.
    fn play_out(
        &mut self,
        at: &mut Position,
        draws: &mut Draws,
        leaf_seat: Seat,
    ) -> (f64, u64, Option<Seat>) {
        let mut made = 0u64;
        let mut first_seat = None;
        if let Some(first) = at.pending {
            first_seat = mover(at);
            let second = draws.random_second(&at.game, first, self.rng);
            at.apply(Step::Tile(second));
            made += 1;
        }
        while let Some(color) = at.game.to_move() {
            let seat = Seat::of(color, at.game.swapped());
            let (mv, count) = draws
                .random_move(&at.game, self.rng)
                .expect("a game that goes on has a move");
            at.game.apply(mv);
            made += u64::from(count);
            first_seat.get_or_insert(seat);
        }
        self.random_moves += made;
        (reward(&at.game, leaf_seat), made, first_seat)
    }

    /// The steps listed at a node of the tree (`GetListOfMoves` in the robot's states).
    fn steps(&self, at: &Position, is_root: bool) -> Vec<Step> {
        let mut steps = at.steps();
        if !is_root && steps.len() > 1 {
            // Below the root the robot's state is `PlayTilesOrBridge`: a pass only when
            // nothing else is listed.
            steps.retain(|step| *step != Step::Pass);
        }
        steps
    }

    /// Whether a leaf at `depth` gets its steps listed (`expandLeafNode`).
    fn expands(&self, node: u32, depth: u32) -> bool {
        if depth < TREE_DEPTH {
            return true;
        }
        let parent = self
            .node(node)
            .parent
            .expect("a leaf below the root has a parent");
        f64::from(self.node(node).visits) * EXPANSION_RATE
            > f64::from(self.node(parent).visits).ln()
    }

    /// Lists a leaf's steps and takes one (`expandUctNode`); the listing also makes the
    /// mover's tile list, as `GetListOfMoves` does.
    fn expand(&mut self, node: u32, at: &Position, draws: &mut Draws) -> Next {
        if self.node(node).visits < 0 {
            return Next::Unlisted;
        }
        let is_root = node == ROOT as u32;
        if self.node(node).children.is_none() {
            let steps = self.steps(at, is_root);
            self.stored += steps.len() as i64;
            self.node_mut(node).children = Some(
                steps
                    .into_iter()
                    .map(|step| Child { step, node: None })
                    .collect(),
            );
            list_tiles(at, is_root, draws);
        }
        self.next(node, at)
    }

    /// The child to follow from `node` (`getUctMove`): an unvisited one drawn at random while
    /// there are any, else the highest UCT value among those not dropped.
    fn next(&mut self, node: u32, at: &Position) -> Next {
        let Some(children) = &self.nodes[node as usize].children else {
            return Next::Unlisted;
        };
        let len = children.len();
        let mut best: Option<(u32, f64)> = None;
        let mut unvisited = None;
        for (index, child) in children.iter().enumerate() {
            match child.node {
                None => {
                    unvisited = Some(index);
                    break;
                }
                Some(id) => {
                    let n = &self.nodes[id as usize];
                    if n.visits >= 0 && best.is_none_or(|(_, uct)| n.uct > uct) {
                        best = Some((id, n.uct));
                    }
                }
            }
        }
        if let Some(index) = unvisited {
            let drawn = index + self.rng.usize(0..len - index);
            let seat = mover(at).expect("a listed node's game goes on");
            let id = u32::try_from(self.nodes.len()).expect("fewer than 2³² nodes");
            let children = self.nodes[node as usize].children.as_mut().expect("listed");
            children.swap(index, drawn);
            children[index].node = Some(id);
            let step = children[index].step;
            self.nodes.push(Node::new(Some(step), seat, Some(node)));
            return Next::Child(id);
        }
        best.map_or(Next::NoneLeft, |(id, _)| Next::Child(id))
    }

    /// Every child of `node` is dropped: the node takes its first child's value
    /// (`getTerminalChild` and what `simUsingTree` does with it). Returns the step to score
    /// when the root is the node.
    fn nothing_left(&mut self, node: u32, current_move: Option<u32>) -> Option<u32> {
        let child = self.terminal_child(node)?;
        match current_move {
            Some(chosen) => {
                let value = self.evaluation(child);
                let value = if self.node(chosen).seat == self.node(child).seat {
                    value
                } else {
                    -value
                };
                let n = self.node_mut(chosen);
                n.evaluation = value;
                n.gameover = true;
                if value > 0.0 {
                    if self.node(chosen).parent == Some(ROOT as u32) {
                        self.decided = Some(chosen);
                    } else {
                        self.stored -= self.make_only_child(chosen);
                    }
                } else {
                    self.stored -= self.uncount(node);
                }
                None
            }
            None => {
                self.decided = Some(child);
                Some(child)
            }
        }
    }

    /// The first child when every child is marked or dropped (`getTerminalChild`).
    fn terminal_child(&self, node: u32) -> Option<u32> {
        let children = self.node(node).children.as_ref()?;
        for child in children.iter().rev() {
            let id = child.node?;
            let n = self.node(id);
            if !n.gameover && n.visits >= 0 {
                return None;
            }
        }
        children.first().and_then(|c| c.node)
    }

    /// Backs the value up the steps taken, from each step's mover's side (`unwindAndScore`),
    /// carrying a win that ended the game up through its player's own steps.
    fn unwind(&mut self, path: &mut Vec<u32>, scorable: bool, game_over: bool, value: f64) {
        let Some(&last) = path.last() else {
            return;
        };
        let scored_for = self.node(last).seat;
        let mut game_over = game_over;
        let mut same_player = value > 0.0;
        while let Some(node) = path.pop() {
            game_over &= same_player;
            same_player = false;
            if !scorable {
                continue;
            }
            let rescore = if self.node(node).seat == scored_for {
                value
            } else {
                -value
            };
            if game_over {
                self.stored -= self.make_only_child(node);
                let n = self.node_mut(node);
                n.evaluation = rescore;
                n.gameover = true;
                if let (Some(parent), Some(&previous)) = (self.node(node).parent, path.last()) {
                    same_player = self.node(previous).seat == self.node(node).seat;
                    let carried = if same_player { rescore } else { -rescore };
                    if !same_player {
                        self.stored -= self.uncount(parent);
                    }
                    let p = self.node_mut(previous);
                    p.evaluation = carried;
                    p.gameover = true;
                }
            }
            self.update(node, rescore);
        }
    }

    /// Adds a result to a node not dropped and refreshes its siblings (`UCTNode.update`).
    fn update(&mut self, node: u32, value: f64) {
        let n = self.node_mut(node);
        if n.visits < 0 {
            return;
        }
        n.wins += value;
        n.visits += 1;
        if let Some(parent) = n.parent {
            self.refresh_children(parent);
        }
    }

    /// Every child's UCT value from its parent's visits counting this simulation, and the
    /// most visited child moved first (`updateChildUct`).
    fn refresh_children(&mut self, parent: u32) {
        let parent_visits = self.node(parent).visits;
        if parent_visits < 0 {
            return;
        }
        let log_visits = f64::from(parent_visits + 1).ln();
        let Some(children) = self.nodes[parent as usize].children.take() else {
            return;
        };
        let mut most = (-1, None);
        for (index, child) in children.iter().enumerate() {
            let Some(id) = child.node else { continue };
            let visits = self.node(id).visits;
            let winrate = self.winrate(id);
            let n = self.node_mut(id);
            if visits == 0 {
                n.uct = NEW_CHILD_UCT;
            } else if visits > 0 {
                n.uct = winrate / 2.0 + 0.5 + ALPHA * (log_visits / f64::from(visits + 1)).sqrt();
            }
            if visits > most.0 {
                most = (visits, Some(index));
            }
        }
        let mut children = children;
        if let (_, Some(index)) = most
            && index > 0
        {
            children.swap(0, index);
        }
        self.nodes[parent as usize].children = Some(children);
    }

    /// Mean reward, or the parent's for a node not yet updated (`getWinrate`).
    fn winrate(&self, node: u32) -> f64 {
        let n = self.node(node);
        match (n.visits, n.parent) {
            (0, Some(parent)) => self.winrate(parent),
            (0, None) => 0.0,
            (visits, _) => n.wins / f64::from(visits.abs()),
        }
    }

    /// Drops a node and everything below it (`uncount`); returns how many nodes that was.
    fn uncount(&mut self, node: u32) -> i64 {
        let dropped = self.nodes_below(node) + 1;
        let n = self.node_mut(node);
        n.visits = -(n.visits.abs().max(1));
        n.children = None;
        dropped
    }

    fn nodes_below(&self, node: u32) -> i64 {
        let mut count = 0;
        let mut stack = vec![node];
        while let Some(id) = stack.pop() {
            for child in self.node(id).children.iter().flatten() {
                if let Some(below) = child.node {
                    count += 1;
                    stack.push(below);
                }
            }
        }
        count
    }

    /// Makes `node` its parent's only child, dropping its siblings (`makeOnlyChild`).
    fn make_only_child(&mut self, node: u32) -> i64 {
        let Some(parent) = self.node(node).parent else {
            return 0;
        };
        if self.node(node).visits < 0 || self.node(node).only_child {
            return 0;
        }
        self.node_mut(node).only_child = true;
        let Some(children) = self.nodes[parent as usize].children.clone() else {
            return 0;
        };
        if children.len() <= 1 {
            return 0;
        }
        let mut dropped = 0;
        let mut target = None;
        for child in children.iter().rev() {
            match child.node {
                Some(id) if id == node => target = Some(*child),
                Some(id) => dropped += self.uncount(id),
                None => {}
            }
        }
        if let Some(target) = target {
            self.nodes[parent as usize].children = Some(vec![target]);
        }
        dropped
    }

    /// Children visited and not dropped (`getNoActiveChildren`).
    fn live_children(&self, node: u32) -> i32 {
        self.node(node)
            .children
            .iter()
            .flatten()
            .filter(|c| c.node.is_some_and(|id| self.node(id).visits >= 0))
            .count() as i32
    }

    /// Children with at least one visit (`countActiveChildren`).
    fn active_children(&self, node: u32) -> i32 {
        self.node(node)
            .children
            .iter()
            .flatten()
            .filter(|c| c.node.is_some_and(|id| self.node(id).visits > 0))
            .count() as i32
    }

    /// Drops the children of `node` that can no longer catch its most visited child with
    /// their fair share of the visits left (`killHopelessChildren_visits`), and looks below
    /// the children visited often enough; returns how many nodes were dropped.
    fn cull_hopeless(&mut self, node: u32, visits_so_far: f64, part_done: f64) -> i64 {
        let mut dropped = 0;
        let mut active = self.live_children(node);
        let threshold = f64::from(self.node(node).visits).ln() / EXPANSION_RATE;
        let remaining = visits_so_far / part_done - visits_so_far;
        // (Not above zero, or not a number when nothing is spent yet.)
        if remaining.is_nan() || remaining <= 0.0 {
            return 0;
        }
        let share_of = |active: i32| remaining / f64::from(active).powf(HOPELESS_SHARE);
        let mut share = share_of(active);
        // Dropping a child changes its own subtree, never this list: it is read in place.
        let child_at = |search: &Self, index: usize| {
            search
                .node(node)
                .children
                .as_ref()
                .and_then(|c| c[index].node)
        };
        let len = self.node(node).children.as_ref().map_or(0, Vec::len);
        if len <= 1 {
            return 0;
        }
        let Some(best) = child_at(self, 0) else {
            return 0;
        };
        let best_visits = f64::from(self.node(best).visits);
        let mut index = len - 1;
        while index > 0 && share < best_visits {
            if let Some(id) = child_at(self, index)
                && self.node(id).visits >= 0
            {
                let visits = f64::from(self.node(id).visits);
                if visits + share < best_visits {
                    dropped += self.uncount(id);
                    active -= 1;
                    share = share_of(active);
                } else if visits > threshold * f64::from(self.live_children(id)) {
                    dropped += self.cull_hopeless(id, visits, part_done);
                }
            }
            index -= 1;
        }
        dropped
    }

    /// The step to play (`getBestWinrateMove`): the highest win rate, or while randomising,
    /// one drawn among the k most visited children for k drawn from 1 to `randomisation`.
    fn best_winrate(&mut self, randomisation: u32) -> Option<u32> {
        let mut children: Vec<Child> = self.nodes[ROOT].children.clone()?;
        let live = |search: &Self, c: &Child| c.node.filter(|&id| search.node(id).visits >= 0);
        if randomisation > 1 {
            children
                .sort_by_key(|c| std::cmp::Reverse(c.node.map_or(0, |id| self.node(id).visits)));
            let k = children
                .len()
                .min(self.rng.usize(0..randomisation as usize) + 1);
            let candidates: Vec<u32> = children[..k].iter().filter_map(|c| live(self, c)).collect();
            return (!candidates.is_empty())
                .then(|| candidates[self.rng.usize(0..candidates.len())]);
        }
        let mut best: Option<(u32, f64)> = None;
        for child in &children {
            if let Some(id) = live(self, child) {
                let rate = self.winrate(id);
                if best.is_none_or(|(_, b)| rate > b) {
                    best = Some((id, rate));
                }
            }
        }
        best.map(|(id, _)| id)
    }
}

/// The side effect of listing a node's steps on the mover's tile list
/// (`GetListOfMoves` → `addCachedTileMoves`): made or struck to the cells legal now, when the
/// mover has the tiles for the step (`modeHeight`), and at the root only in the real game's
/// states that list tiles (not `PlayBridge`).
fn list_tiles(at: &Position, is_root: bool, draws: &mut Draws) {
    let Some(color) = at.to_move() else {
        return;
    };
    if let Some(first) = at.pending {
        draws.listed(color, at.game.legal_second_cells(first));
        return;
    }
    if at.game.tiles_left(color).is_some_and(|left| left < 2)
        || (is_root && !at.game.can_place_two())
    {
        return;
    }
    draws.listed(color, at.game.board().single_tile_cells(color));
}

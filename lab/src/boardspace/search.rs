//! Dumbot's search loop (`UCTMoveSearcher.simUsingTree` and what it calls): one descent,
//! expansion, playout and backup at a time, with the terminal-node optimisations. The tree's
//! nodes and their bookkeeping are in `tree.rs`; the sources are named in `mod.rs`.

use fastrand::Rng;

use super::playout::{Draws, reward};
use super::tree::{Child, Next, Node, ROOT};
use super::{EXPANSION_RATE, MOVES, STORED_CHILD_LIMIT, Seat, TREE_DEPTH, mover};
use ponte::ai::Budget;
use ponte::ai::{Position, Step};

pub(super) struct Search<'r> {
    pub(super) root: Position,
    pub(super) nodes: Vec<Node>,
    pub(super) rng: &'r mut Rng,
    /// Listed steps in the tree, less the nodes dropped (`stored_children`, counted as
    /// Boardspace counts it).
    pub(super) stored: i64,
    pub(super) simulations: u64,
    pub(super) random_moves: u64,
    pub(super) tree_moves: u64,
    pub(super) empty_simulations: u64,
    /// Hopeless children may be dropped (`dead_child_optimization`, off while randomising).
    pub(super) cull: bool,
    pub(super) cull_now: bool,
    pub(super) child_limit_at: f64,
    /// The step proven or left alone at the root (`decided`).
    pub(super) decided: Option<u32>,
    /// `partDone` as the search loop last worked it out, which the culling uses.
    pub(super) last_part_done: f64,
}

impl<'r> Search<'r> {
    pub(super) fn new(root: Position, cull: bool, rng: &'r mut Rng) -> Search<'r> {
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

    pub(super) fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    pub(super) fn node_mut(&mut self, id: u32) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The share of the budget spent (`partDone`).
    pub(super) fn part_done(&self, budget: Budget) -> f64 {
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

    /// One descent, expansion, playout and backup (`simUsingTree`). Longer than 80 lines
    /// because it follows Dumbot's Java method step by step, so that the two can be compared
    /// line by line.
    pub(super) fn simulate(&mut self) {
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
    pub(super) fn evaluation(&self, node: u32) -> f64 {
        let evaluation = self.node(node).evaluation;
        if evaluation.is_nan() { 0.0 } else { evaluation }
    }

    /// Plays the simulation out from `at` with Dumbot's random moves (`runSimulation`):
    /// the value for `leaf_seat`, the random moves made and who made the first.
    pub(super) fn play_out(
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
    pub(super) fn steps(&self, at: &Position, is_root: bool) -> Vec<Step> {
        let mut steps = at.steps();
        if !is_root && steps.len() > 1 {
            // Below the root the robot's state is `PlayTilesOrBridge`: a pass only when
            // nothing else is listed.
            steps.retain(|step| *step != Step::Pass);
        }
        steps
    }

    /// Whether a leaf at `depth` gets its steps listed (`expandLeafNode`).
    pub(super) fn expands(&self, node: u32, depth: u32) -> bool {
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
    pub(super) fn expand(&mut self, node: u32, at: &Position, draws: &mut Draws) -> Next {
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
    pub(super) fn next(&mut self, node: u32, at: &Position) -> Next {
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
    pub(super) fn nothing_left(&mut self, node: u32, current_move: Option<u32>) -> Option<u32> {
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
    pub(super) fn terminal_child(&self, node: u32) -> Option<u32> {
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
    pub(super) fn unwind(
        &mut self,
        path: &mut Vec<u32>,
        scorable: bool,
        game_over: bool,
        value: f64,
    ) {
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

//! Monte Carlo tree search with the UCT rule over steps (see `ponte::ai::Position`), the search
//! of `uct-smartbot`. Each iteration descends the tree by UCB1, adds one node, plays the
//! game out at random and backs the result up. Deterministic for a given seed and budget in
//! playouts or random moves; a wall-time budget is the caller's choice.

use fastrand::Rng;
use ponte::ai::{Budget, Decision, Playout, Position, Step, reward, won};
use ponte::game::{Color, Game, Move};

/// The search's constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// Reward per point of score margin at the end of a playout, beside ±1 for the result.
    pub margin_weight: f64,
}

struct Node {
    /// The step into this node, and who took it (the reward is kept from their side).
    step: Option<Step>,
    mover: Option<Color>,
    parent: Option<usize>,
    children: Vec<usize>,
    untried: Vec<Step>,
    visits: u32,
    reward: f64,
    /// Playouts won from the mover's side (a draw is half), without the margin.
    wins: f64,
}

impl Node {
    fn new(step: Option<Step>, mover: Option<Color>, parent: Option<usize>, at: &Position) -> Node {
        Node {
            step,
            mover,
            parent,
            children: Vec::new(),
            untried: at.steps(),
            visits: 0,
            reward: 0.0,
            wins: 0.0,
        }
    }
}

/// Searches `game` (not over) and returns the move to play.
///
/// # Panics
/// When the game is over: there is no move to choose.
pub fn search(
    game: &Game,
    params: Params,
    budget: Budget,
    playout: Playout,
    rng: &mut Rng,
) -> Decision {
    assert!(!game.is_over(), "a finished game has no move to search");
    let root = Position::new(game.clone());
    let mut nodes = vec![Node::new(None, None, None, &root)];
    let (mut playouts, mut random_moves) = (0u64, 0u64);
    loop {
        let mut at = root.clone();
        // Selection: down through fully expanded nodes by UCB1.
        let mut current = 0;
        while nodes[current].untried.is_empty() && !nodes[current].children.is_empty() {
            current = best_child(&nodes, current, params.exploration);
            at.apply(nodes[current].step.expect("children have steps"));
        }
        // Expansion: one untried step, chosen at random.
        if !nodes[current].untried.is_empty() {
            let untried = &mut nodes[current].untried;
            let step = untried.swap_remove(rng.usize(0..untried.len()));
            let mover = at.to_move();
            at.apply(step);
            let child = nodes.len();
            nodes.push(Node::new(Some(step), mover, Some(current), &at));
            nodes[current].children.push(child);
            current = child;
        }
        // Simulation.
        random_moves += at.play_out(playout, rng);
        playouts += 1;
        // Backpropagation: each node's reward from its mover's side.
        let result = reward(&at.game, params.margin_weight);
        let mut node = Some(current);
        while let Some(index) = node {
            let n = &mut nodes[index];
            n.visits += 1;
            if let Some(mover) = n.mover {
                n.reward += match mover {
                    Color::White => result,
                    Color::Red => -result,
                };
                n.wins += won(&at.game, mover);
            }
            node = n.parent;
        }
        if budget.spent(playouts, random_moves) {
            break;
        }
    }
    let chance =
        most_visited(&nodes, 0).map_or(0.5, |c| nodes[c].wins / f64::from(nodes[c].visits));
    Decision {
        best: best_move(&nodes, &root, rng),
        playouts,
        random_moves,
        chance,
    }
}

fn best_child(nodes: &[Node], parent: usize, exploration: f64) -> usize {
    let log_visits = f64::from(nodes[parent].visits.max(1)).ln();
    let ucb = |&child: &usize| {
        let n = &nodes[child];
        let visits = f64::from(n.visits.max(1));
        n.reward / visits + exploration * (log_visits / visits).sqrt()
    };
    *nodes[parent]
        .children
        .iter()
        .max_by(|a, b| ucb(a).total_cmp(&ucb(b)))
        .expect("a fully expanded node has children")
}

fn most_visited(nodes: &[Node], parent: usize) -> Option<usize> {
    nodes[parent]
        .children
        .iter()
        .copied()
        .max_by_key(|&c| nodes[c].visits)
}

/// The root's most visited step as a move; a first tile goes with its most visited partner.
fn best_move(nodes: &[Node], root: &Position, rng: &mut Rng) -> Move {
    let child = most_visited(nodes, 0).expect("the search made at least one node");
    let step = nodes[child].step.expect("children have steps");
    let partner = most_visited(nodes, child).and_then(|g| nodes[g].step);
    root.chosen_move(step, partner, rng)
}

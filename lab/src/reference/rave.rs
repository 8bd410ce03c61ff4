//! `hard-2026-11`'s search: `src/ai/rave.rs` as it was in November 2026, copied here unchanged
//! (but for this comment and the paths of its imports) so that the levels' search can change
//! while the reference keeps its moves (`tests/ai.rs`'s `hard_2026_11_plays_as_it_did`). It
//! keeps that search's known flaw: the pie choice (swap) is valued from Red's side, the colour
//! to move, though the player who swaps then owns White.

use fastrand::Rng;

use ponte::ai::{Budget, Decision, reward, won};
use ponte::ai::{Playout, Position, Step};
use ponte::game::{Bitboard, Color, Game, Move};

/// The search's constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Weight of the exploration term.
    pub exploration: f64,
    /// Reward per point of score margin, beside ±1 for the result.
    pub margin_weight: f64,
    /// Visits at which an edge's own results and its RAVE statistics count the same.
    pub rave_equivalence: f64,
}

/// A step from a node, with what is known of it.
struct Edge {
    step: Step,
    /// The node the step leads to, once made.
    child: Option<u32>,
    visits: u32,
    /// Sum of rewards from the mover's side.
    wins: f32,
    amaf_visits: u32,
    amaf_wins: f32,
}

struct Node {
    /// Who takes the steps from here.
    mover: Color,
    visits: u32,
    edges: Vec<Edge>,
}

impl Node {
    fn new(at: &Position) -> Option<Node> {
        Some(Node {
            mover: at.to_move()?,
            visits: 0,
            edges: at
                .steps()
                .into_iter()
                .map(|step| Edge {
                    step,
                    child: None,
                    visits: 0,
                    wins: 0.0,
                    amaf_visits: 0,
                    amaf_wins: 0.0,
                })
                .collect(),
        })
    }
}

/// What the board held when the search passed a node: the later tiles and bridges are the
/// ones its mover "played after" it.
struct Passed {
    node: u32,
    edge: usize,
    tiles: [Bitboard; 2],
    bridges: usize,
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
    let root = Position::new(game.clone());
    let mut nodes = vec![Node::new(&root).expect("a finished game has no move to search")];
    let (mut playouts, mut random_moves) = (0u64, 0u64);
    let mut path: Vec<Passed> = Vec::new();
    // The root's edges' playouts won by its mover, without the margin: the chance it reports.
    let root_mover = nodes[0].mover;
    let mut root_wins = vec![0.0; nodes[0].edges.len()];
    loop {
        path.clear();
        let mut at = root.clone();
        let mut current = 0u32;
        // Selection and expansion: down by the RAVE value until a step leads to a new node.
        loop {
            let node = &nodes[current as usize];
            if node.edges.is_empty() {
                break;
            }
            let edge = select(node, params, rng);
            path.push(Passed {
                node: current,
                edge,
                tiles: Color::BOTH.map(|c| at.game.board().tiles(c)),
                bridges: at.game.board().bridges().len(),
            });
            at.apply(node.edges[edge].step);
            match node.edges[edge].child {
                Some(child) => current = child,
                None => {
                    if let Some(child) = Node::new(&at) {
                        let index = u32::try_from(nodes.len()).expect("fewer than 2³² nodes");
                        nodes.push(child);
                        nodes[current as usize].edges[edge].child = Some(index);
                    }
                    break;
                }
            }
        }
        // Simulation.
        random_moves += at.play_out(playout, rng);
        playouts += 1;
        back_up(&mut nodes, &path, &at.game, params);
        if let Some(first) = path.first() {
            root_wins[first.edge] += won(&at.game, root_mover);
        }
        if budget.spent(playouts, random_moves) {
            break;
        }
    }
    let chance = most_visited_index(&nodes[0]).map_or(0.5, |index| {
        root_wins[index] / f64::from(nodes[0].edges[index].visits)
    });
    Decision {
        best: best_move(&nodes, &root, rng),
        playouts,
        chance,
        random_moves,
    }
}

/// The edge to follow: the best mix of its own mean reward and its RAVE mean, weighted by
/// how many results of its own it has, plus a little exploration. Ties go to a random one.
fn select(node: &Node, params: Params, rng: &mut Rng) -> usize {
    let log_visits = f64::from(node.visits + 1).ln();
    let k = params.rave_equivalence;
    let value = |edge: &Edge| {
        let visits = f64::from(edge.visits);
        let amaf = f64::from(edge.amaf_visits);
        let own = if edge.visits > 0 {
            f64::from(edge.wins) / visits
        } else {
            0.0
        };
        let rave = if edge.amaf_visits > 0 {
            f64::from(edge.amaf_wins) / amaf
        } else {
            0.0
        };
        let beta = (k / (3.0 * visits + k)).sqrt();
        (1.0 - beta) * own + beta * rave + params.exploration * (log_visits / (visits + 1.0)).sqrt()
    };
    let offset = rng.usize(0..node.edges.len());
    let mut best = (offset, f64::NEG_INFINITY);
    for i in 0..node.edges.len() {
        let index = (offset + i) % node.edges.len();
        let v = value(&node.edges[index]);
        if v > best.1 {
            best = (index, v);
        }
    }
    best.0
}

/// Adds the playout's result to every edge taken and, as RAVE statistics, to every edge of
/// the same nodes whose tile or bridge its mover built later in the game.
fn back_up(nodes: &mut [Node], path: &[Passed], end: &Game, params: Params) {
    let result = reward(end, params.margin_weight) as f32;
    let board = end.board();
    for passed in path {
        let node = &mut nodes[passed.node as usize];
        let mover = node.mover;
        let gain = match mover {
            Color::White => result,
            Color::Red => -result,
        };
        node.visits += 1;
        let taken = &mut node.edges[passed.edge];
        taken.visits += 1;
        taken.wins += gain;
        let later_tiles = board.tiles(mover) & !passed.tiles[mover.index()];
        let later_bridges = &board.bridges()[passed.bridges..];
        for edge in &mut node.edges {
            let played = match edge.step {
                Step::Tile(cell) => later_tiles.contains(cell),
                Step::Bridge(a, b) => later_bridges
                    .iter()
                    .any(|(color, bridge)| *color == mover && bridge.ends() == [a, b]),
                Step::Pass | Step::Swap => false,
            };
            if played {
                edge.amaf_visits += 1;
                edge.amaf_wins += gain;
            }
        }
    }
}

fn most_visited(node: &Node) -> Option<&Edge> {
    most_visited_index(node).map(|index| &node.edges[index])
}

fn most_visited_index(node: &Node) -> Option<usize> {
    (0..node.edges.len())
        .filter(|&index| node.edges[index].visits > 0)
        .max_by_key(|&index| node.edges[index].visits)
}

/// The root's most visited step as a move; a first tile goes with its most visited partner.
fn best_move(nodes: &[Node], root: &Position, rng: &mut Rng) -> Move {
    let edge = most_visited(&nodes[0]).expect("the search made at least one playout");
    let partner = edge
        .child
        .and_then(|child| most_visited(&nodes[child as usize]))
        .map(|edge| edge.step);
    root.chosen_move(edge.step, partner, rng)
}

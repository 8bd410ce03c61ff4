//! The bot's own search: Monte Carlo tree search over steps, like `uct-smartbot`'s, with three
//! differences that each paid for themselves in `ponte-lab arena` (see `docs/strength.md`):
//! - RAVE: every edge also keeps "all moves as first" statistics, the results of the playouts
//!   in which its mover later took the same cell or bridge. A tile on c3 is much the same move
//!   a few plies later, so these statistics are many times more plentiful than the edge's own
//!   and guide the search until the edge has results of its own.
//! - every step of a new node is known at once and chosen by its RAVE value, instead of each
//!   being tried once in random order first;
//! - the playouts follow the author's advice (`policy`).
//!
//! Longer than 500 lines because the tree, its statistics and the one search loop that reads
//! and writes them share private state on the hottest path of the AI; split into modules they
//! would have to expose the tree's internals to each other.
//!
//! Further ideas are switched by [`Ideas`], so that `ponte-lab arena` can measure each one
//! (`trial-…` players); the levels play with [`LEVELS`], the ones that paid: the swap valued
//! from the swapper's side, a playout that starts halfway through a placement given the
//! advice's second tile, playouts that bridge twice as often, and GRAVE (a young node judges
//! its steps by the RAVE statistics of the nearest well-visited node above it).
//!
//! Deterministic for a given seed and budget in playouts. The reference player `hard-2026-11`
//! has its own copy of this module as it was in November 2026 (`reference/rave.rs`).

use std::collections::HashMap;

use fastrand::Rng;

use super::budget::{Budget, Decision, result, reward, won};
use super::policy::{self, clean};
use super::replies::Replies;
use super::steps::{Playout, Position, Step};
use crate::game::{Bitboard, Cell, Color, Game, Move};

/// The search's constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Weight of the exploration term.
    pub exploration: f64,
    /// Reward per point of score margin, beside ±1 for the result.
    pub margin_weight: f64,
    /// Visits at which an edge's own results and its RAVE statistics count the same.
    pub rave_equivalence: f64,
    /// Weight of the advice's prior in a step's value, fading as 1/(visits + 1) (progressive
    /// bias).
    pub bias: f64,
    /// With the `grave` idea: visits below which a node takes its RAVE statistics from the
    /// nearest node above it with as many, of the same mover.
    pub grave_reference: f64,
    /// With the `prior` idea: the results a new step's RAVE statistics start with, as if
    /// already seen in that many playouts.
    pub prior_visits: f64,
    /// With the `prior` idea: the mean of those results, from the mover's side: this for a
    /// step the advice looks for first, its negative for any other.
    pub prior_value: f64,
}

pub const PARAMS: Params = Params {
    exploration: 0.2,
    margin_weight: 0.02,
    rave_equivalence: 300.0,
    bias: 0.2,
    grave_reference: 100.0,
    prior_visits: 20.0,
    prior_value: 0.3,
};

/// The trial ideas, each of which can be switched on alone to be measured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ideas {
    /// The swap valued from the side of the player who swaps (White after it), not Red's.
    pub swap_side: bool,
    /// Tiles that would burn land (diagonally against an own group they do not join) left out
    /// of the tree, unless every tile would.
    pub prune: bool,
    /// A prior in every new step from the playouts' advice (progressive bias).
    pub bias: bool,
    /// The two tiles of a placement searched in one order only: the second after the first
    /// in the board's order, unless the first has no such partner.
    pub pair_order: bool,
    /// A solver for the end: a step whose game is over, or whose node is won or lost
    /// whatever follows, is proven; a proven win is always taken, a proven loss never while
    /// anything else is left, and proofs are carried up the tree.
    pub solver: bool,
    /// A playout that starts halfway through a placement gets its second tile from the
    /// advice (`policy::sensible_partner`), not uniformly at random.
    pub partner: bool,
    /// The playouts look for a joining bridge one turn in this many instead of one in four
    /// as in November 2026 (`b=N`, one of [`Ideas::BRIDGE_ODDS`]).
    pub bridge_odds: Option<u32>,
    /// The playouts' first tile starts a new sandbank one turn in this many instead of one in
    /// four (`s=N`, one of [`Ideas::START_ODDS`]).
    pub start_odds: Option<u32>,
    /// The playouts' bridges join two different networks (`policy::Style::networks`).
    pub networks: bool,
    /// The playouts look first for a joining bridge with an island at one end.
    pub island_bridges: bool,
    /// The playouts now and then block an opponent's sandbank of three (`policy::Style`).
    pub block: bool,
    /// GRAVE (Cazenave 2015): a node with few visits takes its steps' RAVE statistics from
    /// the nearest node above it on the path with at least [`Params::grave_reference`]
    /// visits and the same mover, whose statistics are many more. A second tile, whose node
    /// is young, is then judged by what its first tile's node saw of the same cells.
    pub grave: bool,
    /// Priors as virtual results (Gelly and Silver 2007): every new step's RAVE statistics
    /// start with [`Params::prior_visits`] results of [`Params::prior_value`] (for a step the
    /// advice looks for first: a tile growing a sandbank, a bridge) or its negative (any
    /// other). Without them a step the playouts never take, such as a tile that burns land,
    /// keeps no RAVE statistics and so looks as good as an even game, which for a player who
    /// is behind is better than its real chances.
    pub prior: bool,
    /// The playouts play a player's last good reply to the opponent's move where one fits
    /// (`replies`: last good reply with forgetting), else the advice.
    pub replies: bool,
    /// The playouts' first tile completes an own island wherever one fits
    /// (`policy::Style::complete`).
    pub complete: bool,
    /// The two orders of a placement lead to one node: after a then b the search meets the
    /// node it made after b then a, so what follows a placement is learnt from both orders
    /// (a transposition table for the one transposition every placement has).
    pub pairs: bool,
    /// RAVE weighed by Gelly and Silver's minimum-error schedule (2011), β = ñ/(n + ñ + nñ/k)
    /// with ñ the RAVE visits and n the edge's own, in place of √(k/(3n + k)): with plenty of
    /// RAVE results it falls as k/(k + n), as 1/n where the levels' falls as 1/√n, so that a
    /// well-visited edge (as a long search makes them) leans on its own results sooner.
    pub mse: bool,
    /// Constants other than [`PARAMS`]' (tuning), in thousandths, in the order of
    /// [`Ideas::TUNABLE`]: `None` keeps [`PARAMS`]' value.
    pub tuning: [Option<u32>; 7],
}

impl Ideas {
    /// Every idea and its name, as `ponte-lab arena` spells them (`trial-swap+prune`).
    pub const NAMES: [&str; 15] = [
        "swap", "prune", "bias", "order", "solver", "partner", "networks", "islands", "block",
        "grave", "prior", "replies", "complete", "pairs", "mse",
    ];

    /// The playouts' bridge odds a trial may set (`trial-swap+b=8`).
    pub const BRIDGE_ODDS: [u32; 6] = [1, 2, 3, 4, 8, 16];

    /// The playouts' odds of starting a new sandbank a trial may set (`trial-swap+s=8`).
    pub const START_ODDS: [u32; 6] = [1, 2, 3, 4, 8, 16];

    /// The constants a trial may set, as `ponte-lab arena` spells them (`trial-swap+c=0.1`): the
    /// exploration weight, the RAVE equivalence, the margin's weight, the bias's weight,
    /// GRAVE's reference visits, and the priors' virtual visits and value.
    pub const TUNABLE: [&str; 7] = ["c", "k", "m", "w", "r", "v", "q"];

    /// The search's constants: [`PARAMS`] with this trial's tuning.
    pub fn params(self) -> Params {
        let value = |i: usize, default: f64| {
            self.tuning[i].map_or(default, |thousandths| f64::from(thousandths) / 1000.0)
        };
        Params {
            exploration: value(0, PARAMS.exploration),
            rave_equivalence: value(1, PARAMS.rave_equivalence),
            margin_weight: value(2, PARAMS.margin_weight),
            bias: value(3, PARAMS.bias),
            grave_reference: value(4, PARAMS.grave_reference),
            prior_visits: value(5, PARAMS.prior_visits),
            prior_value: value(6, PARAMS.prior_value),
        }
    }

    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        match name {
            "swap" => Some(&mut self.swap_side),
            "prune" => Some(&mut self.prune),
            "bias" => Some(&mut self.bias),
            "order" => Some(&mut self.pair_order),
            "solver" => Some(&mut self.solver),
            "partner" => Some(&mut self.partner),
            "networks" => Some(&mut self.networks),
            "islands" => Some(&mut self.island_bridges),
            "block" => Some(&mut self.block),
            "grave" => Some(&mut self.grave),
            "prior" => Some(&mut self.prior),
            "replies" => Some(&mut self.replies),
            "complete" => Some(&mut self.complete),
            "pairs" => Some(&mut self.pairs),
            "mse" => Some(&mut self.mse),
            _ => None,
        }
    }

    /// How the playouts these ideas call for follow the advice.
    pub fn style(self) -> policy::Style {
        policy::Style {
            bridge_odds: self
                .bridge_odds
                .unwrap_or(policy::Style::NOVEMBER.bridge_odds),
            start_odds: self
                .start_odds
                .unwrap_or(policy::Style::NOVEMBER.start_odds),
            networks: self.networks,
            island_bridges: self.island_bridges,
            block: self.block,
            complete: self.complete,
        }
    }

    /// Whether the idea called `name` is on.
    pub fn has(mut self, name: &str) -> bool {
        self.flag(name).is_some_and(|on| *on)
    }

    /// The ideas named, `+` between them (`swap+prune`); `None` for an unknown name.
    pub fn parse(names: &str) -> Option<Ideas> {
        let mut ideas = Ideas::default();
        for name in names.split('+').filter(|n| !n.is_empty()) {
            if let Some(odds) = name.strip_prefix("b=") {
                let odds = odds
                    .parse()
                    .ok()
                    .filter(|o| Ideas::BRIDGE_ODDS.contains(o))?;
                ideas.bridge_odds = Some(odds);
            } else if let Some(odds) = name.strip_prefix("s=") {
                let odds = odds
                    .parse()
                    .ok()
                    .filter(|o| Ideas::START_ODDS.contains(o))?;
                ideas.start_odds = Some(odds);
            } else if let Some((key, value)) = name.split_once('=') {
                let index = Ideas::TUNABLE.iter().position(|k| *k == key)?;
                let value: f64 = value.parse().ok()?;
                if !(0.0..=1_000_000.0).contains(&value) {
                    return None;
                }
                ideas.tuning[index] = Some((value * 1000.0).round() as u32);
            } else {
                *ideas.flag(name)? = true;
            }
        }
        Some(ideas)
    }
}

impl std::fmt::Display for Ideas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut on: Vec<String> = Ideas::NAMES
            .into_iter()
            .filter(|name| self.has(name))
            .map(String::from)
            .collect();
        if let Some(odds) = self.bridge_odds {
            on.push(format!("b={odds}"));
        }
        if let Some(odds) = self.start_odds {
            on.push(format!("s={odds}"));
        }
        for (key, value) in Ideas::TUNABLE.iter().zip(self.tuning) {
            if let Some(thousandths) = value {
                on.push(format!("{key}={}", f64::from(thousandths) / 1000.0));
            }
        }
        f.write_str(&on.join("+"))
    }
}

/// The ideas the levels play with: the ones that paid in `ponte-lab arena` (`docs/strength.md`).
pub const LEVELS: Ideas = Ideas {
    swap_side: true,
    prune: false,
    bias: false,
    pair_order: false,
    solver: false,
    partner: true,
    bridge_odds: Some(2),
    start_odds: None,
    networks: false,
    island_bridges: false,
    block: false,
    grave: true,
    prior: false,
    replies: false,
    complete: false,
    pairs: false,
    mse: false,
    tuning: [None; 7],
};

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
    /// What the playouts' advice thinks of the step, from 0 to 1.
    prior: f32,
    /// The winner whatever follows, once proven (solver).
    proven: Option<Color>,
}

struct Node {
    /// Who takes the steps from here.
    mover: Color,
    visits: u32,
    /// Empty until listed.
    edges: Vec<Edge>,
    /// How many of the edges, the first ones, are single tiles (see [`Node::edge_of`]).
    tile_edges: usize,
    listed: bool,
}

impl Node {
    /// The node of `at` with its steps listed (`None` once the game is over).
    fn new(at: &Position, params: Params, ideas: Ideas) -> Option<Node> {
        let mut node = Node::unlisted(at)?;
        node.list_steps(at, params, ideas);
        Some(node)
    }

    /// The node of `at` without its steps, until a search first passes through it: a leaf is
    /// made for the playout that reaches it, and most are never reached again. Listing them
    /// then changes nothing, since a leaf's own steps gain no statistics from the playout that
    /// made it (it is not on that playout's path).
    fn unlisted(at: &Position) -> Option<Node> {
        Some(Node {
            mover: at.to_move()?,
            visits: 0,
            edges: Vec::new(),
            tile_edges: 0,
            listed: false,
        })
    }

    /// Lists the steps of the node's position `at`.
    fn list_steps(&mut self, at: &Position, params: Params, ideas: Ideas) {
        let mover = self.mover;
        let mut steps = at.steps();
        let own =
            at.game.board().tiles(mover) | at.pending.map_or(Bitboard::EMPTY, Bitboard::single);
        if ideas.prune {
            keep_if_any(&mut steps, |step| match step {
                Step::Tile(cell) => clean(own, cell),
                _ => true,
            });
        }
        if ideas.pair_order
            && let Some(first) = at.pending
        {
            keep_if_any(
                &mut steps,
                |step| matches!(step, Step::Tile(cell) if cell > first),
            );
        }
        let advice = (ideas.bias || ideas.prior).then(|| Advice::new(at, mover));
        let (virtual_visits, virtual_value) = if ideas.prior {
            (
                params.prior_visits.round() as u32,
                params.prior_value as f32,
            )
        } else {
            (0, 0.0)
        };
        self.listed = true;
        self.edges = steps
            .into_iter()
            .map(|step| {
                let prior = advice.as_ref().map_or(0.0, |a| a.prior(step));
                let sign = if prior > 0.0 { 1.0 } else { -1.0 };
                Edge {
                    step,
                    child: None,
                    visits: 0,
                    wins: 0.0,
                    amaf_visits: virtual_visits,
                    amaf_wins: sign * virtual_value * virtual_visits as f32,
                    prior,
                    proven: None,
                }
            })
            .collect();
        self.tile_edges = self
            .edges
            .partition_point(|edge| matches!(edge.step, Step::Tile(_)));
    }
}

impl Node {
    /// The edge of `step`, if the node has one. Its tiles come first, in the board's order
    /// (as `Position::steps` lists them and the ideas' filters keep them), so a tile is found
    /// by halving; the few other steps one by one.
    fn edge_of(&self, step: Step) -> Option<&Edge> {
        let tiles = self.tile_edges;
        match step {
            Step::Tile(cell) => {
                let found =
                    self.edges[..tiles].binary_search_by_key(&cell, |edge| match edge.step {
                        Step::Tile(tile) => tile,
                        _ => unreachable!("the tiles come first"),
                    });
                found.ok().map(|index| &self.edges[index])
            }
            _ => self.edges[tiles..].iter().find(|edge| edge.step == step),
        }
    }
}

/// Keeps the tiles of `steps` that pass `keep`, unless none would: then all of them.
fn keep_if_any(steps: &mut Vec<Step>, keep: impl Fn(Step) -> bool) {
    let tile = |step: &Step| matches!(step, Step::Tile(_));
    if steps.iter().any(|&step| tile(&step) && keep(step)) {
        steps.retain(|&step| !tile(&step) || keep(step));
    }
}

/// The playouts' advice (`policy`) at a node, as priors for its steps: a tile that grows a
/// sandbank (a second tile beside its first is one), and a bridge (each joins two different
/// groups), are what the advice looks for first.
struct Advice {
    growing: Bitboard,
}

impl Advice {
    fn new(at: &Position, mover: Color) -> Advice {
        let board = at.game.board();
        let own = board.tiles(mover) | at.pending.map_or(Bitboard::EMPTY, Bitboard::single);
        let islands = board.islands(mover);
        // Sandbanks of at most three tiles: the first tile's group may have become an island.
        let sandbanks = own & !islands;
        let mut growing = Bitboard::EMPTY;
        for cell in sandbanks.iter() {
            let group = Bitboard::single(cell).flood(own);
            if group.len() < 4 {
                growing |= group.grow_orthogonal() & !own;
            }
        }
        Advice {
            growing: growing & board.free() & !islands.grow_all(),
        }
    }

    fn prior(&self, step: Step) -> f32 {
        let good = match step {
            Step::Tile(cell) => self.growing.contains(cell),
            Step::Bridge(..) => true,
            Step::Pass | Step::Swap => false,
        };
        if good { 1.0 } else { 0.0 }
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
    ideas: Ideas,
    budget: Budget,
    playout: Playout,
    rng: &mut Rng,
) -> Decision {
    let tree = grow(game, params, ideas, budget, playout, rng);
    let chance = most_visited_index(&tree.nodes[0]).map_or(0.5, |index| {
        tree.root_wins[index] / f64::from(tree.nodes[0].edges[index].visits)
    });
    Decision {
        best: best_move(&tree.nodes, &tree.root, rng),
        playouts: tree.playouts,
        chance,
        random_moves: tree.random_moves,
    }
}

/// [`search`] on several cores at once: one tree per seed, each grown within `budget` on a
/// thread of its own, and the move the most visited across them all (root parallelism: the
/// trees share nothing while they grow, so two cores cost no locking).
///
/// # Panics
/// When the game is over, or `seeds` is empty.
pub fn search_parallel(
    game: &Game,
    params: Params,
    ideas: Ideas,
    budget: Budget,
    playout: &(dyn Fn(&mut Game, &mut Rng) -> u64 + Sync),
    seeds: &[u64],
) -> Decision {
    let trees: Vec<Tree> = std::thread::scope(|scope| {
        let growing: Vec<_> = seeds
            .iter()
            .map(|&seed| {
                scope.spawn(move || {
                    let mut rng = Rng::with_seed(seed);
                    grow(game, params, ideas, budget, playout, &mut rng)
                })
            })
            .collect();
        (growing.into_iter())
            .map(|thread| thread.join().expect("a search does not panic"))
            .collect()
    });
    let mut rng = Rng::with_seed(seeds[0]);
    merged_decision(&trees, &mut rng)
}

/// The move the trees of one position agree on: the first step with the most visits in all of
/// them together (one proven to win in any of them first), and for a first tile the partner
/// with the most visits below it, likewise.
fn merged_decision(trees: &[Tree], rng: &mut Rng) -> Decision {
    let roots: Vec<&Node> = trees.iter().map(|tree| &tree.nodes[0]).collect();
    // Every tree lists the root's steps in the same order: they all start from one position.
    let first = merged_choice(&roots).expect("the searches made at least one playout");
    let below: Vec<&Node> = (trees.iter())
        .filter_map(|tree| {
            let child = tree.nodes[0].edges[first].child?;
            Some(&tree.nodes[child as usize]).filter(|node| node.listed)
        })
        .collect();
    // The trees below a first tile may differ in what they made; the steps are the same (a
    // node not passed through yet has none listed, and no visits below it to count).
    let partner = merged_choice(&below).map(|index| below[0].edges[index].step);
    let visits: u32 = roots.iter().map(|root| root.edges[first].visits).sum();
    let wins: f64 = trees.iter().map(|tree| tree.root_wins[first]).sum();
    Decision {
        best: trees[0]
            .root
            .chosen_move(roots[0].edges[first].step, partner, rng),
        playouts: trees.iter().map(|tree| tree.playouts).sum(),
        random_moves: trees.iter().map(|tree| tree.random_moves).sum(),
        chance: if visits > 0 {
            wins / f64::from(visits)
        } else {
            0.5
        },
    }
}

/// The index of the step of `nodes` (one position's node in several trees) that one of them
/// proves won, else that has the most visits in all, not proven lost where another is left.
fn merged_choice(nodes: &[&Node]) -> Option<usize> {
    let first = nodes.first()?;
    if let Some(won) = nodes.iter().find_map(|node| {
        let won = |e: &Edge| e.step != Step::Swap && e.proven == Some(node.mover);
        node.edges.iter().position(won)
    }) {
        return Some(won);
    }
    (0..first.edges.len())
        .map(|index| {
            let lost = nodes.iter().any(|node| losing(node, &node.edges[index]));
            let visits: u32 = nodes.iter().map(|node| node.edges[index].visits).sum();
            (index, lost, visits)
        })
        .filter(|&(_, _, visits)| visits > 0)
        .max_by_key(|&(_, lost, visits)| (!lost, visits))
        .map(|(index, _, _)| index)
}

/// A search's tree once its budget is spent, with what it counted.
struct Tree {
    root: Position,
    nodes: Vec<Node>,
    playouts: u64,
    random_moves: u64,
    /// The root's edges' playouts won by its mover, without the margin: the chance reported.
    root_wins: Vec<f64>,
}

/// Grows a search tree for `game` until `budget` is spent. Longer than 80 lines because
/// descent, expansion, playout and backup are one loop sharing its locals (the path, the
/// playout's moves, the draws), each pass the AI's hottest code.
/// With the `replies` idea the
/// playouts are `ideas.style()`'s advice with the replies this search learns, not `playout`.
fn grow(
    game: &Game,
    params: Params,
    ideas: Ideas,
    budget: Budget,
    playout: Playout,
    rng: &mut Rng,
) -> Tree {
    let root = Position::new(game.clone());
    let mut nodes =
        vec![Node::new(&root, params, ideas).expect("a finished game has no move to search")];
    let (mut playouts, mut random_moves) = (0u64, 0u64);
    let mut path: Vec<Passed> = Vec::new();
    // The root's edges' playouts won by its mover, without the margin: the chance it reports.
    let root_mover = nodes[0].mover;
    let style = ideas.style();
    let mut replies = ideas.replies.then(Replies::default);
    let mut root_wins = vec![0.0; nodes[0].edges.len()];
    // `pairs`: the node after each placement made, by the node before it and its two cells.
    let mut pairs: HashMap<(u32, Cell, Cell), u32> = HashMap::new();
    loop {
        path.clear();
        let mut at = root.clone();
        let mut current = 0u32;
        // GRAVE: the nearest node so far with enough visits, for each mover.
        let mut reference: [Option<u32>; 2] = [None, None];
        // Selection and expansion: down by the RAVE value until a step leads to a new node.
        loop {
            if !nodes[current as usize].listed {
                nodes[current as usize].list_steps(&at, params, ideas);
            }
            let node = &nodes[current as usize];
            if node.edges.is_empty() {
                break;
            }
            let mover = node.mover.index();
            if ideas.grave && f64::from(node.visits) >= params.grave_reference {
                reference[mover] = Some(current);
            }
            let borrowed = reference[mover]
                .filter(|&above| above != current)
                .map(|above| &nodes[above as usize]);
            let edge = select(node, borrowed, params, ideas, rng);
            path.push(Passed {
                node: current,
                edge,
                tiles: Color::BOTH.map(|c| at.game.board().tiles(c)),
                bridges: at.game.board().bridges().len(),
            });
            let (step, first) = (node.edges[edge].step, at.pending);
            at.apply(step);
            match node.edges[edge].child {
                Some(child) => current = child,
                None => {
                    // `pairs`: the placement's other order may have made this node already.
                    let pair = match (ideas.pairs, first, step) {
                        (true, Some(first), Step::Tile(second)) => {
                            // The first tile was the step before, from the node before.
                            let above = path[path.len() - 2].node;
                            Some((above, first.min(second), first.max(second)))
                        }
                        _ => None,
                    };
                    if let Some(&made) = pair.as_ref().and_then(|pair| pairs.get(pair)) {
                        nodes[current as usize].edges[edge].child = Some(made);
                        current = made;
                        continue;
                    }
                    if let Some(child) = Node::unlisted(&at) {
                        let index = u32::try_from(nodes.len()).expect("fewer than 2³² nodes");
                        nodes.push(child);
                        nodes[current as usize].edges[edge].child = Some(index);
                        if let Some(pair) = pair {
                            pairs.insert(pair, index);
                        }
                    } else if ideas.solver
                        && let Some(winner) = at.game.outcome().and_then(|o| o.winner())
                    {
                        prove(&mut nodes, &path, winner, ideas);
                    }
                    break;
                }
            }
        }
        // Simulation.
        if ideas.partner
            && let (Some(first), Some(color)) = (at.pending, at.to_move())
            && let Some(second) = policy::sensible_partner(at.game.board(), color, first, rng)
        {
            at.apply(Step::Tile(second));
            random_moves += 1;
        }
        random_moves += match replies.as_mut() {
            Some(replies) => at.play_out(|game, rng| replies.play_out(style, game, rng), rng),
            None => at.play_out(playout, rng),
        };
        playouts += 1;
        back_up(&mut nodes, &path, &at.game, params, ideas);
        if let Some(first) = path.first() {
            let step = nodes[0].edges[first.edge].step;
            root_wins[first.edge] += won(&at.game, credited(root_mover, step, ideas));
        }
        if budget.spent(playouts, random_moves) || winning_edge(&nodes[0], ideas).is_some() {
            break;
        }
    }
    Tree {
        root,
        nodes,
        playouts,
        random_moves,
        root_wins,
    }
}

/// The edge to follow: the best mix of its own mean reward and its RAVE mean, weighted by
/// how many results of its own it has, plus a little exploration. Ties go to a random one.
/// With `borrowed` (GRAVE), the RAVE means are that node's for the same steps, where it has
/// them.
fn select(
    node: &Node,
    borrowed: Option<&Node>,
    params: Params,
    ideas: Ideas,
    rng: &mut Rng,
) -> usize {
    let bias = if ideas.bias { params.bias } else { 0.0 };
    let log_visits = f64::from(node.visits + 1).ln();
    let k = params.rave_equivalence;
    let value = |edge: &Edge| {
        let visits = f64::from(edge.visits);
        let own = if edge.visits > 0 {
            f64::from(edge.wins) / visits
        } else {
            0.0
        };
        let amaf = borrowed
            .and_then(|above| above.edge_of(edge.step))
            .unwrap_or(edge);
        let rave_visits = f64::from(amaf.amaf_visits);
        let rave = if amaf.amaf_visits > 0 {
            f64::from(amaf.amaf_wins) / rave_visits
        } else {
            0.0
        };
        let beta = rave_weight(ideas, k, visits, rave_visits);
        (1.0 - beta) * own
            + beta * rave
            + params.exploration * (log_visits / (visits + 1.0)).sqrt()
            + bias * f64::from(edge.prior) / (visits + 1.0)
    };
    if let Some(index) = winning_edge(node, ideas) {
        return index;
    }
    // A node proven lost still fights on, by the values alone: the opponent may miss its win.
    let skip_losing = ideas.solver && !node.edges.iter().all(|e| losing(node, e));
    let offset = rng.usize(0..node.edges.len());
    let mut best = (offset, f64::NEG_INFINITY);
    for i in 0..node.edges.len() {
        let index = (offset + i) % node.edges.len();
        let edge = &node.edges[index];
        if skip_losing && losing(node, edge) {
            continue;
        }
        let v = value(edge);
        if v > best.1 {
            best = (index, v);
        }
    }
    best.0
}

/// How much a step's value leans on its RAVE mean rather than its own, with `visits` results
/// of its own and `rave_visits` RAVE results, for the equivalence `k`.
fn rave_weight(ideas: Ideas, k: f64, visits: f64, rave_visits: f64) -> f64 {
    if ideas.mse {
        rave_visits / (visits + rave_visits + visits * rave_visits / k).max(1.0)
    } else {
        (k / (3.0 * visits + k)).sqrt()
    }
}

/// Marks the last step of `path`, whose game is over, as won by `winner`, and carries the
/// proof up while the nodes above are decided by it.
fn prove(nodes: &mut [Node], path: &[Passed], winner: Color, ideas: Ideas) {
    let mut winner = Some(winner);
    for passed in path.iter().rev() {
        let Some(proven) = winner else {
            return;
        };
        let node = &mut nodes[passed.node as usize];
        node.edges[passed.edge].proven = Some(proven);
        winner = proven_winner(node, ideas);
    }
}

/// The winner at `node` whatever follows, if its steps prove it: its mover's, when a step
/// wins for them; the opponent's, when every step loses. Not at the pie choice, where the
/// swap changes who owns which colour.
fn proven_winner(node: &Node, ideas: Ideas) -> Option<Color> {
    if winning_edge(node, ideas).is_some() {
        return Some(node.mover);
    }
    let other = node.mover.other();
    let all_lost = (node.edges.iter()).all(|e| e.step != Step::Swap && e.proven == Some(other));
    all_lost.then_some(other)
}

/// A step of `node` proven to win for the player who takes it.
fn winning_edge(node: &Node, ideas: Ideas) -> Option<usize> {
    if !ideas.solver {
        return None;
    }
    node.edges
        .iter()
        .position(|e| e.step != Step::Swap && e.proven == Some(node.mover))
}

/// Whether a step of `node` is proven to lose for the player who takes it.
fn losing(node: &Node, edge: &Edge) -> bool {
    edge.step != Step::Swap && edge.proven == Some(node.mover.other())
}

/// Whose result a step by `mover` is: the mover's, but for the swap, after which the player
/// who swapped owns White (when the idea is on; the November 2026 search credited Red).
fn credited(mover: Color, step: Step, ideas: Ideas) -> Color {
    if ideas.swap_side && step == Step::Swap {
        mover.other()
    } else {
        mover
    }
}

/// [`reward`] at the end of a playout, read from the tallies the game was judged by where it
/// has them (a playout's end is scored once, not again here).
fn playout_reward(end: &Game, margin_weight: f64) -> f64 {
    let Some([white, red]) = end.final_tallies() else {
        return reward(end, margin_weight);
    };
    result(end) + margin_weight * (f64::from(white.points) - f64::from(red.points))
}

/// Adds the playout's result to every edge taken and, as RAVE statistics, to every edge of
/// the same nodes whose tile or bridge its mover built later in the game.
fn back_up(nodes: &mut [Node], path: &[Passed], end: &Game, params: Params, ideas: Ideas) {
    let result = playout_reward(end, params.margin_weight) as f32;
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
        taken.wins += match credited(mover, taken.step, ideas) {
            Color::White => result,
            Color::Red => -result,
        };
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

/// The step to play at `node`: one proven to win, else the most visited of those not proven
/// to lose (of all, when every step is).
fn most_visited_index(node: &Node) -> Option<usize> {
    let mover = node.mover;
    let won = |e: &Edge| e.step != Step::Swap && e.proven == Some(mover);
    if let Some(index) = node.edges.iter().position(won) {
        return Some(index);
    }
    (0..node.edges.len())
        .filter(|&index| node.edges[index].visits > 0)
        .max_by_key(|&index| (!losing(node, &node.edges[index]), node.edges[index].visits))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::policy;
    use crate::game::Variant;

    /// Playouts that end at once: the side named resigns, whatever the position.
    fn white_wins(game: &mut Game, _: &mut Rng) -> u64 {
        game.apply(Move::Resign(Some(Color::Red)));
        1
    }

    fn red_wins(game: &mut Game, _: &mut Rng) -> u64 {
        game.apply(Move::Resign(Some(Color::White)));
        1
    }

    fn opened() -> Game {
        let mut game = Game::new(Variant::boxed(6).unwrap());
        game.play("c3 d4".parse().unwrap()).unwrap();
        game
    }

    fn budget() -> Budget {
        Budget {
            playouts: Some(400),
            ..Budget::default()
        }
    }

    #[test]
    fn the_levels_playouts_are_the_advice_and_a_trials_the_november_advice() {
        assert_eq!(LEVELS.style(), policy::Style::ADVICE);
        assert_eq!(Ideas::default().style(), policy::Style::NOVEMBER);
        assert_eq!(Ideas::parse("swap").unwrap().style().bridge_odds, 4);
    }

    #[test]
    fn a_trial_tunes_the_constants_it_names_and_keeps_the_others() {
        let ideas = Ideas::parse("swap+c=0.05+k=1000").unwrap();
        assert_eq!(ideas.bridge_odds, None);
        let bridging = Ideas::parse("swap+islands+b=8").unwrap();
        assert_eq!(
            (bridging.bridge_odds, bridging.island_bridges),
            (Some(8), true)
        );
        assert_eq!(bridging.to_string(), "swap+islands+b=8");
        let starting = Ideas::parse("swap+b=2+s=8").unwrap();
        assert_eq!(starting.style().start_odds, 8);
        assert_eq!(starting.to_string(), "swap+b=2+s=8");
        assert_eq!(LEVELS.style().start_odds, 4, "as in November 2026");
        assert_eq!(Ideas::parse("swap+s=5"), None);
        assert_eq!(
            Ideas::parse("swap+b=5"),
            None,
            "not one of the odds offered"
        );
        assert!(ideas.swap_side);
        let params = ideas.params();
        assert!((params.exploration - 0.05).abs() < 1e-12);
        assert!((params.rave_equivalence - 1000.0).abs() < 1e-12);
        assert_eq!(params.margin_weight, PARAMS.margin_weight);
        assert_eq!(params.bias, PARAMS.bias);
        assert_eq!(ideas.to_string(), "swap+c=0.05+k=1000");
        assert_eq!(Ideas::default().params(), PARAMS);
    }

    /// The reward read from the judged tallies is the one counted afresh from the board at
    /// the end of games ended by the score; a resigned game has no tallies and is counted
    /// afresh (its half of the loop checks that it has none).
    #[test]
    fn a_playouts_reward_is_read_from_its_tallies_as_counted_afresh() {
        let mut rng = Rng::with_seed(31);
        let mut scored = 0;
        for size in [6, 10, 12, 16] {
            for _ in 0..20 {
                let mut game = Game::new(Variant::boxed(size).unwrap());
                if rng.u32(0..4) == 0 {
                    for _ in 0..rng.u32(1..30) {
                        if let Some(mv) = policy::sensible_move(&game, &mut rng) {
                            game.apply(mv);
                        }
                    }
                    if !game.is_over() {
                        game.apply(Move::Resign(None));
                    }
                } else {
                    policy::playout(&mut game, &mut rng);
                    scored += 1;
                }
                assert_eq!(
                    game.final_tallies().is_some(),
                    !matches!(
                        game.outcome(),
                        Some(crate::game::Outcome::Resignation { .. })
                    )
                );
                for margin_weight in [0.0, 0.02, 0.5] {
                    assert_eq!(
                        playout_reward(&game, margin_weight),
                        reward(&game, margin_weight)
                    );
                }
            }
        }
        assert!(scored > 40);
    }

    /// The minimum-error schedule trusts RAVE fully while an edge has no results of its own,
    /// not at all without RAVE results, and, with RAVE results to spare, falls as k/(k + n):
    /// below the levels' √(k/(3n + k)) once an edge has k visits of its own.
    #[test]
    fn the_minimum_error_schedule_falls_as_one_over_the_visits() {
        let mse = Ideas {
            mse: true,
            ..LEVELS
        };
        let k = 300.0;
        assert_eq!(rave_weight(mse, k, 0.0, 50.0), 1.0);
        assert_eq!(rave_weight(mse, k, 0.0, 0.0), 0.0);
        assert_eq!(rave_weight(mse, k, 20.0, 0.0), 0.0);
        for n in [300.0, 1_000.0, 10_000.0] {
            let plenty = rave_weight(mse, k, n, 1e9);
            assert!((plenty - k / (k + n)).abs() < 1e-6, "{n}: {plenty}");
            assert!(plenty < rave_weight(LEVELS, k, n, 1e9), "{n}");
        }
        assert!((rave_weight(LEVELS, k, 1_000.0, 5.0) - (300.0f64 / 3_300.0).sqrt()).abs() < 1e-12);
        // Few RAVE results weigh less than many, for the same own visits.
        assert!(rave_weight(mse, k, 100.0, 10.0) < rave_weight(mse, k, 100.0, 1_000.0));
    }

    /// GRAVE looks a step up in another node: every step of a node is found at its own edge,
    /// with every idea that filters the steps, and a step the node lacks is not found.
    #[test]
    fn a_nodes_edge_is_found_by_its_step() {
        let mut rng = Rng::with_seed(21);
        let mut found = 0;
        for size in [6, 10, 12] {
            let mut position = Position::new(Game::new(Variant::boxed(size).unwrap()));
            while position.to_move().is_some() {
                for ideas in [LEVELS, Ideas::parse("prune+order").unwrap()] {
                    let node = Node::new(&position, PARAMS, ideas).unwrap();
                    for edge in &node.edges {
                        let at = node.edge_of(edge.step).expect("its own step");
                        assert_eq!(at.step, edge.step);
                        found += 1;
                    }
                    let all = position.steps();
                    let missing = (0..size * size)
                        .map(|i| Step::Tile(crate::game::Cell::new(i % size, i / size)))
                        .find(|step| !node.edges.iter().any(|e| e.step == *step));
                    if let Some(step) = missing {
                        assert!(node.edge_of(step).is_none(), "{step:?} found");
                    }
                    assert!(node.edges.len() <= all.len());
                }
                let steps = position.steps();
                position.apply(steps[rng.usize(0..steps.len())]);
            }
        }
        assert!(found > 10_000, "{found} edges looked up");
    }

    /// With GRAVE, the search plays legal moves, and tunes its reference with `r=`.
    #[test]
    fn grave_plays_legal_moves() {
        let ideas = Ideas::parse("swap+partner+b=2+grave+r=20").unwrap();
        assert!(ideas.grave);
        assert!((ideas.params().grave_reference - 20.0).abs() < 1e-9);
        assert_eq!(ideas.to_string(), "swap+partner+grave+b=2+r=20");
        plays_legal_moves_to_the_end(Game::new(Variant::boxed(8).unwrap()), ideas, 22);
    }

    /// With `pairs`, a placement's two orders lead to one node, and a search with it plays
    /// legal moves; without it, each order has a node of its own.
    #[test]
    fn pairs_meet_a_placements_two_orders_in_one_node() {
        let game = Game::new(Variant::boxed(6).unwrap());
        let budget = Budget {
            playouts: Some(3000),
            ..Budget::default()
        };
        // The placements made in both orders, and how many of them lead to one node.
        let made_twice = |ideas: Ideas| {
            let mut rng = Rng::with_seed(5);
            let tree = grow(
                &game,
                ideas.params(),
                ideas,
                budget,
                &policy::playout,
                &mut rng,
            );
            let (nodes, root) = (&tree.nodes, &tree.nodes[0]);
            let after = |node: u32, cell: Cell| {
                nodes[node as usize]
                    .edge_of(Step::Tile(cell))
                    .and_then(|edge| edge.child)
            };
            let (mut both, mut one) = (0, 0);
            for first in &root.edges {
                let (Step::Tile(a), Some(after_a)) = (first.step, first.child) else {
                    continue;
                };
                for second in &nodes[after_a as usize].edges {
                    let (Step::Tile(b), Some(after_ab)) = (second.step, second.child) else {
                        continue;
                    };
                    if let Some(after_ba) = after(0, b).and_then(|after_b| after(after_b, a)) {
                        both += 1;
                        one += usize::from(after_ab == after_ba);
                    }
                }
            }
            (both, one)
        };
        let with_pairs = Ideas {
            pairs: true,
            ..LEVELS
        };
        let (both, one) = made_twice(with_pairs);
        assert!(both > 10, "only {both} placements made in both orders");
        assert_eq!(one, both);
        let (both, one) = made_twice(Ideas {
            pairs: false,
            ..LEVELS
        });
        assert!(both > 10, "only {both} placements made in both orders");
        assert_eq!(one, 0);
        plays_legal_moves_to_the_end(Game::new(Variant::boxed(8).unwrap()), with_pairs, 23);
    }

    /// Plays `game` to its end with searches of 200 playouts with `ideas` (and their
    /// constants and playouts), each move checked legal and each search spending its budget.
    fn plays_legal_moves_to_the_end(mut game: Game, ideas: Ideas, seed: u64) {
        let mut rng = Rng::with_seed(seed);
        let few = Budget {
            playouts: Some(200),
            ..Budget::default()
        };
        let style = ideas.style();
        let playout = |game: &mut Game, rng: &mut Rng| style.playout(game, rng);
        while !game.is_over() {
            let chosen = search(&game, ideas.params(), ideas, few, &playout, &mut rng);
            assert!(game.is_legal(chosen.best), "{} in\n{game:?}", chosen.best);
            assert_eq!(chosen.playouts, 200);
            game.apply(chosen.best);
        }
    }

    /// The priors' virtual results: a step the advice looks for first (a tile beside a lone
    /// first tile, a bridge) starts ahead, any other behind, and a search with them plays
    /// legal moves.
    #[test]
    fn priors_start_a_new_step_with_virtual_results() {
        let ideas = Ideas::parse("swap+partner+b=2+grave+prior+v=10+q=0.5").unwrap();
        assert_eq!(ideas.to_string(), "swap+partner+grave+prior+b=2+v=10+q=0.5");
        let params = ideas.params();
        let mut game = Game::new(Variant::boxed(6).unwrap());
        game.play("c3 e5".parse().unwrap()).unwrap();
        game.play("b2 b5".parse().unwrap()).unwrap();
        // Red, to move, has c3 and e5, lone sandbanks: the cells beside them grow one.
        let node = Node::new(&Position::new(game.clone()), params, ideas).unwrap();
        let cell = |name: &str| Step::Tile(name.parse().unwrap());
        let edge = |step: Step| node.edge_of(step).unwrap();
        for (step, mean) in [(cell("c4"), 0.5), (cell("e4"), 0.5), (cell("a6"), -0.5)] {
            assert_eq!(edge(step).amaf_visits, 10, "{step:?}");
            assert!(
                (edge(step).amaf_wins - 10.0 * mean).abs() < 1e-6,
                "{step:?}"
            );
            assert_eq!(edge(step).visits, 0);
        }
        let without = Node::new(&Position::new(game.clone()), params, LEVELS).unwrap();
        assert!(without.edges.iter().all(|e| e.amaf_visits == 0));
        plays_legal_moves_to_the_end(game, ideas, 23);
    }

    #[test]
    fn the_swap_is_valued_from_the_swappers_side() {
        let swap_side = Ideas {
            swap_side: true,
            ..Ideas::default()
        };
        // White always wins: swapping (and so owning White) is the only good choice.
        let decision = search(
            &opened(),
            PARAMS,
            swap_side,
            budget(),
            &white_wins,
            &mut Rng::with_seed(1),
        );
        assert_eq!(decision.best, Move::Swap);
        assert!((decision.chance - 1.0).abs() < 1e-9, "{}", decision.chance);
        // Red always wins: keeping Red is right, and the swap a sure loss.
        let decision = search(
            &opened(),
            PARAMS,
            swap_side,
            budget(),
            &red_wins,
            &mut Rng::with_seed(1),
        );
        assert_ne!(decision.best, Move::Swap);
        assert!((decision.chance - 1.0).abs() < 1e-9, "{}", decision.chance);
    }

    #[test]
    fn trees_grown_in_parallel_count_every_playout_and_agree_on_the_move() {
        let swap_side = Ideas {
            swap_side: true,
            ..Ideas::default()
        };
        let decision =
            search_parallel(&opened(), PARAMS, swap_side, budget(), &white_wins, &[1, 2]);
        assert_eq!(decision.best, Move::Swap, "only the swap wins");
        assert_eq!(decision.playouts, 800, "400 in each tree");
        assert!((decision.chance - 1.0).abs() < 1e-9, "{}", decision.chance);
        // Along random games on every size: a legal move, the same again for the same seeds.
        let mut rng = Rng::with_seed(4);
        let few = Budget {
            playouts: Some(30),
            ..Budget::default()
        };
        for size in [6, 9, 12] {
            let mut game = Game::new(Variant::boxed(size).unwrap());
            while !game.is_over() {
                let seeds = [rng.u64(..), rng.u64(..)];
                let playout = &policy::playout;
                let chosen = search_parallel(&game, PARAMS, LEVELS, few, playout, &seeds);
                assert!(game.is_legal(chosen.best), "{} in\n{game:?}", chosen.best);
                let again = search_parallel(&game, PARAMS, LEVELS, few, playout, &seeds);
                assert_eq!(chosen.best, again.best);
                assert_eq!(chosen.playouts, 60);
                game.apply(chosen.best);
            }
        }
    }

    #[test]
    fn the_november_search_valued_the_swap_from_reds_side() {
        // The flaw `hard-2026-11` keeps: a won game for the swapper, who now owns White,
        // counted as a loss, so the swap looks no better than any placement.
        let mut rng = Rng::with_seed(1);
        let decision = search(
            &opened(),
            PARAMS,
            Ideas::default(),
            budget(),
            &white_wins,
            &mut rng,
        );
        assert!(decision.chance.abs() < 1e-9, "{}", decision.chance);
    }

    /// Every move of `game` whose game ends at once in a win for the player to move.
    fn winning_moves(game: &Game) -> Vec<Move> {
        let color = game.to_move().unwrap();
        let mut moves: Vec<Move> = Vec::new();
        for first in game.legal_first_cells().iter() {
            for second in game.legal_second_cells(first).iter() {
                moves.push(Move::Place(first, second));
            }
        }
        moves.extend(game.legal_bridges().into_iter().map(|b| {
            let [a, b] = b.ends();
            Move::Bridge(a, b)
        }));
        moves.push(Move::Pass);
        moves.retain(|&mv| {
            let mut after = game.clone();
            game.is_legal(mv) && {
                after.apply(mv);
                after.outcome().and_then(|o| o.winner()) == Some(color)
            }
        });
        moves
    }

    /// Red's last turn, after White's pass, in random games on a small board: wherever a move
    /// wins, the search plays one, with the solver and without it (`hard`'s search needs no
    /// solver for one move, but the solver must not spoil it).
    #[test]
    fn a_win_on_reds_last_turn_is_played() {
        let mut rng = Rng::with_seed(5);
        let (mut tried, mut winnable) = (0, 0);
        while tried < 30 {
            let mut game = Game::new(Variant::unlimited(6).unwrap());
            while !game.is_over() && !game.is_last_turn() {
                let mv = crate::game::playout::random_move(&game, &mut rng).unwrap();
                game.apply(mv);
            }
            if game.is_over() {
                continue;
            }
            tried += 1;
            let wins = winning_moves(&game);
            if wins.is_empty() {
                continue;
            }
            winnable += 1;
            for solver in [false, true] {
                let ideas = Ideas { solver, ..LEVELS };
                let budget = Budget {
                    playouts: Some(3000),
                    ..Budget::default()
                };
                let decision = search(&game, PARAMS, ideas, budget, &policy::playout, &mut rng);
                assert!(
                    wins.contains(&decision.best),
                    "{} in\n{game:?}",
                    decision.best
                );
            }
        }
        assert!(winnable > 5, "only {winnable} positions could be won");
    }
}

/// What keeping the tree from one move to the next would save: the share of a search's
/// playouts that lay under the position its player meets at its next turn (after its own move
/// and the opponent's reply). A measurement, run by hand (`docs/strength.md`: "The tree kept
/// from one move to the next"), not part of `cargo test`.
#[cfg(test)]
mod reuse_measurement {
    use super::*;
    use crate::game::Variant;

    /// The node `mv`'s steps lead to from `at`, if the search made it.
    fn follow(nodes: &[Node], mut at: u32, mv: Move) -> Option<u32> {
        let steps = match mv {
            Move::Place(a, b) => vec![Step::Tile(a), Step::Tile(b)],
            Move::Bridge(a, b) => vec![Step::Bridge(a, b)],
            Move::Pass => vec![Step::Pass],
            Move::Swap => vec![Step::Swap],
            Move::Resign(_) => return None,
        };
        for step in steps {
            at = nodes[at as usize].edge_of(step)?.child?;
        }
        Some(at)
    }

    #[test]
    #[ignore = "a measurement: cargo test --release --lib reuse_share -- --ignored --nocapture"]
    fn reuse_share() {
        let playout = |game: &mut Game, rng: &mut Rng| LEVELS.style().playout(game, rng);
        let budget = Budget {
            playouts: Some(20_000),
            ..Budget::default()
        };
        let mut shares = Vec::new();
        for seed in 0..3 {
            let mut rng = Rng::with_seed(seed);
            let mut game = Game::new(Variant::boxed(12).unwrap());
            // Each player's last tree and the move it chose there.
            let mut previous: [Option<(Tree, Move)>; 2] = [None, None];
            while let Some(color) = game.to_move() {
                let reply = game.last_move();
                if let (Some((tree, ours)), Some(reply)) = (&previous[color.index()], reply) {
                    let reached = follow(&tree.nodes, 0, *ours)
                        .and_then(|node| follow(&tree.nodes, node, reply))
                        .map_or(0, |node| tree.nodes[node as usize].visits);
                    shares.push(f64::from(reached) / tree.playouts as f64);
                }
                let tree = grow(&game, PARAMS, LEVELS, budget, &playout, &mut rng);
                let mv = best_move(&tree.nodes, &tree.root, &mut rng);
                game.apply(mv);
                previous[color.index()] = Some((tree, mv));
            }
        }
        assert!(shares.iter().all(|share| (0.0..=1.0).contains(share)));
        assert!(
            shares.iter().any(|&share| share > 0.0),
            "some line is found"
        );
        shares.sort_by(f64::total_cmp);
        let at = |q: f64| shares[((shares.len() - 1) as f64 * q) as usize];
        println!(
            "{} moves: mean share {:.4}, median {:.4}, 90th percentile {:.4}, largest {:.4}",
            shares.len(),
            shares.iter().sum::<f64>() / shares.len() as f64,
            at(0.5),
            at(0.9),
            at(1.0)
        );
    }
}

//! Scoring: islands joined by bridges (through sandbanks too) into networks, triangular points,
//! and the tiebreak chain points → islands → bridges → draw.

use std::cmp::Ordering;

use super::board::Board;
use super::cell::{Cell, Color};

/// A connected set of one colour's groups that holds at least one island.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The lowest cell of each island in the set, in board order.
    pub islands: Vec<Cell>,
    /// n·(n+1)/2 for n islands.
    pub points: u32,
}

/// One colour's score and what it is made of.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub points: u32,
    pub islands: u32,
    pub bridges: u32,
    pub tiles: u32,
    /// The scoring networks, most points first.
    pub networks: Vec<Network>,
}

/// The points for a network of `islands` islands: 1, 3, 6, 10, …
pub const fn network_points(islands: u32) -> u32 {
    islands * (islands + 1) / 2
}

/// The most groups of one colour a board holds: 128 on 16×16, since two never touch side by
/// side.
const MAX_GROUPS: usize = 128;

/// One colour's groups joined into networks by its bridges: what both [`score`] and [`tally`]
/// count, with no allocation.
struct Networks {
    /// How many groups there are; each has a label below this.
    groups: usize,
    /// Union-find over the labels: a group's network is the root of its label.
    parent: [u8; MAX_GROUPS],
    /// The lowest cell of each group that is an island.
    island: [Option<Cell>; MAX_GROUPS],
    /// How many bridges the colour has.
    bridges: u32,
}

impl Networks {
    /// Labels `color`'s groups on `board` in the order of their lowest cells (the tiles are
    /// read in board order, and a group gets its label at its first tile) and joins them by
    /// its bridges.
    fn of(board: &Board, color: Color) -> Networks {
        let mut label_of_root = [u8::MAX; 256];
        let mut group_of = [u8::MAX; 256];
        let mut networks = Networks {
            groups: 0,
            parent: [0; MAX_GROUPS],
            island: [None; MAX_GROUPS],
            bridges: 0,
        };
        for cell in board.tiles(color) {
            let root = board.group_root(cell);
            let label = &mut label_of_root[usize::from(root)];
            if *label == u8::MAX {
                // The group's lowest cell: a new label.
                *label = networks.groups as u8;
                networks.parent[networks.groups] = *label;
                if board.group_size(root) == 4 {
                    networks.island[networks.groups] = Some(cell);
                }
                networks.groups += 1;
            }
            group_of[usize::from(cell.index())] = *label;
        }
        for (_, bridge) in board.bridges().iter().filter(|(owner, _)| *owner == color) {
            networks.bridges += 1;
            let [a, b] = bridge
                .ends()
                .map(|end| networks.root(usize::from(group_of[end.index() as usize])));
            networks.parent[a] = b as u8;
        }
        networks
    }

    /// The network of the group labelled `label` (its root, halving the path on the way).
    fn root(&mut self, mut label: usize) -> usize {
        while usize::from(self.parent[label]) != label {
            self.parent[label] = self.parent[usize::from(self.parent[label])];
            label = usize::from(self.parent[label]);
        }
        label
    }

    /// Each island's lowest cell with its network, in the board's order.
    fn islands(&mut self) -> impl Iterator<Item = (Cell, usize)> + '_ {
        (0..self.groups).filter_map(move |label| {
            let cell = self.island[label]?;
            Some((cell, self.root(label)))
        })
    }
}

/// Scores `color`'s position on `board`.
pub fn score(board: &Board, color: Color) -> Score {
    let mut joined = Networks::of(board, color);
    let mut islands_by_network: Vec<Vec<Cell>> = vec![Vec::new(); joined.groups];
    for (cell, network) in joined.islands() {
        islands_by_network[network].push(cell);
    }
    // Labels follow the board's order, so each network's islands are in it already.
    let mut networks: Vec<Network> = islands_by_network
        .into_iter()
        .filter(|islands| !islands.is_empty())
        .map(|islands| {
            let points = network_points(islands.len() as u32);
            Network { islands, points }
        })
        .collect();
    networks.sort_by(|a, b| b.points.cmp(&a.points).then(a.islands.cmp(&b.islands)));

    Score {
        points: networks.iter().map(|n| n.points).sum(),
        islands: networks.iter().map(|n| n.islands.len() as u32).sum(),
        bridges: joined.bridges,
        tiles: board.tiles(color).len(),
        networks,
    }
}

/// The three numbers a finished game is judged by, counted without listing the networks: what
/// the AI's playouts need at each of their ends, many thousand times a second.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    pub points: u32,
    pub islands: u32,
    pub bridges: u32,
}

impl Score {
    /// The numbers of this score that judge a game.
    pub fn tally(&self) -> Tally {
        Tally {
            points: self.points,
            islands: self.islands,
            bridges: self.bridges,
        }
    }
}

/// [`score`]'s points, islands and bridges for `color`, with no allocation.
pub fn tally(board: &Board, color: Color) -> Tally {
    let mut joined = Networks::of(board, color);
    let mut islands_in = [0u32; MAX_GROUPS];
    let mut islands = 0;
    for (_, network) in joined.islands() {
        islands_in[network] += 1;
        islands += 1;
    }
    Tally {
        points: islands_in[..joined.groups]
            .iter()
            .map(|&n| network_points(n))
            .sum(),
        islands,
        bridges: joined.bridges,
    }
}

/// What decided a game that ended by the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// One side had more points.
    Points,
    /// Points were equal; one side had more islands.
    Islands,
    /// Points and islands were equal; one side had more bridges.
    Bridges,
    /// Everything was equal.
    Draw,
}

impl Tiebreak {
    pub const fn name(self) -> &'static str {
        match self {
            Tiebreak::Points => "points",
            Tiebreak::Islands => "islands",
            Tiebreak::Bridges => "bridges",
            Tiebreak::Draw => "draw",
        }
    }
}

/// The winner (or `None` for a draw) and what decided it.
pub fn judge(white: &Score, red: &Score) -> (Option<Color>, Tiebreak) {
    judge_tallies(white.tally(), red.tally())
}

/// [`judge`] on the tallies alone.
pub fn judge_tallies(white: Tally, red: Tally) -> (Option<Color>, Tiebreak) {
    let chain = [
        (white.points.cmp(&red.points), Tiebreak::Points),
        (white.islands.cmp(&red.islands), Tiebreak::Islands),
        (white.bridges.cmp(&red.bridges), Tiebreak::Bridges),
    ];
    for (order, tiebreak) in chain {
        match order {
            Ordering::Greater => return (Some(Color::White), tiebreak),
            Ordering::Less => return (Some(Color::Red), tiebreak),
            Ordering::Equal => {}
        }
    }
    (None, Tiebreak::Draw)
}

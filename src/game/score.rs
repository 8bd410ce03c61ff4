//! Scoring: islands joined by bridges (through sandbanks too) into networks, triangular points,
//! and the tiebreak chain points → islands → bridges → draw.

use std::cmp::Ordering;

use super::bitboard::Bitboard;
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

/// Scores `color`'s position on `board`.
pub fn score(board: &Board, color: Color) -> Score {
    let tiles = board.tiles(color);
    // Label each group; a network is a set of groups joined by bridges (union-find over labels).
    let mut group_of = [u8::MAX; 256];
    let mut groups: Vec<Bitboard> = Vec::new();
    let mut unlabelled = tiles;
    while let Some(cell) = unlabelled.first() {
        let group = Bitboard::single(cell).flood(tiles);
        for member in group {
            group_of[member.index() as usize] = groups.len() as u8;
        }
        unlabelled &= !group;
        groups.push(group);
    }
    let mut parent: Vec<usize> = (0..groups.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let own_bridges: Vec<_> = board
        .bridges()
        .iter()
        .filter(|(owner, _)| *owner == color)
        .map(|(_, bridge)| *bridge)
        .collect();
    for bridge in &own_bridges {
        let [a, b] = bridge
            .ends()
            .map(|end| group_of[end.index() as usize] as usize);
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra] = rb;
    }

    let mut islands_by_root: Vec<Vec<Cell>> = vec![Vec::new(); groups.len()];
    for (i, group) in groups.iter().enumerate() {
        if group.len() == 4 {
            let r = root(&mut parent, i);
            islands_by_root[r].extend(group.first());
        }
    }
    let mut networks: Vec<Network> = islands_by_root
        .into_iter()
        .filter(|islands| !islands.is_empty())
        .map(|mut islands| {
            islands.sort();
            let points = network_points(islands.len() as u32);
            Network { islands, points }
        })
        .collect();
    networks.sort_by(|a, b| b.points.cmp(&a.points).then(a.islands.cmp(&b.islands)));

    Score {
        points: networks.iter().map(|n| n.points).sum(),
        islands: networks.iter().map(|n| n.islands.len() as u32).sum(),
        bridges: own_bridges.len() as u32,
        tiles: tiles.len(),
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
    let tiles = board.tiles(color);
    // Each group's label; a network is a set of groups joined by bridges (union-find over the
    // labels). A 16×16 board holds at most 128 groups: two never touch side by side.
    let mut group_of = [u8::MAX; 256];
    let mut parent = [0u8; 256];
    let mut islands_under = [0u32; 256];
    let (mut groups, mut islands) = (0usize, 0);
    let mut unlabelled = tiles;
    while let Some(cell) = unlabelled.first() {
        let group = Bitboard::single(cell).flood(tiles);
        for member in group {
            group_of[member.index() as usize] = groups as u8;
        }
        unlabelled &= !group;
        parent[groups] = groups as u8;
        if group.len() == 4 {
            islands_under[groups] = 1;
            islands += 1;
        }
        groups += 1;
    }
    fn root(parent: &mut [u8], mut i: usize) -> usize {
        while usize::from(parent[i]) != i {
            parent[i] = parent[usize::from(parent[i])];
            i = usize::from(parent[i]);
        }
        i
    }
    let mut bridges = 0;
    for (_, bridge) in board.bridges().iter().filter(|(owner, _)| *owner == color) {
        bridges += 1;
        let [a, b] = bridge
            .ends()
            .map(|end| root(&mut parent, usize::from(group_of[end.index() as usize])));
        if a != b {
            parent[a] = b as u8;
            islands_under[b] += islands_under[a];
        }
    }
    let points = (0..groups)
        .filter(|&i| usize::from(parent[i]) == i)
        .map(|i| network_points(islands_under[i]))
        .sum();
    Tally {
        points,
        islands,
        bridges,
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

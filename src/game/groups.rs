//! Every tile's group, kept as tiles are placed: a union-find over the cells, so that a group's
//! size, and whether two tiles belong to one group, are read without flooding the board. The
//! playouts ask this many times a move (`Board::tile_fits`) and at every game's end (the
//! score).

use super::cell::Cell;

/// The groups of the tiles on a board. A tile is joined only to the tiles it is given, which
/// the board picks of the tile's own colour.
#[derive(Clone)]
pub(super) struct Groups {
    /// Each cell's parent on the way to its group's root, by cell index; a root is its own
    /// parent (an empty cell too).
    parent: [u8; 256],
    /// How many tiles a group holds, kept at its root (0 for an empty cell).
    size: [u8; 256],
}

impl Groups {
    pub(super) fn new() -> Groups {
        Groups {
            parent: std::array::from_fn(|index| index as u8),
            size: [0; 256],
        }
    }

    /// The root of `cell`'s group: one cell standing for the whole group.
    pub(super) fn root(&self, cell: Cell) -> u8 {
        let mut index = cell.index();
        while self.parent[usize::from(index)] != index {
            index = self.parent[usize::from(index)];
        }
        index
    }

    /// How many tiles the group with this root holds.
    pub(super) fn size(&self, root: u8) -> u32 {
        u32::from(self.size[usize::from(root)])
    }

    /// Adds a tile on `cell` and joins it to the groups of `neighbours`.
    pub(super) fn add(&mut self, cell: Cell, neighbours: impl IntoIterator<Item = Cell>) {
        let index = usize::from(cell.index());
        self.parent[index] = cell.index();
        self.size[index] = 1;
        for neighbour in neighbours {
            self.join(cell, neighbour);
        }
    }

    fn join(&mut self, a: Cell, b: Cell) {
        let (a, b) = (self.root(a), self.root(b));
        if a == b {
            return;
        }
        // The smaller group goes under the larger, which keeps the ways to a root short.
        let (large, small) = if self.size(a) >= self.size(b) {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[usize::from(small)] = large;
        self.size[usize::from(large)] =
            self.size[usize::from(large)].saturating_add(self.size[usize::from(small)]);
    }
}

/// The groups follow from the tiles, which a board compares by themselves; how the union-find
/// is shaped depends on the order the tiles came in, which does not make two boards differ.
impl PartialEq for Groups {
    fn eq(&self, _: &Groups) -> bool {
        true
    }
}

impl Eq for Groups {}

impl std::fmt::Debug for Groups {
    /// Nothing: the groups follow from the tiles, which the board's own output shows.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn joined_tiles_share_a_root_and_count_together() {
        let mut groups = Groups::new();
        groups.add(at("a1"), []);
        groups.add(at("c1"), []);
        assert_ne!(groups.root(at("a1")), groups.root(at("c1")));
        groups.add(at("b1"), [at("a1"), at("c1")]);
        groups.add(at("b2"), [at("b1")]);
        let root = groups.root(at("a1"));
        for cell in ["b1", "c1", "b2"] {
            assert_eq!(groups.root(at(cell)), root, "{cell}");
        }
        assert_eq!(groups.size(root), 4);
        assert_eq!(groups.size(groups.root(at("d4"))), 0, "an empty cell");
    }
}

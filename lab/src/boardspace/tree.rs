//! Dumbot's tree (`UCTNode`): its nodes, the results kept in them, the nodes dropped
//! (`uncount`, `makeOnlyChild`, `killHopelessChildren_visits`) and the final choice
//! (`commonRobot.getBestWinrateMove`). The search loop is in `search.rs`; the sources are named
//! in `mod.rs`.

use super::search::Search;
use super::{ALPHA, EXPANSION_RATE, HOPELESS_SHARE, NEW_CHILD_UCT, Seat};
use ponte::ai::Step;

pub(super) const ROOT: usize = 0;

/// A step listed at a node, and its node once visited (a `commonMove` and its `uctNode`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    pub(super) step: Step,
    pub(super) node: Option<u32>,
}

/// A visited step (`UCTNode`, with the `commonMove` fields Boardspace keeps on the step).
#[derive(Clone, Debug)]
pub(super) struct Node {
    pub(super) step: Option<Step>,
    /// Who took the step.
    pub(super) seat: Seat,
    pub(super) parent: Option<u32>,
    /// Negative once the node is dropped (`uncount`).
    pub(super) visits: i32,
    pub(super) wins: f64,
    pub(super) uct: f64,
    pub(super) children: Option<Vec<Child>>,
    /// The step ends the game, or is proven to win or lose, with `evaluation` its value.
    pub(super) gameover: bool,
    pub(super) evaluation: f64,
    /// Already made its parent's only child.
    pub(super) only_child: bool,
}

impl Node {
    pub(super) fn new(step: Option<Step>, seat: Seat, parent: Option<u32>) -> Node {
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
pub(super) enum Next {
    /// The node's steps are not listed yet.
    Unlisted,
    /// Every child was dropped (`noAvailableChildren`).
    NoneLeft,
    Child(u32),
}

impl Search<'_> {
    /// Adds a result to a node not dropped and refreshes its siblings (`UCTNode.update`).
    pub(super) fn update(&mut self, node: u32, value: f64) {
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
    pub(super) fn refresh_children(&mut self, parent: u32) {
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
    pub(super) fn winrate(&self, node: u32) -> f64 {
        let n = self.node(node);
        match (n.visits, n.parent) {
            (0, Some(parent)) => self.winrate(parent),
            (0, None) => 0.0,
            (visits, _) => n.wins / f64::from(visits.abs()),
        }
    }

    /// Drops a node and everything below it (`uncount`); returns how many nodes that was.
    pub(super) fn uncount(&mut self, node: u32) -> i64 {
        let dropped = self.nodes_below(node) + 1;
        let n = self.node_mut(node);
        n.visits = -(n.visits.abs().max(1));
        n.children = None;
        dropped
    }

    pub(super) fn nodes_below(&self, node: u32) -> i64 {
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
    pub(super) fn make_only_child(&mut self, node: u32) -> i64 {
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
    pub(super) fn live_children(&self, node: u32) -> i32 {
        self.node(node)
            .children
            .iter()
            .flatten()
            .filter(|c| c.node.is_some_and(|id| self.node(id).visits >= 0))
            .count() as i32
    }

    /// Children with at least one visit (`countActiveChildren`).
    pub(super) fn active_children(&self, node: u32) -> i32 {
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
    pub(super) fn cull_hopeless(&mut self, node: u32, visits_so_far: f64, part_done: f64) -> i64 {
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
    pub(super) fn best_winrate(&mut self, randomisation: u32) -> Option<u32> {
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

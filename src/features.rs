//! The union-find feature tracker (R-TRAIL-1, R-BUSH-1).
//!
//! Every segment of a placed tile is a node; a trail or bush is a set of nodes. Each
//! root keeps the feature's open-edge count, animals, birds and meeples per player,
//! so completion and scoring never walk the board. A circular `next` list per set
//! enumerates a feature's segments in O(size) when a feature is scored or shown.

use crate::animals::{AnimalCounts, SPECIES};
use crate::list::List;
use crate::player::MAX_PLAYERS;
use crate::tiles::{FeatureKind, SEGMENTS_IN_GAME};

/// A node: one per segment of each placed tile, numbered in placement order and,
/// within a tile, in segment order.
pub(crate) type Node = u8;

// Every node number fits a `Node`.
const _: () = assert!(SEGMENTS_IN_GAME <= Node::MAX as usize);

/// What a feature's root knows about the whole feature.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct FeatureData {
    pub kind: FeatureKind,
    /// Edge ends of the feature on a tile side whose neighbouring cell is empty.
    pub open: u8,
    pub animals: AnimalCounts,
    pub birds: u8,
    /// Meeples on the feature per player.
    pub meeples: [u8; MAX_PLAYERS],
    /// Number of segments (union by size).
    pub size: u8,
    /// The feature's first segment in placement order: the smallest node.
    pub first: Node,
}

impl FeatureData {
    pub(crate) fn new(kind: FeatureKind, open: u8, animals: AnimalCounts, birds: u8) -> Self {
        FeatureData {
            kind,
            open,
            animals,
            birds,
            meeples: [0; MAX_PLAYERS],
            size: 1,
            first: 0,
        }
    }

    /// R-TRAIL-2, R-BUSH-1: complete when no end is open.
    pub(crate) fn complete(&self) -> bool {
        self.open == 0
    }

    pub(crate) fn has_meeples(&self) -> bool {
        self.meeples.iter().any(|&m| m > 0)
    }

    /// R-MAJ-1: the players with the most meeples (none when nobody has one).
    pub(crate) fn majority(&self) -> [bool; MAX_PLAYERS] {
        let max = self.meeples.iter().copied().max().unwrap_or(0);
        self.meeples.map(|m| max > 0 && m == max)
    }
}

/// One node of the union-find: its parent, its successor on the circular member
/// list, and (meaningful at a root only) the data of its feature.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Entry {
    parent: Node,
    next: Node,
    data: FeatureData,
    /// The tile index and segment index of this node.
    tile: u8,
    seg: u8,
}

/// Disjoint sets of segments with per-feature data at the roots: room for
/// every segment of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Features {
    nodes: List<Entry, SEGMENTS_IN_GAME>,
}

impl Features {
    /// Makes these features equal to `other`, copying only the segments in use.
    // Used by the spare boards, which need `std`.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn copy_from(&mut self, other: &Features) {
        self.nodes.copy_from(&other.nodes);
    }

    /// No segment yet.
    pub(crate) const fn new() -> Features {
        let blank = Entry {
            parent: 0,
            next: 0,
            data: FeatureData {
                kind: FeatureKind::Trail,
                open: 0,
                animals: AnimalCounts([0; SPECIES]),
                birds: 0,
                meeples: [0; MAX_PLAYERS],
                size: 0,
                first: 0,
            },
            tile: 0,
            seg: 0,
        };
        Features {
            nodes: List::new(blank),
        }
    }

    /// Adds a singleton node for segment `seg` of tile `tile`; returns its id.
    pub(crate) fn push(&mut self, data: FeatureData, tile: usize, seg: usize) -> Node {
        let id = self.nodes.len() as Node;
        self.nodes.push(Entry {
            parent: id,
            next: id,
            data: FeatureData { first: id, ..data },
            tile: tile as u8,
            seg: seg as u8,
        });
        id
    }

    /// The tile index and segment index of node `n`.
    pub(crate) fn owner(&self, n: Node) -> (usize, usize) {
        let e = &self.nodes[n as usize];
        (e.tile as usize, e.seg as usize)
    }

    /// The root of `n`'s set, without changing anything.
    pub(crate) fn find(&self, mut n: Node) -> Node {
        loop {
            let p = self.nodes[n as usize].parent;
            if p == n {
                return n;
            }
            n = p;
        }
    }

    /// The root of `n`'s set, halving the path on the way.
    fn find_mut(&mut self, mut n: Node) -> Node {
        loop {
            let p = self.nodes[n as usize].parent;
            if p == n {
                return n;
            }
            let grand = self.nodes[p as usize].parent;
            self.nodes[n as usize].parent = grand;
            n = grand;
        }
    }

    /// The data of `n`'s feature.
    pub(crate) fn get(&self, n: Node) -> &FeatureData {
        &self.nodes[self.find(n) as usize].data
    }

    /// The data of `n`'s feature, mutably.
    pub(crate) fn get_mut(&mut self, n: Node) -> &mut FeatureData {
        let r = self.find_mut(n);
        &mut self.nodes[r as usize].data
    }

    /// Joins the features of `a` and `b` across one shared edge: both ends at that
    /// edge close, so the open count drops by two (also when `a` and `b` already
    /// are one feature: the trail closes into a loop).
    pub(crate) fn join(&mut self, a: Node, b: Node) {
        let (ra, rb) = (self.find_mut(a), self.find_mut(b));
        if ra == rb {
            self.nodes[ra as usize].data.open -= 2;
            return;
        }
        let (big, small) = if self.nodes[ra as usize].data.size >= self.nodes[rb as usize].data.size {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let (big, small) = (big as usize, small as usize);
        self.nodes[small].parent = big as Node;
        let next_big = self.nodes[big].next;
        self.nodes[big].next = self.nodes[small].next;
        self.nodes[small].next = next_big;
        let s = self.nodes[small].data;
        let d = &mut self.nodes[big].data;
        d.open = d.open + s.open - 2;
        d.animals.add_all(&s.animals);
        d.birds += s.birds;
        d.size += s.size;
        d.first = d.first.min(s.first);
        for p in 0..MAX_PLAYERS {
            d.meeples[p] += s.meeples[p];
        }
    }

    /// Every node of `n`'s feature, `n` first.
    pub(crate) fn members(&self, n: Node) -> impl Iterator<Item = Node> + '_ {
        let mut cur = Some(n);
        core::iter::from_fn(move || {
            let c = cur?;
            let nx = self.nodes[c as usize].next;
            cur = (nx != n).then_some(nx);
            Some(c)
        })
    }

    /// Number of nodes.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trail(open: u8) -> FeatureData {
        FeatureData::new(FeatureKind::Trail, open, AnimalCounts::default(), 0)
    }

    #[test]
    fn r_trail_2_joining_closes_two_ends_and_loops_close() {
        let mut f = Features::new();
        let a = f.push(trail(2), 0, 0);
        let b = f.push(trail(2), 1, 0);
        let c = f.push(trail(2), 2, 0);
        f.join(a, b);
        assert_eq!(f.get(a).open, 2);
        f.join(b, c);
        assert_eq!(f.get(c).open, 2);
        f.join(c, a); // closes the loop
        assert!(f.get(b).complete());
        let mut m: alloc::vec::Vec<Node> = f.members(b).collect();
        m.sort();
        assert_eq!(m, [a, b, c]);
    }
}

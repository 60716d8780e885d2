//! The union-find feature tracker (R-TRAIL-1, R-BUSH-1).
//!
//! Every segment of a placed tile is a node; a trail or bush is a set of nodes. Each
//! root keeps the feature's open-edge count, animals, birds and meeples per player,
//! so completion and scoring never walk the board. A circular `next` list per set
//! enumerates a feature's segments in O(size) when a feature is scored or shown.

use alloc::vec::Vec;

use crate::tiles::{AnimalCounts, FeatureKind};

/// A node: `tile index * MAX_SEGMENTS + segment`.
pub(crate) type Node = u16;

/// What a feature's root knows about the whole feature.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct FeatureData {
    pub kind: FeatureKind,
    /// Edge ends of the feature on a tile side whose neighbouring cell is empty.
    pub open: u8,
    pub animals: AnimalCounts,
    pub birds: u8,
    /// Meeples on the feature per player.
    pub meeples: [u8; 5],
    /// Number of segments (union by size).
    pub size: u8,
}

impl FeatureData {
    pub(crate) fn new(kind: FeatureKind, open: u8, animals: AnimalCounts, birds: u8) -> Self {
        FeatureData {
            kind,
            open,
            animals,
            birds,
            meeples: [0; 5],
            size: 1,
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
    pub(crate) fn majority(&self) -> [bool; 5] {
        let max = self.meeples.iter().copied().max().unwrap_or(0);
        self.meeples.map(|m| max > 0 && m == max)
    }
}

/// Disjoint sets of segments with per-feature data at the roots.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Features {
    parent: Vec<Node>,
    next: Vec<Node>,
    data: Vec<FeatureData>,
}

impl Features {
    /// Adds a singleton node; returns its id (must equal `len()` before the call).
    pub(crate) fn push(&mut self, data: FeatureData) -> Node {
        let id = self.parent.len() as Node;
        self.parent.push(id);
        self.next.push(id);
        self.data.push(data);
        id
    }

    /// The root of `n`'s set, without changing anything.
    pub(crate) fn find(&self, mut n: Node) -> Node {
        while self.parent[n as usize] != n {
            n = self.parent[n as usize];
        }
        n
    }

    /// The root of `n`'s set, halving the path on the way.
    fn find_mut(&mut self, mut n: Node) -> Node {
        while self.parent[n as usize] != n {
            let grand = self.parent[self.parent[n as usize] as usize];
            self.parent[n as usize] = grand;
            n = grand;
        }
        n
    }

    /// The data of `n`'s feature.
    pub(crate) fn get(&self, n: Node) -> &FeatureData {
        &self.data[self.find(n) as usize]
    }

    /// The data of `n`'s feature, mutably.
    pub(crate) fn get_mut(&mut self, n: Node) -> &mut FeatureData {
        let r = self.find_mut(n);
        &mut self.data[r as usize]
    }

    /// Joins the features of `a` and `b` across one shared edge: both ends at that
    /// edge close, so the open count drops by two (also when `a` and `b` already
    /// are one feature: the trail closes into a loop).
    pub(crate) fn join(&mut self, a: Node, b: Node) {
        let (ra, rb) = (self.find_mut(a), self.find_mut(b));
        if ra == rb {
            self.data[ra as usize].open -= 2;
            return;
        }
        let (big, small) = if self.data[ra as usize].size >= self.data[rb as usize].size {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small as usize] = big;
        self.next.swap(big as usize, small as usize);
        let s = self.data[small as usize];
        let d = &mut self.data[big as usize];
        d.open = d.open + s.open - 2;
        d.animals.add(&s.animals);
        d.birds += s.birds;
        d.size += s.size;
        for p in 0..5 {
            d.meeples[p] += s.meeples[p];
        }
    }

    /// Every node of `n`'s feature, `n` first.
    pub(crate) fn members(&self, n: Node) -> impl Iterator<Item = Node> + '_ {
        let mut cur = Some(n);
        core::iter::from_fn(move || {
            let c = cur?;
            let nx = self.next[c as usize];
            cur = (nx != n).then_some(nx);
            Some(c)
        })
    }

    /// Number of nodes.
    pub(crate) fn len(&self) -> usize {
        self.parent.len()
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
        let mut f = Features::default();
        let a = f.push(trail(2));
        let b = f.push(trail(2));
        let c = f.push(trail(2));
        f.join(a, b);
        assert_eq!(f.get(a).open, 2);
        f.join(b, c);
        assert_eq!(f.get(c).open, 2);
        f.join(c, a); // closes the loop
        assert!(f.get(b).complete());
        let mut m: Vec<Node> = f.members(b).collect();
        m.sort();
        assert_eq!(m, [a, b, c]);
    }
}

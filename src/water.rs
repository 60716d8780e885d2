//! Watering holes (R-WATER): tokens in the corner slots round a grid vertex.
//!
//! The four slots of a vertex are numbered round it (see [`Corner::vertex`]), so
//! slots `i` and `i ± 1` belong to edge-sharing cells and *touch*; `i` and `i + 2`
//! are diagonal and do not. A watering hole is a maximal run of touching slots
//! holding tokens.

use crate::animals::{Animal, AnimalCounts};
use crate::animals::{SPECIES, TOKENS_PER_ANIMAL};
use crate::geometry::Pos;
use crate::list::List;
use crate::player::Owner;

/// The tokens and hole meeples at one vertex.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Vertex {
    pub at: Pos,
    pub tokens: [Option<Animal>; 4],
    /// The meeple on each slot's token.
    pub meeples: [Owner; 4],
}

impl Vertex {
    /// Number of tokens at the vertex.
    pub(crate) fn filled(&self) -> usize {
        self.tokens.iter().filter(|t| t.is_some()).count()
    }

    /// Whether slot `slot` touches a slot holding a token.
    pub(crate) fn touches_token(&self, slot: u8) -> bool {
        self.tokens[((slot + 1) & 3) as usize].is_some() || self.tokens[((slot + 3) & 3) as usize].is_some()
    }

    /// The slots of the hole(s) that empty slot `slot` touches: the runs of tokens
    /// reached by walking round the vertex from `slot` in both directions.
    pub(crate) fn touched_slots(&self, slot: u8) -> impl Iterator<Item = u8> + '_ {
        let forward = (1..4u8)
            .map(move |d| (slot + d) & 3)
            .take_while(|&s| self.tokens[s as usize].is_some());
        let backward = (1..4u8)
            .map(move |d| (slot + 4 - d) & 3)
            .take_while(|&s| self.tokens[s as usize].is_some());
        let mut seen = 0u8;
        forward.chain(backward).filter(move |&s| {
            let new = seen & (1 << s) == 0;
            seen |= 1 << s;
            new
        })
    }
}

impl Vertex {
    /// The animals of the hole(s) that empty slot `slot` touches (R-WATER-3).
    pub(crate) fn hole_animals(&self, slot: u8) -> AnimalCounts {
        let mut out = AnimalCounts::default();
        for s in self.touched_slots(slot) {
            if let Some(a) = self.tokens[s as usize] {
                out.add(a);
            }
        }
        out
    }
}

/// Vertices holding a token at most: one per token.
const MAX_VERTICES: usize = SPECIES * TOKENS_PER_ANIMAL as usize;

/// Every vertex that holds a token, in the order of their first token.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Holes {
    pub vertices: List<Vertex, MAX_VERTICES>,
}

impl Holes {
    /// Makes these holes equal to `other`, copying only the vertices in use.
    // Used by the spare boards, which need `std`.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn copy_from(&mut self, other: &Holes) {
        self.vertices.copy_from(&other.vertices);
    }

    /// No token on the board.
    pub(crate) const fn new() -> Holes {
        Holes {
            vertices: List::new(Vertex {
                at: Pos::new(0, 0),
                tokens: [None; 4],
                meeples: [Owner::NOBODY; 4],
            }),
        }
    }

    /// The vertex at `at`, if it holds a token.
    pub(crate) fn get(&self, at: Pos) -> Option<&Vertex> {
        self.vertices.iter().find(|v| v.at == at)
    }

    /// The vertex at `at`, created empty when needed.
    pub(crate) fn entry(&mut self, at: Pos) -> &mut Vertex {
        match self.vertices.iter().position(|v| v.at == at) {
            Some(i) => &mut self.vertices[i],
            None => {
                self.vertices.push(Vertex {
                    at,
                    tokens: [None; 4],
                    meeples: [Owner::NOBODY; 4],
                });
                self.vertices.last_mut().expect("just pushed")
            }
        }
    }

    /// Whether slot `slot` at `at` holds a token.
    pub(crate) fn token(&self, at: Pos, slot: u8) -> Option<Animal> {
        self.get(at).and_then(|v| v.tokens[slot as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn r_water_4_diagonal_slots_do_not_touch() {
        let mut h = Holes::new();
        h.entry(Pos::new(0, 0)).tokens[0] = Some(Animal::Giraffe);
        let v = h.get(Pos::new(0, 0)).unwrap();
        assert!(v.touches_token(1) && v.touches_token(3));
        assert!(!v.touches_token(2), "slot 2 is diagonal to slot 0");
    }

    #[test]
    fn touched_slots_collect_both_diagonal_holes() {
        let mut v = Vertex {
            at: Pos::new(0, 0),
            tokens: [None; 4],
            meeples: [Owner::NOBODY; 4],
        };
        v.tokens[0] = Some(Animal::Giraffe);
        v.tokens[2] = Some(Animal::Giraffe);
        let mut t: Vec<u8> = v.touched_slots(1).collect();
        t.sort();
        assert_eq!(t, [0, 2]);
        v.tokens[1] = Some(Animal::Lion);
        let mut t: Vec<u8> = v.touched_slots(3).collect();
        t.sort();
        assert_eq!(t, [0, 1, 2]);
    }
}

//! The board as public data (`GameState::tiles`, `meeples`, `water_tokens`)
//! and a brute-force flood fill of its features, to compare with the engine's
//! union-find features: which placements fit (R-PLACE-1), the frontier
//! (R-RANGER-1), trails and bush joined across shared edges and their open ends
//! (R-TRAIL-1, R-TRAIL-2, R-BUSH-1), majorities (R-MAJ-1), watering-hole slots
//! and the holes an empty slot touches (R-WATER-1, R-WATER-2, R-WATER-3).

use std::collections::{BTreeMap, BTreeSet};

use carcassonne_safari::view::{MeepleView, WaterToken};
use carcassonne_safari::{
    events::MeepleSpot, tiles::Edge, view::TileView, Animal, Corner, Design, FeatureKind, GameState, Pos,
    Rotation, Side,
};

use crate::geometry::{
    cells_touch, corner_sides, kind_side, opposite, sidx, step, vertex, vertex_slots, SIDES,
};
use crate::hashing::HashMap;
use crate::rules::{aidx, ANIMALS};

/// The tiles on the board, by cell.
pub struct Model {
    pub tiles: HashMap<Pos, TileView>,
}

impl Model {
    pub fn new(state: &GameState) -> Model {
        let mut tiles = HashMap::default();
        for t in state.tiles() {
            assert!(tiles.insert(t.pos, t).is_none(), "two tiles on {}", t.pos);
        }
        Model { tiles }
    }

    pub fn occupied(&self, p: Pos) -> bool {
        self.tiles.contains_key(&p)
    }

    /// R-RANGER-1 / R-PLACE-1: empty cells next to at least one tile.
    pub fn frontier(&self) -> BTreeSet<Pos> {
        let mut out = BTreeSet::new();
        for &p in self.tiles.keys() {
            for s in SIDES {
                let q = step(p, s);
                if !self.occupied(q) {
                    out.insert(q);
                }
            }
        }
        out
    }

    /// What a tile shows on board side `s` (`docs/tiles.md`: edges in printed orientation).
    pub fn edge(t: &TileView, s: Side) -> Edge {
        t.design.kind().edges[sidx(kind_side(s, t.rotation))]
    }

    /// The segment of a tile touching board side `s`.
    fn seg_at(t: &TileView, s: Side) -> Option<usize> {
        let ks = kind_side(s, t.rotation);
        t.design.kind().segments().iter().position(|sd| sd.touches(ks))
    }

    /// R-PLACE-1 for `design` turned by `rot` on the empty cell `p`.
    pub fn fits(&self, p: Pos, design: Design, rot: Rotation) -> bool {
        let me = TileView {
            pos: p,
            design,
            rotation: rot,
        };
        SIDES.into_iter().all(|s| match self.tiles.get(&step(p, s)) {
            None => true,
            Some(n) => Model::edge(&me, s) == Model::edge(n, opposite(s)),
        })
    }

    /// Whether corner `c` of the tile at `p` is a watering-hole slot showing only
    /// savanna (R-WATER-1: not on a start-tile seam, neither edge is bush).
    pub fn savanna_slot(&self, p: Pos, c: Corner) -> bool {
        let Some(t) = self.tiles.get(&p) else {
            return false;
        };
        corner_sides(c).into_iter().all(|s| {
            let seam = t.design.kind().is_start()
                && self
                    .tiles
                    .get(&step(p, s))
                    .is_some_and(|n| n.design.kind().is_start());
            !seam && Model::edge(t, s) != Edge::Bush
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct BfFeature {
    pub kind: FeatureKind,
    pub segs: BTreeSet<(Pos, u8)>,
    pub open: u32,
    pub animals: [u32; 5],
    pub birds: u32,
    pub meeples: [u32; 5],
}

impl BfFeature {
    pub fn species(&self) -> usize {
        self.animals.iter().filter(|&&n| n > 0).count()
    }
    pub fn has(&self, a: Animal) -> bool {
        self.animals[aidx(a)] > 0
    }
    pub fn has_meeples(&self) -> bool {
        self.meeples.iter().any(|&m| m > 0)
    }
    /// R-MAJ-1.
    pub fn majority(&self) -> Vec<usize> {
        let max = *self.meeples.iter().max().unwrap();
        (0..5).filter(|&p| max > 0 && self.meeples[p] == max).collect()
    }
}

pub struct BfFeatures {
    pub list: Vec<BfFeature>,
    pub of: HashMap<(Pos, u8), usize>,
}

/// R-TRAIL-1/2, R-BUSH-1: segments join across shared edges only; an end is open
/// when the neighbouring cell is empty.
pub fn flood(model: &Model, seg_meeples: &HashMap<(Pos, u8), usize>) -> BfFeatures {
    let mut list = Vec::new();
    let mut of = HashMap::default();
    let mut cells: Vec<&Pos> = model.tiles.keys().collect();
    cells.sort();
    for &p in cells {
        let t = &model.tiles[&p];
        for s0 in 0..t.design.kind().segments().len() {
            if of.contains_key(&(p, s0 as u8)) {
                continue;
            }
            let id = list.len();
            let mut f = BfFeature {
                kind: t.design.kind().segments()[s0].kind,
                segs: BTreeSet::new(),
                open: 0,
                animals: [0; 5],
                birds: 0,
                meeples: [0; 5],
            };
            let mut todo = vec![(p, s0)];
            of.insert((p, s0 as u8), id);
            while let Some((q, s)) = todo.pop() {
                let tq = &model.tiles[&q];
                let def = tq.design.kind().segments()[s];
                assert_eq!(def.kind, f.kind, "one feature mixes trail and bush at {q} {s}");
                f.segs.insert((q, s as u8));
                for (i, a) in ANIMALS.iter().enumerate() {
                    f.animals[i] += tq.design.animals(s).get(*a) as u32;
                }
                f.birds += def.birds as u32;
                if let Some(&owner) = seg_meeples.get(&(q, s as u8)) {
                    f.meeples[owner] += 1;
                }
                for side in SIDES {
                    if !def.touches(kind_side(side, tq.rotation)) {
                        continue;
                    }
                    let r = step(q, side);
                    match model.tiles.get(&r) {
                        None => f.open += 1,
                        Some(n) => {
                            let ns = Model::seg_at(n, opposite(side))
                                .unwrap_or_else(|| panic!("edge mismatch between {q} and {r}"));
                            assert_eq!(n.design.kind().segments()[ns].kind, f.kind, "{q} {r}");
                            if let std::collections::hash_map::Entry::Vacant(e) = of.entry((r, ns as u8)) {
                                e.insert(id);
                                todo.push((r, ns));
                            }
                        }
                    }
                }
            }
            list.push(f);
        }
    }
    BfFeatures { list, of }
}

/// Every meeple on the board, by kind of spot.
#[derive(Default, Clone)]
pub struct Meeples {
    pub segs: HashMap<(Pos, u8), usize>,
    pub baobabs: HashMap<Pos, usize>,
    pub holes: HashMap<(Pos, Corner), usize>,
}

impl Meeples {
    pub fn of(state: &GameState) -> Meeples {
        let mut m = Meeples::default();
        for MeepleView { player: p, spot } in state.meeples() {
            let dup = match spot {
                MeepleSpot::Segment { pos, seg } => m.segs.insert((pos, seg), p.index()),
                MeepleSpot::Baobab { pos } => m.baobabs.insert(pos, p.index()),
                MeepleSpot::Hole { pos, corner: c } => m.holes.insert((pos, c), p.index()),
            };
            assert!(dup.is_none(), "two meeples on {spot:?}");
        }
        m
    }
    pub fn count(&self, p: usize) -> i64 {
        let n = self.segs.values().filter(|&&o| o == p).count()
            + self.baobabs.values().filter(|&&o| o == p).count()
            + self.holes.values().filter(|&&o| o == p).count();
        n as i64
    }
}

/// The watering-hole tokens as a map.
pub fn water(state: &GameState) -> BTreeMap<(Pos, Corner), Animal> {
    let mut w = BTreeMap::new();
    for WaterToken {
        pos: p,
        corner: c,
        animal: a,
    } in state.water_tokens()
    {
        assert!(w.insert((p, c), a).is_none(), "two tokens on {p} {c}");
    }
    w
}

/// For an empty open slot: the animals of the hole(s) it touches (R-WATER-3), or
/// `None` when it touches no token (a dig, R-WATER-2).
pub fn touched_hole_animals(
    water: &BTreeMap<(Pos, Corner), Animal>,
    cell: Pos,
    c: Corner,
) -> Option<[bool; 5]> {
    let slots = vertex_slots(vertex(cell, c));
    let tok = |i: usize| water.get(&slots[i]).copied();
    let me = slots.iter().position(|&(p, cc)| p == cell && cc == c).unwrap();
    let mut seen = [false; 4];
    let mut todo: Vec<usize> = (0..4)
        .filter(|&i| i != me && tok(i).is_some() && cells_touch(slots[i].0, cell))
        .collect();
    if todo.is_empty() {
        return None;
    }
    let mut animals = [false; 5];
    while let Some(i) = todo.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        animals[aidx(tok(i).unwrap())] = true;
        for j in 0..4 {
            if j != me && !seen[j] && tok(j).is_some() && cells_touch(slots[i].0, slots[j].0) {
                todo.push(j);
            }
        }
    }
    Some(animals)
}

//! The board: placed tiles, the cell grid, the frontier of empty cells next to
//! tiles with each cell's edge constraint (both kept incrementally), edge matching
//! (R-PLACE-1), watering-hole slots and holes, and the feature tracker.
//!
//! Placement listing is the engine's hottest loop, so the frontier stores, next to
//! each cell, the edges its neighbours show (a *constraint*, see
//! [`fitting_rotations`]), and every kind has its edges precomputed in all four
//! rotations ([`oriented`]): listing the placements of a tile reads one byte per
//! frontier cell and tests all four rotations of sixteen cells at once. The grid
//! records each frontier cell's place in the frontier list, so that finding,
//! updating or removing a frontier cell needs no search; watering-hole slots are
//! bit sets over all tile corners, so listing digs and expands walks set bits.
//!
//! Every table has the capacity the game's bounds give it, so a board is one
//! `Copy` block, which states share until one of them changes it
//! ([`SharedBoard`]).

mod fit;
mod grid;
mod shared;

pub(crate) use fit::{fitting_rotations, oriented, rotation_edges, Oriented, FIT_CHUNK};
use grid::{tile_of, Grid, FRONTIER};
pub(crate) use shared::SharedBoard;

use crate::animals::Animal;
use crate::features::{FeatureData, Features, Node};
use crate::geometry::{Corner, Pos, Rotation, Side, Sides};
use crate::list::List;
use crate::player::{Owner, PlayerId};
use crate::tiles::{Design, LAND_TILES, MAX_SEGMENTS, NO_SEGMENT};
use crate::water::{Holes, Vertex};
use crate::zobrist::{cell, zobrist, Fact};

/// Tiles on a full board: the three parts of the start tile and every land tile.
pub(crate) const MAX_TILES: usize = 3 + LAND_TILES;

/// Cells on the frontier at most: the start tile has 8 empty neighbours, and
/// each land tile adds at most three and takes one.
pub(crate) const MAX_FRONTIER: usize = 8 + 2 * LAND_TILES;

/// A tile on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Placed {
    pub pos: Pos,
    pub design: Design,
    pub rot: Rotation,
    /// The meeple on the baobab.
    pub baobab_meeple: Owner,
    /// The meeple on each segment.
    pub seg_meeple: [Owner; MAX_SEGMENTS],
    /// Sides that are inner seams of the start tile (their corners are not slots).
    pub seams: u8,
    /// Corners (bit = [`Corner`] index) that are watering-hole slots: savanna only
    /// and not on a start-tile seam (R-WATER-1).
    pub slots: u8,
    /// Corners holding a watering-hole token.
    pub tokens: u8,
    /// The feature node of segment 0 (the others follow).
    pub node0: Node,
}

impl Placed {
    /// Fills the unused capacity of the tile list.
    const BLANK: Placed = Placed {
        pos: Pos::new(0, 0),
        design: Design(0),
        rot: Rotation::R0,
        baobab_meeple: Owner::NOBODY,
        seg_meeple: [Owner::NOBODY; MAX_SEGMENTS],
        seams: 0,
        slots: 0,
        tokens: 0,
        node0: 0,
    };

    /// The node of segment `seg` of this tile.
    pub(crate) fn node(&self, seg: usize) -> Node {
        self.node0 + seg as Node
    }

    /// The tile's kind as turned on the board.
    pub(crate) fn oriented(&self) -> &'static Oriented {
        oriented(self.design, self.rot)
    }

    /// Whether board corner `c` of this tile is a watering-hole slot at all
    /// (R-WATER-1: not on a start-tile seam) and shows only savanna.
    pub(crate) fn savanna_slot(&self, c: Corner) -> bool {
        self.slots & (1 << c as u8) != 0
    }
}

/// The two slots that touch corner `c` of a cell (R-WATER-1): the corner `c + 1`
/// of the neighbour across side `c`, and the corner `c + 3` of the neighbour
/// across side `c + 1` (NE touches the N neighbour's SE and the E neighbour's NW).
pub(crate) fn touching(c: Corner) -> [(Side, Corner); 2] {
    let i = c as u8;
    [
        (Side::from_index(i), Corner::from_index(i + 1)),
        (Side::from_index(i + 1), Corner::from_index(i + 3)),
    ]
}

/// Placed tiles, grid, frontier, features and watering holes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Board {
    pub tiles: List<Placed, MAX_TILES>,
    grid: Grid,
    /// Empty cells adjacent to at least one tile, in the order they became so.
    pub frontier: List<Pos, MAX_FRONTIER>,
    /// The constraint of each frontier cell (same order; see
    /// [`fitting_rotations`]).
    constraints: List<u8, MAX_FRONTIER>,
    pub features: Features,
    /// Open watering-hole slots (savanna slots without a token), bit
    /// `4 * tile + corner`: listing dig and expand moves walks the set bits.
    pub open: SlotBits,
    /// Slots that touch a slot holding a token (R-WATER-1), same numbering.
    pub touch: SlotBits,
    /// The tokens and meeples of the watering holes.
    pub holes: Holes,
    /// The position key of the tiles, meeples and tokens (see
    /// `GameState::position_key`).
    pub key: u64,
}

/// The key of the fact `fact` at cell `p` with two more fields.
fn fact_key(fact: Fact, p: Pos, a: u8, b: u8) -> u64 {
    let [x, y] = cell(p);
    zobrist(fact, [x, y, a, b, 0, 0, 0])
}

/// Words of a [`SlotBits`]: four corners for each of at most 75 tiles.
pub(crate) const SLOT_WORDS: usize = (4 * MAX_TILES).div_ceil(64);

/// One bit per tile corner, bit `4 * tile + corner`.
pub(crate) type SlotBits = [u64; SLOT_WORDS];

/// Sets or tests bit `4 * tile + corner`.
fn slot_bit(tile: usize, c: Corner) -> (usize, u64) {
    let i = 4 * tile + c as usize;
    (i / 64, 1 << (i % 64))
}

impl Board {
    /// Makes this board equal to `other`, copying only the parts of its
    /// tables in use (a mid-game board uses about a third of its block).
    // Used by the spare boards, which need `std`.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn copy_from(&mut self, other: &Board) {
        let Board {
            tiles,
            grid,
            frontier,
            constraints,
            features,
            open,
            touch,
            holes,
            key,
        } = other;
        self.tiles.copy_from(tiles);
        self.grid.copy_from(grid);
        self.frontier.copy_from(frontier);
        self.constraints.copy_from(constraints);
        self.features.copy_from(features);
        self.open = *open;
        self.touch = *touch;
        self.holes.copy_from(holes);
        self.key = *key;
    }

    /// The board with the three parts of the start tile (R-SETUP-1).
    pub(crate) fn new() -> Board {
        let mut b = Board {
            tiles: List::new(Placed::BLANK),
            grid: Grid::new(13),
            frontier: List::new(Pos::new(0, 0)),
            constraints: List::new(0),
            features: Features::new(),
            open: [0; SLOT_WORDS],
            touch: [0; SLOT_WORDS],
            holes: Holes::new(),
            key: 0,
        };
        let [w, m, e] = Design::start_parts();
        let east = 1 << Side::E as u8;
        let west = 1 << Side::W as u8;
        b.put(Pos::new(-1, 0), w, Rotation::R0, east);
        b.put(Pos::new(0, 0), m, Rotation::R0, east | west);
        b.put(Pos::new(1, 0), e, Rotation::R0, west);
        b
    }

    /// The index of the tile at `p`.
    #[inline]
    pub(crate) fn index_at(&self, p: Pos) -> Option<usize> {
        tile_of(self.grid.get(p))
    }

    /// The index of `p` in the frontier list.
    #[inline]
    pub(crate) fn frontier_index(&self, p: Pos) -> Option<usize> {
        let v = self.grid.get(p);
        (v >= FRONTIER).then(|| (v - FRONTIER) as usize)
    }

    /// The tile at `p`.
    pub(crate) fn at(&self, p: Pos) -> Option<&Placed> {
        self.index_at(p).map(|i| &self.tiles[i])
    }

    /// Whether `p` holds a tile.
    pub(crate) fn occupied(&self, p: Pos) -> bool {
        self.index_at(p).is_some()
    }

    /// Whether `p` is empty and next to a tile.
    pub(crate) fn is_frontier(&self, p: Pos) -> bool {
        self.grid.get(p) >= FRONTIER
    }

    /// The frontier cells and their constraints (same length).
    pub(crate) fn frontier_with_constraints(&self) -> (&[Pos], &[u8]) {
        (&self.frontier, &self.constraints)
    }

    /// R-PLACE-1 for a cell that is already known to be empty: the first side
    /// whose edge does not match, if any.
    pub(crate) fn mismatch(&self, p: Pos, design: Design, rot: Rotation) -> Option<Side> {
        let req = self.frontier_index(p).map_or(0, |i| self.constraints[i]);
        let edges = oriented(design, rot).edges;
        Side::ALL.into_iter().find(|&s| {
            let want = (req >> (2 * s as u8)) & 3;
            want != 0 && want != (edges >> (2 * s as u8)) & 3
        })
    }

    /// The stored constraint of frontier cell `p`.
    #[cfg(test)]
    pub(crate) fn constraint_of(&self, p: Pos) -> u8 {
        self.constraints[self.frontier_index(p).expect("a frontier cell")]
    }

    /// The constraint of `p` computed from its neighbours.
    #[cfg(test)]
    pub(crate) fn constraint_directly(&self, p: Pos) -> u8 {
        let mut req = 0;
        for s in Side::ALL {
            if let Some(n) = self.at(p.step(s)) {
                req |= fit::edge_code(n.design.kind().edge(s.opposite(), n.rot)) << (2 * s as u8);
            }
        }
        req
    }

    /// Whether `design` fits somewhere (R-PLACE-2).
    pub(crate) fn placeable(&self, design: Design) -> bool {
        let edges = rotation_edges(design);
        self.constraints
            .chunks(FIT_CHUNK)
            .any(|reqs| fitting_rotations(reqs, edges).iter().any(|&fit| fit != 0))
    }

    /// Puts a tile on an empty cell and merges its segments with the neighbours'.
    /// Legality is the caller's business. Returns the tile's index.
    pub(crate) fn put(&mut self, p: Pos, design: Design, rot: Rotation, seams: u8) -> usize {
        let index = self.tiles.len();
        let kind = design.kind();
        let o = oriented(design, rot);
        let node0 = self.features.len() as Node;
        for (i, s) in kind.segments().iter().enumerate() {
            let data = FeatureData::new(s.kind, s.sides.count_ones() as u8, design.animals(i), s.birds);
            self.features.push(data, index, i);
        }
        self.grid.cover(p, self.tiles.iter().map(|t| t.pos));
        // The box holds p's neighbours: index them directly (N, E, S, W).
        let i = self.grid.index(p);
        let w = self.grid.w as usize;
        let near = [i - w, i + 1, i + w, i - 1];
        let neighbours = near.map(|j| tile_of(self.grid.cells[j]));
        // Where p is in the frontier list (the first start part is on none).
        let was = self.grid.cells[i];
        let tile = Placed {
            pos: p,
            design,
            rot,
            baobab_meeple: Owner::NOBODY,
            seg_meeple: [Owner::NOBODY; MAX_SEGMENTS],
            seams,
            // R-WATER-1: a corner next to a bush edge or a seam is no slot.
            slots: !Sides(o.bush | seams).corners().0 & 0xF,
            tokens: 0,
            node0,
        };
        let mut rest = tile.slots;
        while rest != 0 {
            let c = Corner::from_index(rest.trailing_zeros() as u8);
            rest &= rest - 1;
            let (w, bit) = slot_bit(index, c);
            self.open[w] |= bit;
            for (s, nc) in touching(c) {
                if let Some(n) = neighbours[s as usize] {
                    if self.tiles[n].tokens & (1 << nc as u8) != 0 {
                        self.touch[w] |= bit;
                    }
                }
            }
        }
        self.tiles.push(tile);
        self.key ^= fact_key(Fact::Tile, p, design.0, rot as u8);
        self.grid.cells[i] = index as u8 + 1;
        for s in Side::ALL {
            match neighbours[s as usize] {
                Some(ni) => {
                    let seg = o.side_segment[s as usize];
                    if seg != NO_SEGMENT {
                        let n = &self.tiles[ni];
                        let nseg = n.oriented().side_segment[s.opposite() as usize];
                        debug_assert_ne!(nseg, NO_SEGMENT, "edges were checked to match");
                        self.features.join(node0 + seg as Node, n.node(nseg as usize));
                    }
                }
                None => {
                    let code = ((o.edges >> (2 * s as u8)) & 3) << (2 * s.opposite() as u8);
                    let qi = near[s as usize];
                    let v = self.grid.cells[qi];
                    if v >= FRONTIER {
                        self.constraints[(v - FRONTIER) as usize] |= code;
                    } else {
                        let at = self.frontier.len();
                        self.grid.cells[qi] = FRONTIER + at as u8;
                        self.frontier.push(p.step(s));
                        self.constraints.push(code);
                    }
                }
            }
        }
        if was >= FRONTIER {
            // Off the list; the cells after it move up one place.
            let at = (was - FRONTIER) as usize;
            self.frontier.remove(at);
            self.constraints.remove(at);
            for &q in &self.frontier[at..] {
                let qi = self.grid.index(q);
                self.grid.cells[qi] -= 1;
            }
        }
        index
    }

    /// Number of open watering-hole slots.
    pub(crate) fn open_slots(&self) -> usize {
        self.open.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Puts a token on corner `c` of tile `tile` (an open slot): the slot is no
    /// longer open and the slots touching it now touch a token.
    fn put_token(&mut self, tile: usize, c: Corner) {
        let t = &mut self.tiles[tile];
        debug_assert!(t.slots & !t.tokens & (1 << c as u8) != 0, "an open slot");
        t.tokens |= 1 << c as u8;
        let (w, bit) = slot_bit(tile, c);
        self.open[w] &= !bit;
        let pos = t.pos;
        for (s, nc) in touching(c) {
            if let Some(n) = self.index_at(pos.step(s)) {
                let (w, bit) = slot_bit(n, nc);
                self.touch[w] |= bit;
            }
        }
    }

    /// The tiles with a meeple on their baobab among tile `tile` (bit 0) and the
    /// 8 cells round it in [`Pos::ring`] order (bits 1..=8), with their indices.
    pub(crate) fn baobab_meeples_round(&self, tile: usize) -> (u16, [usize; 9]) {
        // The box holds the neighbours of every tile, diagonal ones included.
        let i = self.grid.index(self.tiles[tile].pos);
        let w = self.grid.w as usize;
        let cells = [
            i,
            i - w - 1,
            i - w,
            i - w + 1,
            i - 1,
            i + 1,
            i + w - 1,
            i + w,
            i + w + 1,
        ];
        let mut found = 0;
        let mut tiles = [0; 9];
        for (k, &c) in cells.iter().enumerate() {
            if let Some(t) = tile_of(self.grid.cells[c]) {
                tiles[k] = t;
                found |= (self.tiles[t].baobab_meeple.is_some() as u16) << k;
            }
        }
        (found, tiles)
    }

    /// Whether all 8 cells around `p` hold tiles (R-BAOBAB-2).
    pub(crate) fn surrounded(&self, p: Pos) -> bool {
        p.ring().into_iter().all(|q| self.occupied(q))
    }

    /// Puts `player`'s meeple on segment `seg` of tile `tile`, or on its baobab
    /// when `seg` is `None`.
    pub(crate) fn put_meeple(&mut self, tile: usize, seg: Option<u8>, player: PlayerId) {
        let t = &mut self.tiles[tile];
        match seg {
            Some(s) => {
                self.key ^= fact_key(Fact::SegmentMeeple, t.pos, s, player.0);
                t.seg_meeple[s as usize] = Owner::of(player);
                let node = t.node(s as usize);
                self.features.get_mut(node).meeples[player.index()] += 1;
            }
            None => {
                self.key ^= fact_key(Fact::BaobabMeeple, t.pos, player.0, 0);
                t.baobab_meeple = Owner::of(player);
            }
        }
    }

    /// Takes the meeple off the baobab of tile `tile`; its owner.
    pub(crate) fn take_baobab_meeple(&mut self, tile: usize) -> Option<PlayerId> {
        let t = &mut self.tiles[tile];
        let owner = core::mem::replace(&mut t.baobab_meeple, Owner::NOBODY).player()?;
        self.key ^= fact_key(Fact::BaobabMeeple, t.pos, owner.0, 0);
        Some(owner)
    }

    /// Takes every meeple off the feature of `node`, calling `returned` with
    /// each owner and spot (tile cell, segment) in the order of the feature's
    /// members.
    pub(crate) fn take_feature_meeples(&mut self, node: Node, mut returned: impl FnMut(PlayerId, Pos, u8)) {
        for m in self.features.members(node) {
            let (t, s) = self.features.owner(m);
            let tile = &mut self.tiles[t];
            if let Some(player) = core::mem::replace(&mut tile.seg_meeple[s], Owner::NOBODY).player() {
                self.key ^= fact_key(Fact::SegmentMeeple, tile.pos, s as u8, player.0);
                returned(player, tile.pos, s as u8);
            }
        }
        self.features.get_mut(node).meeples = [0; crate::player::MAX_PLAYERS];
    }

    /// Puts `animal` on open slot `c` of tile `tile`, with `meeple` on it (a
    /// dig) or none (an expansion); returns the vertex after.
    pub(crate) fn put_water_token(
        &mut self,
        tile: usize,
        c: Corner,
        animal: Animal,
        meeple: Owner,
    ) -> Vertex {
        self.put_token(tile, c);
        let pos = self.tiles[tile].pos;
        self.key ^= fact_key(Fact::HoleToken, pos, c as u8, animal as u8);
        if let Some(p) = meeple.player() {
            self.key ^= fact_key(Fact::HoleMeeple, pos, c as u8, p.0);
        }
        let (v, slot) = c.vertex(pos);
        let vertex = self.holes.entry(v);
        vertex.tokens[slot as usize] = Some(animal);
        vertex.meeples[slot as usize] = meeple;
        *vertex
    }

    /// Takes the meeples off the (complete) watering hole at vertex `v`.
    pub(crate) fn clear_hole_meeples(&mut self, v: Pos) {
        let vertex = self.holes.entry(v);
        for (slot, owner) in vertex.meeples.iter().enumerate() {
            if let Some(p) = owner.player() {
                let (cell, corner) = Corner::of_slot(v, slot as u8);
                self.key ^= fact_key(Fact::HoleMeeple, cell, corner as u8, p.0);
            }
        }
        vertex.meeples = [Owner::NOBODY; 4];
    }

    /// The key of the tiles, meeples and tokens, from scratch.
    #[cfg(test)]
    pub(crate) fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for t in self.tiles.iter() {
            key ^= fact_key(Fact::Tile, t.pos, t.design.0, t.rot as u8);
            if let Some(p) = t.baobab_meeple.player() {
                key ^= fact_key(Fact::BaobabMeeple, t.pos, p.0, 0);
            }
            for (s, owner) in t.seg_meeple.iter().enumerate() {
                if let Some(p) = owner.player() {
                    key ^= fact_key(Fact::SegmentMeeple, t.pos, s as u8, p.0);
                }
            }
        }
        for v in self.holes.vertices.iter() {
            for slot in 0..4u8 {
                let (cell, corner) = Corner::of_slot(v.at, slot);
                if let Some(a) = v.tokens[slot as usize] {
                    key ^= fact_key(Fact::HoleToken, cell, corner as u8, a as u8);
                }
                if let Some(p) = v.meeples[slot as usize].player() {
                    key ^= fact_key(Fact::HoleMeeple, cell, corner as u8, p.0);
                }
            }
        }
        key
    }
}

//! The board: placed tiles, the cell grid, the frontier of empty cells next to
//! tiles with each cell's edge constraint (both kept incrementally), edge matching
//! (R-PLACE-1), watering-hole slot masks and the feature tracker.
//!
//! Placement listing is the engine's hottest loop, so the frontier stores, next to
//! each cell, the edges its neighbours show (a *constraint*, see
//! [`fitting_rotations`]), and every kind has its edges precomputed in all four
//! rotations ([`oriented`]): listing the placements of a tile reads one byte per
//! frontier cell and tests all four rotations of sixteen cells at once. The grid
//! records each frontier cell's place in the frontier list, so that finding,
//! updating or removing a frontier cell needs no search; watering-hole slots are
//! bit sets over all tile corners, so listing digs and expands walks set bits.

use alloc::vec;
use alloc::vec::Vec;

use smallvec::SmallVec;

use crate::features::{FeatureData, Features, Node};
use crate::geometry::{Corner, Pos, Rotation, Side};
use crate::tiles::{Design, Edge, KINDS, KIND_COUNT, MAX_SEGMENTS, NO_SEGMENT};

/// A tile on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Placed {
    pub pos: Pos,
    pub design: Design,
    pub rot: Rotation,
    /// Owner + 1 of the meeple on the baobab, 0 for none.
    pub baobab_meeple: u8,
    /// Owner + 1 of the meeple on each segment, 0 for none.
    pub seg_meeple: [u8; MAX_SEGMENTS],
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

/// A tile kind turned by a rotation: what placement needs, looked up once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Oriented {
    /// The edge on each board side, side `s` in bits `2s..2s+2` (codes of
    /// [`edge_code`]).
    pub edges: u8,
    /// Board sides showing bush (bit = side).
    pub bush: u8,
    /// The segment on each board side, `NO_SEGMENT` for savanna.
    pub side_segment: [u8; 4],
}

/// The 2-bit code of an edge in a constraint (0 stands for "no tile there").
const fn edge_code(e: Edge) -> u8 {
    match e {
        Edge::Savanna => 1,
        Edge::Trail => 2,
        Edge::Bush => 3,
    }
}

const fn build_oriented() -> [[Oriented; 4]; KIND_COUNT] {
    let blank = Oriented {
        edges: 0,
        bush: 0,
        side_segment: [NO_SEGMENT; 4],
    };
    let mut out = [[blank; 4]; KIND_COUNT];
    let mut k = 0;
    while k < KIND_COUNT {
        let mut r = 0;
        while r < 4 {
            let rot = Rotation::ALL[r];
            let mut s = 0;
            while s < 4 {
                let side = Side::ALL[s];
                let e = KINDS[k].edge(side, rot);
                out[k][r].edges |= edge_code(e) << (2 * s);
                if matches!(e, Edge::Bush) {
                    out[k][r].bush |= 1 << s;
                }
                out[k][r].side_segment[s] = KINDS[k].segment_at(side, rot);
                s += 1;
            }
            r += 1;
        }
        k += 1;
    }
    out
}

/// Every kind in every rotation.
static ORIENTED: [[Oriented; 4]; KIND_COUNT] = build_oriented();

/// `design`'s kind turned by `rot`.
#[inline]
pub(crate) fn oriented(design: Design, rot: Rotation) -> &'static Oriented {
    &ORIENTED[design.def().kind as usize][rot as usize]
}

/// The edge codes of `design` in each rotation, rotation `r` in byte `r`.
pub(crate) fn rotation_edges(design: Design) -> u32 {
    let o = &ORIENTED[design.def().kind as usize];
    u32::from_le_bytes([o[0].edges, o[1].edges, o[2].edges, o[3].edges])
}

/// Constraints handled per call of [`fitting_rotations`].
pub(crate) const FIT_CHUNK: usize = 16;

/// For each of up to [`FIT_CHUNK`] cells with constraints `reqs`, the rotations
/// (bit `r` for rotation `r`) in which a tile with edge codes `edges` (from
/// [`rotation_edges`]) fits the cell; 0 past `reqs.len()`.
///
/// A constraint holds, for each side `s` in bits `2s..2s+2`, the code of the
/// edge the neighbour across `s` shows, 0 without a neighbour. R-PLACE-1: every
/// side that faces a tile shows the same edge as that tile. The loop works byte
/// by byte without branches, so the compiler turns it into vector code: whether
/// a cell takes a tile is hard to predict, and this is the engine's hottest loop.
#[inline]
pub(crate) fn fitting_rotations(reqs: &[u8], edges: u32) -> [u8; FIT_CHUNK] {
    let [e0, e1, e2, e3] = edges.to_le_bytes();
    let mut fits = [0u8; FIT_CHUNK];
    for (fit, &req) in fits.iter_mut().zip(reqs) {
        // The sides with a neighbour: both bits of each non-zero field.
        let lo = (req | req >> 1) & 0x55;
        let mask = lo | lo << 1;
        *fit = (e0 & mask == req) as u8
            | ((e1 & mask == req) as u8) << 1
            | ((e2 & mask == req) as u8) << 2
            | ((e3 & mask == req) as u8) << 3;
    }
    fits
}

/// The corners (bit = corner) next to a side in `sides` (bit = side): corner `c`
/// lies between sides `c` and `c + 1`.
const fn corners_of(sides: u8) -> u8 {
    (sides | sides >> 1 | sides << 3) & 0xF
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

/// Grid value of the first frontier cell: the frontier cell at index `i` holds
/// `FRONTIER + i`. Tiles are `index + 1` (at most 75 of them) and an empty cell off
/// the frontier is 0. At most 8 + 2 * 72 = 152 cells are ever on the frontier
/// (the start tile has 8 empty neighbours, and each land tile adds at most three
/// and takes one), so every value fits a byte.
const FRONTIER: u8 = 80;

/// The most frontier cells the grid encoding allows (`FRONTIER + i` fits a byte).
const MAX_FRONTIER: usize = (u8::MAX - FRONTIER) as usize + 1;

/// The cells of the bounding box of the tiles and their neighbours: 0 empty,
/// tile index + 1, or [`FRONTIER`] + the cell's index in the frontier list.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Grid {
    x0: i16,
    y0: i16,
    w: i16,
    h: i16,
    cells: Vec<u8>,
}

/// The tile index a grid value stands for.
#[inline]
fn tile_of(v: u8) -> Option<usize> {
    (v != 0 && v < FRONTIER).then(|| v as usize - 1)
}

impl Grid {
    #[inline]
    fn get(&self, p: Pos) -> u8 {
        let (dx, dy) = (p.x as i16 - self.x0, p.y as i16 - self.y0);
        if dx < 0 || dy < 0 || dx >= self.w || dy >= self.h {
            0
        } else {
            self.cells[(dy * self.w + dx) as usize]
        }
    }

    /// Index of `p`, which must lie inside the box.
    #[inline]
    fn index(&self, p: Pos) -> usize {
        ((p.y as i16 - self.y0) * self.w + (p.x as i16 - self.x0)) as usize
    }

    /// Grows the box so that it holds `p` and its four neighbours.
    fn cover(&mut self, p: Pos) {
        let (x, y) = (p.x as i16, p.y as i16);
        if x > self.x0 && y > self.y0 && x + 1 < self.x0 + self.w && y + 1 < self.y0 + self.h {
            return;
        }
        const SLACK: i16 = 4;
        let nx0 = self.x0.min(x - SLACK);
        let ny0 = self.y0.min(y - SLACK);
        let nx1 = (self.x0 + self.w).max(x + SLACK + 1);
        let ny1 = (self.y0 + self.h).max(y + SLACK + 1);
        let (nw, nh) = (nx1 - nx0, ny1 - ny0);
        let mut cells = vec![0u8; (nw * nh) as usize];
        for row in 0..self.h {
            let src = (row * self.w) as usize;
            let dst = ((row + self.y0 - ny0) * nw + (self.x0 - nx0)) as usize;
            cells[dst..dst + self.w as usize].copy_from_slice(&self.cells[src..src + self.w as usize]);
        }
        *self = Grid {
            x0: nx0,
            y0: ny0,
            w: nw,
            h: nh,
            cells,
        };
    }
}

/// Frontier cells kept inside the state before spilling to the heap (random games
/// rarely have more).
const FRONTIER_INLINE: usize = 64;

/// Placed tiles, grid, frontier and features.
#[derive(PartialEq, Eq, Hash, Debug)]
pub(crate) struct Board {
    pub tiles: Vec<Placed>,
    grid: Grid,
    /// Empty cells adjacent to at least one tile, in the order they became so.
    pub frontier: SmallVec<[Pos; FRONTIER_INLINE]>,
    /// The constraint of each frontier cell (same order; see
    /// [`fitting_rotations`]).
    constraints: SmallVec<[u8; FRONTIER_INLINE]>,
    pub features: Features,
    /// Open watering-hole slots (savanna slots without a token), bit
    /// `4 * tile + corner`: listing dig and expand moves walks the set bits.
    pub open: SlotBits,
    /// Slots that touch a slot holding a token (R-WATER-1), same numbering.
    pub touch: SlotBits,
}

/// Words of a [`SlotBits`]: four corners for each of at most 75 tiles.
pub(crate) const SLOT_WORDS: usize = (4 * (3 + crate::tiles::LAND_TILES)).div_ceil(64);

/// One bit per tile corner, bit `4 * tile + corner`.
pub(crate) type SlotBits = [u64; SLOT_WORDS];

/// Sets or tests bit `4 * tile + corner`.
fn slot_bit(tile: usize, c: Corner) -> (usize, u64) {
    let i = 4 * tile + c as usize;
    (i / 64, 1 << (i % 64))
}

impl Clone for Board {
    /// Keeps room for one more tile, so that placing a tile on the clone (the
    /// usual next step of a search) does not reallocate; copies the inline
    /// parts with one `memcpy` each.
    fn clone(&self) -> Board {
        let mut tiles = Vec::with_capacity(self.tiles.len() + 1);
        tiles.extend_from_slice(&self.tiles);
        Board {
            tiles,
            grid: self.grid.clone(),
            frontier: SmallVec::from_slice(&self.frontier),
            constraints: SmallVec::from_slice(&self.constraints),
            features: self.features.clone(),
            open: self.open,
            touch: self.touch,
        }
    }
}

impl Board {
    /// The board with the three parts of the start tile (R-SETUP-1).
    pub(crate) fn new() -> Board {
        let mut b = Board {
            tiles: Vec::with_capacity(3 + crate::tiles::LAND_TILES),
            grid: Grid {
                x0: -6,
                y0: -6,
                w: 13,
                h: 13,
                cells: vec![0; 169],
            },
            frontier: SmallVec::new(),
            constraints: SmallVec::new(),
            features: Features::default(),
            open: [0; SLOT_WORDS],
            touch: [0; SLOT_WORDS],
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
                req |= edge_code(n.design.kind().edge(s.opposite(), n.rot)) << (2 * s as u8);
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
        self.grid.cover(p);
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
            baobab_meeple: 0,
            seg_meeple: [0; MAX_SEGMENTS],
            seams,
            // R-WATER-1: a corner next to a bush edge or a seam is no slot.
            slots: !corners_of(o.bush | seams) & 0xF,
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
                        assert!(at < MAX_FRONTIER, "at most 152 frontier cells");
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
    pub(crate) fn put_token(&mut self, tile: usize, c: Corner) {
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
                found |= ((self.tiles[t].baobab_meeple != 0) as u16) << k;
            }
        }
        (found, tiles)
    }

    /// Whether all 8 cells around `p` hold tiles (R-BAOBAB-2).
    pub(crate) fn surrounded(&self, p: Pos) -> bool {
        p.ring().into_iter().all(|q| self.occupied(q))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_rotations_agrees_with_edge_by_edge_matching() {
        for design in Design::all() {
            let edges = rotation_edges(design);
            for req in 0..=255u8 {
                let mut want = 0u8;
                for r in Rotation::ALL {
                    let e = oriented(design, r).edges;
                    let ok = Side::ALL.into_iter().all(|s| {
                        let f = (req >> (2 * s as u8)) & 3;
                        f == 0 || f == (e >> (2 * s as u8)) & 3
                    });
                    want |= (ok as u8) << r as u8;
                }
                let fits = fitting_rotations(&[req, 0], edges);
                assert_eq!(fits[0], want, "{design} {req:#x}");
                assert_eq!(fits[1], 15, "no constraint: every rotation fits");
                assert_eq!(fits[2..], [0; FIT_CHUNK - 2], "past the constraints");
            }
        }
    }

    #[test]
    fn oriented_table_matches_the_kinds() {
        for design in Design::all() {
            let kind = design.kind();
            for r in Rotation::ALL {
                let o = oriented(design, r);
                for s in Side::ALL {
                    assert_eq!(o.side_segment[s as usize], kind.segment_at(s, r));
                    assert_eq!((o.edges >> (2 * s as u8)) & 3, edge_code(kind.edge(s, r)));
                }
                for c in Corner::ALL {
                    let slot = !corners_of(o.bush) & (1 << c as u8) != 0;
                    assert_eq!(slot, kind.savanna_corner(c, r), "{design} {r:?} {c:?}");
                }
            }
        }
    }
}

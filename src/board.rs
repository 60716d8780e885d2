//! The board: placed tiles, the cell grid, the frontier of empty cells next to
//! tiles (kept incrementally), edge matching (R-PLACE-1) and the feature tracker.

use alloc::vec;
use alloc::vec::Vec;

use crate::features::{FeatureData, Features, Node};
use crate::geometry::{Corner, Pos, Rotation, Side};
use crate::tiles::{Design, Edge, MAX_SEGMENTS, NO_SEGMENT};

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
}

impl Placed {
    /// The node of segment `seg` of the tile with index `index`.
    pub(crate) fn node(index: usize, seg: usize) -> Node {
        (index * MAX_SEGMENTS + seg) as Node
    }

    /// Whether board corner `c` of this tile is a watering-hole slot at all
    /// (R-WATER-1: not on a start-tile seam) and shows only savanna.
    pub(crate) fn savanna_slot(&self, c: Corner) -> bool {
        let [a, b] = c.sides();
        self.seams & (1 << a as u8 | 1 << b as u8) == 0 && self.design.kind().savanna_corner(c, self.rot)
    }
}

/// Cells of the bounding box of the tiles, each 0 (empty) or tile index + 1.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Grid {
    x0: i16,
    y0: i16,
    w: i16,
    h: i16,
    cells: Vec<u8>,
}

impl Grid {
    fn get(&self, p: Pos) -> u8 {
        let (dx, dy) = (p.x as i16 - self.x0, p.y as i16 - self.y0);
        if dx < 0 || dy < 0 || dx >= self.w || dy >= self.h {
            0
        } else {
            self.cells[(dy * self.w + dx) as usize]
        }
    }

    fn set(&mut self, p: Pos, v: u8) {
        let (x, y) = (p.x as i16, p.y as i16);
        if x < self.x0 || y < self.y0 || x >= self.x0 + self.w || y >= self.y0 + self.h {
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
        let i = ((y - self.y0) * self.w + (x - self.x0)) as usize;
        self.cells[i] = v;
    }
}

/// Placed tiles, grid, frontier and features.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Board {
    pub tiles: Vec<Placed>,
    grid: Grid,
    /// Empty cells adjacent to at least one tile, in the order they became so.
    pub frontier: Vec<Pos>,
    pub features: Features,
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
            frontier: Vec::with_capacity(32),
            features: Features::default(),
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
    pub(crate) fn index_at(&self, p: Pos) -> Option<usize> {
        match self.grid.get(p) {
            0 => None,
            v => Some(v as usize - 1),
        }
    }

    /// The tile at `p`.
    pub(crate) fn at(&self, p: Pos) -> Option<&Placed> {
        self.index_at(p).map(|i| &self.tiles[i])
    }

    /// Whether `p` holds a tile.
    pub(crate) fn occupied(&self, p: Pos) -> bool {
        self.grid.get(p) != 0
    }

    /// Whether `p` is empty and next to a tile.
    pub(crate) fn is_frontier(&self, p: Pos) -> bool {
        !self.occupied(p) && p.neighbours().into_iter().any(|q| self.occupied(q))
    }

    /// R-PLACE-1 for a cell that is already known to be on the frontier: the first
    /// side whose edge does not match, if any.
    pub(crate) fn mismatch(&self, p: Pos, design: Design, rot: Rotation) -> Option<Side> {
        let kind = design.kind();
        Side::ALL.into_iter().find(|&s| match self.at(p.step(s)) {
            None => false,
            Some(n) => n.design.kind().edge(s.opposite(), n.rot) != kind.edge(s, rot),
        })
    }

    /// Whether `design` fits somewhere (R-PLACE-2).
    pub(crate) fn placeable(&self, design: Design) -> bool {
        self.frontier.iter().any(|&p| {
            Rotation::ALL
                .into_iter()
                .any(|r| self.mismatch(p, design, r).is_none())
        })
    }

    /// Puts a tile on an empty cell and merges its segments with the neighbours'.
    /// Legality is the caller's business. Returns the tile's index.
    pub(crate) fn put(&mut self, p: Pos, design: Design, rot: Rotation, seams: u8) -> usize {
        let index = self.tiles.len();
        let kind = design.kind();
        for slot in 0..MAX_SEGMENTS {
            let data = match kind.segments().get(slot) {
                Some(s) => {
                    FeatureData::new(s.kind, s.sides.count_ones() as u8, design.animals(slot), s.birds)
                }
                // Unused node: keeps node ids a plain multiple of the tile index.
                None => FeatureData::new(crate::tiles::FeatureKind::Trail, 0, Default::default(), 0),
            };
            self.features.push(data);
        }
        self.tiles.push(Placed {
            pos: p,
            design,
            rot,
            baobab_meeple: 0,
            seg_meeple: [0; MAX_SEGMENTS],
            seams,
        });
        self.grid.set(p, index as u8 + 1);
        for s in Side::ALL {
            let seg = kind.segment_at(s, rot);
            let q = p.step(s);
            match self.index_at(q) {
                Some(ni) => {
                    if seg != NO_SEGMENT && kind.edge(s, rot) != Edge::Savanna {
                        let n = &self.tiles[ni];
                        let nseg = n.design.kind().segment_at(s.opposite(), n.rot);
                        debug_assert_ne!(nseg, NO_SEGMENT, "edges were checked to match");
                        self.features
                            .join(Placed::node(index, seg as usize), Placed::node(ni, nseg as usize));
                    }
                }
                None => {
                    if !self.frontier.contains(&q) {
                        self.frontier.push(q);
                    }
                }
            }
        }
        if let Some(i) = self.frontier.iter().position(|&q| q == p) {
            self.frontier.remove(i);
        }
        index
    }

    /// Whether all 8 cells around `p` hold tiles (R-BAOBAB-2).
    pub(crate) fn surrounded(&self, p: Pos) -> bool {
        p.ring().into_iter().all(|q| self.occupied(q))
    }
}

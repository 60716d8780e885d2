//! What the tiles left can do at an empty cell: which designs fit it (the
//! engine's [`GameState::fitting_tiles`], R-PLACE-1), which of them would
//! close a trail or bush that runs into it, and which show savanna at one of
//! its corners; and the chance that a cell is filled or an end closed.

use alloc::vec::Vec;

use carcassonne_safari::tiles::{Edge, DESIGN_COUNT};
use carcassonne_safari::{Corner, Design, GameState, Pos, Rotation, Side};

/// Tile geometry the evaluation reads often, from the tile table: for each
/// design, rotation and board side, the board sides of the segment that
/// touches that side (0 for savanna).
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    segment_sides: Vec<[[u8; 4]; 4]>,
}

impl Geometry {
    pub(crate) fn new() -> Geometry {
        let mut segment_sides = alloc::vec![[[0u8; 4]; 4]; DESIGN_COUNT];
        for design in Design::all() {
            let kind = design.kind();
            for rot in Rotation::ALL {
                for seg in kind.segments() {
                    let board: u8 = Side::ALL
                        .into_iter()
                        .filter(|&s| seg.touches(s))
                        .map(|s| 1u8 << s.rotated(rot).index())
                        .fold(0, |a, b| a | b);
                    for side in Side::ALL {
                        if board & (1 << side.index()) != 0 {
                            segment_sides[design.index()][rot as usize][side.index()] = board;
                        }
                    }
                }
            }
        }
        Geometry { segment_sides }
    }

    /// The board sides of the segment of `design` turned by `rot` that
    /// touches board side `side` (0 when that edge is savanna).
    pub(crate) fn segment_sides(&self, design: Design, rot: Rotation, side: Side) -> u8 {
        self.segment_sides[design.index()][rot as usize][side.index()]
    }
}

/// The designs that fit each shape of cell, asked of the engine once and
/// kept from one evaluation to the next.
///
/// What fits an empty cell depends only on its *shape*, the edges its
/// neighbours show. The engine lists the fitting tiles of the pile
/// ([`GameState::fitting_tiles`]); the designs of a later pile are a subset
/// of an earlier one's within a game, so a shape's list stays valid for every
/// pile whose designs it covers, and is asked again only when a pile holds a
/// design the list was made without (a new game, or another branch of a
/// search).
#[derive(Clone, Debug)]
pub(crate) struct CellCache {
    /// Per shape (index = shape): the designs present when its list was
    /// made (bit = design index), and the list: each fitting design with its
    /// rotations (bit = rotation).
    shapes: Vec<(u128, Vec<(Design, u8)>)>,
    /// Copies left of each design (index = design index).
    pile: Vec<u8>,
    /// The designs with copies left (bit = design index).
    present: u128,
}

// A design set fits in a u128.
const _: () = assert!(DESIGN_COUNT <= 128);

impl Default for CellCache {
    fn default() -> Self {
        CellCache {
            shapes: alloc::vec![(0, Vec::new()); 256],
            pile: alloc::vec![0; DESIGN_COUNT],
            present: 0,
        }
    }
}

/// The edges the neighbours of `cell` show towards it, 2 bits per side
/// (0: no tile, 1 savanna, 2 trail, 3 bush); 0 for a cell next to no tile.
pub(crate) fn shape(state: &GameState, cell: Pos) -> u8 {
    let mut out = 0;
    for side in Side::ALL {
        if let Some(t) = state.tile_at(cell.step(side)) {
            let code = match t.edge(side.opposite()) {
                Edge::Savanna => 1,
                Edge::Trail => 2,
                Edge::Bush => 3,
            };
            out |= code << (2 * side.index());
        }
    }
    out
}

impl CellCache {
    /// Reads the pile of `state` (the cells' lists are kept).
    pub(crate) fn reset(&mut self, state: &GameState) {
        self.pile.fill(0);
        self.present = 0;
        for (d, n) in state.pile() {
            self.pile[d.index()] = n;
            self.present |= 1 << d.index();
        }
    }

    /// The fitting designs of empty cell `cell` with their rotations, and
    /// the sides of the cell that face a tile.
    fn entry(&mut self, state: &GameState, cell: Pos) -> (&[(Design, u8)], u8) {
        let key = shape(state, cell);
        let occupied = (0..4)
            .filter(|s| key >> (2 * s) & 3 != 0)
            .fold(0u8, |a, s| a | 1 << s);
        let present = self.present;
        let (made_with, fits) = &mut self.shapes[key as usize];
        if present & !*made_with != 0 {
            // The list misses a design of this pile: ask again.
            fits.clear();
            for (design, rot) in state.fitting_tiles(cell) {
                match fits.last_mut() {
                    Some((d, mask)) if *d == design => *mask |= 1 << rot as u8,
                    _ => fits.push((design, 1 << rot as u8)),
                }
            }
            *made_with = present;
        }
        (fits, occupied)
    }

    /// Copies left of the designs that fit `cell` in a rotation for which
    /// `good(design, rotation, occupied sides)` holds (each design counted
    /// once, whatever its rotations).
    pub(crate) fn count(
        &mut self,
        state: &GameState,
        cell: Pos,
        mut good: impl FnMut(Design, Rotation, u8) -> bool,
    ) -> u32 {
        let pile = core::mem::take(&mut self.pile);
        let (fits, occupied) = self.entry(state, cell);
        let mut total = 0;
        for &(design, mask) in fits {
            let copies = pile[design.index()];
            if copies == 0 {
                continue;
            }
            let fits_well = Rotation::ALL
                .into_iter()
                .any(|rot| mask & (1 << rot as u8) != 0 && good(design, rot, occupied));
            if fits_well {
                total += copies as u32;
            }
        }
        self.pile = pile;
        total
    }

    /// Copies left of the designs that fit at least one of `cells` (each
    /// design counted once).
    pub(crate) fn fitting_any(&mut self, state: &GameState, cells: &[Pos]) -> u32 {
        let mut designs = 0u128;
        for &cell in cells {
            let (fits, _) = self.entry(state, cell);
            for &(design, _) in fits {
                designs |= 1 << design.index();
            }
        }
        self.pile
            .iter()
            .enumerate()
            .filter(|&(d, _)| designs & (1 << d) != 0)
            .map(|(_, &n)| n as u32)
            .sum()
    }

    /// Copies left of the designs that fit `cell` at all.
    pub(crate) fn fitting(&mut self, state: &GameState, cell: Pos) -> u32 {
        self.count(state, cell, |_, _, _| true)
    }

    /// Copies left of the designs that fit `cell` and close the feature that
    /// runs into it across the sides `entering` (bits by side index): the
    /// tile's segments on those sides touch no side that faces an empty
    /// cell, so the feature gets no new open end there.
    pub(crate) fn closing(&mut self, state: &GameState, geometry: &Geometry, cell: Pos, entering: u8) -> u32 {
        self.count(state, cell, |design, rot, occupied| {
            Side::ALL
                .into_iter()
                .filter(|s| entering & (1 << s.index()) != 0)
                .all(|s| geometry.segment_sides(design, rot, s) & !occupied == 0)
        })
    }

    /// Copies left of the designs that fit `cell` with savanna at its corner
    /// `corner` (a watering-hole slot there, R-WATER-1).
    pub(crate) fn savanna_at(&mut self, state: &GameState, cell: Pos, corner: Corner) -> u32 {
        self.count(state, cell, |design, rot, _| {
            design.kind().savanna_corner(corner, rot)
        })
    }
}

/// The chance that at least one of `copies` tiles, each taken for the purpose
/// with probability `q`, is: `1 - (1 - q)^copies`.
pub(crate) fn any_of(copies: u32, q: f32) -> f32 {
    if copies == 0 {
        return 0.0;
    }
    1.0 - libm::powf(1.0 - q, copies as f32)
}

/// [`any_of`] for one `q` and every number of copies a pile can hold, looked
/// up.
#[derive(Clone, Debug)]
pub(crate) struct AnyOf {
    q: f32,
    table: [f32; carcassonne_safari::rules::LAND_TILES + 1],
}

impl AnyOf {
    pub(crate) fn new(q: f32) -> AnyOf {
        let mut table = [0.0; carcassonne_safari::rules::LAND_TILES + 1];
        for (n, t) in table.iter_mut().enumerate() {
            *t = any_of(n as u32, q);
        }
        AnyOf { q, table }
    }

    /// The `q` of the table.
    pub(crate) fn q(&self) -> f32 {
        self.q
    }

    /// [`any_of`]`(copies, q)`.
    pub(crate) fn get(&self, copies: u32) -> f32 {
        self.table.get(copies as usize).copied().unwrap_or(1.0)
    }
}

/// The four slots round the grid vertex at corner `corner` of `cell`: each
/// cell with its corner at that vertex (R-GEO-3), `cell`'s own first, then
/// round the vertex clockwise.
pub(crate) fn vertex_slots(cell: Pos, corner: Corner) -> [(Pos, Corner); 4] {
    // The cell whose north-west corner is the vertex.
    let v = match corner {
        Corner::NW => cell,
        Corner::NE => cell.step(Side::E),
        Corner::SE => cell.step(Side::E).step(Side::S),
        Corner::SW => cell.step(Side::S),
    };
    let west = v.step(Side::W);
    let all = [
        (v, Corner::NW),
        (v.step(Side::N), Corner::SW),
        (west.step(Side::N), Corner::SE),
        (west, Corner::NE),
    ];
    let first = all
        .iter()
        .position(|&(c, k)| c == cell && k == corner)
        .unwrap_or(0);
    let mut out = all;
    out.rotate_left(first);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slots_round_a_vertex_are_the_four_corners_that_meet_there() {
        // The NE corner of (0,0) is the NW corner of (1,0), the SW corner of
        // (1,-1) and the SE corner of (0,-1) (R-GEO-3: y grows to the south).
        let slots = vertex_slots(Pos::new(0, 0), Corner::NE);
        assert_eq!(slots[0], (Pos::new(0, 0), Corner::NE));
        let mut rest: Vec<(Pos, Corner)> = slots[1..].to_vec();
        rest.sort();
        let mut want = alloc::vec![
            (Pos::new(1, 0), Corner::NW),
            (Pos::new(1, -1), Corner::SW),
            (Pos::new(0, -1), Corner::SE)
        ];
        want.sort();
        assert_eq!(rest, want);
    }

    #[test]
    fn segment_sides_follow_the_rotation() {
        // CS26 `bbst`: trail T:W, bush B:NE. Turned 90: the trail is on N,
        // the bush covers E and S.
        let g = Geometry::new();
        let cs26 = Design::all().find(|d| d.kind().name == "CS26").unwrap();
        assert_eq!(
            g.segment_sides(cs26, Rotation::R90, Side::N),
            1 << Side::N.index()
        );
        let bush = 1 << Side::E.index() | 1 << Side::S.index();
        assert_eq!(g.segment_sides(cs26, Rotation::R90, Side::E), bush);
        assert_eq!(g.segment_sides(cs26, Rotation::R90, Side::S), bush);
        assert_eq!(g.segment_sides(cs26, Rotation::R90, Side::W), 0);
    }

    #[test]
    fn any_of_none_is_nothing_and_many_is_nearly_sure() {
        assert_eq!(any_of(0, 0.5), 0.0);
        assert!((any_of(1, 0.5) - 0.5).abs() < 1e-6);
        assert!(any_of(8, 0.5) > 0.99);
    }
}

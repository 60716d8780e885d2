//! Questions about the open board, for bots and hints: where trails and
//! bushes still run into empty cells ([`OpenEnd`]), which tiles left in the
//! pile fit a cell ([`GameState::fitting_tiles`]), and which tile corners can
//! still take a watering-hole token ([`GameState::is_open_slot`]).
//!
//! Both answer from the state's own tables (the frontier with its edge
//! constraints, the feature tracker, the pile) without allocating, so an
//! evaluation can ask them at every leaf of a search.

use crate::board::{fitting_rotations, rotation_edges, Board};
use crate::geometry::{Corner, Pos, Rotation, Side};
use crate::state::GameState;
use crate::tiles::{Design, FeatureKind, DESIGN_COUNT, NO_SEGMENT};

use super::FeatureId;

/// An open end of a trail or bush: a tile edge where the feature continues
/// and the cell across it is empty (R-TRAIL-2, R-BUSH-1). A feature has as
/// many open ends as its [`Feature::open_ends`](super::Feature::open_ends).
///
/// A tile placed on [`OpenEnd::cell`] must show the feature's edge on
/// [`OpenEnd::side`] (R-PLACE-1), and closes this end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OpenEnd {
    /// The feature's stable name.
    pub feature: FeatureId,
    /// Trail or bush.
    pub kind: FeatureKind,
    /// The empty cell the feature runs into (a cell of the frontier).
    pub cell: Pos,
    /// The side of `cell` across which the feature's tile lies.
    pub side: Side,
}

impl GameState {
    /// Every open end of every trail and bush: for each frontier cell (in
    /// the order of [`GameState::frontier`]), each side, N, E, S, W, across
    /// which a tile shows a trail or bush edge.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Pos, Setup, Side};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// // The start tile's east part has a trail towards the east (tiles.txt:
    /// // `START-E btss ... T:E B:N/1`): it runs into the cell (2,0).
    /// let ends: Vec<_> = state.open_ends().map(|e| (e.cell, e.side)).collect();
    /// assert!(ends.contains(&(Pos::new(2, 0), Side::W)));
    /// let trail = state.open_ends().next().unwrap().feature;
    /// assert_eq!(
    ///     state.open_ends().filter(|e| e.feature == trail).count(),
    ///     state.feature(trail.pos, trail.seg).unwrap().open_ends as usize
    /// );
    /// ```
    pub fn open_ends(&self) -> impl Iterator<Item = OpenEnd> + '_ {
        let board = self.board();
        let (cells, constraints) = board.frontier_with_constraints();
        cells.iter().zip(constraints).flat_map(move |(&cell, &req)| {
            // The constraint holds the edge each neighbour shows (2 bits per
            // side): a trail (2) or bush (3) edge is an open end.
            Side::ALL
                .into_iter()
                .filter(move |&side| req >> (2 * side as u8) & 2 != 0)
                .filter_map(move |side| open_end(board, cell, side))
        })
    }

    /// The tiles left in the pile that fit `cell` now (R-PLACE-1): each
    /// design with copies left, in table order, once per rotation in which
    /// it fits (0, 90, 180, 270). Nothing when `cell` is not an empty cell
    /// next to a tile. How many copies each design has left is
    /// [`GameState::pile`]'s.
    ///
    /// A fixed tile order ([`Setup::with_tile_order`](crate::Setup::with_tile_order))
    /// is not looked at: the tiles of the pile are the ones that can come.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Pos, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// let cell = Pos::new(2, 0); // east of the start tile, where its trail ends
    /// for (design, rotation) in state.fitting_tiles(cell) {
    ///     assert!(state.pile().any(|(d, _)| d == design));
    ///     assert_eq!(
    ///         design.kind().edge(carcassonne_safari::Side::W, rotation),
    ///         carcassonne_safari::tiles::Edge::Trail
    ///     );
    /// }
    /// assert!(state.fitting_tiles(Pos::new(0, 0)).next().is_none(), "a tile is there");
    /// ```
    pub fn fitting_tiles(&self, cell: Pos) -> impl Iterator<Item = (Design, Rotation)> + '_ {
        let board = self.board();
        let (_, constraints) = board.frontier_with_constraints();
        // The edges the cell's neighbours show; off the frontier nothing fits.
        let req = board.frontier_index(cell).map(|i| constraints[i]);
        // Designs of one kind are next to each other in table order and fit
        // alike: the rotations are worked out once per kind.
        let mut fits = [(Design(0), 0u8); DESIGN_COUNT];
        let mut n = 0;
        if let Some(req) = req {
            let mut last: Option<(u8, u8)> = None;
            for (design, _) in self.pile() {
                let kind = design.def().kind;
                let mask = match last {
                    Some((k, m)) if k == kind => m,
                    _ => fitting_rotations(&[req], rotation_edges(design))[0],
                };
                last = Some((kind, mask));
                if mask != 0 {
                    fits[n] = (design, mask);
                    n += 1;
                }
            }
        }
        (0..n).flat_map(move |i| {
            let (design, mask) = fits[i];
            Rotation::ALL
                .into_iter()
                .filter(move |&rot| mask & (1 << rot as u8) != 0)
                .map(move |rot| (design, rot))
        })
    }
}

impl GameState {
    /// Whether corner `corner` of the tile at `pos` is an open watering-hole
    /// slot: a slot at all (not on a seam of the start tile), showing only
    /// savanna (R-WATER-1), and holding no token yet. `false` for an empty
    /// cell.
    ///
    /// ```
    /// use carcassonne_safari::{Corner, GameState, Pos, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// // R-WATER-1: of the start tile's corners only the north-west corner of
    /// // its west part and the south-east corner of its east part are slots.
    /// assert!(state.is_open_slot(Pos::new(-1, 0), Corner::NW));
    /// assert!(!state.is_open_slot(Pos::new(0, 0), Corner::NE), "a seam");
    /// assert!(!state.is_open_slot(Pos::new(5, 5), Corner::NE), "no tile");
    /// ```
    pub fn is_open_slot(&self, pos: Pos, corner: Corner) -> bool {
        self.board()
            .at(pos)
            .is_some_and(|t| t.savanna_slot(corner) && t.tokens & (1 << corner as u8) == 0)
    }
}

/// The open end at side `side` of frontier cell `cell`, if the tile across
/// that side shows a trail or bush there.
fn open_end(board: &Board, cell: Pos, side: Side) -> Option<OpenEnd> {
    let tile = board.at(cell.step(side))?;
    let seg = tile.oriented().side_segment[side.opposite() as usize];
    if seg == NO_SEGMENT {
        return None;
    }
    let node = tile.node(seg as usize);
    let data = board.features.get(node);
    let (first_tile, first_seg) = board.features.owner(data.first);
    Some(OpenEnd {
        feature: FeatureId {
            pos: board.tiles[first_tile].pos,
            seg: first_seg as u8,
        },
        kind: data.kind,
        cell,
        side,
    })
}

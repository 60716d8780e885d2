//! What the queries of a [`GameState`](crate::GameState) return, for UIs:
//! tiles with their segments as they lie on the board, trails and bushes with
//! a stable id, watering holes with their tokens and owners.

use alloc::vec::Vec;
use core::fmt;

use crate::animals::{Animal, AnimalCounts};
use crate::geometry::{Corner, Corners, Pos, Rotation, Side, Sides};
use crate::player::{PlayerId, MAX_PLAYERS};
use crate::tiles::{Design, Edge, FeatureKind};

/// A tile on the board, as a UI draws it.
///
/// ```
/// use carcassonne_safari::{FeatureKind, GameState, Pos, Setup, Side};
/// let state = GameState::new(&Setup::new(2)).unwrap();
/// // The east part of the start tile: a trail to the east, a bush to the north.
/// let east = state.tile_at(Pos::new(1, 0)).unwrap();
/// let segments: Vec<_> = east.segments().collect();
/// assert_eq!(segments[0].kind, FeatureKind::Trail);
/// assert!(segments[0].sides.contains(Side::E));
/// assert!(segments[1].sides.contains(Side::N) && segments[1].birds == 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TileView {
    /// Its cell.
    pub pos: Pos,
    /// Its design (kind and animals).
    pub design: Design,
    /// Its rotation (always 0 for the start tile).
    pub rotation: Rotation,
}

impl TileView {
    /// The edge on board side `side`.
    pub fn edge(&self, side: Side) -> Edge {
        self.design.kind().edge(side, self.rotation)
    }

    /// Whether the tile shows a baobab.
    pub fn has_baobab(&self) -> bool {
        self.design.kind().baobab
    }

    /// Its trail and bush segments in the kind's order (the numbers of
    /// `meeple i`), with the sides they touch in board orientation.
    pub fn segments(&self) -> impl Iterator<Item = SegmentView> + '_ {
        let kind = self.design.kind();
        kind.segments().iter().enumerate().map(move |(i, s)| SegmentView {
            index: i as u8,
            kind: s.kind,
            sides: Side::ALL
                .into_iter()
                .filter(|&side| s.touches(side))
                .map(|side| side.rotated(self.rotation))
                .collect(),
            animals: self.design.animals(i),
            birds: s.birds,
        })
    }
}

/// One trail or bush segment of a placed tile, in board orientation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SegmentView {
    /// Its number on the tile (`meeple 1` is segment 1).
    pub index: u8,
    /// Trail or bush.
    pub kind: FeatureKind,
    /// The board sides it touches: a trail meets the middle of these edges, a
    /// bush covers them from corner to corner.
    pub sides: Sides,
    /// The animals standing on it.
    pub animals: AnimalCounts,
    /// Its birds (bush only).
    pub birds: u8,
}

impl SegmentView {
    /// The tile corners it reaches: a bush reaches both corners of every edge
    /// it covers (no watering hole there, R-WATER-1); a trail reaches none.
    pub fn corners(&self) -> Corners {
        match self.kind {
            FeatureKind::Bush => self.sides.corners(),
            FeatureKind::Trail => Corners::default(),
        }
    }
}

/// A stable name of a trail or bush: its first segment in the order of play
/// (the tile cell and the segment number). It stays the same while the
/// feature grows; when two features join, the older name stays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FeatureId {
    /// The cell of the tile of the first segment.
    pub pos: Pos,
    /// The segment's number on that tile.
    pub seg: u8,
}

impl fmt::Display for FeatureId {
    /// `2,-1/0`: segment 0 of the tile at (2,-1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.pos, self.seg)
    }
}

/// A trail or bush: where it is and what is on it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Feature {
    /// Its stable name.
    pub id: FeatureId,
    /// Trail or bush.
    pub kind: FeatureKind,
    /// Its segments as (tile cell, segment index), sorted.
    pub segments: Vec<(Pos, u8)>,
    /// Its animals.
    pub animals: AnimalCounts,
    /// Its birds (bush only).
    pub birds: u8,
    /// Meeples on it per seat.
    pub meeples: [u8; MAX_PLAYERS],
    /// Ends on a tile edge whose neighbouring cell is empty.
    pub open_ends: u8,
}

impl Feature {
    /// Whether it has no open end (R-TRAIL-2, R-BUSH-1).
    pub fn is_complete(&self) -> bool {
        self.open_ends == 0
    }

    /// The cells it covers, sorted, each once.
    pub fn cells(&self) -> Vec<Pos> {
        let mut c: Vec<Pos> = self.segments.iter().map(|s| s.0).collect();
        c.dedup();
        c
    }
}

/// A watering hole: touching tokens round one grid vertex (R-WATER-1). Two
/// holes dug diagonally at one vertex are two holes until a token joins them.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct WaterHole {
    /// The vertex, named by the cell whose north-west corner it is.
    pub vertex: Pos,
    /// Its tokens, round the vertex.
    pub tokens: Vec<HoleToken>,
    /// Whether all four slots of the vertex hold tokens (R-WATER-4): its
    /// owners have scored and their meeples have gone home.
    pub complete: bool,
}

impl WaterHole {
    /// The players with a meeple on the hole (its owners), in seat order,
    /// each once.
    pub fn owners(&self) -> crate::PlayerSet {
        self.tokens.iter().filter_map(|t| t.meeple).collect()
    }
}

/// One token of a watering hole: a tile corner, its animal and the meeple on
/// it, if any.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HoleToken {
    /// The tile's cell.
    pub pos: Pos,
    /// The tile's corner.
    pub corner: Corner,
    /// The token's animal.
    pub animal: Animal,
    /// The owner of the meeple on the token (the digger), if it is still there.
    pub meeple: Option<PlayerId>,
}

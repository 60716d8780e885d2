//! Trails and bushes as a UI shows them: [`Feature`], named by a stable
//! [`FeatureId`], with its segments, animals, birds, meeples and open ends.

use alloc::vec::Vec;
use core::fmt;

use crate::animals::AnimalCounts;
use crate::features::Node;
use crate::geometry::Pos;
use crate::player::{PlayerId, PlayerSet};
use crate::state::{GameState, Phase};
use crate::tiles::FeatureKind;

/// A stable name of a trail or bush: its first segment in the order of play
/// (the tile cell and the segment number). It stays the same while the
/// feature grows; when two features join, the older name stays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

/// One segment of a placed tile: the tile's cell and the segment's number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SegmentRef {
    /// The tile's cell.
    pub pos: Pos,
    /// The segment's number on that tile.
    pub seg: u8,
}

impl PartialEq<(Pos, u8)> for SegmentRef {
    fn eq(&self, other: &(Pos, u8)) -> bool {
        (self.pos, self.seg) == *other
    }
}

impl From<SegmentRef> for (Pos, u8) {
    fn from(s: SegmentRef) -> (Pos, u8) {
        (s.pos, s.seg)
    }
}

/// A trail or bush: where it is and what is on it.
///
/// With `serde` it is written with its derived `species` and `complete` too
/// (`docs/views.md`), and read back without them.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[non_exhaustive]
pub struct Feature {
    /// Its stable name.
    pub id: FeatureId,
    /// Trail or bush.
    pub kind: FeatureKind,
    /// Its segments, sorted.
    pub segments: Vec<SegmentRef>,
    /// Its animals.
    pub animals: AnimalCounts,
    /// Its birds (bush only).
    pub birds: u8,
    /// Meeples on it, by seat (one entry per player of the game).
    pub meeples: Vec<u8>,
    /// The players with the most meeples on it, who score it (R-MAJ-1);
    /// empty when it has no meeple.
    pub majority: PlayerSet,
    /// Ends on a tile edge whose neighbouring cell is empty.
    pub open_ends: u8,
}

impl Feature {
    /// Whether it has no open end (R-TRAIL-2, R-BUSH-1).
    pub fn is_complete(&self) -> bool {
        self.open_ends == 0
    }

    /// The number of different species on it (what R-TRAIL-3 scores).
    pub fn species(&self) -> u8 {
        self.animals.species()
    }

    /// The cells it covers, sorted, each once.
    pub fn cells(&self) -> Vec<Pos> {
        let mut c: Vec<Pos> = self.segments.iter().map(|s| s.pos).collect();
        c.dedup();
        c
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Feature {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut t = s.serialize_struct("Feature", 10)?;
        t.serialize_field("id", &self.id)?;
        t.serialize_field("kind", &self.kind)?;
        t.serialize_field("segments", &self.segments)?;
        t.serialize_field("animals", &self.animals)?;
        t.serialize_field("species", &self.species())?;
        t.serialize_field("birds", &self.birds)?;
        t.serialize_field("meeples", &self.meeples)?;
        t.serialize_field("majority", &self.majority)?;
        t.serialize_field("open_ends", &self.open_ends)?;
        t.serialize_field("complete", &self.is_complete())?;
        t.end()
    }
}

// The TypeScript form of the serde form above.
#[cfg(feature = "ts")]
crate::ts::ts_declared!(
    Feature,
    [FeatureId, FeatureKind, SegmentRef, AnimalCounts, PlayerSet],
    |cfg| {
        use crate::ts::name;
        crate::ts::object(&[
            ("id", name::<FeatureId>(cfg)),
            ("kind", name::<FeatureKind>(cfg)),
            ("segments", name::<Vec<SegmentRef>>(cfg)),
            ("animals", name::<AnimalCounts>(cfg)),
            ("species", name::<u8>(cfg)),
            ("birds", name::<u8>(cfg)),
            ("meeples", name::<Vec<u8>>(cfg)),
            ("majority", name::<PlayerSet>(cfg)),
            ("open_ends", name::<u8>(cfg)),
            ("complete", name::<bool>(cfg)),
        ])
    }
);

impl GameState {
    /// The feature of segment `seg` of the tile at `pos`.
    pub fn feature(&self, pos: Pos, seg: u8) -> Option<Feature> {
        let board = self.board();
        let i = board.index_at(pos)?;
        let kind = board.tiles[i].design.kind();
        ((seg as usize) < kind.segments().len()).then(|| self.feature_of(board.tiles[i].node(seg as usize)))
    }

    /// Every trail and bush on the board, in the order of their first segment
    /// (tiles in placement order, the start parts first; segments in table order).
    pub fn features(&self) -> Vec<Feature> {
        let features = &self.board().features;
        let mut seen = alloc::vec![false; features.len()];
        (0..features.len() as Node)
            .filter(|&n| !core::mem::replace(&mut seen[features.find(n) as usize], true))
            .map(|n| self.feature_of(n))
            .collect()
    }

    /// The trail or bush being scored, during a [`Phase::Boost`] decision.
    pub fn scoring_feature(&self) -> Option<Feature> {
        match self.phase() {
            Phase::Boost { .. } => self.scoring_node().map(|n| self.feature_of(n)),
            _ => None,
        }
    }

    fn feature_of(&self, n: Node) -> Feature {
        let board = self.board();
        let f = board.features.get(n);
        let mut segments: Vec<SegmentRef> = board
            .features
            .members(n)
            .map(|m| {
                let (t, s) = board.features.owner(m);
                SegmentRef {
                    pos: board.tiles[t].pos,
                    seg: s as u8,
                }
            })
            .collect();
        segments.sort_unstable();
        let (first_tile, first_seg) = board.features.owner(f.first);
        Feature {
            id: FeatureId {
                pos: board.tiles[first_tile].pos,
                seg: first_seg as u8,
            },
            kind: f.kind,
            segments,
            animals: f.animals,
            birds: f.birds,
            meeples: f.meeples[..self.players()].to_vec(),
            majority: (0..self.players())
                .filter(|&p| f.majority()[p])
                .map(|p| PlayerId(p as u8))
                .collect(),
            open_ends: f.open,
        }
    }
}

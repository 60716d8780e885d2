//! Tiles as a UI draws them: [`TileView`] with its edges and segments in
//! board orientation, the board's tiles, meeples, watering-hole tokens and the
//! catalogue of every design.

use alloc::vec::Vec;

use crate::animals::{Animal, AnimalCounts};
use crate::events::MeepleSpot;
use crate::geometry::{Corner, Corners, Pos, Rotation, Side, Sides};
use crate::player::PlayerId;
use crate::state::GameState;
use crate::tiles::{Design, Edge, FeatureKind};

/// A tile on the board, as a UI draws it: its cell, design and rotation, and
/// from them its edges and segments in board orientation.
///
/// With `serde` it is written with everything a UI draws (`kind`, `edges`,
/// `baobab`, `start`, `segments`; `docs/views.md`) and read back from `pos`,
/// `design` and `rotation` alone.
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
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
pub struct TileView {
    /// Its cell.
    pub pos: Pos,
    /// Its design (kind and animals).
    pub design: Design,
    /// Its rotation (always 0 for the start tile).
    pub rotation: Rotation,
}

impl TileView {
    /// The design unturned at (0,0): how the tile to place, or a tile of the
    /// catalogue, looks before it is placed.
    pub fn unplaced(design: Design) -> TileView {
        TileView {
            pos: Pos::new(0, 0),
            design,
            rotation: Rotation::R0,
        }
    }

    /// The edge on board side `side`.
    pub fn edge(&self, side: Side) -> Edge {
        self.design.kind().edge(side, self.rotation)
    }

    /// The edges on the board sides N, E, S, W.
    pub fn edges(&self) -> [Edge; 4] {
        Side::ALL.map(|s| self.edge(s))
    }

    /// Whether the tile shows a baobab.
    pub fn has_baobab(&self) -> bool {
        self.design.kind().baobab
    }

    /// Whether it is one of the three parts of the start tile.
    pub fn is_start(&self) -> bool {
        self.design.kind().is_start()
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

#[cfg(feature = "serde")]
impl serde::Serialize for TileView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let segments: Vec<SegmentView> = self.segments().collect();
        let mut t = s.serialize_struct("TileView", 8)?;
        t.serialize_field("pos", &self.pos)?;
        t.serialize_field("design", &self.design)?;
        t.serialize_field("kind", self.design.kind().name)?;
        t.serialize_field("rotation", &self.rotation)?;
        t.serialize_field("edges", &self.edges())?;
        t.serialize_field("baobab", &self.has_baobab())?;
        t.serialize_field("start", &self.is_start())?;
        t.serialize_field("segments", &segments)?;
        t.end()
    }
}

// The TypeScript form of the serde form above.
#[cfg(feature = "ts")]
crate::ts::ts_declared!(TileView, [Pos, Design, Rotation, Edge, SegmentView], |cfg| {
    use crate::ts::name;
    crate::ts::object(&[
        ("pos", name::<Pos>(cfg)),
        ("design", name::<Design>(cfg)),
        ("kind", name::<str>(cfg)),
        ("rotation", name::<Rotation>(cfg)),
        ("edges", name::<[Edge; 4]>(cfg)),
        ("baobab", name::<bool>(cfg)),
        ("start", name::<bool>(cfg)),
        ("segments", name::<Vec<SegmentView>>(cfg)),
    ])
});

/// One trail or bush segment of a tile, in board orientation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
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

#[cfg(feature = "serde")]
impl serde::Serialize for SegmentView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut t = s.serialize_struct("SegmentView", 6)?;
        t.serialize_field("index", &self.index)?;
        t.serialize_field("kind", &self.kind)?;
        t.serialize_field("sides", &self.sides)?;
        t.serialize_field("corners", &self.corners())?;
        t.serialize_field("animals", &self.animals)?;
        t.serialize_field("birds", &self.birds)?;
        t.end()
    }
}

// The TypeScript form of the serde form above.
#[cfg(feature = "ts")]
crate::ts::ts_declared!(SegmentView, [FeatureKind, Sides, Corners, AnimalCounts], |cfg| {
    use crate::ts::name;
    crate::ts::object(&[
        ("index", name::<u8>(cfg)),
        ("kind", name::<FeatureKind>(cfg)),
        ("sides", name::<Sides>(cfg)),
        ("corners", name::<Corners>(cfg)),
        ("animals", name::<AnimalCounts>(cfg)),
        ("birds", name::<u8>(cfg)),
    ])
});

/// A meeple on the board: its owner and its spot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MeepleView {
    /// Its owner.
    pub player: PlayerId,
    /// Where it stands.
    pub spot: MeepleSpot,
}

/// A watering-hole token on a tile corner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WaterToken {
    /// The tile's cell.
    pub pos: Pos,
    /// The tile's corner.
    pub corner: Corner,
    /// The token's animal.
    pub animal: Animal,
}

/// Every design of the game, the start parts included, unturned at (0,0)
/// ([`TileView::unplaced`]): a catalogue for galleries and for drawing the
/// tile to place.
pub fn designs() -> Vec<TileView> {
    Design::all().map(TileView::unplaced).collect()
}

impl GameState {
    /// Every tile on the board (the three start parts first), in placement order.
    pub fn tiles(&self) -> impl Iterator<Item = TileView> + '_ {
        self.board().tiles.iter().map(|t| TileView {
            pos: t.pos,
            design: t.design,
            rotation: t.rot,
        })
    }

    /// The tile at `pos`.
    pub fn tile_at(&self, pos: Pos) -> Option<TileView> {
        self.board().at(pos).map(|t| TileView {
            pos: t.pos,
            design: t.design,
            rotation: t.rot,
        })
    }

    /// Every meeple on the board with its owner: on tiles (in placement
    /// order, the baobab before the segments), then on watering holes.
    pub fn meeples(&self) -> impl Iterator<Item = MeepleView> + '_ {
        let board = self.board();
        let on_tiles = board.tiles.iter().flat_map(|t| {
            let baobab = t.baobab_meeple.player().map(|player| MeepleView {
                player,
                spot: MeepleSpot::Baobab { pos: t.pos },
            });
            let segs = t.seg_meeple.iter().enumerate().filter_map(move |(s, m)| {
                m.player().map(|player| MeepleView {
                    player,
                    spot: MeepleSpot::Segment {
                        pos: t.pos,
                        seg: s as u8,
                    },
                })
            });
            baobab.into_iter().chain(segs)
        });
        let on_holes = board.holes.vertices.iter().flat_map(|v| {
            (0..4u8).filter_map(move |s| {
                let (pos, corner) = Corner::of_slot(v.at, s);
                v.meeples[s as usize].player().map(|player| MeepleView {
                    player,
                    spot: MeepleSpot::Hole { pos, corner },
                })
            })
        });
        on_tiles.chain(on_holes)
    }

    /// Every watering-hole token, vertex by vertex in the order of their
    /// first token.
    pub fn water_tokens(&self) -> impl Iterator<Item = WaterToken> + '_ {
        self.board().holes.vertices.iter().flat_map(|v| {
            (0..4u8).filter_map(move |s| {
                let animal = v.tokens[s as usize]?;
                let (pos, corner) = Corner::of_slot(v.at, s);
                Some(WaterToken { pos, corner, animal })
            })
        })
    }
}

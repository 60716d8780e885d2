//! The tile table (R-COMP-1): the 33 land tile kinds, the three parts of the start
//! tile, and the *designs* (a kind together with the animals of one copy).
//!
//! The facts live as data: `src/tiles.txt` (format and provenance in
//! `docs/tiles.md`) is parsed at compile time (`tiles/parse.rs`); a malformed table is a
//! compile error, and nothing else in the crate hard-codes a layout.

mod parse;

use crate::animals::AnimalCounts;
use crate::geometry::{Corner, Rotation, Side};
use parse::{build_designs, parse_table};

/// The canonical tile table text, as shipped inside the crate.
pub const TILE_TABLE: &str = include_str!("../tiles.txt");

/// Most segments on any tile kind (the parser rejects more).
pub const MAX_SEGMENTS: usize = 4;
pub(crate) const MAX_COPIES: usize = 5;

/// What a tile edge shows (R-PLACE-1: edges must match).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Edge {
    /// Open savanna.
    Savanna,
    /// An animal trail meets the edge in its middle.
    Trail,
    /// Bush covers the whole edge.
    Bush,
}

/// The two kinds of scoring features on land tiles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FeatureKind {
    /// An animal trail (R-TRAIL).
    Trail,
    /// A bush (R-BUSH).
    Bush,
}

/// One feature printed on a tile kind: a trail or bush segment.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SegmentDef {
    /// Trail or bush.
    pub kind: FeatureKind,
    /// Bit `s` set when the segment touches side `s` (kind orientation).
    pub sides: u8,
    /// Birds above this segment (bush only).
    pub birds: u8,
}

impl SegmentDef {
    /// Whether the segment touches `side` (in the kind's printed orientation).
    pub const fn touches(&self, side: Side) -> bool {
        self.sides & (1 << side as u8) != 0
    }
}

/// One tile kind of the table: `CS1`..`CS33` or a part of the start tile.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TileKind {
    /// `CS1`..`CS33`, `START-W`, `START-M` or `START-E`.
    pub name: &'static str,
    /// Copies in the game.
    pub count: u8,
    /// Edges N, E, S, W in the printed orientation.
    pub edges: [Edge; 4],
    /// Whether the tile shows a baobab.
    pub baobab: bool,
    segments: [SegmentDef; MAX_SEGMENTS],
    segment_count: u8,
    copies: [[AnimalCounts; MAX_SEGMENTS]; MAX_COPIES],
    /// Which segment touches each side (kind orientation), `NO_SEGMENT` for none.
    side_segment: [u8; 4],
}

pub(crate) const NO_SEGMENT: u8 = u8::MAX;

impl TileKind {
    /// Every kind, in table order: `CS1`..`CS33`, then `START-W`, `START-M`,
    /// `START-E`.
    pub fn all() -> &'static [TileKind] {
        &KINDS
    }

    /// The segments in the table's order (the numbering of `meeple i`).
    pub fn segments(&self) -> &[SegmentDef] {
        &self.segments[..self.segment_count as usize]
    }

    /// Whether this is one of the three parts of the start tile.
    pub fn is_start(&self) -> bool {
        self.name.starts_with("START")
    }

    /// The edge on board side `side` when the tile is turned by `rot`.
    pub const fn edge(&self, side: Side, rot: Rotation) -> Edge {
        self.edges[side.rotated(rot.inverse()) as usize]
    }

    /// The segment on board side `side` when turned by `rot`, if any.
    pub(crate) const fn segment_at(&self, side: Side, rot: Rotation) -> u8 {
        self.side_segment[side.rotated(rot.inverse()) as usize]
    }

    /// Whether board corner `corner` (tile turned by `rot`) shows only savanna:
    /// neither of its two edges is bush (R-WATER-1; trail edges do not close it).
    pub const fn savanna_corner(&self, corner: Corner, rot: Rotation) -> bool {
        let [a, b] = corner.sides();
        !matches!(self.edge(a, rot), Edge::Bush) && !matches!(self.edge(b, rot), Edge::Bush)
    }
}

/// Number of kinds in the table: 33 land kinds and 3 start parts.
pub(crate) const KIND_COUNT: usize = 36;

/// Segments of all the tiles of a game, the start tile's included: each is one
/// node of the feature tracker.
pub(crate) const SEGMENTS_IN_GAME: usize = {
    let mut n = 0;
    let mut k = 0;
    while k < KIND_COUNT {
        n += KIND_TABLE[k].count as usize * KIND_TABLE[k].segment_count as usize;
        k += 1;
    }
    n
};

const KIND_TABLE: [TileKind; KIND_COUNT] = parse_table(TILE_TABLE);

/// Every kind, in table order: `CS1`..`CS33`, then `START-W`, `START-M`, `START-E`.
pub(crate) static KINDS: [TileKind; KIND_COUNT] = KIND_TABLE;

/// A design: one kind with the animals of one copy. Equal copies share a design;
/// the tile pile and the `draw` chance node count tiles per design.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Design(pub(crate) u8);

impl core::fmt::Debug for Design {
    /// `Design(CS26:E,G)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Design({self})")
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct DesignDef {
    pub kind: u8,
    pub animals: [AnimalCounts; MAX_SEGMENTS],
    pub copies: u8,
}

/// Upper bound on designs (one per copy).
const MAX_DESIGNS: usize = 80;

const DESIGN_TABLE: ([DesignDef; MAX_DESIGNS], usize) = build_designs();
/// Number of designs (land tiles and the three start parts).
pub const DESIGN_COUNT: usize = DESIGN_TABLE.1;
pub(crate) static DESIGNS: [DesignDef; MAX_DESIGNS] = DESIGN_TABLE.0;
/// Number of land tiles (R-COMP-1).
pub const LAND_TILES: usize = 72;

impl Design {
    /// Every design in table order, land tiles first.
    pub fn all() -> impl Iterator<Item = Design> {
        (0..DESIGN_COUNT as u8).map(Design)
    }

    /// Designs of land tiles (the ones in the pile).
    pub fn land() -> impl Iterator<Item = Design> {
        Design::all().filter(|d| !d.kind().is_start())
    }

    /// The design's index in [`Design::all`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The design with index `i`, if it exists.
    pub fn from_index(i: usize) -> Option<Design> {
        (i < DESIGN_COUNT).then_some(Design(i as u8))
    }

    pub(crate) fn def(self) -> &'static DesignDef {
        &DESIGNS[self.0 as usize]
    }

    /// The tile kind.
    pub fn kind(self) -> &'static TileKind {
        &KINDS[self.def().kind as usize]
    }

    /// The animals on segment `seg` (segment order of the kind).
    pub fn animals(self, seg: usize) -> AnimalCounts {
        self.def().animals.get(seg).copied().unwrap_or_default()
    }

    /// How many copies of this design the game has.
    pub fn copies(self) -> u8 {
        self.def().copies
    }

    pub(crate) fn start_parts() -> [Design; 3] {
        let find = |name: &str| {
            Design::all()
                .find(|d| d.kind().name == name)
                .expect("the table has the start tile")
        };
        [find("START-W"), find("START-M"), find("START-E")]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_comp_1_cs8_segments_in_table_order() {
        let cs8 = KINDS.iter().find(|k| k.name == "CS8").unwrap();
        assert_eq!(cs8.segments().len(), 2);
        assert!(cs8.segments()[0].touches(Side::N) && cs8.segments()[0].touches(Side::E));
        assert!(cs8.segments()[1].touches(Side::S));
    }

    #[test]
    fn rotation_moves_north_edge_to_east() {
        // CS2 `stss`: the trail is on E; turned 90 it is on S.
        let cs2 = KINDS.iter().find(|k| k.name == "CS2").unwrap();
        assert_eq!(cs2.edge(Side::E, Rotation::R0), Edge::Trail);
        assert_eq!(cs2.edge(Side::S, Rotation::R90), Edge::Trail);
        assert_eq!(cs2.segment_at(Side::S, Rotation::R90), 0);
        assert_eq!(cs2.segment_at(Side::E, Rotation::R90), NO_SEGMENT);
    }
}

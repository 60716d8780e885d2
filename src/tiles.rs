//! The tile table (R-COMP-1): the 33 land tile kinds, the three parts of the start
//! tile, and the *designs* (a kind together with the animals of one copy).
//!
//! The facts live as data: `src/tiles.txt` is a verbatim copy of the canonical
//! `tiles.txt` (format in `TILES.md`), parsed by a `const fn` at compile time. A
//! malformed table is a compile error; nothing else in the crate hard-codes a layout.

use core::fmt;

use crate::geometry::{Corner, Rotation, Side};

/// The canonical tile table text, as shipped inside the crate.
pub const TILE_TABLE: &str = include_str!("tiles.txt");

/// Most segments on any tile kind (the parser rejects more).
pub const MAX_SEGMENTS: usize = 4;
const MAX_COPIES: usize = 5;

/// What a tile edge shows (R-PLACE-1: edges must match).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FeatureKind {
    /// An animal trail (R-TRAIL).
    Trail,
    /// A bush (R-BUSH).
    Bush,
}

/// The five animal species (R-COMP-2), in the rulebook's letter order.
/// With `serde`, an animal is its notation letter (`"L"`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Animal {
    /// Monkey (`M`; `A` for ape in one rulebook).
    Monkey = 0,
    /// Elephant (`E`).
    Elephant = 1,
    /// Giraffe (`G`).
    Giraffe = 2,
    /// Lion (`L`).
    Lion = 3,
    /// Zebra (`Z`).
    Zebra = 4,
}

impl Animal {
    /// All five species in notation order M, E, G, L, Z.
    pub const ALL: [Animal; 5] = [
        Animal::Monkey,
        Animal::Elephant,
        Animal::Giraffe,
        Animal::Lion,
        Animal::Zebra,
    ];

    /// The species' letter in the notation.
    pub const fn letter(self) -> char {
        match self {
            Animal::Monkey => 'M',
            Animal::Elephant => 'E',
            Animal::Giraffe => 'G',
            Animal::Lion => 'L',
            Animal::Zebra => 'Z',
        }
    }

    /// The species with notation letter `c`.
    pub const fn from_letter(c: u8) -> Option<Animal> {
        match c {
            b'M' => Some(Animal::Monkey),
            b'E' => Some(Animal::Elephant),
            b'G' => Some(Animal::Giraffe),
            b'L' => Some(Animal::Lion),
            b'Z' => Some(Animal::Zebra),
            _ => None,
        }
    }

    /// Index 0..5 in notation order.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl core::str::FromStr for Animal {
    type Err = crate::geometry::ParseError;
    /// The notation letter: `M`, `E`, `G`, `L` or `Z`.
    fn from_str(s: &str) -> Result<Animal, Self::Err> {
        match s.as_bytes() {
            [b] => Animal::from_letter(*b),
            _ => None,
        }
        .ok_or(crate::geometry::ParseError {
            what: "animal",
            expected: "one of M, E, G, L, Z",
        })
    }
}

/// A multiset of animals: how many of each species.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AnimalCounts(pub [u8; 5]);

impl AnimalCounts {
    /// How many of `animal`.
    pub const fn get(&self, animal: Animal) -> u8 {
        self.0[animal as usize]
    }

    /// The number of *different* species present.
    pub const fn kinds(&self) -> u8 {
        let mut n = 0;
        let mut i = 0;
        while i < 5 {
            if self.0[i] > 0 {
                n += 1;
            }
            i += 1;
        }
        n
    }

    /// The total number of animals, same species counted again (R-END-2),
    /// saturating at 255.
    pub const fn total(&self) -> u8 {
        let mut n = 0u8;
        let mut i = 0;
        while i < 5 {
            n = n.saturating_add(self.0[i]);
            i += 1;
        }
        n
    }

    /// Adds every animal of `other` (saturating at 255 of a species).
    pub fn add(&mut self, other: &AnimalCounts) {
        for i in 0..5 {
            self.0[i] = self.0[i].saturating_add(other.0[i]);
        }
    }

    /// Whether at least one `animal` is present.
    pub const fn contains(&self, animal: Animal) -> bool {
        self.0[animal as usize] > 0
    }

    /// Each species present, once, in notation order.
    pub fn iter_kinds(self) -> impl Iterator<Item = Animal> {
        Animal::ALL.into_iter().filter(move |&a| self.contains(a))
    }

    /// Each animal once per copy, in notation order.
    pub fn iter(&self) -> impl Iterator<Item = Animal> + '_ {
        Animal::ALL
            .into_iter()
            .flat_map(move |a| core::iter::repeat_n(a, self.0[a as usize] as usize))
    }
}

impl fmt::Display for AnimalCounts {
    /// Letters in notation order, `-` when empty (the `tiles.txt` entry format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.total() == 0 {
            return f.write_str("-");
        }
        for a in self.iter() {
            write!(f, "{}", a.letter())?;
        }
        Ok(())
    }
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

// ---------------------------------------------------------------------------
// Compile-time parser of the table text.

const fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r'
}

/// Splits `line` into up to 12 whitespace-separated fields (start, end).
const fn fields(line: &[u8]) -> ([(usize, usize); 12], usize) {
    let mut out = [(0, 0); 12];
    let mut n = 0;
    let mut i = 0;
    while i < line.len() {
        while i < line.len() && is_space(line[i]) {
            i += 1;
        }
        if i >= line.len() {
            break;
        }
        let start = i;
        while i < line.len() && !is_space(line[i]) {
            i += 1;
        }
        assert!(n < 12, "tiles.txt: too many fields on a line");
        out[n] = (start, i);
        n += 1;
    }
    (out, n)
}

const fn sub(bytes: &'static [u8], start: usize, end: usize) -> &'static [u8] {
    let (_, rest) = bytes.split_at(start);
    let (field, _) = rest.split_at(end - start);
    field
}

const fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn side_of(b: u8) -> u8 {
    match b {
        b'N' => 0,
        b'E' => 1,
        b'S' => 2,
        b'W' => 3,
        _ => panic!("tiles.txt: a segment names an unknown side"),
    }
}

const fn edge_of(b: u8) -> Edge {
    match b {
        b's' => Edge::Savanna,
        b't' => Edge::Trail,
        b'b' => Edge::Bush,
        _ => panic!("tiles.txt: unknown edge letter"),
    }
}

const fn parse_segment(f: &[u8]) -> SegmentDef {
    assert!(f.len() >= 3 && f[1] == b':', "tiles.txt: malformed segment");
    let kind = match f[0] {
        b'T' => FeatureKind::Trail,
        b'B' => FeatureKind::Bush,
        _ => panic!("tiles.txt: segment kind must be T or B"),
    };
    let mut sides = 0u8;
    let mut birds = 0u8;
    let mut i = 2;
    while i < f.len() && f[i] != b'/' {
        sides |= 1 << side_of(f[i]);
        i += 1;
    }
    if i < f.len() {
        assert!(matches!(kind, FeatureKind::Bush), "tiles.txt: birds on a trail");
        i += 1;
        assert!(i < f.len(), "tiles.txt: missing bird count");
        while i < f.len() {
            assert!(f[i].is_ascii_digit(), "tiles.txt: bad bird count");
            birds = birds * 10 + (f[i] - b'0');
            i += 1;
        }
    } else {
        assert!(
            matches!(kind, FeatureKind::Trail),
            "tiles.txt: bush without bird count"
        );
    }
    assert!(sides != 0, "tiles.txt: a segment touches no edge");
    SegmentDef { kind, sides, birds }
}

const fn parse_number(f: &[u8]) -> u8 {
    let mut n = 0u8;
    let mut i = 0;
    assert!(!f.is_empty(), "tiles.txt: empty number");
    while i < f.len() {
        assert!(f[i].is_ascii_digit(), "tiles.txt: bad number");
        n = n * 10 + (f[i] - b'0');
        i += 1;
    }
    n
}

/// Parses the animals column: copies separated by `|`, segments by `,`.
const fn parse_copies(f: &[u8], segs: usize, count: usize) -> [[AnimalCounts; MAX_SEGMENTS]; MAX_COPIES] {
    let mut out = [[AnimalCounts([0; 5]); MAX_SEGMENTS]; MAX_COPIES];
    let mut copy = 0;
    let mut seg = 0;
    let mut i = 0;
    let mut entry_len = 0;
    while i <= f.len() {
        let b = if i == f.len() { b'|' } else { f[i] };
        if b == b'|' || b == b',' {
            assert!(entry_len > 0, "tiles.txt: empty animal entry");
            if b == b'|' {
                assert!(
                    seg + 1 == segs || (segs == 0 && seg == 0),
                    "tiles.txt: animal entries do not match the segments"
                );
                copy += 1;
                seg = 0;
            } else {
                seg += 1;
                assert!(seg < segs, "tiles.txt: more animal entries than segments");
            }
            entry_len = 0;
        } else if b == b'-' {
            assert!(entry_len == 0, "tiles.txt: '-' must stand alone");
            entry_len = 1;
        } else {
            let a = match Animal::from_letter(b) {
                Some(a) => a,
                None => panic!("tiles.txt: unknown animal letter"),
            };
            assert!(segs > 0, "tiles.txt: animals on a tile without segments");
            assert!(copy < MAX_COPIES, "tiles.txt: too many copies");
            out[copy][seg].0[a as usize] += 1;
            entry_len += 1;
        }
        i += 1;
    }
    assert!(copy == count, "tiles.txt: number of copies differs from count");
    out
}

const fn parse_line(text: &'static [u8], line: &'static [u8]) -> TileKind {
    let _ = text;
    let (f, n) = fields(line);
    assert!(n >= 6, "tiles.txt: a line needs at least 6 fields");
    let name = match core::str::from_utf8(sub(line, f[0].0, f[0].1)) {
        Ok(s) => s,
        Err(_) => panic!("tiles.txt: name is not UTF-8"),
    };
    let count = parse_number(sub(line, f[1].0, f[1].1));
    let e = sub(line, f[2].0, f[2].1);
    assert!(e.len() == 4, "tiles.txt: edges need 4 letters");
    let edges = [edge_of(e[0]), edge_of(e[1]), edge_of(e[2]), edge_of(e[3])];
    let b = sub(line, f[3].0, f[3].1);
    let baobab = if eq(b, b"yes") {
        true
    } else if eq(b, b"no") {
        false
    } else {
        panic!("tiles.txt: baobab must be yes or no")
    };
    let mut segments = [SegmentDef {
        kind: FeatureKind::Trail,
        sides: 0,
        birds: 0,
    }; MAX_SEGMENTS];
    let mut segment_count = 0usize;
    let mut side_segment = [NO_SEGMENT; 4];
    let mut k = 4;
    while k < n - 1 {
        let s = sub(line, f[k].0, f[k].1);
        if !(n == 6 && eq(s, b"-")) {
            assert!(segment_count < MAX_SEGMENTS, "tiles.txt: too many segments");
            let seg = parse_segment(s);
            let mut side = 0;
            while side < 4 {
                if seg.sides & (1 << side) != 0 {
                    assert!(
                        side_segment[side] == NO_SEGMENT,
                        "tiles.txt: two segments on one side"
                    );
                    let expected = match seg.kind {
                        FeatureKind::Trail => Edge::Trail,
                        FeatureKind::Bush => Edge::Bush,
                    };
                    assert!(
                        edges[side] as u8 == expected as u8,
                        "tiles.txt: a segment touches an edge of another type"
                    );
                    side_segment[side] = segment_count as u8;
                }
                side += 1;
            }
            segments[segment_count] = seg;
            segment_count += 1;
        }
        k += 1;
    }
    let mut side = 0;
    while side < 4 {
        assert!(
            matches!(edges[side], Edge::Savanna) == (side_segment[side] == NO_SEGMENT),
            "tiles.txt: a trail or bush edge without a segment"
        );
        side += 1;
    }
    let copies = parse_copies(sub(line, f[n - 1].0, f[n - 1].1), segment_count, count as usize);
    TileKind {
        name,
        count,
        edges,
        baobab,
        segments,
        segment_count: segment_count as u8,
        copies,
        side_segment,
    }
}

/// Number of kinds in the table: 33 land kinds and 3 start parts.
pub const KIND_COUNT: usize = 36;

const fn parse_table(text: &'static str) -> [TileKind; KIND_COUNT] {
    let bytes = text.as_bytes();
    let placeholder = TileKind {
        name: "",
        count: 0,
        edges: [Edge::Savanna; 4],
        baobab: false,
        segments: [SegmentDef {
            kind: FeatureKind::Trail,
            sides: 0,
            birds: 0,
        }; MAX_SEGMENTS],
        segment_count: 0,
        copies: [[AnimalCounts([0; 5]); MAX_SEGMENTS]; MAX_COPIES],
        side_segment: [NO_SEGMENT; 4],
    };
    let mut out = [placeholder; KIND_COUNT];
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while i < bytes.len() && bytes[i] != b'\n' {
            i += 1;
        }
        let mut end = i;
        // Strip the comment.
        let mut j = start;
        while j < end {
            if bytes[j] == b'#' {
                end = j;
            }
            j += 1;
        }
        let line = sub(bytes, start, end);
        let (_, nf) = fields(line);
        if nf > 0 {
            assert!(n < KIND_COUNT, "tiles.txt: more kinds than expected");
            out[n] = parse_line(bytes, line);
            n += 1;
        }
        i += 1;
    }
    assert!(n == KIND_COUNT, "tiles.txt: fewer kinds than expected");
    out
}

/// Every kind, in table order: `CS1`..`CS33`, then `START-W`, `START-M`, `START-E`.
pub static KINDS: [TileKind; KIND_COUNT] = parse_table(TILE_TABLE);

/// A design: one kind with the animals of one copy. Equal copies share a design;
/// the tile pile and the `draw` chance node count tiles per design.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Design(pub(crate) u8);

#[derive(Clone, Copy, Debug)]
pub(crate) struct DesignDef {
    pub kind: u8,
    pub animals: [AnimalCounts; MAX_SEGMENTS],
    pub copies: u8,
}

const fn same_copy(a: &[AnimalCounts; MAX_SEGMENTS], b: &[AnimalCounts; MAX_SEGMENTS]) -> bool {
    let mut s = 0;
    while s < MAX_SEGMENTS {
        let mut i = 0;
        while i < 5 {
            if a[s].0[i] != b[s].0[i] {
                return false;
            }
            i += 1;
        }
        s += 1;
    }
    true
}

/// Upper bound on designs (one per copy).
const MAX_DESIGNS: usize = 80;

const fn build_designs() -> ([DesignDef; MAX_DESIGNS], usize) {
    let empty = DesignDef {
        kind: 0,
        animals: [AnimalCounts([0; 5]); MAX_SEGMENTS],
        copies: 0,
    };
    let mut out = [empty; MAX_DESIGNS];
    let mut n = 0;
    let mut k = 0;
    while k < KIND_COUNT {
        let kind = &KINDS[k];
        let mut c = 0;
        while c < kind.count as usize {
            let mut found = n;
            let mut d = 0;
            while d < n {
                if out[d].kind as usize == k && same_copy(&out[d].animals, &kind.copies[c]) {
                    found = d;
                }
                d += 1;
            }
            if found == n {
                out[n] = DesignDef {
                    kind: k as u8,
                    animals: kind.copies[c],
                    copies: 0,
                };
                n += 1;
            }
            out[found].copies += 1;
            c += 1;
        }
        k += 1;
    }
    (out, n)
}

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

impl fmt::Display for Design {
    /// The notation of `draw`: `CS26:E,G`, `CS1:-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind();
        write!(f, "{}:", kind.name)?;
        if kind.segments().is_empty() {
            return f.write_str("-");
        }
        for s in 0..kind.segments().len() {
            if s > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", self.animals(s))?;
        }
        Ok(())
    }
}

impl core::str::FromStr for Design {
    type Err = crate::geometry::ParseError;
    /// Parses the notation of `draw` (`CS26:E,G`, `CS1:-`), exactly as `Display`
    /// writes it.
    fn from_str(s: &str) -> Result<Design, Self::Err> {
        crate::moves::design(s)
    }
}

crate::serde_str::serde_via_notation!(Animal, "an animal letter: M, E, G, L or Z");
crate::serde_str::serde_via_notation!(Design, "a tile design such as CS26:E,G");

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

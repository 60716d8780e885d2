//! The compile-time parser of the tile table text (`src/tiles.txt`, format in
//! `docs/tiles.md`): every `assert!` here is a compile error on a malformed table.

use super::{
    DesignDef, Edge, FeatureKind, SegmentDef, TileKind, KINDS, KIND_COUNT, MAX_COPIES, MAX_DESIGNS,
    MAX_SEGMENTS, NO_SEGMENT,
};
use crate::animals::{Animal, AnimalCounts};

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

pub(super) const fn parse_table(text: &'static str) -> [TileKind; KIND_COUNT] {
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

pub(super) const fn build_designs() -> ([DesignDef; MAX_DESIGNS], usize) {
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

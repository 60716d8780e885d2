//! Edge matching (R-PLACE-1) at speed: every kind's edges in all four
//! rotations, computed at compile time, and the test of sixteen frontier cells
//! against all four rotations of a tile at once.

use crate::geometry::{Rotation, Side};
use crate::tiles::{Design, Edge, KINDS, KIND_COUNT, NO_SEGMENT};

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
pub(super) const fn edge_code(e: Edge) -> u8 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Corner;

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
                    let slot = !crate::geometry::Sides(o.bush).corners().contains(c);
                    assert_eq!(slot, kind.savanna_corner(c, r), "{design} {r:?} {c:?}");
                }
            }
        }
    }
}

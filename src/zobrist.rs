//! The keys of the position key (`GameState::position_key`): one
//! random-looking 64-bit word per fact of a position, without tables.

use crate::geometry::Pos;
use crate::mix::mix64;

/// The kinds of facts, so that equal fields of different kinds get
/// different keys.
#[derive(Clone, Copy)]
#[repr(u8)]
pub(crate) enum Fact {
    Tile = 1,
    SegmentMeeple,
    BaobabMeeple,
    HoleToken,
    HoleMeeple,
    Ranger,
    Hand,
    Supply,
    Discard,
    Pile,
    Score,
    Decision,
}

/// The key of a fact with up to seven bytes of fields (SplitMix64's output
/// function: a bijection of 64-bit words).
#[inline]
pub(crate) const fn zobrist(fact: Fact, fields: [u8; 7]) -> u64 {
    let [a, b, c, d, e, f, g] = fields;
    mix64(u64::from_le_bytes([fact as u8, a, b, c, d, e, f, g]))
}

/// A cell's two coordinates as fields.
#[inline]
pub(crate) const fn cell(p: Pos) -> [u8; 2] {
    [p.x as u8, p.y as u8]
}

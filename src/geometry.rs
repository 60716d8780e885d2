//! Grid geometry (R-GEO): cells, sides, corners, rotations and grid vertices.
//!
//! `x` grows to the east and `y` to the south, so north of `(x, y)` is `(x, y - 1)`.

/// A grid cell. Coordinates fit in an `i8`: 72 tiles in a row from the start tile
/// reach at most 75 cells from the origin.
///
/// ```
/// use carcassonne_safari::{Pos, Side};
/// let p = Pos::new(2, -1);
/// assert_eq!(p.step(Side::N), Pos::new(2, -2));
/// assert_eq!(p.to_string(), "2,-1");
/// assert_eq!("2,-1".parse::<Pos>(), Ok(p));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pos {
    /// Column, growing to the east.
    pub x: i8,
    /// Row, growing to the south.
    pub y: i8,
}

impl Pos {
    /// The cell `(x, y)`.
    pub const fn new(x: i8, y: i8) -> Pos {
        Pos { x, y }
    }

    /// The neighbouring cell across `side`. Saturates at the `i8` range, which no
    /// game can reach.
    pub const fn step(self, side: Side) -> Pos {
        let (dx, dy) = side.delta();
        Pos::new(self.x.saturating_add(dx), self.y.saturating_add(dy))
    }

    /// The four edge neighbours in the order N, E, S, W.
    pub fn neighbours(self) -> [Pos; 4] {
        Side::ALL.map(|s| self.step(s))
    }

    /// The eight surrounding cells (R-BAOBAB-2), row by row from north to south,
    /// west to east.
    pub fn ring(self) -> [Pos; 8] {
        let mut out = [self; 8];
        let mut i = 0;
        for dy in -1i8..=1 {
            for dx in -1i8..=1 {
                if dx != 0 || dy != 0 {
                    out[i] = Pos::new(self.x.saturating_add(dx), self.y.saturating_add(dy));
                    i += 1;
                }
            }
        }
        out
    }
}

impl core::fmt::Debug for Pos {
    /// `Pos(2,-1)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Pos({},{})", self.x, self.y)
    }
}

/// A set of sides (for example the edges a segment touches), as bits
/// `1 << side`.
///
/// ```
/// use carcassonne_safari::geometry::{Side, Sides};
/// let s = Sides::from_iter([Side::S, Side::N]);
/// assert!(s.contains(Side::N) && !s.contains(Side::E));
/// assert_eq!(s.iter().collect::<Vec<_>>(), [Side::N, Side::S]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Sides(pub u8);

impl Sides {
    /// Whether `side` is in the set.
    pub const fn contains(self, side: Side) -> bool {
        self.0 & (1 << side as u8) != 0
    }

    /// The members in the order N, E, S, W.
    pub fn iter(self) -> impl Iterator<Item = Side> {
        Side::ALL.into_iter().filter(move |&s| self.contains(s))
    }

    /// Number of members.
    pub const fn len(self) -> usize {
        (self.0 & 0xF).count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 & 0xF == 0
    }

    /// The corners next to a side of the set (a bush covering an edge reaches
    /// both its corners).
    pub const fn corners(self) -> Corners {
        // Corner `c` lies between sides `c` and `c + 1`.
        let s = self.0 & 0xF;
        Corners((s | s >> 1 | s << 3) & 0xF)
    }
}

impl FromIterator<Side> for Sides {
    fn from_iter<I: IntoIterator<Item = Side>>(sides: I) -> Sides {
        Sides(sides.into_iter().fold(0, |bits, s| bits | 1 << s as u8))
    }
}

/// A set of corners, as bits `1 << corner`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Corners(pub u8);

impl Corners {
    /// Whether `corner` is in the set.
    pub const fn contains(self, corner: Corner) -> bool {
        self.0 & (1 << corner as u8) != 0
    }

    /// The members in the order NE, SE, SW, NW.
    pub fn iter(self) -> impl Iterator<Item = Corner> {
        Corner::ALL.into_iter().filter(move |&c| self.contains(c))
    }

    /// Number of members.
    pub const fn len(self) -> usize {
        (self.0 & 0xF).count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 & 0xF == 0
    }
}

impl FromIterator<Corner> for Corners {
    fn from_iter<I: IntoIterator<Item = Corner>>(corners: I) -> Corners {
        Corners(corners.into_iter().fold(0, |bits, c| bits | 1 << c as u8))
    }
}

/// A side of a tile or cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Side {
    /// North (towards negative `y`).
    N = 0,
    /// East.
    E = 1,
    /// South.
    S = 2,
    /// West.
    W = 3,
}

impl Side {
    /// N, E, S, W.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The side with index `i % 4` (N = 0, clockwise).
    pub const fn from_index(i: u8) -> Side {
        Side::ALL[(i & 3) as usize]
    }

    /// The index of this side (N = 0, E = 1, S = 2, W = 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side facing this one across an edge.
    pub const fn opposite(self) -> Side {
        Side::from_index(self as u8 + 2)
    }

    /// This side after turning the tile by `rot` clockwise.
    pub const fn rotated(self, rot: Rotation) -> Side {
        Side::from_index(self as u8 + rot as u8)
    }

    const fn delta(self) -> (i8, i8) {
        match self {
            Side::N => (0, -1),
            Side::E => (1, 0),
            Side::S => (0, 1),
            Side::W => (-1, 0),
        }
    }
}

/// A corner of a tile, in board orientation when it appears in a move.
///
/// Corner `c` lies between side `c` and the next side clockwise: NE between N and E.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Corner {
    /// North-east.
    NE = 0,
    /// South-east.
    SE = 1,
    /// South-west.
    SW = 2,
    /// North-west.
    NW = 3,
}

impl Corner {
    /// NE, SE, SW, NW.
    pub const ALL: [Corner; 4] = [Corner::NE, Corner::SE, Corner::SW, Corner::NW];

    /// The corner with index `i % 4` (NE = 0, clockwise).
    pub const fn from_index(i: u8) -> Corner {
        Corner::ALL[(i & 3) as usize]
    }

    /// The index of this corner (NE = 0, SE = 1, SW = 2, NW = 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The two sides that meet at this corner.
    pub const fn sides(self) -> [Side; 2] {
        [Side::from_index(self as u8), Side::from_index(self as u8 + 1)]
    }

    /// This corner after turning the tile by `rot` clockwise.
    pub const fn rotated(self, rot: Rotation) -> Corner {
        Corner::from_index(self as u8 + rot as u8)
    }

    /// The grid vertex at this corner of `cell`, and this corner's slot index at it.
    pub(crate) fn vertex(self, cell: Pos) -> (Pos, u8) {
        // A vertex is named by the cell whose NW corner it is. Slots at a vertex are
        // numbered round the vertex: 0 = SE corner of the NW cell, 1 = SW corner of
        // the NE cell, 2 = NW corner of the SE cell, 3 = NE corner of the SW cell, so
        // that slots i and i±1 belong to edge-sharing cells (they touch).
        let (dx, dy, slot) = match self {
            Corner::NW => (0, 0, 2),
            Corner::NE => (1, 0, 3),
            Corner::SE => (1, 1, 0),
            Corner::SW => (0, 1, 1),
        };
        (
            Pos::new(cell.x.saturating_add(dx), cell.y.saturating_add(dy)),
            slot,
        )
    }

    /// The cell and corner of slot `slot` at `vertex` (inverse of [`Corner::vertex`]).
    pub(crate) fn of_slot(vertex: Pos, slot: u8) -> (Pos, Corner) {
        let (dx, dy, corner) = match slot & 3 {
            0 => (-1, -1, Corner::SE),
            1 => (0, -1, Corner::SW),
            2 => (0, 0, Corner::NW),
            _ => (-1, 0, Corner::NE),
        };
        (
            Pos::new(vertex.x.saturating_add(dx), vertex.y.saturating_add(dy)),
            corner,
        )
    }
}

/// A clockwise rotation of a tile: rotating by 90 degrees moves what was on N to E.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[repr(u8)]
pub enum Rotation {
    /// As printed.
    #[default]
    R0 = 0,
    /// 90 degrees clockwise.
    R90 = 1,
    /// 180 degrees.
    R180 = 2,
    /// 270 degrees clockwise.
    R270 = 3,
}

impl Rotation {
    /// 0, 90, 180, 270 degrees.
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    /// The rotation in degrees.
    pub const fn degrees(self) -> u16 {
        self as u16 * 90
    }

    /// The rotation that undoes this one.
    pub const fn inverse(self) -> Rotation {
        Rotation::ALL[((4 - self as u8) & 3) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_geo_north_is_negative_y() {
        assert_eq!(Pos::new(0, 0).step(Side::N), Pos::new(0, -1));
        assert_eq!(Pos::new(0, 0).step(Side::E), Pos::new(1, 0));
    }

    #[test]
    fn r_geo_rotation_moves_north_to_east() {
        assert_eq!(Side::N.rotated(Rotation::R90), Side::E);
        assert_eq!(Corner::NE.rotated(Rotation::R90), Corner::SE);
        assert_eq!(Corner::NW.sides(), [Side::W, Side::N]);
    }

    #[test]
    fn vertex_slots_round_trip_and_four_cells_share_a_vertex() {
        let v = Pos::new(3, -2);
        for slot in 0..4 {
            let (cell, corner) = Corner::of_slot(v, slot);
            assert_eq!(corner.vertex(cell), (v, slot));
        }
        // (2,-3) SE, (3,-3) SW, (3,-2) NW, (2,-2) NE all meet at vertex (3,-2).
        assert_eq!(Corner::SE.vertex(Pos::new(2, -3)).0, v);
        assert_eq!(Corner::SW.vertex(Pos::new(3, -3)).0, v);
        assert_eq!(Corner::NW.vertex(Pos::new(3, -2)).0, v);
        assert_eq!(Corner::NE.vertex(Pos::new(2, -2)).0, v);
    }
}

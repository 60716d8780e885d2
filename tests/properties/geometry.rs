//! Geometry written from R-GEO, independent of the engine's: steps between
//! cells (R-GEO-1, R-GEO-4), turning a tile's printed sides onto the board
//! (R-GEO-2), corners and grid vertices (R-GEO-3), which slots of a vertex
//! touch (R-WATER-1), and the ring of cells round a baobab (R-BAOBAB-2).

use carcassonne_safari::{Corner, Pos, Rotation, Side};

pub const SIDES: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];
pub const CORNERS: [Corner; 4] = [Corner::NE, Corner::SE, Corner::SW, Corner::NW];
pub const ROTATIONS: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

pub fn sidx(s: Side) -> usize {
    SIDES.iter().position(|&b| b == s).unwrap()
}

pub fn ridx(r: Rotation) -> usize {
    ROTATIONS.iter().position(|&b| b == r).unwrap()
}

pub fn step(p: Pos, s: Side) -> Pos {
    let (x, y) = (p.x as i16, p.y as i16);
    let (x, y) = match s {
        Side::N => (x, y - 1),
        Side::E => (x + 1, y),
        Side::S => (x, y + 1),
        Side::W => (x - 1, y),
    };
    Pos::new(x as i8, y as i8)
}

pub fn opposite(s: Side) -> Side {
    SIDES[(sidx(s) + 2) % 4]
}

/// The side of the printed kind that lies on board side `s` when turned by `r`
/// clockwise (turning moves printed N to board E).
pub fn kind_side(s: Side, r: Rotation) -> Side {
    SIDES[(sidx(s) + 4 - ridx(r)) % 4]
}

/// The two board sides meeting at a corner.
pub fn corner_sides(c: Corner) -> [Side; 2] {
    match c {
        Corner::NE => [Side::N, Side::E],
        Corner::SE => [Side::E, Side::S],
        Corner::SW => [Side::S, Side::W],
        Corner::NW => [Side::W, Side::N],
    }
}

/// The grid vertex at corner `c` of `cell`, as the coordinates of the vertex's
/// north-west point (the vertex at the NW corner of (x,y) is (x,y)).
pub fn vertex(cell: Pos, c: Corner) -> (i16, i16) {
    let (x, y) = (cell.x as i16, cell.y as i16);
    match c {
        Corner::NW => (x, y),
        Corner::NE => (x + 1, y),
        Corner::SE => (x + 1, y + 1),
        Corner::SW => (x, y + 1),
    }
}

/// The four (cell, corner) slots meeting at a vertex.
pub fn vertex_slots(v: (i16, i16)) -> [(Pos, Corner); 4] {
    let p = |x: i16, y: i16| Pos::new(x as i8, y as i8);
    [
        (p(v.0 - 1, v.1 - 1), Corner::SE),
        (p(v.0, v.1 - 1), Corner::SW),
        (p(v.0, v.1), Corner::NW),
        (p(v.0 - 1, v.1), Corner::NE),
    ]
}

/// Two slots at one vertex touch when their cells share an edge (R-WATER-1).
pub fn cells_touch(a: Pos, b: Pos) -> bool {
    (a.x as i16 - b.x as i16).abs() + (a.y as i16 - b.y as i16).abs() == 1
}

/// The 8 surrounding cells, row by row north to south, west to east (R-BAOBAB-2).
pub fn ring(p: Pos) -> Vec<Pos> {
    let mut out = Vec::new();
    for dy in -1i16..=1 {
        for dx in -1i16..=1 {
            if dx != 0 || dy != 0 {
                out.push(Pos::new((p.x as i16 + dx) as i8, (p.y as i16 + dy) as i8));
            }
        }
    }
    out
}

pub fn pos(c: (i8, i8)) -> Pos {
    Pos::new(c.0, c.1)
}

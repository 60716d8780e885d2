//! The cell grid: what is at a position (a tile, a frontier cell or nothing),
//! by direct indexing into a window over the board.

use core::hash::{Hash, Hasher};

use crate::geometry::Pos;

/// Cells of the largest window a game can need. The tiles are edge-connected
/// (75 cells with the start tile), so their bounding box has `w + h <= 76`;
/// with a margin of one cell for their neighbours, `W + H <= 80`, hence
/// `W * H <= 40 * 40`.
pub(super) const GRID_CELLS: usize = 1600;

/// Grid value of the first frontier cell: the frontier cell at index `i` holds
/// `FRONTIER + i`. Tiles are `index + 1` (at most 75 of them) and an empty cell off
/// the frontier is 0. At most 8 + 2 * 72 = 152 cells are ever on the frontier
/// (the start tile has 8 empty neighbours, and each land tile adds at most three
/// and takes one), so every value fits a byte.
pub(super) const FRONTIER: u8 = 80;

/// Room left round a tile when the window grows, so that it grows rarely.
const SLACK: i16 = 4;

/// A window over the board, `w` by `h` cells from `(x0, y0)`, holding every
/// tile and the neighbours of every tile (diagonal ones included): each cell
/// is 0 (empty), a tile index + 1, or [`FRONTIER`] + a frontier index.
#[derive(Clone, Copy)]
pub(super) struct Grid {
    pub x0: i16,
    pub y0: i16,
    pub w: i16,
    pub h: i16,
    pub cells: [u8; GRID_CELLS],
}

/// The tile index a grid value stands for.
#[inline]
pub(super) fn tile_of(v: u8) -> Option<usize> {
    (v != 0 && v < FRONTIER).then(|| v as usize - 1)
}

impl Grid {
    /// A `size` by `size` window centred on the origin.
    pub(super) fn new(size: i16) -> Grid {
        Grid {
            x0: -(size / 2),
            y0: -(size / 2),
            w: size,
            h: size,
            cells: [0; GRID_CELLS],
        }
    }

    /// The value at `p`: 0 outside the window.
    #[inline]
    pub(super) fn get(&self, p: Pos) -> u8 {
        let (dx, dy) = (p.x as i16 - self.x0, p.y as i16 - self.y0);
        if dx < 0 || dy < 0 || dx >= self.w || dy >= self.h {
            0
        } else {
            self.cells[(dy * self.w + dx) as usize]
        }
    }

    /// Index of `p`, which must lie inside the window.
    #[inline]
    pub(super) fn index(&self, p: Pos) -> usize {
        ((p.y as i16 - self.y0) * self.w + (p.x as i16 - self.x0)) as usize
    }

    /// Moves or grows the window so that it holds `p` and its eight
    /// neighbours, keeping every cell of `tiles` and their neighbours.
    pub(super) fn cover(&mut self, p: Pos, tiles: impl Iterator<Item = Pos>) {
        let (x, y) = (p.x as i16, p.y as i16);
        if x > self.x0 && y > self.y0 && x + 1 < self.x0 + self.w && y + 1 < self.y0 + self.h {
            return;
        }
        let mut x0 = self.x0.min(x - SLACK);
        let mut y0 = self.y0.min(y - SLACK);
        let mut x1 = (self.x0 + self.w).max(x + SLACK + 1);
        let mut y1 = (self.y0 + self.h).max(y + SLACK + 1);
        if ((x1 - x0) * (y1 - y0)) as usize > GRID_CELLS {
            // The tight box: the tiles and `p` with a margin of one cell, which
            // always fits (see `GRID_CELLS`).
            (x0, y0, x1, y1) = (x - 1, y - 1, x + 2, y + 2);
            for t in tiles {
                let (tx, ty) = (t.x as i16, t.y as i16);
                (x0, y0, x1, y1) = (x0.min(tx - 1), y0.min(ty - 1), x1.max(tx + 2), y1.max(ty + 2));
            }
            assert!(
                ((x1 - x0) * (y1 - y0)) as usize <= GRID_CELLS,
                "an edge-connected board fits"
            );
        }
        let (w, h) = (x1 - x0, y1 - y0);
        let mut cells = [0u8; GRID_CELLS];
        // Every non-empty cell lies in both windows: copy their overlap.
        let (ox0, ox1) = (self.x0.max(x0), (self.x0 + self.w).min(x1));
        for row in self.y0.max(y0)..(self.y0 + self.h).min(y1) {
            if ox0 < ox1 {
                let src = ((row - self.y0) * self.w + (ox0 - self.x0)) as usize;
                let dst = ((row - y0) * w + (ox0 - x0)) as usize;
                let n = (ox1 - ox0) as usize;
                cells[dst..dst + n].copy_from_slice(&self.cells[src..src + n]);
            }
        }
        *self = Grid { x0, y0, w, h, cells };
    }

    /// Makes this grid equal to `other`, copying only the cells of its window.
    // Used by the spare boards, which need `std`.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(super) fn copy_from(&mut self, other: &Grid) {
        (self.x0, self.y0, self.w, self.h) = (other.x0, other.y0, other.w, other.h);
        let used = other.used();
        self.cells[..used.len()].copy_from_slice(used);
    }

    /// The cells in use.
    fn used(&self) -> &[u8] {
        &self.cells[..(self.w * self.h) as usize]
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        (self.x0, self.y0, self.w, self.h) == (other.x0, other.y0, other.w, other.h)
            && self.used() == other.used()
    }
}

impl Eq for Grid {}

impl Hash for Grid {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.x0, self.y0, self.w, self.h).hash(state);
        self.used().hash(state);
    }
}

impl core::fmt::Debug for Grid {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Grid")
            .field("x0", &self.x0)
            .field("y0", &self.y0)
            .field("w", &self.w)
            .field("h", &self.h)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_follows_a_long_line_of_tiles() {
        // A line of 75 cells, as an edge-connected board could be: the window
        // narrows to the tight box when slack no longer fits.
        let mut g = Grid::new(13);
        let mut tiles = alloc::vec::Vec::new();
        for x in -1..74i8 {
            let p = Pos::new(x, 0);
            g.cover(p, tiles.iter().copied());
            let i = g.index(p);
            g.cells[i] = 1;
            tiles.push(p);
            for t in &tiles {
                assert_eq!(g.get(*t), 1, "{t} kept");
                assert_eq!(g.get(Pos::new(t.x, t.y + 1)), 0);
            }
        }
        assert!((g.w * g.h) as usize <= GRID_CELLS);
    }

    #[test]
    fn a_staircase_of_tiles_fits() {
        // The widest box an edge-connected board of 75 cells can have.
        let mut g = Grid::new(13);
        let mut tiles = alloc::vec::Vec::new();
        let mut p = Pos::new(1, 0);
        for i in 0..72 {
            p = if i % 2 == 0 {
                Pos::new(p.x + 1, p.y)
            } else {
                Pos::new(p.x, p.y + 1)
            };
            g.cover(p, tiles.iter().copied());
            let k = g.index(p);
            g.cells[k] = 2;
            tiles.push(p);
        }
        assert!(tiles.iter().all(|&t| g.get(t) == 2));
    }
}

//! The window: a square of the board's cells that follows the frontier (the
//! empty cells next to a tile, which surround every tile), centred on its
//! bounding box. The compact action encoding ([`crate::compact`]) names its
//! spatial actions by the window's cells, and the observations
//! ([`crate::observation`]) lay their planes over it.

use carcassonne_safari::{GameState, Pos};

/// The window's side when none is asked for (cells on each side of the
/// square): large enough for the frontier of nearly every game.
pub const DEFAULT_SIDE: u32 = 32;
/// A window of this side holds every frontier of every game: the frontier's
/// bounding box is at most 77 cells wide (72 land tiles in a row beside the
/// 3-cell start tile, and a frontier cell at each end) and 75 high.
pub const MAX_SIDE: u32 = 77;
/// The smallest window: it holds the frontier at every player's first
/// decision (the start tile's 3 cells, up to 4 land tiles placed by the
/// players before, and a frontier cell at each end).
pub const MIN_SIDE: u32 = 9;

/// A square window of the board: cell `(x, y)` is row `y - y0`, column
/// `x - x0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The westmost column.
    pub x0: i32,
    /// The northmost row.
    pub y0: i32,
    /// Cells per row and per column.
    pub side: u32,
}

/// The frontier of a position does not fit a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the board's frontier spans {} x {} cells, more than the {side}-cell window",
    needed.0,
    needed.1
)]
pub struct Overflow {
    /// The width and height of the frontier's bounding box.
    pub needed: (u32, u32),
    /// The window's side.
    pub side: u32,
}

impl Window {
    /// The window of side `side` centred on the frontier's bounding box (the
    /// extra cells go to the east and south when they do not split evenly).
    ///
    /// # Errors
    /// [`Overflow`] when the frontier does not fit.
    pub fn follow(state: &GameState, side: u32) -> Result<Window, Overflow> {
        let mut cells = state.frontier().iter();
        let Some(first) = cells.next() else {
            // No frontier (never in a real game): the window on the start tile.
            return Ok(Window::centred(0, 0, side));
        };
        let (mut x0, mut x1, mut y0, mut y1) = (first.x, first.x, first.y, first.y);
        for p in cells {
            x0 = x0.min(p.x);
            x1 = x1.max(p.x);
            y0 = y0.min(p.y);
            y1 = y1.max(p.y);
        }
        let (w, h) = (
            (x1 as i32 - x0 as i32 + 1) as u32,
            (y1 as i32 - y0 as i32 + 1) as u32,
        );
        if w > side || h > side {
            return Err(Overflow { needed: (w, h), side });
        }
        Ok(Window {
            x0: x0 as i32 - ((side - w) / 2) as i32,
            y0: y0 as i32 - ((side - h) / 2) as i32,
            side,
        })
    }

    /// The window of side `side` whose middle cell (north-west of the middle
    /// for an even side) is `(x, y)`.
    pub fn centred(x: i32, y: i32, side: u32) -> Window {
        let half = ((side - 1) / 2) as i32;
        Window {
            x0: x - half,
            y0: y - half,
            side,
        }
    }

    /// The index `row · side + column` of `p`, if it lies inside.
    pub fn cell(&self, p: Pos) -> Option<u32> {
        let (c, r) = (p.x as i32 - self.x0, p.y as i32 - self.y0);
        let n = self.side as i32;
        ((0..n).contains(&c) && (0..n).contains(&r)).then(|| (r * n + c) as u32)
    }

    /// The cell of index `cell` (`cell < side²`).
    pub fn pos(&self, cell: u32) -> Pos {
        let (r, c) = (cell / self.side, cell % self.side);
        Pos::new((self.x0 + c as i32) as i8, (self.y0 + r as i32) as i8)
    }

    /// Cells in the window.
    pub fn area(&self) -> u32 {
        self.side * self.side
    }
}

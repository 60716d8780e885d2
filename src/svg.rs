//! An SVG picture of a game state (feature `svg`): savanna, trails, bush with
//! birds, baobabs, animals as letters, meeples in player colours, rangers,
//! watering-hole tokens and the scores. Plain `alloc`, no other dependency.
//!
//! ```
//! use carcassonne_safari::{svg, GameState, Setup};
//! let state = GameState::new(&Setup::new(2)).unwrap();
//! let picture = svg::render(&state);
//! assert!(picture.starts_with("<svg") && picture.contains("START-M"));
//! ```

use alloc::string::String;
use core::fmt::Write;

use crate::events::MeepleSpot;
use crate::geometry::{Corner, Pos, Side};
use crate::state::GameState;
use crate::tiles::FeatureKind;

/// Pixels per cell.
const CELL: i32 = 64;
/// Player colours, by seat (yellow, red, green, blue, black as in the box).
pub const PLAYER_COLOURS: [&str; crate::rules::MAX_PLAYERS] =
    ["#e8c000", "#d03020", "#209040", "#2060d0", "#202020"];
const HEADER: i32 = 28;

/// The centre of side `s` of the cell whose top-left pixel is (x, y).
fn side_mid(x: i32, y: i32, s: Side) -> (i32, i32) {
    let h = CELL / 2;
    match s {
        Side::N => (x + h, y),
        Side::E => (x + CELL, y + h),
        Side::S => (x + h, y + CELL),
        Side::W => (x, y + h),
    }
}

/// A point a fraction of the way from the cell centre towards side `s`.
fn towards(x: i32, y: i32, s: Side, percent: i32) -> (i32, i32) {
    let (mx, my) = side_mid(x, y, s);
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    (cx + (mx - cx) * percent / 100, cy + (my - cy) * percent / 100)
}

fn corner_point(x: i32, y: i32, c: Corner) -> (i32, i32) {
    match c {
        Corner::NE => (x + CELL, y),
        Corner::SE => (x + CELL, y + CELL),
        Corner::SW => (x, y + CELL),
        Corner::NW => (x, y),
    }
}

/// What to draw besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// Cells to outline, e.g. where the tile to place fits (empty cells are
    /// drawn too).
    pub highlight: alloc::vec::Vec<Pos>,
}

impl SvgOptions {
    /// Outlines `cells`.
    pub fn with_highlight(mut self, cells: impl IntoIterator<Item = Pos>) -> SvgOptions {
        self.highlight = cells.into_iter().collect();
        self
    }
}

/// The SVG document of `state`, as text.
pub fn render(state: &GameState) -> String {
    render_with(state, &SvgOptions::default())
}

/// The SVG document of `state` with `options`, as text.
///
/// ```
/// use carcassonne_safari::svg::{render_with, SvgOptions};
/// use carcassonne_safari::{GameState, Pos, Setup};
/// let state = GameState::new(&Setup::new(2)).unwrap();
/// let picture = render_with(&state, &SvgOptions::default().with_highlight([Pos::new(0, -1)]));
/// assert!(picture.contains("class=\"highlight\" data-pos=\"0,-1\""));
/// ```
pub fn render_with(state: &GameState, options: &SvgOptions) -> String {
    let (mut x0, mut y0, mut x1, mut y1) = (i8::MAX, i8::MAX, i8::MIN, i8::MIN);
    let cells = state
        .tiles()
        .map(|t| t.pos)
        .chain(state.frontier().iter().copied())
        .chain(options.highlight.iter().copied());
    for p in cells {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    let px = |p: Pos| {
        (
            (p.x as i32 - x0 as i32) * CELL,
            (p.y as i32 - y0 as i32) * CELL + HEADER,
        )
    };
    let width = (x1 as i32 - x0 as i32 + 1) * CELL;
    let height = (y1 as i32 - y0 as i32 + 1) * CELL + HEADER;
    let mut out = String::new();
    let w = &mut out;
    // Writing to a String cannot fail.
    let _ = writeln!(
        w,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#f4efe0\"/>"
    );
    let _ = write!(w, "<text x=\"4\" y=\"19\" font-size=\"15\">");
    for (i, s) in state.scores().iter().enumerate() {
        let _ = write!(w, "<tspan fill=\"{}\">p{i}: {s}  </tspan>", PLAYER_COLOURS[i]);
    }
    let _ = writeln!(w, "tiles left: {}</text>", state.tiles_left());

    for t in state.tiles() {
        let (x, y) = px(t.pos);
        let kind = t.design.kind();
        let _ = write!(
            w,
            "<g class=\"tile\" data-pos=\"{}\" data-design=\"{}\">\
             <rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#e9d98a\" stroke=\"#b8a660\"/>",
            t.pos, t.design
        );
        for seg in t.segments() {
            match seg.kind {
                FeatureKind::Bush => {
                    for side in seg.sides.iter() {
                        let (bx, by, bw, bh) = match side {
                            Side::N => (x, y, CELL, CELL / 3),
                            Side::S => (x, y + CELL - CELL / 3, CELL, CELL / 3),
                            Side::W => (x, y, CELL / 3, CELL),
                            Side::E => (x + CELL - CELL / 3, y, CELL / 3, CELL),
                        };
                        let _ = write!(
                            w,
                            "<rect x=\"{bx}\" y=\"{by}\" width=\"{bw}\" height=\"{bh}\" fill=\"#5f9a3a\" opacity=\"0.9\"/>"
                        );
                    }
                }
                FeatureKind::Trail => {
                    let mut ends = seg.sides.iter();
                    if let Some(a) = ends.next() {
                        let (ax, ay) = side_mid(x, y, a);
                        let (bx, by) = match ends.next() {
                            Some(b) => side_mid(x, y, b),
                            None => towards(x, y, a, 20),
                        };
                        let (cx, cy) = (x + CELL / 2, y + CELL / 2);
                        let _ = write!(
                            w,
                            "<path d=\"M{ax},{ay} Q{cx},{cy} {bx},{by}\" fill=\"none\" stroke=\"#a0703a\" stroke-width=\"6\"/>"
                        );
                    }
                }
            }
            // Animals and birds, written near the segment's first side.
            let first = seg.sides.iter().next().unwrap_or(Side::N);
            let (lx, ly) = towards(x, y, first, 55);
            let mut label = String::new();
            for a in seg.animals.iter() {
                label.push(a.letter());
            }
            for _ in 0..seg.birds {
                label.push('^');
            }
            if !label.is_empty() {
                let _ = write!(
                    w,
                    "<text x=\"{lx}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\">{label}</text>",
                    ly + 4
                );
            }
        }
        if kind.baobab {
            let (bx, by) = (x + CELL * 3 / 10, y + CELL * 7 / 10);
            let _ = write!(
                w,
                "<circle cx=\"{bx}\" cy=\"{by}\" r=\"8\" fill=\"#3c6e2a\" stroke=\"#5a3a1a\"/>"
            );
        }
        if kind.is_start() {
            let _ = write!(
                w,
                "<text x=\"{}\" y=\"{}\" font-size=\"8\" text-anchor=\"middle\" fill=\"#806020\">{}</text>",
                x + CELL / 2,
                y + CELL - 3,
                kind.name
            );
        }
        w.push_str("</g>\n");
    }

    for &cell in &options.highlight {
        let (x, y) = px(cell);
        let _ = writeln!(
            w,
            "<rect class=\"highlight\" data-pos=\"{cell}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
             fill=\"none\" stroke=\"#1060ff\" stroke-width=\"4\"/>",
            x + 2,
            y + 2,
            CELL - 4,
            CELL - 4
        );
    }

    for crate::view::WaterToken {
        pos: cell,
        corner,
        animal,
    } in state.water_tokens()
    {
        let (x, y) = px(cell);
        let (cx, cy) = corner_point(x, y, corner);
        let (tx, ty) = ((cx * 4 + (x + CELL / 2)) / 5, (cy * 4 + (y + CELL / 2)) / 5);
        let _ = writeln!(
            w,
            "<g class=\"token\"><circle cx=\"{tx}\" cy=\"{ty}\" r=\"9\" fill=\"#5ab0e0\" stroke=\"#2070a0\"/>\
             <text x=\"{tx}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{}</text></g>",
            ty + 4,
            animal.letter()
        );
    }

    for crate::view::MeepleView { player, spot } in state.meeples() {
        let (mx, my) = match spot {
            MeepleSpot::Segment { pos, seg } => {
                let (x, y) = px(pos);
                let first = state
                    .tile_at(pos)
                    .and_then(|t| t.segments().nth(seg as usize))
                    .and_then(|s| s.sides.iter().next())
                    .unwrap_or(Side::N);
                towards(x, y, first, 80)
            }
            MeepleSpot::Baobab { pos } => {
                let (x, y) = px(pos);
                (x + CELL * 3 / 10, y + CELL * 7 / 10)
            }
            MeepleSpot::Hole { pos, corner } => {
                let (x, y) = px(pos);
                let (cx, cy) = corner_point(x, y, corner);
                ((cx * 4 + (x + CELL / 2)) / 5, (cy * 4 + (y + CELL / 2)) / 5 - 8)
            }
        };
        let _ = writeln!(
            w,
            "<circle class=\"meeple\" cx=\"{mx}\" cy=\"{my}\" r=\"6\" fill=\"{}\" stroke=\"#000\"/>",
            PLAYER_COLOURS[player.index()]
        );
    }

    for pos in state.rangers().into_iter().flatten() {
        let (x, y) = px(pos);
        let _ = writeln!(
            w,
            "<g class=\"ranger\"><rect x=\"{}\" y=\"{}\" width=\"28\" height=\"18\" rx=\"4\" fill=\"#fff\" stroke=\"#444\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">R</text></g>",
            x + CELL / 2 - 14,
            y + CELL / 2 - 9,
            x + CELL / 2,
            y + CELL / 2 + 4
        );
    }
    out.push_str("</svg>\n");
    out
}

//! A whole position as one SVG picture.

use super::*;

/// What to draw besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// Cells to outline, e.g. where the tile to place fits (empty cells are
    /// drawn too).
    pub highlight: Vec<Pos>,
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

/// Pixels per cell in [`render`]'s document.
pub(super) const PIXELS: i32 = 64;
/// The height of the score line, in cell units.
pub(super) const HEADER: f32 = 40.0;

/// The SVG document of `state` with `options`, as text: the scores, every
/// tile, watering-hole token, meeple and ranger, drawn with the pieces of this
/// module.
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
    for c in cells {
        x0 = x0.min(c.x);
        y0 = y0.min(c.y);
        x1 = x1.max(c.x);
        y1 = y1.max(c.y);
    }
    // The top-left corner of a cell, in document units.
    let origin = |c: Pos| {
        p(
            (c.x as i32 - x0 as i32) as f32 * CELL,
            (c.y as i32 - y0 as i32) as f32 * CELL + HEADER,
        )
    };
    let (cols, rows) = (x1 as i32 - x0 as i32 + 1, y1 as i32 - y0 as i32 + 1);
    let (width, height) = (cols as f32 * CELL, rows as f32 * CELL + HEADER);
    let mut out = String::new();
    let w = &mut out;
    // Writing to a String cannot fail.
    let _ = writeln!(
        w,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" font-family=\"sans-serif\">\n\
         <rect width=\"{}\" height=\"{}\" fill=\"#f4efe0\"/>",
        cols * PIXELS,
        (height * PIXELS as f32 / CELL) as i32,
        N(width),
        N(height),
        N(width),
        N(height)
    );
    let _ = write!(w, "<text x=\"26\" y=\"28\" font-size=\"22\">");
    for (i, s) in state.scores().iter().enumerate() {
        let _ = write!(
            w,
            "<tspan fill=\"{}\" font-weight=\"700\">{}</tspan> p{i}: {s}  ",
            PLAYER_COLOURS[i],
            ["●", "■", "▲", "◆", "✚"][i % MAX_PLAYERS]
        );
    }
    let _ = writeln!(w, "tiles left: {}</text>", state.tiles_left());

    for t in state.tiles() {
        let _ = writeln!(
            w,
            "<g data-pos=\"{}\" transform=\"translate({})\">{}</g>",
            t.pos,
            origin(t.pos),
            tile(&t)
        );
    }
    let owners: Vec<(Pos, Corner, PlayerId)> = state
        .meeples()
        .filter_map(|m| match m.spot {
            MeepleSpot::Hole { pos, corner } => Some((pos, corner, m.player)),
            _ => None,
        })
        .collect();
    for token in state.water_tokens() {
        let owner = owners
            .iter()
            .find(|(pos, corner, _)| *pos == token.pos && *corner == token.corner)
            .map(|&(_, _, seat)| seat);
        let _ = writeln!(
            w,
            "<g class=\"token\" transform=\"translate({})\">{}</g>",
            origin(token.pos),
            water_token(token.corner, token.animal, owner)
        );
    }
    for m in state.meeples() {
        let (pos, target) = match m.spot {
            MeepleSpot::Segment { pos, seg } => (pos, MeepleTarget::Segment(seg)),
            MeepleSpot::Baobab { pos } => (pos, MeepleTarget::Baobab),
            MeepleSpot::Hole { .. } => continue, // drawn on its token
        };
        let Some(t) = state.tile_at(pos) else { continue };
        let at = TileArt::new(&t).spot(target).unwrap_or(p(50.0, 50.0));
        let o = origin(pos);
        let _ = writeln!(w, "{}", meeple(p(o.x + at.x, o.y + at.y + 9.0), m.player));
    }
    for r in state.rangers().into_iter().flatten() {
        let o = origin(r);
        let _ = writeln!(w, "{}", ranger(p(o.x + 50.0, o.y + 50.0)));
    }
    for &cell in &options.highlight {
        let o = origin(cell);
        let _ = writeln!(
            w,
            "<rect class=\"highlight\" data-pos=\"{cell}\" x=\"{}\" y=\"{}\" width=\"94\" height=\"94\" \
             fill=\"none\" stroke=\"{SELECTION}\" stroke-width=\"5\"/>",
            N(o.x + 3.0),
            N(o.y + 3.0)
        );
    }
    out.push_str("</svg>\n");
    out
}

//! A plain-text picture of a position, for terminals and logs.

use std::fmt::Write;

use carcassonne_safari::{events::MeepleSpot, tiles::Edge, Corner, GameState, PlayerId, Pos, Side};

/// The position as text: a summary (decision, scores, hands, supply) and the
/// board with three characters per cell edge (`|`/`-` trail, `#` bush, `.`
/// savanna; corners show a watering-hole token's animal; the centre shows the
/// seat of a meeple on the tile, `B` a baobab; an empty cell next to a tile
/// shows `+`, or `R` when a ranger stands on it).
pub fn board_text(state: &GameState) -> String {
    let mut out = String::new();
    let o = &mut out;
    let actor = match state.to_move() {
        Some(a) => a.to_string(),
        None => "nobody".into(),
    };
    // Writing to a String cannot fail.
    let _ = writeln!(o, "decision: {} ({actor} to move)", state.phase());
    for p in 0..state.players() {
        let id = PlayerId(p as u8);
        let _ = writeln!(
            o,
            "{id}: score {}, meeples {}, tokens {}",
            state.scores()[p],
            state.meeples_in_supply(id),
            state.hand(id)
        );
    }
    let _ = writeln!(
        o,
        "tiles left {} (removed {}), token supply {}, discard {}",
        state.tiles_left(),
        state.tiles_removed(),
        state.token_supply(),
        state.token_discard()
    );
    if let Some(d) = state.tile_to_place() {
        let _ = writeln!(o, "tile to place: {d}");
    }
    let cells: Vec<Pos> = state
        .tiles()
        .map(|t| t.pos)
        .chain(state.frontier().iter().copied())
        .collect();
    let (Some(x0), Some(x1)) = (cells.iter().map(|p| p.x).min(), cells.iter().map(|p| p.x).max()) else {
        return out;
    };
    let y0 = cells.iter().map(|p| p.y).min().unwrap_or(0);
    let y1 = cells.iter().map(|p| p.y).max().unwrap_or(0);
    let _ = writeln!(o, "board: x {x0}..{x1} west to east, y {y0}..{y1} north to south");
    let width = (x1 as i32 - x0 as i32 + 1) as usize * 3;
    let mut grid = vec![vec![' '; width]; (y1 as i32 - y0 as i32 + 1) as usize * 3];
    let mut put = |p: Pos, dx: usize, dy: usize, ch: char| {
        let (col, row) = (
            (p.x as i32 - x0 as i32) as usize * 3 + dx,
            (p.y as i32 - y0 as i32) as usize * 3 + dy,
        );
        grid[row][col] = ch;
    };
    let corner_at = |c: Corner| match c {
        Corner::NE => (2, 0),
        Corner::SE => (2, 2),
        Corner::SW => (0, 2),
        Corner::NW => (0, 0),
    };
    for t in state.tiles() {
        let kind = t.design.kind();
        for s in Side::ALL {
            let (dx, dy, trail) = match s {
                Side::N => (1, 0, '|'),
                Side::E => (2, 1, '-'),
                Side::S => (1, 2, '|'),
                Side::W => (0, 1, '-'),
            };
            let ch = match kind.edge(s, t.rotation) {
                Edge::Trail => trail,
                Edge::Bush => '#',
                Edge::Savanna => '.',
            };
            put(t.pos, dx, dy, ch);
        }
        for c in Corner::ALL {
            let (dx, dy) = corner_at(c);
            put(
                t.pos,
                dx,
                dy,
                if kind.savanna_corner(c, t.rotation) {
                    '.'
                } else {
                    '#'
                },
            );
        }
        put(t.pos, 1, 1, if kind.baobab { 'B' } else { '.' });
    }
    for carcassonne_safari::view::WaterToken {
        pos,
        corner: c,
        animal: a,
    } in state.water_tokens()
    {
        let (dx, dy) = corner_at(c);
        put(pos, dx, dy, a.letter());
    }
    for carcassonne_safari::view::MeepleView { player, spot } in state.meeples() {
        let digit = char::from_digit(player.0 as u32, 10).unwrap_or('?');
        match spot {
            MeepleSpot::Segment { pos, .. } | MeepleSpot::Baobab { pos } => put(pos, 1, 1, digit),
            MeepleSpot::Hole { .. } => {}
        }
    }
    for &p in state.frontier() {
        put(p, 1, 1, '+');
    }
    for r in state.rangers().into_iter().flatten() {
        put(r, 1, 1, 'R');
    }
    for row in grid {
        let line: String = row.into_iter().collect();
        let _ = writeln!(o, "{}", line.trim_end());
    }
    out
}

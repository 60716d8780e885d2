//! Meeples on baobabs and watering holes: the chance that their baobab or
//! hole completes.

use carcassonne_safari::events::MeepleSpot;
use carcassonne_safari::{Corner, Pos};

use super::cells::{shape, vertex_slots};
use super::features::Context;
use super::weights::{ChanceKind, Reading};
use super::{Term, Terms};

/// The chance that an empty cell off the frontier (no tile next to it yet)
/// is ever filled, while tiles are left.
const FAR_CELL: f32 = 0.5;

/// The chance that someone chooses to put a tile on a given empty cell of
/// the frontier, when tiles that fit it are drawn: each empty cell round a
/// baobab costs a placement that may serve nothing else.
const CHOSEN: f32 = 0.85;

/// The chance that an open slot next to tiles gets a token: every player
/// scores 4 to 6 points by expanding a hole (R-WATER-3), given a token of an
/// animal the hole lacks.
const EXPANSION: f32 = 0.8;

/// The chance that empty cell `cell` is filled: some tile left that fits it
/// is drawn by the holder ([`any_of`](super::cells::any_of)), who chooses to
/// place it there ([`CHOSEN`]); off the frontier, the [`FAR_CELL`] guess.
fn fill_chance(ctx: &mut Context, cell: Pos) -> f32 {
    if ctx.state.tiles_left() == 0 {
        return 0.0;
    }
    if shape(ctx.state, cell) == 0 {
        // Next to no tile: off the frontier.
        return FAR_CELL;
    }
    CHOSEN * ctx.any_of.get(ctx.cells.fitting(ctx.state, cell))
}

/// The chance that the baobab of the tile at `pos` completes (R-BAOBAB-2):
/// every empty cell of the 8 round it is filled, calibrated; with what it
/// was read from (both readings the same, the empty cells open).
pub(super) fn baobab_chance(ctx: &mut Context, pos: Pos) -> (f32, Reading) {
    let mut chance = 1.0;
    let mut open = 0;
    for cell in pos.ring() {
        if ctx.state.tile_at(cell).is_none() {
            chance *= fill_chance(ctx, cell);
            open += 1;
        }
    }
    let reading = Reading::once(chance, open);
    (ctx.calibrate(ChanceKind::Baobab, &reading), reading)
}

/// The chance that the vertex at corner `corner` of `pos` fills up
/// (R-WATER-4): every slot without a token gets one; a slot on a placed tile
/// must be open (R-WATER-1), and an empty cell must get a tile with savanna
/// at that corner first. Calibrated; with what it was read from (both
/// readings the same, the slots without a token open).
pub(super) fn hole_chance(ctx: &mut Context, pos: Pos, corner: Corner) -> (f32, Reading) {
    let mut chance = 1.0;
    let mut open = 0;
    for (cell, c) in vertex_slots(pos, corner) {
        if ctx.state.water_tokens().any(|t| (t.pos, t.corner) == (cell, c)) {
            continue;
        }
        open += 1;
        if ctx.state.tile_at(cell).is_some() {
            if !ctx.state.is_open_slot(cell, c) {
                return (0.0, Reading::once(0.0, open));
            }
            chance *= EXPANSION;
        } else if ctx.state.tiles_left() == 0 {
            return (0.0, Reading::once(0.0, open));
        } else if shape(ctx.state, cell) != 0 {
            chance *= ctx.any_of.get(ctx.cells.savanna_at(ctx.state, cell, c)) * EXPANSION;
        } else {
            chance *= FAR_CELL * EXPANSION;
        }
    }
    let reading = Reading::once(chance, open);
    (ctx.calibrate(ChanceKind::Hole, &reading), reading)
}

/// Adds the baobab and watering-hole terms of every meeple there.
pub(super) fn add(ctx: &mut Context, terms: &mut Terms) {
    for &(seat, spot) in ctx.spots {
        match spot {
            MeepleSpot::Baobab { pos } => terms.add(seat, Term::Baobabs, baobab_chance(ctx, pos).0),
            MeepleSpot::Hole { pos, corner } => {
                terms.add(seat, Term::WateringHoles, hole_chance(ctx, pos, corner).0)
            }
            _ => {}
        }
    }
}

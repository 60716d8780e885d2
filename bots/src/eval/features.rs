//! Trails and bushes with meeples: their chance of completion from the tiles
//! left that fit their open ends, and what they are worth to their majority
//! complete or open at the end.

use alloc::vec::Vec;

use carcassonne_safari::events::MeepleSpot;
use carcassonne_safari::rules::{feature_points, SPECIES};
use carcassonne_safari::view::{Feature, FeatureId, OpenEnd};
use carcassonne_safari::{FeatureKind, GameState, PlayerId, Pos};

use super::cells::{AnyOf, CellCache, Geometry};
use super::{Term, Terms};

/// What the terms of one evaluation share.
pub(super) struct Context<'a> {
    pub state: &'a GameState,
    pub geometry: &'a Geometry,
    pub cells: &'a mut CellCache,
    /// Every open end of the position (read only when a trail or bush holds
    /// a meeple: empty otherwise).
    pub ends: &'a [OpenEnd],
    /// The trail and bush segments with a meeple, read once per evaluation.
    pub segments: &'a [(Pos, u8)],
    /// Each meeple on a baobab or watering hole with its seat.
    pub spots: &'a [(usize, MeepleSpot)],
    /// Features already counted.
    pub seen: &'a mut Vec<FeatureId>,
    /// The chance that one of n fitting tiles of the pile is used for a
    /// given purpose, each drawn by the holder with chance 1 / players.
    pub any_of: &'a AnyOf,
}

/// The chance that `feature` completes: 1 when it has no open end; else,
/// for each cell its open ends run into, the chance that one of the tiles
/// left that would close it there is drawn by its holder, multiplied over
/// the cells (0 when some cell has no such tile left).
pub(super) fn completion_chance(ctx: &mut Context, feature: &Feature) -> f32 {
    if feature.is_complete() {
        return 1.0;
    }
    let mut chance = 1.0;
    // Group the feature's ends by cell: one tile closes every end into its cell.
    let mut cells: [(Pos, u8); 8] = [(Pos::new(0, 0), 0); 8];
    let mut n = 0;
    for e in ctx.ends.iter().filter(|e| e.feature == feature.id) {
        let side = 1 << e.side.index();
        if let Some((_, sides)) = cells[..n].iter_mut().find(|(c, _)| *c == e.cell) {
            *sides |= side;
        } else if n < cells.len() {
            cells[n] = (e.cell, side);
            n += 1;
        } else {
            // More than 8 cells: every further one halves the chance.
            chance *= 0.5;
        }
    }
    for &(cell, entering) in &cells[..n] {
        let closers = ctx.cells.closing(ctx.state, ctx.geometry, cell, entering);
        chance *= ctx.any_of.get(closers);
        if chance == 0.0 {
            break;
        }
    }
    chance
}

/// Points of `feature` for `player` when it completes: the table value of
/// its species, boosted by a token of `player`'s hand whose animal is not on
/// it (less that token's point at the end), plus its birds.
pub(super) fn completion_points(state: &GameState, feature: &Feature, player: PlayerId) -> f32 {
    let species = feature.species();
    let plain = feature_points(species, false) as f32;
    let hand = state.hand(player);
    let can_boost = (species as usize) < SPECIES && hand.distinct().any(|a| !feature.animals.contains(a));
    let boost = if can_boost {
        (feature_points(species, true) as f32 - plain - 1.0).max(0.0)
    } else {
        0.0
    };
    plain + boost + feature.birds as f32
}

/// Points of `feature` to its majority if it is still open at the end
/// (R-END-2): one per animal and one per bird.
pub(super) fn end_points(feature: &Feature) -> f32 {
    feature.animals.total() as f32 + feature.birds as f32
}

/// Adds the trail and bush terms of every feature with a meeple.
pub(super) fn add(ctx: &mut Context, terms: &mut Terms) {
    for &(pos, seg) in ctx.segments {
        let Some(feature) = ctx.state.feature(pos, seg) else {
            continue;
        };
        if ctx.seen.contains(&feature.id) {
            continue;
        }
        ctx.seen.push(feature.id);
        let chance = completion_chance(ctx, &feature);
        let (complete, end) = match feature.kind {
            FeatureKind::Trail => (Term::TrailCompletion, Term::TrailEnd),
            FeatureKind::Bush => (Term::BushCompletion, Term::BushEnd),
        };
        for p in feature.majority.iter() {
            let seat = p.index();
            terms.add(seat, complete, chance * completion_points(ctx.state, &feature, p));
            terms.add(seat, end, (1.0 - chance) * end_points(&feature));
        }
        for (seat, &m) in feature.meeples.iter().enumerate() {
            terms.add(seat, Term::StuckMeeples, (1.0 - chance) * m as f32);
        }
    }
}

//! Trails and bushes with meeples: their chance of completion from the tiles
//! left that fit their open ends, and what they are worth to their majority
//! complete or open at the end.

use alloc::vec::Vec;

use carcassonne_safari::events::MeepleSpot;
use carcassonne_safari::rules::{feature_points, SPECIES};
use carcassonne_safari::view::{Feature, FeatureId, OpenEnd};
use carcassonne_safari::{FeatureKind, GameState, PlayerId, Pos};

use super::cells::{AnyOf, CellCache, Geometry};
use super::weights::{ChanceKind, PlayerWeights, Reading};
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
    /// The weights of the game's player count (the calibration of the
    /// chances).
    pub weights: &'a PlayerWeights,
    /// The fraction of the land tiles still in the pile.
    pub pile: f32,
    /// Each seat's turns left ([`turns_left`](super::turns_left)).
    pub turns: [u32; carcassonne_safari::rules::MAX_PLAYERS],
}

impl Context<'_> {
    /// A chance of `kind` read as `reading`, calibrated by the weights.
    pub fn calibrate(&self, kind: ChanceKind, reading: &Reading) -> f32 {
        self.weights.calibrate(kind, reading, self.pile)
    }
}

/// The chance that `feature` completes, calibrated, with what it was read
/// from ([`Reading`]): 1 when it has no open end; else, read two ways from
/// the cells its open ends run into, each closed by one of the tiles left
/// that would close every end into it:
/// - `any_of`: for each cell, the chance that one of its closing tiles is
///   drawn by its holder, multiplied over the cells (0 when some cell has no
///   such tile left);
/// - `draws`: the chance that the turns left of the players with meeples on
///   it draw a closing tile for every cell, one cell per draw, each draw
///   closing one of the cells still open with the chance that it is one of
///   their closing tiles ([`draws_chance`]).
pub(super) fn completion_chance(ctx: &mut Context, feature: &Feature) -> (f32, Reading) {
    if feature.is_complete() {
        return (
            1.0,
            Reading {
                any_of: 1.0,
                draws: 1.0,
                open: 0,
            },
        );
    }
    let mut chance = 1.0;
    // Group the feature's ends by cell: one tile closes every end into its cell.
    let mut cells: [(Pos, u8); 8] = [(Pos::new(0, 0), 0); 8];
    let mut n = 0;
    let mut extra = 0;
    let mut closers = 0;
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
            extra += 1;
        }
    }
    for &(cell, entering) in &cells[..n] {
        let closing = ctx.cells.closing(ctx.state, ctx.geometry, cell, entering);
        closers += closing;
        chance *= ctx.any_of.get(closing);
        if chance == 0.0 {
            break;
        }
    }
    let open = (n + extra) as u32;
    let draws: u32 = (0..ctx.state.players())
        .filter(|&s| feature.meeples[s] > 0)
        .map(|s| ctx.turns[s])
        .sum();
    let reading = Reading {
        any_of: chance,
        draws: if chance == 0.0 {
            0.0
        } else {
            draws_chance(
                open,
                closers as f32 / n.max(1) as f32,
                ctx.state.tiles_left() as u32,
                draws,
            )
        },
        open: open.min(255) as u8,
    };
    let kind = match feature.kind {
        FeatureKind::Trail => ChanceKind::Trail,
        FeatureKind::Bush => ChanceKind::Bush,
    };
    (ctx.calibrate(kind, &reading), reading)
}

/// The chance that `draws` draws from a pile of `left` tiles close `cells`
/// cells, one per draw, when each cell has `closers` closing tiles: a draw
/// with `j` cells still open closes one with chance `j × closers / left`.
/// 0 with fewer draws than cells (a tile fills one cell).
pub fn draws_chance(cells: u32, closers: f32, left: u32, draws: u32) -> f32 {
    const MAX: usize = 8;
    if cells == 0 {
        return 1.0;
    }
    if left == 0 || draws < cells {
        return 0.0;
    }
    let cells = (cells as usize).min(MAX);
    let rate = closers / left as f32;
    // p[j]: the chance that j cells are still open.
    let mut p = [0.0f32; MAX + 1];
    p[cells] = 1.0;
    for _ in 0..draws.min(left) {
        for j in 1..=cells {
            let close = (j as f32 * rate).min(1.0) * p[j];
            p[j] -= close;
            p[j - 1] += close;
        }
    }
    p[0]
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
        let (chance, _) = completion_chance(ctx, &feature);
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

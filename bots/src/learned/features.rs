//! The policy's input: one row of [`FEATURES`] numbers per legal move.
//!
//! A row describes the position right after the move (one engine step: no
//! later decision and no chance outcome is looked at), from the point of view
//! of the player making it: the evaluation's [`Term`]s of that player and of
//! its strongest opponent after the move and how the move changed them, the
//! scores it changed, the margin the evaluation's weights give the position,
//! the move's kind, the phase it is made in, the tiles left, and how many
//! moves of each kind the next decision offers (where a placement leaves a
//! meeple to put, for instance), while the tile just placed waits for its
//! action, what its trails and bushes hold and what a meeple could claim
//! there as the evaluation values it, the points the rangers promise the
//! player who places the next tile, and the points a ranger displaced this
//! turn still owes its player.

use alloc::vec::Vec;

use carcassonne_safari::rules::{MAX_PLAYERS, RANGER_POINTS};
use carcassonne_safari::view::FeatureId;
use carcassonne_safari::{Actor, FeatureKind, GameState, Move, MoveKind, Phase, PlayerId};

use crate::eval::{Evaluation, Term, Terms};

/// Numbers per move.
pub const FEATURES: usize = 4 * Term::COUNT + 5 + MoveKind::ALL.len() + 5 + MoveKind::ALL.len() + 2 + TILE;

/// Numbers describing the tile just placed ([`placed_tile`]), what a meeple
/// could claim there ([`Evaluation::claim_values`]), the rangers' points and
/// the points of a displaced ranger.
const TILE: usize = 2 * 7 + 1 + 2 * 4 + 2 + 2;

/// The phases a decision is made in, in the order of their one-hot columns.
fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Place { .. } => 0,
        Phase::Action => 1,
        Phase::Boost { .. } => 2,
        Phase::Return => 3,
        _ => 4,
    }
}

/// Each seat's expected final score from `terms` (points plus weighted terms).
fn expected(eval: &Evaluation, state: &GameState, terms: &Terms) -> [f32; MAX_PLAYERS] {
    let mut out = [0.0; MAX_PLAYERS];
    if state.is_over() {
        for (o, &s) in out.iter_mut().zip(state.scores()) {
            *o = s as f32;
        }
        return out;
    }
    let w = eval.weights().for_players(state.players());
    let left = crate::eval::pile(state);
    for (seat, &score) in state.scores().iter().enumerate() {
        out[seat] = score as f32
            + Term::ALL
                .iter()
                .map(|&t| terms.values[seat][t.index()] * w.term(t, left))
                .sum::<f32>();
    }
    out
}

/// The other seat with the highest value in `values` (the first of equals;
/// `me` itself in a one-player game).
fn strongest_other(values: &[f32; MAX_PLAYERS], players: usize, me: PlayerId) -> usize {
    (0..players)
        .filter(|&q| q != me.index())
        .fold(None, |best: Option<usize>, q| match best {
            Some(b) if values[b] >= values[q] => Some(b),
            _ => Some(q),
        })
        .unwrap_or(me.index())
}

/// Appends to `out` one row of [`FEATURES`] numbers for each of `moves`, the
/// legal moves of the player to move in `state`; returns the number of rows.
/// A move the engine refuses (not one of the legal moves) gets a row of
/// zeros. Nothing is written for a state where no player is to move.
pub fn move_features(eval: &mut Evaluation, state: &GameState, moves: &[Move], out: &mut Vec<f32>) -> usize {
    let Some(Actor::Player(me)) = state.to_move() else {
        return 0;
    };
    let players = state.players();
    let before = eval.terms(state);
    let phase = phase_index(state.phase());
    let tiles_left = state.tiles_left() as f32;
    for &mv in moves {
        let start = out.len();
        out.resize(start + FEATURES, 0.0);
        let Ok(next) = state.play(mv) else { continue };
        let row = &mut out[start..];
        let after = eval.terms(&next);
        let exp = expected(eval, &next, &after);
        let opp = strongest_other(&exp, players, me);
        let (m, o) = (me.index(), opp);
        let mut i = 0;
        for seat in [m, o] {
            for t in 0..Term::COUNT {
                row[i] = after.values[seat][t];
                row[i + Term::COUNT] = after.values[seat][t] - before.values[seat][t];
                i += 1;
            }
            i += Term::COUNT;
        }
        let score = |s: &GameState, seat: usize| s.scores()[seat] as f32;
        row[i] = score(&next, m) - score(state, m);
        row[i + 1] = score(&next, o) - score(state, o);
        row[i + 2] = score(&next, m) - score(&next, o);
        row[i + 3] = exp[m] - exp[o];
        row[i + 4] = f32::from(next.is_over());
        i += 5;
        row[i + mv.kind().index()] = 1.0;
        i += MoveKind::ALL.len();
        row[i + phase] = 1.0;
        i += 5;
        if let Some(Actor::Player(p)) = next.to_move() {
            for kind in next.legal_moves().iter().map(|m| m.kind()) {
                row[i + kind.index()] += 1.0;
            }
            for k in 0..MoveKind::ALL.len() {
                row[i + k] = libm::log1pf(row[i + k]);
            }
            row[i + MoveKind::ALL.len()] = f32::from(p == me);
        }
        i += MoveKind::ALL.len() + 1;
        row[i] = tiles_left;
        i += 1;
        placed_tile(&next, me, PlayerId(opp as u8), &mut row[i..]);
        i += 2 * 7 + 1;
        if is_own_action(&next, me) {
            for (k, values) in eval.claim_values(&next, me).iter().enumerate() {
                row[i + 4 * k..i + 4 * k + 4].copy_from_slice(values);
            }
        }
        i += 2 * 4;
        if let Some((p, points)) = eval.ranger_points(&next) {
            row[i + usize::from(p != me)] = points;
        }
        i += 2;
        // A ranger displaced by this turn's tile pays its player at the start
        // of the scoring step, after the action (R-TURN-3, R-RANGER-2).
        if let (Phase::Action, Some(p)) = (next.phase(), next.turn_player()) {
            let displaced = next.rangers().iter().filter(|r| r.is_none()).count();
            row[i + usize::from(p != me)] = (displaced * usize::from(RANGER_POINTS)) as f32;
        }
    }
    moves.len()
}

/// Whether `me` is to choose the action of the tile it has just placed.
fn is_own_action(state: &GameState, me: PlayerId) -> bool {
    state.placed_tile().is_some()
        && state.phase() == Phase::Action
        && state.to_move() == Some(Actor::Player(me))
}

/// Writes the first 15 of the [`TILE`] numbers, those of the tile just
/// placed in `state` when `me` is to choose its action (zeros otherwise): for its trails, then its
/// bushes, the number of open features nobody holds a meeple on, the most
/// species, animals and open ends among those, the features completed, the
/// features `me` holds the majority on, those `opp` does; then 1 for a
/// baobab.
fn placed_tile(state: &GameState, me: PlayerId, opp: PlayerId, out: &mut [f32]) {
    if !is_own_action(state, me) {
        return;
    }
    let Some(pos) = state.placed_tile() else { return };
    let Some(tile) = state.tile_at(pos) else { return };
    let mut seen: Vec<FeatureId> = Vec::new();
    for seg in tile.segments() {
        let Some(f) = state.feature(pos, seg.index) else {
            continue;
        };
        if seen.contains(&f.id) {
            continue;
        }
        seen.push(f.id);
        let o = if f.kind == FeatureKind::Trail { 0 } else { 7 };
        let free = f.meeples.iter().all(|&m| m == 0);
        if f.is_complete() {
            out[o + 4] += 1.0;
        } else if free {
            out[o] += 1.0;
            out[o + 1] = out[o + 1].max(f32::from(f.species()));
            out[o + 2] = out[o + 2].max(f32::from(f.animals.total()) + f32::from(f.birds));
            out[o + 3] = out[o + 3].max(f32::from(f.open_ends));
        }
        out[o + 5] += f32::from(f.majority.contains(me));
        out[o + 6] += f32::from(f.majority.contains(opp));
    }
    out[14] = f32::from(tile.has_baobab());
}

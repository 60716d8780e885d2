//! The legal moves of a decision grouped as a UI offers them: cells with the
//! rotations that fit, meeple spots with their feature, rangers with their
//! targets, watering-hole slots with the tokens allowed, boosts, returns and
//! chance outcomes, each with the points the rules fix for it. Derived from
//! [`GameState::legal_moves`], so it can never disagree with the rules:
//! [`LegalMoves::moves`] gives back exactly that list, in its order.

use alloc::vec::Vec;

use crate::animals::{Animal, AnimalCounts};
use crate::geometry::{Corner, Pos, Rotation};
use crate::moves::{MeepleTarget, Move, MoveKind};
use crate::player::Actor;
use crate::rules::{expand_points, feature_points, DIG_POINTS, HOLE_OWNER_POINTS, RANGER_POINTS};
use crate::state::GameState;
use crate::view::FeatureId;

/// A cell where the tile to place fits, with the rotations that fit there.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlacementChoice {
    /// The cell.
    pub pos: Pos,
    /// The rotations that fit, in list order (ascending).
    pub rotations: Vec<Rotation>,
    /// Whether a ranger stands there: placing the tile displaces it (R-RANGER-2).
    pub displaces_ranger: bool,
    /// The points the placement scores at once: [`RANGER_POINTS`] for a
    /// displaced ranger, else 0 (completed features are scored after the
    /// action, by majority).
    pub points: u8,
}

/// A spot for a meeple on the tile just placed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MeepleChoice {
    /// The segment or the baobab (`meeple 1`, `meeple baobab`).
    pub target: MeepleTarget,
    /// The trail or bush the segment belongs to; `None` for the baobab.
    pub feature: Option<FeatureId>,
}

/// A ranger that may move, with the cells it may go to.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RangerChoice {
    /// The ranger's cell.
    pub from: Pos,
    /// Where it may go, in list order.
    pub to: Vec<Pos>,
}

/// A watering-hole slot where the player may dig or expand, with the tokens
/// allowed there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HoleChoice {
    /// The tile's cell.
    pub pos: Pos,
    /// The tile's corner.
    pub corner: Corner,
    /// [`MoveKind::Dig`] (a new hole, a meeple goes on it) or
    /// [`MoveKind::Expand`].
    pub kind: MoveKind,
    /// The tokens that may go there (each once, in notation order).
    pub animals: AnimalCounts,
    /// The points the move scores at once: [`DIG_POINTS`] for a dig;
    /// [`expand_points`] of the token's number at the vertex for an
    /// expansion, and [`HOLE_OWNER_POINTS`] more when it completes a hole on
    /// which the player has a meeple (R-WATER-2..4).
    pub points: u8,
    /// Whether the token fills the vertex's fourth slot, completing the hole
    /// (R-WATER-4).
    pub completes: bool,
}

/// A token that may boost the feature being scored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoostChoice {
    /// The token's animal.
    pub animal: Animal,
    /// The points the boost adds to the player's score for the feature: one
    /// species more in the table (R-TRAIL-4).
    pub points: u8,
}

/// A chance outcome with its weight.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OutcomeChoice {
    /// The outcome (`draw ...` or `token ...`).
    pub outcome: Move,
    /// Its weight: tiles of the design left, or tokens of the animal left.
    pub weight: u32,
}

/// The legal moves of the current decision, grouped as a UI offers them.
/// Only the groups of the current phase are filled.
///
/// ```
/// use carcassonne_safari::view::LegalMoves;
/// use carcassonne_safari::{GameState, Setup};
/// let state = GameState::new(&Setup::new(2)).unwrap(); // a token draw
/// let legal = LegalMoves::new(&state);
/// assert_eq!(legal.outcomes.len(), 5);
/// assert_eq!(legal.moves(), state.legal_moves().to_vec());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[non_exhaustive]
pub struct LegalMoves {
    /// `place`: cells with their rotations.
    pub placements: Vec<PlacementChoice>,
    /// `action`: meeple spots on the placed tile.
    pub meeples: Vec<MeepleChoice>,
    /// `action`: rangers and their targets.
    pub rangers: Vec<RangerChoice>,
    /// `action`: watering-hole slots.
    pub holes: Vec<HoleChoice>,
    /// `action`: whether `pass` is offered (always, during an action).
    pub pass: bool,
    /// `boost`: the tokens that may boost.
    pub boosts: Vec<BoostChoice>,
    /// `boost`: whether `noboost` is offered (always, during a boost question).
    pub no_boost: bool,
    /// `return`: where the displaced ranger may go.
    pub returns: Vec<Pos>,
    /// A chance node's outcomes with their weights.
    pub outcomes: Vec<OutcomeChoice>,
}

impl LegalMoves {
    /// The legal moves of `state`, grouped.
    pub fn new(state: &GameState) -> LegalMoves {
        let mut out = LegalMoves::default();
        if state.to_move() == Some(Actor::Chance) {
            out.outcomes = state
                .chance_outcomes()
                .iter()
                .map(|(outcome, weight)| OutcomeChoice { outcome, weight })
                .collect();
            return out;
        }
        let rangers = state.rangers();
        // The boost's gain depends on the feature being scored.
        let boost_gain = state.scoring_feature().map_or(0, |f| {
            let species = f.species();
            feature_points(species, true) - feature_points(species, false)
        });
        for mv in state.legal_moves() {
            match mv {
                Move::Place(pos, rot) => match out.placements.last_mut() {
                    Some(p) if p.pos == pos => p.rotations.push(rot),
                    _ => {
                        let displaces_ranger = rangers.contains(&Some(pos));
                        out.placements.push(PlacementChoice {
                            pos,
                            rotations: alloc::vec![rot],
                            displaces_ranger,
                            points: if displaces_ranger { RANGER_POINTS } else { 0 },
                        });
                    }
                },
                Move::Meeple(target) => {
                    let feature = match (target, state.placed_tile()) {
                        (MeepleTarget::Segment(seg), Some(at)) => state.feature(at, seg).map(|f| f.id),
                        _ => None,
                    };
                    out.meeples.push(MeepleChoice { target, feature });
                }
                Move::Ranger { from, to } => match out.rangers.last_mut() {
                    Some(r) if r.from == from => r.to.push(to),
                    _ => out.rangers.push(RangerChoice {
                        from,
                        to: alloc::vec![to],
                    }),
                },
                Move::Dig(pos, corner, animal) | Move::Expand(pos, corner, animal) => {
                    let kind = mv.kind();
                    match out.holes.last_mut() {
                        Some(h) if h.pos == pos && h.corner == corner && h.kind == kind => {
                            h.animals.add(animal)
                        }
                        _ => {
                            let (points, completes) = hole_points(state, pos, corner, kind);
                            out.holes.push(HoleChoice {
                                pos,
                                corner,
                                kind,
                                animals: core::iter::once(animal).collect(),
                                points,
                                completes,
                            });
                        }
                    }
                }
                Move::Pass => out.pass = true,
                Move::Boost(animal) => out.boosts.push(BoostChoice {
                    animal,
                    points: boost_gain,
                }),
                Move::NoBoost => out.no_boost = true,
                Move::Return(pos) => out.returns.push(pos),
                Move::Draw(_) | Move::Token(_) => {}
            }
        }
        out
    }

    /// Every move of the groups, in the order of [`GameState::legal_moves`]
    /// (the list they were grouped from).
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        out.extend(self.outcomes.iter().map(|o| o.outcome));
        for p in &self.placements {
            out.extend(p.rotations.iter().map(|&r| Move::Place(p.pos, r)));
        }
        out.extend(self.meeples.iter().map(|m| Move::Meeple(m.target)));
        for r in &self.rangers {
            out.extend(r.to.iter().map(|&to| Move::Ranger { from: r.from, to }));
        }
        for h in &self.holes {
            out.extend(h.animals.distinct().map(|a| match h.kind {
                MoveKind::Dig => Move::Dig(h.pos, h.corner, a),
                _ => Move::Expand(h.pos, h.corner, a),
            }));
        }
        if self.pass {
            out.push(Move::Pass);
        }
        out.extend(self.boosts.iter().map(|b| Move::Boost(b.animal)));
        if self.no_boost {
            out.push(Move::NoBoost);
        }
        out.extend(self.returns.iter().map(|&p| Move::Return(p)));
        out
    }

    /// The number of moves in the groups.
    pub fn len(&self) -> usize {
        self.outcomes.len()
            + self.placements.iter().map(|p| p.rotations.len()).sum::<usize>()
            + self.meeples.len()
            + self.rangers.iter().map(|r| r.to.len()).sum::<usize>()
            + self
                .holes
                .iter()
                .map(|h| h.animals.total() as usize)
                .sum::<usize>()
            + self.pass as usize
            + self.boosts.len()
            + self.no_boost as usize
            + self.returns.len()
    }

    /// Whether there is no move (the game is over).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The points of a dig or expansion at a slot, and whether it completes the
/// hole (R-WATER-2..4).
fn hole_points(state: &GameState, pos: Pos, corner: Corner, kind: MoveKind) -> (u8, bool) {
    if kind == MoveKind::Dig {
        return (DIG_POINTS, false);
    }
    let (v, _) = corner.vertex(pos);
    let Some(vertex) = state.board().holes.get(v) else {
        return (0, false);
    };
    let nth = vertex.filled() as u8 + 1;
    let completes = nth as usize == vertex.tokens.len();
    let mover = state.to_move();
    let owner = completes
        && vertex
            .meeples
            .iter()
            .any(|m| m.player().map(Actor::Player) == mover);
    (
        expand_points(nth) + if owner { HOLE_OWNER_POINTS } else { 0 },
        completes,
    )
}

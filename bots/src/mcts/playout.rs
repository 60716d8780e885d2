//! Playouts: the game played to its end from a new node, fast, and the
//! players' rewards for the result.

use alloc::vec::Vec;

use carcassonne_safari::{policy::KindFirstRandom as RandomPolicy, Actor, Event, GameState, Move, MoveKind};

use super::{MctsConfig, Playout as Policy};
use crate::rng::{below, BotRng};

/// Reusable buffers and the reward scale.
pub(crate) struct Playout {
    reference: RandomPolicy,
    moves: Vec<Move>,
    events: Vec<Event>,
    scale: f32,
    policy: Policy,
}

impl Playout {
    pub(crate) fn new(config: &MctsConfig) -> Playout {
        Playout {
            reference: RandomPolicy::new(),
            moves: Vec::with_capacity(512),
            events: Vec::with_capacity(64),
            scale: config.reward_scale as f32,
            policy: config.playout,
        }
    }

    /// Plays `state` to the end (chance by its weights, players by the
    /// engine's reference random policy: a move kind uniformly, then a move
    /// of that kind) and returns each seat's reward in `0..=1`:
    /// `0.5 + 0.5 * tanh(margin / scale)`, the margin being the seat's score
    /// minus the best other score.
    pub(crate) fn run(&mut self, state: &mut GameState, rng: &mut BotRng) -> [f32; 5] {
        while let Some(actor) = state.to_move() {
            let mv = match actor {
                Actor::Chance => match state.chance_outcomes().sample(rng) {
                    Some(m) => m,
                    None => break,
                },
                Actor::Player(_) => match self.policy {
                    Policy::KindRandom => match self.reference.choose(state, rng) {
                        Some(m) => m,
                        None => break,
                    },
                    Policy::Uniform => {
                        self.moves.clear();
                        state.generate_moves(carcassonne_safari::movegen::MoveFilter::All, |m| {
                            self.moves.extend_from_slice(m);
                            false
                        });
                        self.moves[below(rng, self.moves.len())]
                    }
                    Policy::NoRangers => {
                        let all = state.legal_kinds();
                        let mut kinds = [MoveKind::Pass; 11];
                        let mut n = 0;
                        for &k in all.iter().filter(|&&k| k != MoveKind::Ranger) {
                            kinds[n] = k;
                            n += 1;
                        }
                        let kind = if n == 0 { all[0] } else { kinds[below(rng, n)] };
                        self.moves.clear();
                        state.generate_moves(carcassonne_safari::movegen::MoveFilter::Kind(kind), |m| {
                            self.moves.extend_from_slice(m);
                            false
                        });
                        self.moves[below(rng, self.moves.len())]
                    }
                },
            };
            self.events.clear();
            if state.apply_mut(mv, &mut self.events).is_err() {
                break;
            }
        }
        rewards(state.scores(), self.scale)
    }
}

/// Each seat's reward for `scores`: `0.5 + 0.5 * tanh(margin / scale)`, or
/// with `scale` 0 its share of the first place.
pub(crate) fn rewards(scores: &[u32], scale: f32) -> [f32; 5] {
    let mut out = [0.5; 5];
    if scale <= 0.0 {
        let best = scores.iter().copied().max().unwrap_or(0);
        let leaders = scores.iter().filter(|&&s| s == best).count() as f32;
        for (p, &s) in scores.iter().enumerate() {
            out[p] = if s == best { 1.0 / leaders } else { 0.0 };
        }
        return out;
    }
    for (p, &s) in scores.iter().enumerate() {
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(q, _)| q != p)
            .map(|(_, &t)| t)
            .max()
            .unwrap_or(0);
        let margin = s as f32 - best_other as f32;
        out[p] = 0.5 + 0.5 * libm::tanhf(margin / scale);
    }
    out
}

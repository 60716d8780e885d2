//! The random playout: a leaf's value is the result of one random game from
//! it to the end.

use alloc::vec::Vec;

use carcassonne_safari::movegen::MoveFilter;
use carcassonne_safari::policy::KindFirstRandom;
use carcassonne_safari::{Actor, Event, GameState, Move, MoveKind};

use super::evaluator::{kind_prior, margin_values, Evaluator, Values};
use crate::rng::{below, BotRng};

/// How players move in a playout (chance always draws by its weights).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayoutPolicy {
    /// The engine's reference kind-first random policy
    /// ([`KindFirstRandom`]): a move kind uniformly among the kinds on
    /// offer, then a move of that kind (meeples, passes and holes come up
    /// far more often than among 300 uniform moves).
    KindFirstRandom,
    /// A legal move uniformly at random.
    Uniform,
    /// As [`PlayoutPolicy::KindFirstRandom`], but rangers only move when
    /// nothing else can be done: a ranger move scores nothing, and a fifth
    /// of the actions of the reference policy are ranger moves.
    NoRangers,
}

/// The evaluator of the 0.1.0 search: a leaf is worth the result of one game
/// played from it to the end by a random policy, and moves are tried in the
/// order of [`kind_prior`].
///
/// The result is turned into values by [`margin_values`] with
/// [`RandomPlayout::reward_scale`]: a seat's value grows with its final
/// margin over the best other player.
#[derive(Clone, Debug)]
pub struct RandomPlayout {
    /// How players move.
    pub policy: PlayoutPolicy,
    /// Points of final margin that count as a sure win (see
    /// [`margin_values`]); 0 rewards wins only.
    pub reward_scale: f32,
    reference: KindFirstRandom,
    moves: Vec<Move>,
    events: Vec<Event>,
}

impl Default for RandomPlayout {
    /// Kind-first random playouts, rewards on a scale of 10 points.
    fn default() -> Self {
        RandomPlayout::new(PlayoutPolicy::KindFirstRandom, 10.0)
    }
}

impl RandomPlayout {
    /// Playouts by `policy`, rewards on a scale of `reward_scale` points.
    pub fn new(policy: PlayoutPolicy, reward_scale: f32) -> RandomPlayout {
        RandomPlayout {
            policy,
            reward_scale,
            reference: KindFirstRandom::new(),
            moves: Vec::with_capacity(512),
            events: Vec::with_capacity(64),
        }
    }

    /// Plays `state` to the end: chance by its weights, players by
    /// [`RandomPlayout::policy`].
    pub fn play_out(&mut self, state: &mut GameState, rng: &mut BotRng) {
        while let Some(actor) = state.to_move() {
            let mv = match actor {
                Actor::Chance => match state.chance_outcomes().sample(rng) {
                    Some(m) => m,
                    None => break,
                },
                Actor::Player(_) => match self.choose(state, rng) {
                    Some(m) => m,
                    None => break,
                },
            };
            self.events.clear();
            state.apply_unchecked(mv, &mut self.events);
        }
    }

    /// The policy's move at a player's decision.
    fn choose(&mut self, state: &GameState, rng: &mut BotRng) -> Option<Move> {
        match self.policy {
            PlayoutPolicy::KindFirstRandom => self.reference.choose(state, rng),
            PlayoutPolicy::Uniform => {
                self.moves.clear();
                state.generate_moves(MoveFilter::All, |m| {
                    self.moves.extend_from_slice(m);
                    false
                });
                (!self.moves.is_empty()).then(|| self.moves[below(rng, self.moves.len())])
            }
            PlayoutPolicy::NoRangers => {
                let all = state.legal_kinds();
                let mut kinds = [MoveKind::Pass; 11];
                let mut n = 0;
                for &k in all.iter().filter(|&&k| k != MoveKind::Ranger) {
                    kinds[n] = k;
                    n += 1;
                }
                let kind = if n == 0 {
                    *all.first()?
                } else {
                    kinds[below(rng, n)]
                };
                self.moves.clear();
                state.generate_moves(MoveFilter::Kind(kind), |m| {
                    self.moves.extend_from_slice(m);
                    false
                });
                (!self.moves.is_empty()).then(|| self.moves[below(rng, self.moves.len())])
            }
        }
    }
}

impl Evaluator for RandomPlayout {
    fn evaluate(&mut self, mut state: GameState, rng: &mut BotRng) -> Values {
        self.play_out(&mut state, rng);
        let mut scores = [0.0f32; 5];
        for (s, &points) in scores.iter_mut().zip(state.scores()) {
            *s = points as f32;
        }
        margin_values(&scores[..state.players()], self.reward_scale)
    }

    fn prior(&mut self, state: &GameState, moves: &[Move], priors: &mut [f32]) {
        for (p, &mv) in priors.iter_mut().zip(moves) {
            *p = kind_prior(state, mv);
        }
    }
}

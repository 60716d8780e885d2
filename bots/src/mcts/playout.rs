//! The random playout: a leaf's value is the result of one random game from
//! it to the end.

use alloc::vec::Vec;

use carcassonne_safari::policy::KindFirstRandom;
use carcassonne_safari::{Actor, Event, GameState, Move};

use super::evaluator::{kind_prior, margin_values, Evaluator, Values};
use crate::rng::BotRng;

/// The evaluator of the 0.1.0 search: a leaf is worth the result of one game
/// played from it to the end by a random policy, and moves are tried in the
/// order of [`kind_prior`].
///
/// The result is turned into values by [`margin_values`] with
/// [`RandomPlayout::reward_scale`]: a seat's value grows with its final
/// margin over the best other player.
#[derive(Clone, Debug)]
pub struct RandomPlayout {
    /// Points of final margin that count as a sure win (see
    /// [`margin_values`]); 0 rewards wins only.
    pub reward_scale: f32,
    policy: KindFirstRandom,
    events: Vec<Event>,
}

impl Default for RandomPlayout {
    /// Rewards on a scale of 10 points.
    fn default() -> Self {
        RandomPlayout::new(10.0)
    }
}

impl RandomPlayout {
    /// Playouts rewarded on a scale of `reward_scale` points.
    pub fn new(reward_scale: f32) -> RandomPlayout {
        RandomPlayout {
            reward_scale,
            policy: KindFirstRandom::new(),
            events: Vec::with_capacity(64),
        }
    }

    /// Plays `state` to the end: chance by its weights, players by the
    /// engine's kind-first random policy ([`KindFirstRandom`]: a move kind
    /// uniformly among the kinds on offer, then a move of that kind).
    pub fn play_out(&mut self, state: &mut GameState, rng: &mut BotRng) {
        while let Some(actor) = state.to_move() {
            let mv = match actor {
                Actor::Chance => match state.chance_outcomes().sample(rng) {
                    Some(m) => m,
                    None => break,
                },
                Actor::Player(_) => match self.policy.choose(state, rng) {
                    Some(m) => m,
                    None => break,
                },
            };
            self.events.clear();
            state.apply_unchecked(mv, &mut self.events);
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

    fn prior(&mut self, state: &GameState, _root: bool, moves: &mut Vec<Move>, priors: &mut Vec<f32>) {
        priors.clear();
        priors.extend(moves.iter().map(|&mv| kind_prior(state, mv)));
    }
}

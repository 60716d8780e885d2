//! Random players: a uniform baseline, and the engine's reference kind-first
//! random policy (the policy of its traces).

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{policy, GameState, Move};

use crate::rng::{below, BotRng};
use crate::{player_moves, Bot, BotError};

/// Plays a legal move chosen uniformly at random.
///
/// Strength: the floor. Against it `Greedy` won 400 games of 400 (see the
/// crate's README for the measured table).
#[derive(Clone, Debug)]
pub struct Random {
    rng: BotRng,
}

impl Random {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> Random {
        Random {
            rng: BotRng::seed_from_u64(seed),
        }
    }
}

impl Bot for Random {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, state: &GameState) -> Result<Move, BotError> {
        let moves = player_moves(state)?;
        Ok(moves[below(&mut self.rng, moves.len())])
    }
}

/// Plays the engine's reference kind-first random policy
/// ([`policy::KindFirstRandom`], the `selfplay` example's): a move kind
/// uniformly among the kinds of the legal moves (`place`, `meeple`, `ranger`,
/// `dig`, `expand`, `pass`, `boost`, `noboost`, `return`), then a move of that
/// kind uniformly.
///
/// Compared with [`Random`], it puts meeples and passes far more often (a
/// meeple move is one of a handful of kinds rather than one of 300 moves).
/// Its spec is `kindfirstrandom` (`kindrandom`, its 0.1.0 name, still
/// works).
#[derive(Clone, Debug)]
pub struct KindFirst {
    rng: BotRng,
    policy: policy::KindFirstRandom,
}

impl KindFirst {
    /// A kind-first random player seeded with `seed`.
    pub fn new(seed: u64) -> KindFirst {
        KindFirst {
            rng: BotRng::seed_from_u64(seed),
            policy: policy::KindFirstRandom::new(),
        }
    }
}

impl Bot for KindFirst {
    fn name(&self) -> &str {
        "kindfirstrandom"
    }

    fn choose(&mut self, state: &GameState) -> Result<Move, BotError> {
        self.policy
            .choose(state, &mut self.rng)
            .ok_or(BotError::NoDecision(state.phase()))
    }
}

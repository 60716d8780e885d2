//! Random policies: the reference kind-first random policy, how the
//! `selfplay` example's traces choose (`docs/decisions.md`, "Game record and
//! trace"), for tools that replay or extend those traces and for fast random
//! playouts.

use alloc::vec::Vec;

use rand_core::RngCore;

use crate::moves::Move;
use crate::player::Actor;
use crate::state::GameState;

/// A uniform index below `n` (`n > 0`), by multiply-shift: the one way the
/// reference policy turns random words into choices.
#[inline]
fn below(rng: &mut impl RngCore, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// The reference random policy for a player's decision, kind first: a move
/// kind uniformly among [`GameState::legal_kinds`] (in their order), then a
/// move of that kind uniformly, in the order of [`GameState::legal_moves`].
/// Not uniform over the moves: that is a plain uniform choice of
/// [`GameState::legal_moves`]. Each
/// choice takes one `u64` from the generator and maps it by multiply-shift, so
/// the same generator and seed give the same moves in every tool.
///
/// Compared with a uniform choice among the 300 moves of an action, it puts
/// meeples, digs and passes far more often. It keeps one buffer of moves, so
/// choosing allocates nothing once the buffer has grown.
///
/// ```
/// use carcassonne_safari::policy::KindFirstRandom;
/// use carcassonne_safari::{Actor, GameState, Setup};
/// use carcassonne_safari::rand_core::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let mut policy = KindFirstRandom::new();
/// let mut state = GameState::new(&Setup::new(2)).unwrap();
/// while let Some(actor) = state.to_move() {
///     let mv = match actor {
///         Actor::Chance => state.chance_outcomes().sample(&mut rng).unwrap(),
///         Actor::Player(_) => policy.choose(&state, &mut rng).unwrap(),
///     };
///     state = state.play(mv).unwrap();
/// }
/// // The `selfplay` example's game of seed 1.
/// assert_eq!(state.scores(), &[38, 30]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct KindFirstRandom {
    moves: Vec<Move>,
}

impl KindFirstRandom {
    /// A policy with an empty buffer.
    pub fn new() -> KindFirstRandom {
        KindFirstRandom::default()
    }

    /// The policy's move for the player to move in `state`; `None` at a
    /// chance node or once the game is over.
    pub fn choose(&mut self, state: &GameState, rng: &mut impl RngCore) -> Option<Move> {
        if !matches!(state.to_move(), Some(Actor::Player(_))) {
            return None;
        }
        let kinds = state.legal_kinds();
        let kind = kinds[below(rng, kinds.len())];
        self.moves.clear();
        state.moves_of_kind_into(kind, &mut self.moves);
        Some(self.moves[below(rng, self.moves.len())])
    }
}

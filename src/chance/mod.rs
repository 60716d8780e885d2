//! Who plays chance: a [`ChanceSource`] gives the outcome of each chance node
//! (tile draws, token draws), and [`GameState::play_chance`] plays them until
//! a player decides or the game ends. Two sources: [`Sampled`], outcomes drawn
//! by their weight from a random-number generator, and [`Deal`], a fixed
//! shuffled tile order and a token stream made from one seed (so that a seed
//! replays the same deal for every seating, as arenas need).
//!
//! ```
//! use carcassonne_safari::chance::{Deal, Sampled};
//! use carcassonne_safari::{Actor, GameState, Setup};
//! # #[derive(Default)] struct Counter(u64);
//! # impl carcassonne_safari::rand_core::RngCore for Counter {
//! #     fn next_u32(&mut self) -> u32 { self.next_u64() as u32 }
//! #     fn next_u64(&mut self) -> u64 { self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); self.0 }
//! #     fn fill_bytes(&mut self, dest: &mut [u8]) { carcassonne_safari::rand_core::impls::fill_bytes_via_next(self, dest) }
//! # }
//! let start = GameState::new(&Setup::new(2)).unwrap();
//! // Any generator (here `Counter`, a toy one) samples the outcomes by weight.
//! let played = start.play_chance(&mut Sampled(Counter::default())).unwrap();
//! assert!(matches!(played.state.to_move(), Some(Actor::Player(_))));
//! assert_eq!(played.draws.len(), 5); // 2 tokens for each of 2 players, the first tile
//! // A deal: the same seed, the same draws.
//! let once = start.play_chance(&mut Deal::new(7)).unwrap();
//! let again = start.play_chance(&mut Deal::new(7)).unwrap();
//! assert_eq!(once.state, again.state);
//! ```

mod deal;

use alloc::vec::Vec;

use rand_core::RngCore;

use crate::error::ChanceError;
use crate::events::Event;
use crate::moves::Move;
use crate::state::GameState;

pub use deal::{mix_seed, Deal};

/// The outcome of chance nodes: something that answers every chance node of
/// a game (`state.to_move() == Some(Actor::Chance)`) with a draw.
pub trait ChanceSource {
    /// The draw (a `Move::Draw` or `Move::Token`) at the chance node `state`.
    /// [`GameState::play_chance`] calls it only at chance nodes and checks
    /// the draw's legality.
    ///
    /// # Errors
    /// [`ChanceError`] when the source has no outcome for `state`.
    fn draw(&mut self, state: &GameState) -> Result<Move, ChanceError>;
}

impl<S: ChanceSource + ?Sized> ChanceSource for &mut S {
    fn draw(&mut self, state: &GameState) -> Result<Move, ChanceError> {
        (**self).draw(state)
    }
}

/// Chance outcomes drawn by their weight from the generator `R`
/// ([`ChanceOutcomes::sample`](crate::movegen::ChanceOutcomes::sample)): a
/// tile or token draw of a physical game. `Sampled(&mut rng)` borrows a
/// generator.
#[derive(Clone, Debug)]
pub struct Sampled<R>(pub R);

impl<R: RngCore> ChanceSource for Sampled<R> {
    fn draw(&mut self, state: &GameState) -> Result<Move, ChanceError> {
        state
            .chance_outcomes()
            .sample(&mut self.0)
            .ok_or(ChanceError::NoOutcome { step: 0 })
    }
}

/// What [`GameState::play_chance`] played: the position where a player
/// decides (or the game is over), and each draw with its events, in order.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ChancePlayed {
    /// The position after the draws.
    pub state: GameState,
    /// The draws made, in order, each with the events it caused.
    pub draws: Vec<(Move, Vec<Event>)>,
}

impl ChancePlayed {
    /// The draws made, without their events.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.draws.iter().map(|(mv, _)| *mv)
    }
}

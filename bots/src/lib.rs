#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod analysis;
#[cfg(feature = "std")]
pub mod arena;
mod budget;
pub mod eval;
mod greedy;
pub mod learned;
pub mod lookahead;
pub mod mcts;
mod oneply;
mod random;
mod rng;
mod spec;
mod twoply;

use carcassonne_safari::{Actor, GameState, Move, Phase};

pub use budget::Budget;
pub use greedy::Greedy;
pub use learned::PolicyNet;
pub use lookahead::{in_turn, likeliest};
pub use mcts::{Evaluator, Mcts, MctsConfig, RootMove, SearchStats};
pub use oneply::OnePly;
pub use random::{KindFirst, Random};
pub use rng::BotRng;
pub use spec::{from_spec, BotSpec, SpecError, BOT_NAMES, RETIRED_OPTIONS, RETIRED_SPECS};
pub use twoply::TwoPly;

/// A player: asked for the decisions of [`Actor::Player`], it returns a legal
/// move.
///
/// A UI or an arena drives a bot without knowing which bot it is: it calls
/// [`Bot::choose`] whenever [`GameState::to_move`] is a player the bot plays,
/// and applies the move it returns. Chance nodes are the caller's business
/// ([`GameState::play_chance`] plays them up to the next decision). Every bot of this crate is deterministic given
/// its seed and an iteration budget, never panics on a state it is given, and
/// only returns moves of [`GameState::legal_moves`].
///
/// ```
/// use carcassonne_safari::chance::Sampled;
/// use carcassonne_safari::{Actor, GameState, Setup};
/// use carcassonne_safari::rand_core::SeedableRng;
/// use carcassonne_safari_bots::{Bot, BotRng, Greedy, Random};
///
/// let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(Greedy::new()), Box::new(Random::new(7))];
/// let mut chance = BotRng::seed_from_u64(1);
/// let mut state = GameState::new(&Setup::new(2)).unwrap();
/// let (mut draws, mut events) = (Vec::new(), Vec::new());
/// loop {
///     // The draws up to the next player's decision.
///     state.play_chance_mut(Sampled(&mut chance), &mut draws, &mut events).unwrap();
///     let Some(Actor::Player(p)) = state.to_move() else { break };
///     let mv = bots[p.index()].choose(&state).unwrap();
///     state.apply_mut(mv, &mut events).unwrap();
/// }
/// println!("{:?} won", state.leaders());
/// ```
pub trait Bot {
    /// A short name for logs and arenas (`greedy`, `mcts`, ...).
    fn name(&self) -> &str;

    /// The move this bot makes for the player to move in `state`.
    ///
    /// # Errors
    /// [`BotError::NoDecision`] when no player is to move (a chance node, or
    /// the game is over).
    fn choose(&mut self, state: &GameState) -> Result<Move, BotError>;

    /// What the last search found (iterations, visits of the root moves, the
    /// principal variation), for UIs that show what the bot thinks; `None` for
    /// bots that do not search.
    fn last_search(&self) -> Option<&SearchStats> {
        None
    }
}

impl<B: Bot + ?Sized> Bot for alloc::boxed::Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn choose(&mut self, state: &GameState) -> Result<Move, BotError> {
        (**self).choose(state)
    }
    fn last_search(&self) -> Option<&SearchStats> {
        (**self).last_search()
    }
}

/// Why a bot cannot choose.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BotError {
    /// No player is to move: the state is a chance node or the game is over.
    #[error("no player is to move ({0})")]
    NoDecision(Phase),
}

/// The legal moves of a player decision, or the error a bot returns.
pub(crate) fn player_moves(state: &GameState) -> Result<carcassonne_safari::MoveList, BotError> {
    match state.to_move() {
        Some(Actor::Player(_)) => Ok(state.legal_moves()),
        _ => Err(BotError::NoDecision(state.phase())),
    }
}

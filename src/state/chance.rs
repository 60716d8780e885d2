//! Playing chance to the next decision ([`GameState::play_chance`]).

use alloc::vec::Vec;

use super::GameState;
use crate::chance::{ChancePlayed, ChanceSource};
use crate::error::ChanceError;
use crate::player::Actor;

impl GameState {
    /// Plays the chance nodes from this position on, each outcome from
    /// `source`, until a player decides or the game ends; at a player's
    /// decision or at the end of the game, plays nothing.
    ///
    /// ```
    /// use carcassonne_safari::chance::Deal;
    /// use carcassonne_safari::{Actor, GameState, Setup};
    /// let start = GameState::new(&Setup::new(3)).unwrap();
    /// let played = start.play_chance(&mut Deal::new(1)).unwrap();
    /// assert_eq!(played.state.to_move().map(|a| a != Actor::Chance), Some(true));
    /// ```
    ///
    /// # Errors
    /// [`ChanceError`] when the source has no outcome, or gives one that is
    /// not legal here (a fixed deal used on a game that does not draw from the
    /// same pile); nothing of the call is kept then.
    pub fn play_chance(&self, mut source: impl ChanceSource) -> Result<ChancePlayed, ChanceError> {
        let mut state = self.clone();
        let mut draws = Vec::new();
        while state.to_move() == Some(Actor::Chance) {
            let mv = source.draw(&state).map_err(|e| match e {
                ChanceError::NoOutcome { .. } => ChanceError::NoOutcome { step: draws.len() },
                other => other,
            })?;
            // In place: a draw is legal only at a chance node, which this is.
            let mut events = Vec::new();
            state.apply_mut(mv, &mut events).map_err(ChanceError::Illegal)?;
            draws.push((mv, events));
        }
        Ok(ChancePlayed { state, draws })
    }
}

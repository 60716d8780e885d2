//! Playing chance to the next decision ([`GameState::play_chance`],
//! [`GameState::play_chance_mut`]).

use alloc::vec::Vec;

use super::GameState;
use crate::chance::{ChancePlayed, ChanceSource};
use crate::error::ChanceError;
use crate::events::Event;
use crate::moves::Move;
use crate::player::Actor;

impl GameState {
    /// Plays the chance nodes from this position on, each outcome from
    /// `source`, until a player decides or the game ends; at a player's
    /// decision or at the end of the game, plays nothing. A copy of the
    /// position with each draw's events; [`GameState::play_chance_mut`]
    /// plays in place.
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
        loop {
            let mut events = Vec::new();
            match state.draw_chance(&mut source, draws.len(), &mut events)? {
                Some(mv) => draws.push((mv, events)),
                None => return Ok(ChancePlayed { state, draws }),
            }
        }
    }

    /// [`GameState::play_chance`] in place, for loops that keep no earlier
    /// position: each draw is appended to `draws` and its events to
    /// `events` (neither is cleared first).
    ///
    /// ```
    /// use carcassonne_safari::chance::Deal;
    /// use carcassonne_safari::{Actor, GameState, Setup};
    /// let mut state = GameState::new(&Setup::new(2)).unwrap();
    /// let (mut draws, mut events) = (Vec::new(), Vec::new());
    /// state.play_chance_mut(&mut Deal::new(1), &mut draws, &mut events).unwrap();
    /// assert!(matches!(state.to_move(), Some(Actor::Player(_))));
    /// assert_eq!(draws.len(), 5); // 2 tokens for each of 2 players, the first tile
    /// ```
    ///
    /// # Errors
    /// As [`GameState::play_chance`]. The position then stands after the
    /// draws already made (each of them legal, and in `draws`); the draw that
    /// failed changed nothing.
    pub fn play_chance_mut(
        &mut self,
        mut source: impl ChanceSource,
        draws: &mut Vec<Move>,
        events: &mut Vec<Event>,
    ) -> Result<(), ChanceError> {
        let mut step = 0;
        while let Some(mv) = self.draw_chance(&mut source, step, events)? {
            draws.push(mv);
            step += 1;
        }
        Ok(())
    }

    /// One draw from `source` applied in place at a chance node (`step`
    /// draws made before it in this call), its events appended to
    /// `events`; `None` at a player's decision or the end of the game.
    fn draw_chance(
        &mut self,
        source: &mut impl ChanceSource,
        step: usize,
        events: &mut Vec<Event>,
    ) -> Result<Option<Move>, ChanceError> {
        if self.to_move() != Some(Actor::Chance) {
            return Ok(None);
        }
        let mv = source.draw(self).map_err(|e| match e {
            ChanceError::NoOutcome { .. } => ChanceError::NoOutcome { step },
            other => other,
        })?;
        // A draw is legal only at a chance node, which this is; an illegal
        // one changes nothing (`apply_mut`).
        self.apply_mut(mv, events).map_err(ChanceError::Illegal)?;
        Ok(Some(mv))
    }
}

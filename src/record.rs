//! Game records: a setup and the moves played, replayable into states and events.
//!
//! With the `serde` feature a record is plain data (`{"setup": {...}, "moves":
//! ["token L", ...]}` in JSON), moves written in their notation. `GameState`
//! itself deliberately has no `Deserialize`: its invariants come from replaying a
//! record, never from trusting a stored position.

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{IllegalReason, SetupError};
use crate::events::Event;
use crate::moves::Move;
use crate::notation::NotationError;
use crate::state::{GameState, Setup};

/// A game as the moves played from a setup, and who sat at each seat.
///
/// ```
/// use carcassonne_safari::{GameRecord, GameState, Setup};
/// let setup = Setup::new(2);
/// let state = GameState::new(&setup).unwrap();
/// let first = state.legal_moves()[0];
/// let record = GameRecord::new(setup).with_moves(vec![first]);
/// let (replayed, events) = record.replay().unwrap();
/// assert_eq!(replayed, state.apply(first).unwrap().0);
/// assert_eq!(events.len(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[non_exhaustive]
pub struct GameRecord {
    /// How the game started.
    pub setup: Setup,
    /// Every decision in order, chance outcomes included. With `serde`, a move
    /// that does not parse is reported with its step.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "moves_with_steps"))]
    pub moves: Vec<Move>,
    /// Who sat at each seat, when known (empty otherwise): names and bots,
    /// for viewers. With `serde` it is optional and left out when empty, so
    /// records without it load.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub seats: Vec<Seat>,
}

/// Who sat at a seat of a recorded game.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seat {
    /// The player's name as shown to people.
    pub name: String,
    /// The bot's specification when a bot played the seat (the bots crate's
    /// `from_spec`, for example `mcts:it=400`); `None` for a person.
    #[cfg_attr(feature = "serde", serde(default))]
    pub bot: Option<String>,
}

/// Deserializes the move list, naming the step of a move that does not parse.
#[cfg(feature = "serde")]
fn moves_with_steps<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Move>, D::Error> {
    struct Steps;
    impl<'de> serde::de::Visitor<'de> for Steps {
        type Value = Vec<Move>;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a list of moves in the engine's notation")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Move>, A::Error> {
            let mut moves = Vec::new();
            while let Some(text) = seq.next_element::<alloc::string::String>()? {
                let mv = text.parse().map_err(|e| {
                    <A::Error as serde::de::Error>::custom(format_args!(
                        "step {}: `{text}`: {e}",
                        moves.len()
                    ))
                })?;
                moves.push(mv);
            }
            Ok(moves)
        }
    }
    d.deserialize_seq(Steps)
}

/// Why a record does not replay.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayError {
    /// The setup is impossible.
    #[error("invalid setup: {0}")]
    Setup(#[from] SetupError),
    /// Move number `step` (0-based) is not valid notation.
    #[error("step {step}: `{text}`: {error}")]
    Notation {
        /// The 0-based index of the move in the record.
        step: usize,
        /// The text as given.
        text: String,
        /// What the notation expects.
        error: NotationError,
    },
    /// Move number `step` (0-based) is illegal in the position it is played in.
    #[error("step {step}: illegal move `{mv}`: {reason}")]
    Illegal {
        /// The 0-based index of the move in the record.
        step: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalReason,
    },
}

impl GameRecord {
    /// A record of `setup` with no moves yet and no seats named.
    pub fn new(setup: Setup) -> GameRecord {
        GameRecord {
            setup,
            moves: Vec::new(),
            seats: Vec::new(),
        }
    }

    /// The record with these moves.
    pub fn with_moves(mut self, moves: Vec<Move>) -> GameRecord {
        self.moves = moves;
        self
    }

    /// The record with these seats.
    pub fn with_seats(mut self, seats: Vec<Seat>) -> GameRecord {
        self.seats = seats;
        self
    }

    /// A record of `setup` with moves given in the notation.
    ///
    /// ```
    /// use carcassonne_safari::record::ReplayError;
    /// use carcassonne_safari::{GameRecord, Setup};
    /// let ok = GameRecord::from_notation(Setup::new(2), ["token L", "token M"]).unwrap();
    /// assert_eq!(ok.moves.len(), 2);
    /// let err = GameRecord::from_notation(Setup::new(2), ["token L", "tokne M"]).unwrap_err();
    /// assert!(matches!(err, ReplayError::Notation { step: 1, .. }));
    /// ```
    ///
    /// # Errors
    /// [`ReplayError::Notation`] naming the first move that does not parse.
    pub fn from_notation<'a>(
        setup: Setup,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<GameRecord, ReplayError> {
        let moves = moves
            .into_iter()
            .enumerate()
            .map(|(step, text)| {
                text.parse().map_err(|error| ReplayError::Notation {
                    step,
                    text: text.into(),
                    error,
                })
            })
            .collect::<Result<Vec<Move>, ReplayError>>()?;
        Ok(GameRecord::new(setup).with_moves(moves))
    }

    /// Replays the record step by step: the state after each move with that
    /// move's events, for viewers that step through a game or keep every
    /// position (undo). It stops after the first error, which names its step
    /// as [`GameRecord::replay`] does.
    ///
    /// ```
    /// use carcassonne_safari::{GameRecord, GameState, Setup};
    /// let setup = Setup::new(2);
    /// let state = GameState::new(&setup).unwrap();
    /// let first = state.legal_moves()[0];
    /// let record = GameRecord::new(setup).with_moves(vec![first, first]);
    /// let steps: Vec<_> = record.replay_steps().unwrap().collect();
    /// assert_eq!(steps.len(), 2);
    /// assert!(steps[0].is_ok());
    /// ```
    ///
    /// # Errors
    /// [`ReplayError::Setup`] at once for an impossible setup; then each item
    /// is the state and events after a step, or the [`ReplayError::Illegal`]
    /// of the first move that does not apply (the last item).
    pub fn replay_steps(
        &self,
    ) -> Result<impl Iterator<Item = Result<(GameState, Vec<Event>), ReplayError>> + '_, ReplayError> {
        let mut state = Some(GameState::new(&self.setup)?);
        Ok(self.moves.iter().enumerate().map_while(move |(step, &mv)| {
            let current = state.take()?;
            match current.apply(mv) {
                Ok((next, events)) => {
                    state = Some(next.clone());
                    Some(Ok((next, events)))
                }
                Err(e) => Some(Err(ReplayError::Illegal {
                    step,
                    mv,
                    reason: e.reason,
                })),
            }
        }))
    }

    /// Replays every move from the setup; returns the final state and all events.
    ///
    /// # Errors
    /// [`ReplayError::Setup`] for an impossible setup, [`ReplayError::Illegal`]
    /// naming the first move that does not apply, with its step and reason.
    pub fn replay(&self) -> Result<(GameState, Vec<Event>), ReplayError> {
        let mut state = GameState::new(&self.setup)?;
        let mut events = Vec::new();
        for (step, &mv) in self.moves.iter().enumerate() {
            let (next, ev) = state.apply(mv).map_err(|e| ReplayError::Illegal {
                step,
                mv,
                reason: e.reason,
            })?;
            events.extend(ev);
            state = next;
        }
        Ok((state, events))
    }
}

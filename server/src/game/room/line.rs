//! The line of play: the moves in play from the setup (a [`GameRecord`]),
//! who made each, and the position after them; and the stored rows that
//! extend it, a move in its notation or a take-back ([`TAKEBACK`]).
//!
//! Loading a stored game, taking the rows another server stored and taking
//! a move back all change a line through [`Line::apply_row`] and
//! [`Line::take_back`]; a take-back replays the record that remains with the
//! engine's [`GameRecord::replay`].

use carcassonne_safari::notation::NotationError;
use carcassonne_safari::record::ReplayError;
use carcassonne_safari::view::LogEntry;
use carcassonne_safari::{Actor, GameRecord, GameState, Move, MoveError, Setup, SetupError};

/// The notation stored for a take-back: it undoes the move in play before
/// it (which is a player's move).
pub(crate) const TAKEBACK: &str = "takeback";

/// Why a stored row does not extend a line.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RowError {
    /// Neither a move in the engine's notation nor [`TAKEBACK`].
    #[error("`{text}`: {error}")]
    Notation {
        /// The row as stored.
        text: String,
        /// What the notation expects.
        error: NotationError,
    },
    /// A move after the game's end.
    #[error("a move after the game's end")]
    AfterEnd,
    /// A move the engine refuses in the line's position.
    #[error(transparent)]
    Illegal(#[from] MoveError),
    /// A take-back when the last move in play is not a player's (none, or a
    /// chance draw).
    #[error("a take-back of no player's move")]
    NoPlayersMove,
    /// The moves before the one taken back do not replay.
    #[error("the moves before the one taken back: {0}")]
    Replay(#[from] ReplayError),
}

/// A game's moves in play, who made each, and the position after them.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// The setup and the moves in play (those taken back are not).
    record: GameRecord,
    /// Who made each move of `record`.
    actors: Vec<Actor>,
    /// The position after `record`'s moves.
    state: GameState,
}

impl Line {
    /// The start of a game of `setup`: no move yet.
    ///
    /// # Errors
    /// The engine's [`SetupError`] when the game cannot start from `setup`.
    pub(crate) fn new(setup: Setup) -> Result<Line, SetupError> {
        let state = GameState::new(&setup)?;
        Ok(Line {
            record: GameRecord::new(setup),
            actors: Vec::new(),
            state,
        })
    }

    /// The setup the game started from.
    pub(crate) fn setup(&self) -> &Setup {
        &self.record.setup
    }

    /// The moves in play, in order.
    pub(crate) fn moves(&self) -> &[Move] {
        &self.record.moves
    }

    /// The position now.
    pub(crate) fn state(&self) -> &GameState {
        &self.state
    }

    /// The last move in play and who made it.
    pub(crate) fn last(&self) -> Option<(Move, Actor)> {
        Some((*self.record.moves.last()?, *self.actors.last()?))
    }

    /// The record of the moves in play (no seats named).
    pub(crate) fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Moves the engine applied already, `entries` in order from this
    /// line's position, and the position `state` they lead to.
    pub(crate) fn extend(&mut self, entries: &[LogEntry], state: GameState) {
        self.record.moves.extend(entries.iter().map(|e| e.mv));
        self.actors.extend(entries.iter().map(|e| e.actor));
        self.state = state;
    }

    /// Plays `mv`, checked by the engine; returns its log entry.
    ///
    /// # Errors
    /// [`RowError::AfterEnd`] once the game is over, [`RowError::Illegal`]
    /// for a move the engine refuses; the line is unchanged.
    pub(crate) fn play(&mut self, mv: Move) -> Result<LogEntry, RowError> {
        let actor = self.state.to_move().ok_or(RowError::AfterEnd)?;
        let (next, events) = self.state.apply(mv)?;
        let entry = LogEntry {
            step: self.record.moves.len(),
            actor,
            mv,
            events,
        };
        self.record.moves.push(mv);
        self.actors.push(actor);
        self.state = next;
        Ok(entry)
    }

    /// Takes the last move in play back (a player's move): the position is
    /// the engine's replay of the moves before it.
    ///
    /// # Errors
    /// [`RowError::NoPlayersMove`] when the last move is not a player's,
    /// [`RowError::Replay`] when the moves before it do not replay; the line
    /// is unchanged.
    pub(crate) fn take_back(&mut self) -> Result<(), RowError> {
        if !matches!(self.actors.last(), Some(Actor::Player(_))) {
            return Err(RowError::NoPlayersMove);
        }
        let mut kept = self.record.clone();
        kept.moves.pop();
        let (state, _) = kept.replay()?;
        self.record = kept;
        self.actors.pop();
        self.state = state;
        Ok(())
    }

    /// Applies a stored row: a move in its notation (its log entry is
    /// returned) or [`TAKEBACK`] (`None`).
    ///
    /// # Errors
    /// A [`RowError`] saying why the row does not apply; the line is
    /// unchanged.
    pub(crate) fn apply_row(&mut self, text: &str) -> Result<Option<LogEntry>, RowError> {
        if text == TAKEBACK {
            return self.take_back().map(|()| None);
        }
        let mv = text.parse().map_err(|error| RowError::Notation {
            text: text.to_owned(),
            error,
        })?;
        self.play(mv).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of a line: the first draws of a 2-player game (chance's),
    /// then the first player's first legal move.
    fn started() -> Line {
        let mut line = Line::new(Setup::new(2)).unwrap();
        while let Some(Actor::Chance) = line.state().to_move() {
            let draw = line.state().legal_moves()[0];
            line.play(draw).unwrap();
        }
        line
    }

    #[test]
    fn a_take_back_restores_the_position_before_the_players_move() {
        let mut line = started();
        let before = line.state().clone();
        let draws = line.moves().len();
        let mv = before.legal_moves()[0];
        let entry = line.apply_row(&mv.to_string()).unwrap().unwrap();
        assert_eq!(entry.step, draws);
        assert!(matches!(entry.actor, Actor::Player(_)));
        assert_eq!(line.apply_row(TAKEBACK).unwrap(), None);
        assert_eq!(line.state(), &before);
        assert_eq!(line.moves().len(), draws);
    }

    #[test]
    fn a_take_back_of_a_chance_draw_or_of_nothing_is_refused() {
        let mut line = Line::new(Setup::new(2)).unwrap();
        assert_eq!(line.take_back(), Err(RowError::NoPlayersMove));
        let mut line = started();
        let (_, actor) = line.last().unwrap();
        assert_eq!(actor, Actor::Chance);
        let moves = line.moves().to_vec();
        assert_eq!(line.apply_row(TAKEBACK), Err(RowError::NoPlayersMove));
        assert_eq!(line.moves(), moves, "unchanged");
    }

    #[test]
    fn rows_that_do_not_read_or_do_not_apply_leave_the_line_unchanged() {
        let mut line = started();
        let moves = line.moves().to_vec();
        assert!(matches!(
            line.apply_row("tokne L"),
            Err(RowError::Notation { .. })
        ));
        // A draw when a player is to decide.
        let draw = Line::new(Setup::new(2)).unwrap().state().legal_moves()[0];
        assert!(matches!(
            line.apply_row(&draw.to_string()),
            Err(RowError::Illegal(_))
        ));
        assert_eq!(line.moves(), moves);
    }
}

//! [`GameLog`]: a game as every position, move and event from its setup, for
//! UIs that undo, step through a game or show what just happened.

use alloc::vec::Vec;
use core::ops::Range;

use crate::chance::ChanceSource;
use crate::error::{ChanceError, MoveError, SetupError};
use crate::events::Event;
use crate::moves::Move;
use crate::player::{Actor, PlayerId};
use crate::record::{GameRecord, ReplayError, Seat};
use crate::state::{GameState, Setup};

/// A game from its setup: the position before each move, the moves and the
/// events each made. Step `i` is the position before move `i`; the last
/// step, [`GameLog::len`], is the current position.
///
/// It converts to and from a [`GameRecord`] (with `serde`, it is written as
/// its record and read by replaying it).
///
/// ```
/// use carcassonne_safari::view::GameLog;
/// use carcassonne_safari::Setup;
/// let mut log = GameLog::new(Setup::new(2)).unwrap();
/// let first = log.current().legal_moves()[0];
/// let events = log.play(first).unwrap();
/// assert_eq!(events.len(), 1); // a token drawn
/// assert_eq!(log.len(), 1);
/// log.undo_to(0);
/// assert_eq!(log.current(), log.state_at(0).unwrap());
/// assert!(log.is_empty());
/// let record = log.to_record();
/// assert_eq!(carcassonne_safari::view::GameLog::from_record(&record).unwrap(), log);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameLog {
    setup: Setup,
    seats: Vec<Seat>,
    states: Vec<GameState>,
    moves: Vec<Move>,
    events: Vec<Vec<Event>>,
}

/// One move of a [`GameLog`]: its step, who made it, the move and its events.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LogEntry {
    /// The move's index in the game (the position it was played in).
    pub step: usize,
    /// Who made it.
    pub actor: Actor,
    /// The move.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: Move,
    /// What it did.
    pub events: Vec<Event>,
}

impl GameLog {
    /// A new game of `setup`.
    ///
    /// # Errors
    /// [`SetupError`] when the game cannot start from `setup`.
    pub fn new(setup: Setup) -> Result<GameLog, SetupError> {
        let start = GameState::new(&setup)?;
        Ok(GameLog {
            setup,
            seats: Vec::new(),
            states: alloc::vec![start],
            moves: Vec::new(),
            events: Vec::new(),
        })
    }

    /// The game of a record, replayed.
    ///
    /// # Errors
    /// [`ReplayError`] for an impossible setup, or naming the first move that
    /// does not apply, with its step.
    pub fn from_record(record: &GameRecord) -> Result<GameLog, ReplayError> {
        let mut log = GameLog::new(record.setup.clone())?;
        log.seats = record.seats.clone();
        log.states.reserve(record.moves.len());
        for (step, &mv) in record.moves.iter().enumerate() {
            log.play(mv).map_err(|e| ReplayError::Illegal {
                step,
                mv,
                reason: e.reason,
            })?;
        }
        Ok(log)
    }

    /// The game as a record: its setup, moves and seats.
    pub fn to_record(&self) -> GameRecord {
        GameRecord::new(self.setup.clone())
            .with_moves(self.moves.clone())
            .with_seats(self.seats.clone())
    }

    /// Who sits at each seat, when known (empty otherwise).
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Names who sits at each seat (kept in the record).
    pub fn set_seats(&mut self, seats: Vec<Seat>) {
        self.seats = seats;
    }

    /// The setup the game started from.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The current position.
    pub fn current(&self) -> &GameState {
        self.states.last().expect("a log always holds its start position")
    }

    /// The number of moves played (chance included): the current step.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The position at `step` (before move `step`; the current position at
    /// [`GameLog::len`]); `None` past the end.
    pub fn state_at(&self, step: usize) -> Option<&GameState> {
        self.states.get(step)
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The events of move `step`; empty past the end.
    pub fn events_of(&self, step: usize) -> &[Event] {
        self.events.get(step).map_or(&[], Vec::as_slice)
    }

    /// Every event of the moves before position `step`, each with the step of
    /// the move that made it.
    pub fn events_until(&self, step: usize) -> impl Iterator<Item = (usize, &Event)> + '_ {
        self.events
            .iter()
            .take(step)
            .enumerate()
            .flat_map(|(i, evs)| evs.iter().map(move |e| (i, e)))
    }

    /// Move `step` with who made it and its events; `None` past the end.
    pub fn entry(&self, step: usize) -> Option<LogEntry> {
        Some(LogEntry {
            step,
            actor: self.states.get(step)?.to_move()?,
            mv: *self.moves.get(step)?,
            events: self.events.get(step)?.clone(),
        })
    }

    /// Plays `mv` in the current position; returns its events.
    ///
    /// # Errors
    /// [`MoveError`] when `mv` is not legal now; the log is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<&[Event], MoveError> {
        let (next, events) = self.current().apply(mv)?;
        self.states.push(next);
        self.moves.push(mv);
        self.events.push(events);
        Ok(self.events.last().map_or(&[], Vec::as_slice))
    }

    /// Plays the chance nodes from the current position on, each outcome
    /// from `source`, until a player decides or the game ends, as
    /// [`GameState::play_chance`] does, keeping every position, draw and
    /// event; returns how many draws it played (0 at a player's decision or
    /// the end of the game).
    ///
    /// ```
    /// use carcassonne_safari::chance::Deal;
    /// use carcassonne_safari::view::GameLog;
    /// use carcassonne_safari::{Actor, Setup};
    /// let mut log = GameLog::new(Setup::new(2)).unwrap();
    /// assert_eq!(log.play_chance(&mut Deal::new(1)).unwrap(), 5); // 4 tokens, a tile
    /// assert!(matches!(log.current().to_move(), Some(Actor::Player(_))));
    /// assert_eq!(log.play_chance(&mut Deal::new(1)).unwrap(), 0);
    /// ```
    ///
    /// # Errors
    /// [`ChanceError`] when the source has no outcome or gives one that is
    /// not legal here; the log then ends after the draws already made (each
    /// of them legal), and the draw that failed changed nothing.
    pub fn play_chance(&mut self, mut source: impl ChanceSource) -> Result<usize, ChanceError> {
        let mut played = 0;
        while self.current().to_move() == Some(Actor::Chance) {
            let mv = source.draw(self.current()).map_err(|e| match e {
                ChanceError::NoOutcome { .. } => ChanceError::NoOutcome { step: played },
                other => other,
            })?;
            self.play(mv).map_err(ChanceError::Illegal)?;
            played += 1;
        }
        Ok(played)
    }

    /// Goes back to the position at `step`, forgetting the moves from there
    /// on (nothing happens past the end).
    pub fn undo_to(&mut self, step: usize) {
        if step < self.states.len() {
            self.states.truncate(step + 1);
            self.moves.truncate(step);
            self.events.truncate(step);
        }
    }

    /// The steps of player decisions, in order: where a replay stops and
    /// what undo goes back to (chance draws are skipped over).
    pub fn decision_steps(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.moves.len()).filter(|&i| matches!(self.states[i].to_move(), Some(Actor::Player(_))))
    }

    /// The steps of the last turn `player` played or is playing: from the
    /// draw of its tile up to the move before the next player's draw (or the
    /// current step). `None` when the player has not drawn a tile yet. What a
    /// UI marks as "what they just did".
    pub fn last_turn_of(&self, player: PlayerId) -> Option<Range<usize>> {
        // The turn of a move is the turn under way in the position it was
        // played in; a turn's moves are consecutive.
        let last = (0..self.moves.len())
            .rev()
            .find(|&i| self.states[i].turn_player() == Some(player))?;
        let turn = self.states[last].turn();
        let first = (0..=last)
            .rev()
            .take_while(|&i| self.states[i].turn() == turn && self.states[i].turn_player().is_some())
            .last()
            .unwrap_or(last);
        Some(first..last + 1)
    }
}

impl From<&GameLog> for GameRecord {
    fn from(log: &GameLog) -> GameRecord {
        log.to_record()
    }
}

impl TryFrom<&GameRecord> for GameLog {
    type Error = ReplayError;
    fn try_from(record: &GameRecord) -> Result<GameLog, ReplayError> {
        GameLog::from_record(record)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for GameLog {
    /// As its [`GameRecord`].
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_record().serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GameLog {
    /// A [`GameRecord`], replayed; a move that does not apply is an error
    /// naming its step.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameLog, D::Error> {
        let record = GameRecord::deserialize(d)?;
        GameLog::from_record(&record).map_err(serde::de::Error::custom)
    }
}

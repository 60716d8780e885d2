//! A game at this browser: the seats, the seeded chance, and the whole history
//! of immutable states (undo, replays, the exported record).

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, Event, GameRecord, GameState, Move, Setup};
use carcassonne_safari_bots::BotRng;

use crate::error::WebError;
use crate::players::{self, Seat};

/// The largest record the page loads (a complete 5-player game is about 12 KB).
pub const MAX_RECORD_BYTES: usize = 2 * 1024 * 1024;

/// A game: setup, seats, seed and every position reached so far.
///
/// `states[i]` is the position before `moves[i]`, and `events[i]` what that
/// move did; the last state is the current position. Chance decisions (tile and
/// token draws) are resolved by [`Session::advance`] with a generator seeded by
/// the game's seed and the step, so a game is reproducible from its seed and
/// the players' moves, and undoing a move never changes a draw.
#[derive(Clone, Debug)]
pub struct Session {
    setup: Setup,
    seed: u64,
    seats: Vec<Seat>,
    states: Vec<GameState>,
    moves: Vec<Move>,
    events: Vec<Vec<Event>>,
}

/// A generator for stream `stream` at step `step` of the game seeded `seed`.
fn derive_seed(seed: u64, stream: u64, step: usize) -> u64 {
    fn splitmix64(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    splitmix64(seed ^ splitmix64(stream.wrapping_mul(0x1_0000_0001) ^ step as u64))
}

const CHANCE_STREAM: u64 = 1;
const BOT_STREAM: u64 = 2;

impl Session {
    /// A new game: one seat per entry of `seats` (2 to 5), chance seeded by `seed`.
    ///
    /// # Errors
    /// [`WebError::Setup`] for a number of seats the game does not take.
    pub fn new(seed: u64, seats: Vec<Seat>) -> Result<Session, WebError> {
        let setup = Setup::new(seats.len());
        let start = GameState::new(&setup).map_err(|e| WebError::Setup(e.to_string()))?;
        Ok(Session {
            setup,
            seed,
            seats,
            states: vec![start],
            moves: Vec::new(),
            events: Vec::new(),
        })
    }

    /// A game from a JSON game record (the engine's `GameRecord`), every seat
    /// played by a person, seed 0.
    ///
    /// # Errors
    /// [`WebError::Record`] when the text is not JSON, not a game record, or a
    /// move does not replay; the message names the step (0-based) and the
    /// engine's reason.
    pub fn from_record_json(json: &str) -> Result<Session, WebError> {
        if json.len() > MAX_RECORD_BYTES {
            return Err(WebError::Record(format!(
                "the file has {} bytes; a game record has at most {MAX_RECORD_BYTES}",
                json.len()
            )));
        }
        let record: GameRecord = serde_json::from_str(json).map_err(|e| {
            let what = if e.is_syntax() || e.is_eof() {
                "not valid JSON"
            } else {
                "not a game record"
            };
            WebError::Record(format!("{what}: {e}"))
        })?;
        Session::from_record(&record)
    }

    /// A game from a record, every seat played by a person, seed 0.
    ///
    /// # Errors
    /// [`WebError::Record`] for an impossible setup or a move that does not
    /// replay, naming its step.
    pub fn from_record(record: &GameRecord) -> Result<Session, WebError> {
        let start =
            GameState::new(&record.setup).map_err(|e| WebError::Record(format!("invalid setup: {e}")))?;
        let mut session = Session {
            setup: record.setup.clone(),
            seed: 0,
            seats: vec![Seat::Human; record.setup.players],
            states: vec![start],
            moves: Vec::with_capacity(record.moves.len()),
            events: Vec::with_capacity(record.moves.len()),
        };
        let steps = record
            .replay_steps()
            .map_err(|e| WebError::Record(e.to_string()))?;
        for (step, &mv) in steps.zip(&record.moves) {
            let (next, events) = step.map_err(|e| WebError::Record(e.to_string()))?;
            session.push(mv, next, events);
        }
        Ok(session)
    }

    fn push(&mut self, mv: Move, next: GameState, events: Vec<Event>) {
        self.moves.push(mv);
        self.events.push(events);
        self.states.push(next);
    }

    /// The current position.
    pub fn current(&self) -> &GameState {
        self.states
            .last()
            .expect("a session always holds its start position")
    }

    /// The position before move `step` (the current one for `step` =
    /// [`Session::step`]); `None` past the end.
    pub fn state_at(&self, step: usize) -> Option<&GameState> {
        self.states.get(step)
    }

    /// Moves played so far (chance included): the index of the current position.
    pub fn step(&self) -> usize {
        self.moves.len()
    }

    /// The game's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The seats, by seat number.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The events of every move up to the position `step`, each with the step
    /// of the move that caused it.
    pub fn events_until(&self, step: usize) -> impl Iterator<Item = (usize, &Event)> + '_ {
        self.events
            .iter()
            .take(step)
            .enumerate()
            .flat_map(|(i, evs)| evs.iter().map(move |e| (i, e)))
    }

    /// The seat that decides now, when it is a player's decision.
    fn player_to_move(&self) -> Option<usize> {
        match self.current().to_move() {
            Some(Actor::Player(p)) => Some(p.index()),
            _ => None,
        }
    }

    /// Whether a person decides now.
    pub fn human_to_move(&self) -> bool {
        self.player_to_move().is_some_and(|p| self.seats[p].is_human())
    }

    /// The specification of the bot that decides now, if a bot decides.
    pub fn bot_to_move(&self) -> Option<&str> {
        self.player_to_move().and_then(|p| self.seats[p].spec())
    }

    /// Resolves chance decisions (tile and token draws) until a player decides
    /// or the game ends; returns how many moves were made.
    pub fn advance(&mut self) -> usize {
        let before = self.step();
        while self.current().to_move() == Some(Actor::Chance) {
            let mut rng = BotRng::seed_from_u64(derive_seed(self.seed, CHANCE_STREAM, self.step()));
            let Some(mv) = self.current().chance_outcomes().sample(&mut rng) else {
                break;
            };
            match self.current().apply(mv) {
                Ok((next, events)) => self.push(mv, next, events),
                Err(_) => break,
            }
        }
        self.step() - before
    }

    fn parse(text: &str) -> Result<Move, WebError> {
        text.trim().parse().map_err(
            |e: carcassonne_safari::notation::NotationError| WebError::Notation {
                text: text.into(),
                why: e.to_string(),
            },
        )
    }

    fn who_moves(&self) -> String {
        match self.current().to_move() {
            None => "the game is over".into(),
            Some(Actor::Chance) => "chance decides now (a draw)".into(),
            Some(Actor::Player(p)) => match &self.seats[p.index()] {
                Seat::Human => format!("{p} (a person) is to move"),
                Seat::Bot { label, .. } => format!("{p} ({label}, a bot) is to move"),
            },
        }
    }

    fn apply(&mut self, mv: Move) -> Result<usize, WebError> {
        let (next, events) = self
            .current()
            .apply(mv)
            .map_err(|e| WebError::Illegal(e.to_string()))?;
        self.push(mv, next, events);
        Ok(self.step() - 1)
    }

    /// Plays a person's move, given in the engine's notation; returns its step.
    ///
    /// # Errors
    /// [`WebError::Notation`] for text that is not a move,
    /// [`WebError::NotYourTurn`] when chance or a bot decides now or the game is
    /// over, [`WebError::Illegal`] with the engine's reason. The game is
    /// unchanged on error.
    pub fn play_human(&mut self, text: &str) -> Result<usize, WebError> {
        let mv = Session::parse(text)?;
        if !self.human_to_move() {
            return Err(WebError::NotYourTurn(self.who_moves()));
        }
        self.apply(mv)
    }

    /// Plays a bot's move computed for position `step`; returns its step.
    ///
    /// # Errors
    /// [`WebError::Stale`] when the game is no longer at `step`,
    /// [`WebError::NotYourTurn`] when no bot decides now, otherwise as
    /// [`Session::play_human`].
    pub fn play_bot(&mut self, text: &str, step: usize) -> Result<usize, WebError> {
        let mv = Session::parse(text)?;
        if step != self.step() {
            return Err(WebError::Stale {
                computed_for: step,
                current: self.step(),
            });
        }
        if self.bot_to_move().is_none() {
            return Err(WebError::NotYourTurn(self.who_moves()));
        }
        self.apply(mv)
    }

    /// The seed of the bot deciding at the current step.
    pub fn bot_seed(&self) -> u64 {
        derive_seed(self.seed, BOT_STREAM, self.step())
    }

    /// Lets the bot to move choose, in this thread (the page asks its worker
    /// instead, with [`Session::record`]).
    ///
    /// # Errors
    /// [`WebError::NotYourTurn`] when no bot is to move, [`WebError::Bot`] as
    /// [`players::choose`].
    pub fn bot_choice(&self) -> Result<(Move, u32), WebError> {
        let spec = self
            .bot_to_move()
            .ok_or_else(|| WebError::NotYourTurn(self.who_moves()))?;
        players::choose(self.current(), spec, self.bot_seed())
    }

    /// The step undo would go back to: the last decision made by a person.
    pub fn undo_target(&self) -> Option<usize> {
        (0..self.step()).rev().find(|&i| match self.states[i].to_move() {
            Some(Actor::Player(p)) => self.seats[p.index()].is_human(),
            _ => false,
        })
    }

    /// Takes back the last person's move and everything after it (bot moves and
    /// draws); returns the step of the restored position.
    ///
    /// # Errors
    /// [`WebError::NothingToUndo`] when no person has moved.
    pub fn undo(&mut self) -> Result<usize, WebError> {
        let target = self.undo_target().ok_or(WebError::NothingToUndo)?;
        self.truncate(target);
        Ok(target)
    }

    /// Goes back to the position `step` (nothing happens past the end).
    pub fn truncate(&mut self, step: usize) {
        if step < self.states.len() {
            self.states.truncate(step + 1);
            self.moves.truncate(step);
            self.events.truncate(step);
        }
    }

    /// Plays on from the position `step` with these seats and seed (after
    /// loading a record).
    ///
    /// # Errors
    /// [`WebError::Setup`] when the number of seats differs from the game's
    /// players or `step` is past the end; the game is unchanged then.
    pub fn continue_from(&mut self, step: usize, seats: Vec<Seat>, seed: u64) -> Result<(), WebError> {
        if seats.len() != self.setup.players {
            return Err(WebError::Setup(format!(
                "this game has {} players, not {}",
                self.setup.players,
                seats.len()
            )));
        }
        if step > self.step() {
            return Err(WebError::Setup(format!(
                "step {step} is past the end of the game ({})",
                self.step()
            )));
        }
        self.truncate(step);
        self.seats = seats;
        self.seed = seed;
        Ok(())
    }

    /// The game so far as a record.
    pub fn record(&self) -> GameRecord {
        GameRecord::new(self.setup.clone()).with_moves(self.moves.clone())
    }

    /// The game so far as a JSON game record.
    pub fn record_json(&self) -> String {
        serde_json::to_string_pretty(&self.record()).expect("a game record always serialises")
    }

    /// The positions worth stepping through in a replay: the start, every
    /// player's decision and the end (chance draws are skipped over).
    pub fn positions(&self) -> Vec<usize> {
        let mut out: Vec<usize> = (0..self.states.len())
            .filter(|&i| !matches!(self.states[i].to_move(), Some(Actor::Chance)))
            .collect();
        if out.first() != Some(&0) {
            out.insert(0, 0);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(spec: &[&str]) -> Vec<Seat> {
        spec.iter().map(|s| Seat::parse(s).unwrap()).collect()
    }

    #[test]
    fn chance_is_reproducible_and_undo_keeps_draws() {
        let mut a = Session::new(7, seats(&["human", "greedy"])).unwrap();
        let mut b = Session::new(7, seats(&["human", "greedy"])).unwrap();
        a.advance();
        b.advance();
        assert_eq!(a.current(), b.current());
        assert!(a.human_to_move());
        let first = a.current().legal_moves()[0].to_string();
        let step = a.play_human(&first).unwrap();
        a.advance();
        let after = a.current().clone();
        assert_eq!(a.undo().unwrap(), step);
        assert_eq!(a.current(), b.current());
        a.play_human(&first).unwrap();
        a.advance();
        assert_eq!(a.current(), &after);
    }

    #[test]
    fn bad_input_changes_nothing() {
        let mut s = Session::new(1, seats(&["human", "random"])).unwrap();
        s.advance();
        let before = s.current().clone();
        assert!(matches!(s.play_human("place 99"), Err(WebError::Notation { .. })));
        assert!(matches!(s.play_human("pass"), Err(WebError::Illegal(_))));
        assert!(matches!(
            s.play_bot("pass", s.step()),
            Err(WebError::NotYourTurn(_))
        ));
        assert!(matches!(s.play_bot("pass", 0), Err(WebError::Stale { .. })));
        assert!(matches!(s.undo(), Err(WebError::NothingToUndo)));
        assert_eq!(s.current(), &before);
    }

    #[test]
    fn a_bot_game_plays_to_the_end_and_replays() {
        let mut s = Session::new(3, seats(&["greedy", "random", "kindrandom"])).unwrap();
        loop {
            s.advance();
            if s.current().is_over() {
                break;
            }
            assert!(matches!(s.play_human("pass"), Err(WebError::NotYourTurn(_))));
            let (mv, _) = s.bot_choice().unwrap();
            s.play_bot(&mv.to_string(), s.step()).unwrap();
        }
        let loaded = Session::from_record_json(&s.record_json()).unwrap();
        assert_eq!(loaded.current(), s.current());
        assert_eq!(loaded.step(), s.step());
        let positions = loaded.positions();
        assert_eq!(positions[0], 0);
        assert_eq!(*positions.last().unwrap(), loaded.step());
    }

    #[test]
    fn a_loaded_record_plays_on_from_any_position() {
        let mut s = Session::new(8, seats(&["greedy", "random"])).unwrap();
        for _ in 0..8 {
            s.advance();
            let (mv, _) = s.bot_choice().unwrap();
            s.play_bot(&mv.to_string(), s.step()).unwrap();
        }
        let mut loaded = Session::from_record_json(&s.record_json()).unwrap();
        assert!(loaded.seats().iter().all(Seat::is_human));
        let at = loaded.positions()[3];
        let before = loaded.state_at(at).unwrap().clone();
        assert!(loaded.continue_from(at, seats(&["human"]), 1).is_err());
        assert!(loaded
            .continue_from(loaded.step() + 1, seats(&["human", "greedy"]), 1)
            .is_err());
        assert_eq!(loaded.step(), s.step(), "a refused continue changes nothing");
        loaded.continue_from(at, seats(&["human", "greedy"]), 1).unwrap();
        assert_eq!(loaded.step(), at);
        assert_eq!(loaded.current(), &before);
        assert_eq!(loaded.seed(), 1);
        assert_eq!(loaded.seats()[1].label(), "Greedy");
    }

    #[test]
    fn corrupt_records_name_the_step() {
        let mut s = Session::new(5, seats(&["random", "random"])).unwrap();
        for _ in 0..6 {
            s.advance();
            let (mv, _) = s.bot_choice().unwrap();
            s.play_bot(&mv.to_string(), s.step()).unwrap();
        }
        let mut record = s.record();
        record.moves[10] = "pass".parse().unwrap();
        let json = serde_json::to_string(&record).unwrap();
        let err = Session::from_record_json(&json).unwrap_err().to_string();
        assert!(err.contains("step 10: illegal move `pass`"), "{err}");

        let garbled = s.record_json().replacen("place", "plaice", 1);
        let err = Session::from_record_json(&garbled).unwrap_err().to_string();
        assert!(
            err.contains("not a game record") && err.contains("step "),
            "{err}"
        );

        let err = Session::from_record_json("{\"chess\": 1}")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("not a game record") && err.contains("setup"),
            "{err}"
        );
        let err = Session::from_record_json("{\"setup\"").unwrap_err().to_string();
        assert!(err.contains("not valid JSON"), "{err}");
    }
}

//! A game at this browser: the engine's [`GameLog`] (every position, move and
//! event, for undo and replays), the seats, and chance seeded by the game's
//! seed and the step.

use carcassonne_safari::chance::{mix_seed, ChanceSource, Sampled};
use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::view::GameLog;
use carcassonne_safari::{Actor, ChanceError, GameRecord, GameState, Move, PlayerId, Setup};
use carcassonne_safari_bots::BotRng;

use crate::error::{parse_move, WebError};
use crate::players::{self, Seat};

/// The largest record the page loads (a complete 5-player game is about 12 KB).
pub const MAX_RECORD_BYTES: usize = 2 * 1024 * 1024;

/// A game: its log, seats and seed. Chance decisions (tile and token draws)
/// are resolved by [`LocalGame::advance`] with a generator seeded by the seed and
/// the step, so a game is reproducible from its seed and the players' moves,
/// undoing a move never changes a draw, and a game resumed from its record and
/// seed goes on exactly as it would have.
#[derive(Clone, Debug)]
#[wasm_bindgen::prelude::wasm_bindgen]
pub struct LocalGame {
    log: GameLog,
    seed: u64,
    seats: Vec<Seat>,
}

/// The chance of a game at this browser: each draw by its weight from a
/// generator seeded by the game's seed and the draw's step, so that a draw
/// depends on nothing but them.
struct StepSeeded {
    seed: u64,
    /// The step of the next draw.
    step: usize,
}

impl ChanceSource for StepSeeded {
    fn draw(&mut self, state: &GameState) -> Result<Move, ChanceError> {
        let rng = BotRng::seed_from_u64(derive_seed(self.seed, CHANCE_STREAM, self.step));
        self.step += 1;
        Sampled(rng).draw(state)
    }
}

/// A generator's seed for stream `stream` at step `step` of the game seeded
/// `seed`: the engine's [`mix_seed`] of the seed and one number for the pair.
fn derive_seed(seed: u64, stream: u64, step: usize) -> u64 {
    mix_seed(seed, stream.wrapping_mul(0x1_0000_0001) ^ step as u64)
}

const CHANCE_STREAM: u64 = 1;
const BOT_STREAM: u64 = 2;

impl LocalGame {
    /// A new game: one seat per entry of `seats` (2 to 5), chance seeded by `seed`.
    ///
    /// # Errors
    /// [`WebError::Setup`] for a number of seats the game does not take.
    pub fn new(seed: u64, seats: Vec<Seat>) -> Result<LocalGame, WebError> {
        let mut log = GameLog::new(Setup::new(seats.len())).map_err(|e| WebError::Setup(e.to_string()))?;
        log.set_seats(seats.iter().map(Seat::to_record).collect());
        Ok(LocalGame { log, seed, seats })
    }

    /// A game from a JSON game record (the engine's `GameRecord`), with the
    /// seats it names (a person where it names none) and chance seeded by `seed`.
    ///
    /// # Errors
    /// [`WebError::Record`] when the text is too long, not JSON, not a game
    /// record, or a move does not replay; the message names the step (0-based)
    /// and the engine's reason.
    pub fn from_record_json(json: &str, seed: u64) -> Result<LocalGame, WebError> {
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
        let mut log = GameLog::from_record(&record).map_err(|e| WebError::Record(e.to_string()))?;
        let seats: Vec<Seat> = (0..record.setup.players)
            .map(|i| Seat::from_record(record.seats.get(i), i))
            .collect();
        log.set_seats(seats.iter().map(Seat::to_record).collect());
        Ok(LocalGame { log, seed, seats })
    }

    /// Every position and move so far, with their events (for undo,
    /// replays and the record).
    pub fn log(&self) -> &GameLog {
        &self.log
    }

    /// Moves played so far (chance included): the index of the current position.
    pub fn step(&self) -> usize {
        self.log.len()
    }

    /// The number chance and the bots are seeded with, with the step.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The seats, by seat number.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The seat that decides now, when it is a player's decision.
    fn seat_to_move(&self) -> Option<&Seat> {
        match self.log.current().to_move() {
            Some(Actor::Player(p)) => self.seats.get(p.index()),
            _ => None,
        }
    }

    /// Whether a person decides now.
    pub fn human_to_move(&self) -> bool {
        self.seat_to_move().is_some_and(Seat::is_human)
    }

    /// The specification of the bot that decides now, if a bot decides.
    pub fn bot_to_move(&self) -> Option<&str> {
        self.seat_to_move().and_then(|s| s.bot.as_deref())
    }

    /// Resolves chance decisions (tile and token draws) until a player decides
    /// or the game ends; returns how many moves were made.
    pub fn advance(&mut self) -> usize {
        let before = self.step();
        let source = StepSeeded {
            seed: self.seed,
            step: before,
        };
        // The engine plays chance (`GameLog::play_chance`). A draw it could
        // not make (none: each is one of the node's own outcomes) ends the
        // chance there, with the draws before it kept.
        let _ = self.log.play_chance(source);
        self.step() - before
    }

    fn who_moves(&self) -> String {
        match (self.log.current().to_move(), self.seat_to_move()) {
            (None, _) => "the game is over".into(),
            (Some(Actor::Chance), _) => "chance decides now (a draw)".into(),
            (_, Some(seat)) if seat.is_human() => format!("{} (a person) is to move", seat.name),
            (_, seat) => format!("{} (a bot) is to move", seat.map_or("?", |s| s.name.as_str())),
        }
    }

    fn apply(&mut self, mv: Move) -> Result<usize, WebError> {
        self.log.play(mv).map_err(|e| WebError::Illegal(e.to_string()))?;
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
        let mv = parse_move(text)?;
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
    /// [`LocalGame::play_human`].
    pub fn play_bot(&mut self, text: &str, step: usize) -> Result<usize, WebError> {
        let mv = parse_move(text)?;
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

    /// Lets the bot to move choose, in this thread (the page asks its worker).
    ///
    /// # Errors
    /// [`WebError::NotYourTurn`] when no bot is to move, [`WebError::Bot`] as
    /// [`players::choose`].
    pub fn bot_choice(&self) -> Result<(Move, u32), WebError> {
        let spec = self
            .bot_to_move()
            .ok_or_else(|| WebError::NotYourTurn(self.who_moves()))?;
        players::choose(self.log.current(), spec, self.bot_seed())
    }

    /// The step undo goes back to: the last decision made by a person, as
    /// long as the game is not over and no other person is deciding now (at
    /// a shared screen, the person to move takes back only their own moves).
    pub fn undo_target(&self) -> Option<usize> {
        if self.log.current().is_over() {
            return None;
        }
        let (step, who) = self
            .log
            .decision_steps()
            .filter_map(|i| self.human_decider(i).map(|p| (i, p)))
            .last()?;
        match self.log.current().to_move() {
            Some(Actor::Player(now))
                if now != who && self.seats.get(now.index()).is_some_and(Seat::is_human) =>
            {
                None
            }
            _ => Some(step),
        }
    }

    /// The person deciding at `step`, if a person decides there.
    fn human_decider(&self, step: usize) -> Option<PlayerId> {
        match self.log.state_at(step).and_then(|s| s.to_move()) {
            Some(Actor::Player(p)) if self.seats.get(p.index()).is_some_and(Seat::is_human) => Some(p),
            _ => None,
        }
    }

    /// Takes back the last person's move and everything after it (bot moves and
    /// draws); returns the step of the restored position.
    ///
    /// # Errors
    /// [`WebError::NothingToUndo`] when no person has moved.
    pub fn undo(&mut self) -> Result<usize, WebError> {
        let target = self.undo_target().ok_or(WebError::NothingToUndo)?;
        self.log.undo_to(target);
        Ok(target)
    }

    /// Plays on from the position `step` with these seats and seed (after
    /// loading a record).
    ///
    /// # Errors
    /// [`WebError::Setup`] when the number of seats differs from the game's
    /// players or `step` is past the end; the game is unchanged then.
    pub fn continue_from(&mut self, step: usize, seats: Vec<Seat>, seed: u64) -> Result<(), WebError> {
        let players = self.log.setup().players;
        if seats.len() != players {
            return Err(WebError::Setup(format!(
                "this game has {players} players, not {}",
                seats.len()
            )));
        }
        if step > self.step() {
            return Err(WebError::Setup(format!(
                "step {step} is past the end of the game ({})",
                self.step()
            )));
        }
        self.log.undo_to(step);
        self.log.set_seats(seats.iter().map(Seat::to_record).collect());
        self.seats = seats;
        self.seed = seed;
        Ok(())
    }

    /// The game so far as a JSON game record, with its seats.
    pub fn record_json(&self) -> String {
        serde_json::to_string_pretty(&self.log.to_record()).expect("a game record always serialises")
    }

    /// The positions worth stepping through in a replay: the start, every
    /// player's decision and the end (chance draws are skipped over).
    pub fn positions(&self) -> Vec<usize> {
        let mut out = vec![0];
        out.extend(self.log.decision_steps().filter(|&s| s > 0));
        if *out.last().unwrap_or(&0) != self.step() {
            out.push(self.step());
        }
        out
    }
}

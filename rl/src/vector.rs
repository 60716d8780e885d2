//! The games of a vectorised environment, in plain Rust: each slot plays one
//! game at a time, draws its chance from its own deal, lets the bots of the
//! bots crate play the opponents' seats, and writes the agent's observation
//! and action mask into its rows of the output arrays.
//!
//! The deals of an environment seeded with `seed` are those of the bots'
//! arena run with `--seed seed` ([`crate::deal`]): the environment's deal `k`
//! is `Deal::new(seed + k)`, and slot `i` of [`Config::slots`] plays deals `i`,
//! `i + slots`, `i + 2 slots`, ... in turn. With [`Config::paired`], slot `i`'s
//! first deal (the environment's deal `i`) is played from seat 0, then seat 1,
//! ..., as the arena plays it.

use carcassonne_safari::chance::{mix_seed, Deal};
use carcassonne_safari::rand_core::RngCore;
use carcassonne_safari::{
    Actor, ChanceError, Event, GameRecord, GameState, Move, MoveError, PlayerId, Setup, SetupError,
};
use carcassonne_safari_bots::{from_spec, Bot, BotError, BotRng, SpecError};

use crate::compact;
use crate::encoding::IdError;
use crate::observation::{self, Layout, NUM_PLANES};
use crate::rewards::{self, Mode};
use crate::window::{Overflow, Window};

/// Why a slot cannot set up, play or observe a game.
#[derive(Clone, Debug, thiserror::Error)]
pub enum SlotError {
    /// The engine refuses the setup (the player count).
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An opponent's specification the bots crate refuses.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// An opponent that cannot choose.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// A chance node the deal has no outcome for.
    #[error(transparent)]
    Chance(#[from] ChanceError),
    /// A move the engine refuses.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// An action id that names no move, or a move without an id.
    #[error(transparent)]
    Id(#[from] IdError),
    /// A game whose frontier outgrew the window at the agent's decision.
    #[error(transparent)]
    Overflow(#[from] Overflow),
    /// A negative action id.
    #[error("action {0} is negative")]
    Negative(i64),
    /// An action id naming a move that is not legal at the agent's decision.
    #[error("action {action} (`{mv}`) is not legal here")]
    Illegal {
        /// The id.
        action: i64,
        /// The move it names.
        mv: Move,
    },
    /// No legal move to sample (never at an agent decision).
    #[error("no legal move")]
    NoLegalMove,
}

/// Seats covered by the per-seat outputs.
pub const SEATS: usize = observation::SEATS;

/// How the games of an environment are set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// How many seats each game has (2 to 5).
    pub players: usize,
    /// The opponents' bot specifications (the bots crate's `from_spec`), in
    /// seat order after the agent's seat, repeated when fewer than the
    /// opponents' seats; `None` for self-play (the agent decides for every
    /// seat).
    pub opponents: Option<Vec<String>>,
    /// The side, in cells, of the window that the observation and the
    /// compact actions cover ([`crate::compact`]).
    pub side: u32,
    /// How rewards are given.
    pub reward: Mode,
    /// Whether each deal is played once from every seat in turn.
    pub paired: bool,
    /// The environment's number of slots (at least 1): slot `i` plays the
    /// environment's deals `i`, `i + slots`, `i + 2 slots`, ...
    pub slots: usize,
}

/// The rows one slot writes in one step.
pub struct Rows<'a> {
    /// Observation planes, `side x side x NUM_PLANES` (channels last).
    pub board: &'a mut [u8],
    /// The observation's scalar features (`num_scalars` of them).
    pub scalars: &'a mut [i16],
    /// Which action ids are legal now (`true`), one entry per id.
    pub mask: &'a mut [bool],
    /// The observation at the end of a finished game (planes).
    pub final_board: &'a mut [u8],
    /// The observation at the end of a finished game (scalars).
    pub final_scalars: &'a mut [i16],
    /// The observation of every seat at the end of a finished game (planes,
    /// `players` blocks of `side x side x NUM_PLANES`, seat order).
    pub final_seat_board: &'a mut [u8],
    /// The observation of every seat at the end of a finished game
    /// (scalars, `players` blocks of `num_scalars()`, seat order).
    pub final_seat_scalars: &'a mut [i16],
    /// The results of a finished game, by seat: win shares.
    pub shares: &'a mut [f32],
    /// The results of a finished game, by seat: scores.
    pub scores: &'a mut [i32],
}

/// What one slot reports for one step.
#[derive(Clone, Copy, Debug, Default)]
pub struct StepOut {
    /// The reward of the seat that acted.
    pub reward: f32,
    /// The reward of every seat, in seat order (0 past the game's players):
    /// under `score_diff` and `score` the change of the seat's margin or
    /// score since the slot's previous step (or its game's start), under
    /// `win` the final reward when the game ends; a game's rewards of a seat
    /// sum to its final reward ([`rewards::reward`]).
    pub rewards: [f32; SEATS],
    /// The game ended.
    pub terminated: bool,
    /// The game was cut short: its frontier outgrew the window.
    pub truncated: bool,
    /// The seat whose decision the observation shows.
    pub seat: u8,
    /// The seat the agent played in the game that ended (when done).
    pub agent_seat: u8,
}

/// Mixed into a slot's own seed (`Slot::reset_own`): the slot plays the
/// deals of the mixed seed, so that games given consecutive seeds (`s`,
/// `s + 1`, ...) do not play overlapping runs of the same deals.
const OWN_SEED: u64 = 0x6F77_6E5F_7365_6564;

/// The stream of a deal's seed ([`mix_seed`]) whose streams, one per seat,
/// seed the opponents' bots.
const BOT_SEEDS: u64 = 3;

/// One slot: the game under way and what it needs to go on.
pub struct Slot {
    index: u64,
    /// Offsets the agent's seat from game to game (the slot's index, or 0
    /// for a slot seeded on its own).
    offset: u64,
    /// The seed of the slot's deals ([`crate::deal`]): the environment's
    /// seed, or the slot's own seed mixed with [`OWN_SEED`].
    base: u64,
    /// The number of the slot's first deal among the deals of `base`.
    first: u64,
    /// How far apart the numbers of the slot's successive deals are (the
    /// environment's slots, or 1 for a slot seeded on its own).
    stride: u64,
    episode: u64,
    state: GameState,
    seat: Option<PlayerId>,
    bots: Vec<Option<Box<dyn Bot + Send>>>,
    /// The deal of the game under way: its tiles and its token draws.
    deal: Deal,
    window: Window,
    legal: Vec<Move>,
    /// The moves of the game under way, chance included.
    moves: Vec<Move>,
    /// The events of the last chance draws (a buffer, not read).
    events: Vec<Event>,
    players: usize,
    /// Each seat's score margin (own minus the others' mean) at its last
    /// decision, for `score_diff` rewards.
    margin: [f64; SEATS],
    /// Each seat's value (score margin or score, by the reward mode) at the
    /// end of the slot's previous step, for the per-seat rewards.
    last: [f64; SEATS],
    /// The last game that ended in this slot, at its end.
    ended: Option<GameState>,
}

impl Slot {
    /// Slot `index` (below `config.slots`) of an environment seeded with
    /// `seed`, at its first agent decision.
    ///
    /// # Errors
    /// [`SlotError`] when the game cannot be set up (the engine's, for a player
    /// count it refuses).
    pub fn new(config: &Config, index: u64, seed: u64) -> Result<Slot, SlotError> {
        let state = GameState::new(&Setup::new(config.players))?;
        let mut slot = Slot {
            index,
            offset: index,
            base: seed,
            first: index,
            stride: config.slots.max(1) as u64,
            episode: 0,
            state,
            seat: None,
            bots: Vec::new(),
            deal: Deal::new(0),
            window: Window::centred(0, 0, config.side),
            legal: Vec::new(),
            moves: Vec::new(),
            events: Vec::new(),
            players: config.players,
            margin: [0.0; SEATS],
            last: [0.0; SEATS],
            ended: None,
        };
        slot.start(config)?;
        Ok(slot)
    }

    /// The game under way.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The last game that ended in this slot (terminated or truncated), at
    /// its end; `None` before the first.
    pub fn ended(&self) -> Option<&GameState> {
        self.ended.as_ref()
    }

    /// The record of the game under way.
    pub fn record(&self) -> GameRecord {
        GameRecord::new(Setup::new(self.players)).with_moves(self.moves.clone())
    }

    /// The window of the current observation.
    pub fn window(&self) -> &Window {
        &self.window
    }

    /// Starts the slot's next game (its `episode`) and plays up to the
    /// agent's first decision.
    fn start(&mut self, config: &Config) -> Result<(), SlotError> {
        let n = config.players as u64;
        // The slot's `nth` deal, the agent's seat in it.
        let (nth, seat) = if config.paired {
            (self.episode / n, self.episode % n)
        } else {
            (self.episode, (self.episode + self.offset) % n)
        };
        let k = self.first.wrapping_add(self.stride.wrapping_mul(nth));
        self.deal = crate::deal(self.base, k);
        let deal_seed = self.deal.seed();
        self.state = GameState::new(&Setup::new(config.players))?;
        self.moves.clear();
        self.margin = [0.0; SEATS];
        self.last = [0.0; SEATS];
        self.bots.clear();
        match &config.opponents {
            None => {
                self.seat = None;
                self.bots.extend((0..n).map(|_| None));
            }
            Some(specs) => {
                self.seat = Some(PlayerId(seat as u8));
                for s in 0..n {
                    if s == seat {
                        self.bots.push(None);
                        continue;
                    }
                    // The k-th opponent after the agent's seat.
                    let k = ((s + n - seat) % n - 1) as usize;
                    let spec = &specs[k % specs.len()];
                    let bot_seed = mix_seed(mix_seed(deal_seed, BOT_SEEDS), s);
                    self.bots.push(Some(from_spec(spec, bot_seed)?));
                }
            }
        }
        self.advance()
    }

    /// Plays chance and the opponents until the agent decides or the game
    /// ends; then lists the legal moves.
    fn advance(&mut self) -> Result<(), SlotError> {
        loop {
            self.events.clear();
            self.state
                .play_chance_mut(&mut self.deal, &mut self.moves, &mut self.events)?;
            let Some(Actor::Player(p)) = self.state.to_move() else {
                break;
            };
            let Some(bot) = &mut self.bots[p.index()] else {
                break;
            };
            let mv = bot.choose(&self.state)?;
            self.state = self.state.play(mv)?;
            self.moves.push(mv);
        }
        self.legal.clear();
        self.legal.extend(self.state.legal_moves());
        Ok(())
    }

    /// The move of compact id `action` at the agent's decision.
    ///
    /// # Errors
    /// [`SlotError`] when the id names no legal move here.
    pub fn check(&self, action: i64) -> Result<Move, SlotError> {
        let id = u64::try_from(action).map_err(|_| SlotError::Negative(action))?;
        let mv = compact::decode(id, &self.state, &self.window)?;
        if self.legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(SlotError::Illegal { action, mv })
        }
    }

    /// A uniform random legal compact id at the agent's decision.
    ///
    /// # Errors
    /// [`SlotError`] when no move is legal (never at an agent decision).
    pub fn sample(&self, rng: &mut BotRng) -> Result<u32, SlotError> {
        if self.legal.is_empty() {
            return Err(SlotError::NoLegalMove);
        }
        let k = ((rng.next_u64() as u128 * self.legal.len() as u128) >> 64) as usize;
        Ok(compact::encode(self.legal[k], &self.state, &self.window)?)
    }

    fn margin_of(&self, seat: usize) -> f64 {
        rewards::reward(self.state.scores(), seat, Mode::ScoreDiff)
    }

    /// The seat whose decision it is (the agent's).
    fn deciding(&self) -> usize {
        match self.state.to_move() {
            Some(Actor::Player(p)) => p.index(),
            _ => self.seat.map_or(0, |p| p.index()),
        }
    }

    /// Plays the agent's move `mv` (checked by [`Slot::check`]), then chance
    /// and opponents; starts the next game when this one ends; writes the
    /// observation of the next agent decision.
    pub fn step(&mut self, config: &Config, mv: Move, rows: &mut Rows<'_>) -> Result<StepOut, SlotError> {
        let actor = self.deciding();
        self.state = self.state.play(mv)?;
        self.moves.push(mv);
        self.advance()?;
        let mut out = StepOut::default();
        let over = self.state.is_over();
        let margin = self.margin_of(actor);
        out.reward = match config.reward {
            Mode::ScoreDiff => (margin - self.margin[actor]) as f32,
            Mode::Win if over => rewards::reward(self.state.scores(), actor, Mode::Win) as f32,
            Mode::Score => (self.state.scores()[actor] as f64 - (self.margin[actor])) as f32,
            Mode::Win => 0.0,
        };
        self.margin[actor] = match config.reward {
            Mode::Score => self.state.scores()[actor] as f64,
            _ => margin,
        };
        for seat in 0..self.players {
            let value = match config.reward {
                Mode::Score => self.state.scores()[seat] as f64,
                _ => self.margin_of(seat),
            };
            out.rewards[seat] = match config.reward {
                Mode::Win if over => rewards::reward(self.state.scores(), seat, Mode::Win) as f32,
                Mode::Win => 0.0,
                _ => (value - self.last[seat]) as f32,
            };
            self.last[seat] = value;
        }
        let window = Window::follow(&self.state, config.side);
        out.terminated = over;
        out.truncated = !over && window.is_err();
        if out.terminated || out.truncated {
            out.agent_seat = actor as u8;
            let end = window.unwrap_or_else(|_| centre_of(&self.state, config.side));
            observation_rows(
                &self.state,
                actor,
                &end,
                &self.legal,
                rows.final_board,
                rows.final_scalars,
            );
            let plane_len = rows.final_board.len();
            let scalars_len = rows.final_scalars.len();
            for seat in 0..self.players {
                observation_rows(
                    &self.state,
                    seat,
                    &end,
                    &self.legal,
                    &mut rows.final_seat_board[seat * plane_len..(seat + 1) * plane_len],
                    &mut rows.final_seat_scalars[seat * scalars_len..(seat + 1) * scalars_len],
                );
            }
            let scores = self.state.scores();
            let shares = self.state.win_shares().unwrap_or_default();
            for s in 0..SEATS {
                rows.scores[s] = scores.get(s).map_or(0, |&v| v as i32);
                rows.shares[s] = shares.get(s).map_or(0.0, |&v| v as f32);
            }
            self.ended = Some(self.state.clone());
            self.episode += 1;
            self.start(config)?;
        }
        self.observe(config, rows, &mut out)?;
        Ok(out)
    }

    /// Writes the current observation and mask (after a reset or a step).
    pub fn observe(
        &mut self,
        config: &Config,
        rows: &mut Rows<'_>,
        out: &mut StepOut,
    ) -> Result<(), SlotError> {
        // A new game always fits (MIN_SIDE); a game that outgrew the window
        // ended in `step`.
        self.window = Window::follow(&self.state, config.side)?;
        let seat = self.deciding();
        out.seat = seat as u8;
        observation_rows(
            &self.state,
            seat,
            &self.window,
            &self.legal,
            rows.board,
            rows.scalars,
        );
        compact::write_mask(&self.state, &self.legal, &self.window, rows.mask)?;
        Ok(())
    }

    /// Starts over from episode 0 with the environment's `seed`: the games
    /// of this slot's index in an environment seeded with `seed`, as
    /// [`Slot::new`].
    ///
    /// # Errors
    /// [`SlotError`] when a game cannot be set up or observed.
    pub fn reset(&mut self, config: &Config, seed: u64, rows: &mut Rows<'_>) -> Result<StepOut, SlotError> {
        let stride = config.slots.max(1) as u64;
        self.restart(config, (self.index, seed, self.index, stride), rows)
    }

    /// Starts over from episode 0 with the slot's own `seed`: its deals, its
    /// bots and the agent's seat (seat 0 in its first game, then rotating)
    /// depend on `seed` alone, not on the slot's index, so that a seed gives
    /// the same games in any slot. The slot plays deals `0, 1, 2, ...`
    /// ([`crate::deal`]) of `seed` mixed with a constant, so that consecutive
    /// seeds do not give overlapping runs of deals.
    ///
    /// # Errors
    /// [`SlotError`] when a game cannot be set up or observed.
    pub fn reset_own(
        &mut self,
        config: &Config,
        seed: u64,
        rows: &mut Rows<'_>,
    ) -> Result<StepOut, SlotError> {
        self.restart(config, (0, mix_seed(seed, OWN_SEED), 0, 1), rows)
    }

    /// Starts over from episode 0 with `(offset, base, first, stride)` (the
    /// fields of the same names).
    fn restart(
        &mut self,
        config: &Config,
        (offset, base, first, stride): (u64, u64, u64, u64),
        rows: &mut Rows<'_>,
    ) -> Result<StepOut, SlotError> {
        self.offset = offset;
        self.base = base;
        self.first = first;
        self.stride = stride;
        self.episode = 0;
        self.start(config)?;
        let mut out = StepOut::default();
        self.observe(config, rows, &mut out)?;
        Ok(out)
    }
}

/// A window on the middle of the frontier, for the last observation of a
/// game that outgrew its window (cells outside are not shown).
fn centre_of(state: &GameState, side: u32) -> Window {
    let f = state.frontier();
    let (x0, x1) = (f.iter().map(|p| p.x).min(), f.iter().map(|p| p.x).max());
    let (y0, y1) = (f.iter().map(|p| p.y).min(), f.iter().map(|p| p.y).max());
    match (x0, x1, y0, y1) {
        (Some(x0), Some(x1), Some(y0), Some(y1)) => {
            Window::centred((x0 as i32 + x1 as i32) / 2, (y0 as i32 + y1 as i32) / 2, side)
        }
        _ => Window::centred(0, 0, side),
    }
}

/// The observation of `state` by `seat` over `window` into rows, scalars
/// saturated to `i16`.
fn observation_rows(
    state: &GameState,
    seat: usize,
    window: &Window,
    legal: &[Move],
    board: &mut [u8],
    scalars: &mut [i16],
) {
    let mut floats = [0f32; 256];
    let n = observation::num_scalars();
    debug_assert!(n <= floats.len());
    debug_assert_eq!(board.len(), NUM_PLANES * window.area() as usize);
    observation::observe_into(
        state,
        seat,
        window,
        Layout::ChannelsLast,
        legal,
        board,
        &mut floats[..n],
    );
    for (o, &f) in scalars.iter_mut().zip(&floats[..n]) {
        *o = f.clamp(i16::MIN as f32, i16::MAX as f32) as i16;
    }
}

//! The state under a room's lock ([`Game`]) and what it says: its status,
//! record, card and seats.

use carcassonne_safari::{Actor, GameRecord};

use crate::bots::SeatBot;
use crate::game::protocol::{Frame, GameCard, Handed, Rules, SeatInfo, Status};
use crate::tokens::{GameId, TokenHash};

use super::line::Line;
use super::pending::Pending;

/// The state under a room's lock.
pub(crate) struct Game {
    /// The setup, the moves in play (without those taken back), who made
    /// each, and the position.
    pub(super) line: Line,
    /// Moves and take-backs stored: the game's `seq`.
    pub(super) seq: u64,
    pub(super) seats: Vec<SeatInfo>,
    pub(super) hashes: Vec<Option<TokenHash>>,
    pub(super) host_hash: TokenHash,
    pub(super) listed: bool,
    pub(super) idle_secs: u64,
    pub(super) idle_bot: String,
    pub(super) created_ms: i64,
    pub(super) last_move_ms: i64,
    /// Each seat's bot between decisions (a search tree kept for the next).
    pub(super) bots: Vec<Option<SeatBot>>,
    /// A bot of this game is thinking.
    pub(super) bot_busy: bool,
    /// Per seat, whether its person asked for a rematch (or agreed to one).
    pub(super) rematch: Vec<bool>,
    /// The rematch, once created.
    pub(super) rematch_game: Option<GameId>,
    /// The take-back waiting for its answers (in memory only).
    pub(super) takeback: Option<Pending>,
    /// Take-backs asked for since the room was loaded: tells a request's
    /// timer from a later one's.
    pub(super) takeback_serial: u64,
    /// The `state` message of the current position, with and without the
    /// view, made once for every connection that asks, and the seats'
    /// presence it says.
    pub(super) snapshot: Option<(Vec<bool>, Frame, Frame)>,
}

impl Game {
    pub(crate) fn status(&self) -> Status {
        if self.line.state().is_over() {
            Status::Over
        } else if self.seats.iter().any(|s| !s.claimed) {
            Status::Open
        } else {
            Status::Playing
        }
    }

    pub(super) fn record(&self) -> GameRecord {
        self.line
            .record()
            .clone()
            .with_seats(self.seats.iter().map(SeatInfo::record_seat).collect())
    }

    /// The seat of a bot that is to move.
    pub(super) fn bot_to_move(&self) -> Option<u8> {
        match self.line.state().to_move() {
            Some(Actor::Player(p)) if self.seats[p.index()].bot.is_some() => Some(p.0),
            _ => None,
        }
    }

    /// Whether the game is in the lobby's list.
    pub(crate) fn listed(&self) -> bool {
        self.listed
    }

    /// The lowest person's seat nobody took.
    pub(crate) fn free_seat(&self) -> Option<u8> {
        self.seats
            .iter()
            .find(|s| !s.claimed && s.bot.is_none())
            .map(|s| s.seat)
    }

    /// Whether a seat was handed to a bot for idleness.
    pub(crate) fn handed_for_idleness(&self, seat: u8) -> bool {
        self.seats
            .get(usize::from(seat))
            .is_some_and(|s| s.handed == Some(Handed::Idle))
    }

    /// Whether a seat is a person's nobody took yet.
    pub(crate) fn unclaimed(&self, seat: u8) -> bool {
        self.seats.get(usize::from(seat)).is_some_and(|s| !s.claimed)
    }

    pub(super) fn card(&self, id: &GameId) -> GameCard {
        GameCard {
            game: id.to_string(),
            status: self.status(),
            seq: self.seq,
            players: self.seats.len(),
            seats: self.seats.clone(),
            scores: self.line.state().scores().to_vec(),
            to_move: self.line.state().to_move(),
            rules: Rules::of(self.line.setup()),
            listed: self.listed,
            idle_secs: self.idle_secs,
            idle_bot: self.idle_bot.clone(),
            created_ms: self.created_ms,
        }
    }
}

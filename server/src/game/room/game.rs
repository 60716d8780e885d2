//! What a room's state says: its status, record, card and seats.

use carcassonne_safari::{Actor, GameRecord};

use crate::game::protocol::{GameCard, Handed, Rules, SeatInfo, Status};
use crate::tokens::GameId;

use super::Game;

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

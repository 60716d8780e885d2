//! The values the database holds, as the rest of the server sees them.

use serde::{Deserialize, Serialize};

use crate::tokens::{GameId, TokenHash};

/// A seat as stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredSeat {
    /// The seat's number, from 0 in seat order (its key with the game's).
    pub seat: u8,
    /// The name shown.
    pub name: String,
    /// The digest of the seat's token; `None` for a seat created for a bot.
    pub token_hash: Option<TokenHash>,
    /// The bot playing it now.
    pub bot: Option<String>,
    /// Why a bot plays a person's seat.
    pub handed: Option<Handed>,
    /// Whether a person took it.
    pub claimed: bool,
    /// Whether its person asked for a rematch of the finished game (or
    /// agreed to one).
    pub rematch: bool,
}

/// A game as stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredGame {
    /// The game's id (the table's key).
    pub id: GameId,
    /// When it was created (ms since 1970).
    pub created_ms: i64,
    /// When its last move was played (ms since 1970).
    pub last_move_ms: i64,
    /// The engine's setup as JSON.
    pub setup: String,
    /// The digest of the host's token.
    pub host_hash: TokenHash,
    /// Whether it is in the lobby's list.
    pub listed: bool,
    /// Seconds before an idle person's seat goes to a bot (0: never).
    pub idle_secs: u64,
    /// The bot that takes an idle seat.
    pub idle_bot: String,
    /// Whether it is over.
    pub finished: bool,
    /// The seats in order.
    pub seats: Vec<StoredSeat>,
    /// Every move in order, in notation.
    pub moves: Vec<String>,
    /// The game's rematch, once created.
    pub rematch_game: Option<GameId>,
}

/// Moves to append to a game.
#[derive(Clone, Debug)]
pub struct Append {
    /// The id of the game the moves are appended to.
    pub game: GameId,
    /// The number of moves stored before these (the step of the first).
    pub from: u64,
    /// The moves, in notation.
    pub moves: Vec<String>,
    /// When they were played (ms since 1970).
    pub at_ms: i64,
    /// Whether the game is over after them.
    pub finished: bool,
}

/// What became of an append.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Appended {
    /// Committed.
    Stored,
    /// Another server stored moves first: the game has more than `from`
    /// moves. Nothing was written.
    Conflict,
}

/// How a seat came to be played by a bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Handed {
    /// The game's host handed it over: final.
    Host,
    /// Its person let the idle time pass: the person's token takes it back.
    Idle,
}

impl Handed {
    /// The name stored and sent.
    pub fn name(self) -> &'static str {
        match self {
            Handed::Host => "host",
            Handed::Idle => "idle",
        }
    }

    /// Reads a stored name.
    pub fn from_name(name: &str) -> Option<Handed> {
        match name {
            "host" => Some(Handed::Host),
            "idle" => Some(Handed::Idle),
            _ => None,
        }
    }
}

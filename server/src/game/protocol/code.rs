//! The refusals: the error codes of the protocol (the HTTP API's errors
//! share their names where the codes are the same) and a refusal's code and
//! message.

use serde::{Deserialize, Serialize};

/// Why a message was refused: every refusal is answered with an `error`
/// message carrying one of these codes, and changes nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not a JSON object with a string `type` (or a binary frame).
    BadJson,
    /// A `type` the server does not know.
    UnknownType,
    /// A known `type` whose fields are missing or of the wrong kind.
    BadMessage,
    /// Larger than the server's message limit.
    TooLarge,
    /// `hello` with a protocol version the server does not speak.
    ProtocolVersion,
    /// Anything but `hello` before the `hello`.
    HelloFirst,
    /// A second `hello` on the same connection.
    AlreadyGreeted,
    /// A token that opens no seat of this game.
    Unauthorized,
    /// A move from a connection that watches.
    Spectator,
    /// A move for a seat that is not to move.
    NotYourTurn,
    /// A move for a seat that a bot plays now (handed over by the game's host).
    SeatIsBot,
    /// A move in a game that is over.
    GameOver,
    /// A rematch asked for before the game is over.
    NotOver,
    /// A take-back asked for when the game's last move is not the asking
    /// seat's own (another seat's, a chance draw, or none).
    NothingToTakeBack,
    /// A take-back asked for while one is waiting for its answers.
    TakebackPending,
    /// A take-back answered when none is waiting (or another than the one
    /// waiting).
    NoTakeback,
    /// A take-back answered by a seat whose answer is not asked for (its
    /// own, or a seat a bot plays).
    NotAsked,
    /// A move whose `seq` is not the game's: the client is behind (or sent the
    /// move twice). The error carries the game's `seq`; send `sync`.
    Stale,
    /// A move that is not the engine's notation.
    BadMove,
    /// A move the rules do not allow here (the message says which rule).
    IllegalMove,
    /// Over the rate limit: the connection is closed after this error.
    RateLimited,
    /// The server could not store the move; nothing changed, try again.
    Internal,
}

impl ErrorCode {
    /// The code's name on the wire (`bad_json`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad_json",
            ErrorCode::UnknownType => "unknown_type",
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::ProtocolVersion => "protocol_version",
            ErrorCode::HelloFirst => "hello_first",
            ErrorCode::AlreadyGreeted => "already_greeted",
            ErrorCode::Unauthorized => "unauthorized",
            ErrorCode::Spectator => "spectator",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::SeatIsBot => "seat_is_bot",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotOver => "not_over",
            ErrorCode::NothingToTakeBack => "nothing_to_take_back",
            ErrorCode::TakebackPending => "takeback_pending",
            ErrorCode::NoTakeback => "no_takeback",
            ErrorCode::NotAsked => "not_asked",
            ErrorCode::Stale => "stale",
            ErrorCode::BadMove => "bad_move",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Internal => "internal",
        }
    }
}

/// A refusal: its code and a sentence for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rejection {
    /// What kind of refusal.
    pub code: ErrorCode,
    /// What was wrong and why, for people.
    pub message: String,
    /// The game's sequence number, with [`ErrorCode::Stale`].
    pub seq: Option<u64>,
}

impl Rejection {
    /// A refusal with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Rejection {
        Rejection {
            code,
            message: message.into(),
            seq: None,
        }
    }
}

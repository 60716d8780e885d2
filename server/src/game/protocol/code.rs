//! The refusals: the error codes of the protocol (the HTTP API's errors
//! share their names where the codes are the same) and a refusal's code and
//! message.

use serde::{Deserialize, Serialize};

/// The error codes, each written once with its name on the wire: the macro
/// makes the variant, its serde name and [`ErrorCode::name`] from it.
macro_rules! error_codes {
    ($($(#[$doc:meta])* $Code:ident => $name:literal,)*) => {
        /// Why a message was refused: every refusal is answered with an `error`
        /// message carrying one of these codes, and changes nothing.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub enum ErrorCode {
            $($(#[$doc])* #[serde(rename = $name)] $Code,)*
        }

        impl ErrorCode {
            /// The code's name on the wire (`bad_json`, ...), its serde name.
            pub fn name(self) -> &'static str {
                match self {
                    $(ErrorCode::$Code => $name,)*
                }
            }
        }
    };
}

error_codes! {
    /// Not a JSON object with a string `type` (or a binary frame).
    BadJson => "bad_json",
    /// A `type` the server does not know.
    UnknownType => "unknown_type",
    /// A known `type` whose fields are missing or of the wrong kind.
    BadMessage => "bad_message",
    /// Larger than the server's message limit.
    TooLarge => "too_large",
    /// `hello` with a protocol version the server does not speak.
    ProtocolVersion => "protocol_version",
    /// Anything but `hello` before the `hello`.
    HelloFirst => "hello_first",
    /// A second `hello` on the same connection.
    AlreadyGreeted => "already_greeted",
    /// A token that opens no seat of this game.
    Unauthorized => "unauthorized",
    /// A move from a connection that watches.
    Spectator => "spectator",
    /// A move for a seat that is not to move.
    NotYourTurn => "not_your_turn",
    /// A move for a seat that a bot plays now (handed over by the game's host).
    SeatIsBot => "seat_is_bot",
    /// A move in a game that is over.
    GameOver => "game_over",
    /// A rematch asked for before the game is over.
    NotOver => "not_over",
    /// A take-back asked for when the game's last move is not the asking
    /// seat's own (another seat's, a chance draw, or none).
    NothingToTakeBack => "nothing_to_take_back",
    /// A take-back asked for while one is waiting for its answers.
    TakebackPending => "takeback_pending",
    /// A take-back answered when none is waiting (or another than the one
    /// waiting).
    NoTakeback => "no_takeback",
    /// A take-back answered by a seat whose answer is not asked for (its
    /// own, or a seat a bot plays).
    NotAsked => "not_asked",
    /// A move whose `seq` is not the game's: the client is behind (or sent the
    /// move twice). The error carries the game's `seq`; send `sync`.
    Stale => "stale",
    /// A move that is not the engine's notation.
    BadMove => "bad_move",
    /// A move the rules do not allow here (the message says which rule).
    IllegalMove => "illegal_move",
    /// Over the rate limit: the connection is closed after this error.
    RateLimited => "rate_limited",
    /// The server could not store the move; nothing changed, try again.
    Internal => "internal",
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

    /// `stale`: the client's `seq` is not the game's, which is at `current`
    /// (a move, a take-back or its answer was sent for a position that has
    /// changed); the rejection carries `current` for the client to `sync`.
    pub fn stale(current: u64) -> Rejection {
        Rejection {
            code: ErrorCode::Stale,
            message: format!("the game is at seq {current}: send `sync` for the position"),
            seq: Some(current),
        }
    }
}

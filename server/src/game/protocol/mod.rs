//! The WebSocket protocol (`docs/protocol.md`): the messages a client sends,
//! the messages the server sends, and the error codes, as Rust types with
//! their JSON forms.
//!
//! Every message is a JSON object with a `type`. The server reads a client's
//! message in three steps, each with its own error: JSON at all
//! ([`ErrorCode::BadJson`]), a known `type` ([`ErrorCode::UnknownType`]), the
//! fields that type needs ([`ErrorCode::BadMessage`]).

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::store::Handed;
pub use code::{ErrorCode, Rejection};
pub use frame::Frame;
pub use server::{
    ErrorMessage, GameCard, Limits, PresenceMessage, RematchMessage, RematchState, Role, Rules, SeatInfo,
    SeatsMessage, ServerMessage, StateMessage, Status, TakebackMessage, TakebackOutcome, TakebackState,
    UpdateMessage, Welcome,
};

mod code;
mod frame;
mod server;
#[cfg(test)]
mod tests;

/// The protocol's version: a client says which it speaks in its `hello`, and
/// the server refuses any other. It goes up by one with every change a client
/// of the previous version could trip over.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message from a client.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message on a connection: the protocol version, and a seat
    /// token to play a seat (without one, the connection watches).
    Hello {
        /// [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The seat's secret token, from its invite link; absent to watch.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<Secret>,
        /// Whether `state` and `update` messages carry the engine's
        /// [`GameView`](carcassonne_safari::view::GameView) (default `true`); clients that run the engine
        /// themselves may say `false` and read the moves only.
        #[serde(default = "yes")]
        #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
        views: bool,
    },
    /// A move for the connection's seat, in the engine's notation.
    Move {
        /// The sequence number the move is meant for: the game's `seq` when
        /// the client chose it. Any other number is refused as `stale`, so a
        /// move is never applied twice nor to a position its player did not
        /// see.
        seq: u64,
        /// The move, in the engine's notation (`place 1,0 90`).
        #[serde(rename = "move")]
        mv: String,
        /// Any JSON number the client likes (negative, fractional, large),
        /// echoed in an error about this move.
        #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
        reference: Option<serde_json::Number>,
    },
    /// Asks for the whole state again (a `state` message).
    Sync,
    /// Asks for a rematch of the finished game, or agrees to one.
    Rematch,
    /// Asks the other people to let this seat take back its last move.
    Takeback {
        /// The game's `seq` when the player asked: any other number is
        /// refused as `stale`, so a take-back never undoes a move its player
        /// did not see as the last one.
        seq: u64,
    },
    /// Accepts or declines the take-back asked for.
    TakebackAnswer {
        /// The `seq` of the take-back answered (the `seq` in its `takeback`
        /// message): an answer to any other request is refused.
        seq: u64,
        /// `true` accepts, `false` declines.
        accept: bool,
    },
    /// Asks for a `pong`, to tell a live server from a dead connection.
    Ping {
        /// Any JSON number, echoed in the `pong`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        t: Option<serde_json::Number>,
    },
}

fn yes() -> bool {
    true
}

/// The `type`s a client may send.
pub const CLIENT_TYPES: [&str; 7] = [
    "hello",
    "move",
    "sync",
    "ping",
    "rematch",
    "takeback",
    "takeback_answer",
];

/// A secret as a client sends it: its `Debug` form hides it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Secret(pub String);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<hidden>)")
    }
}

/// Reads a client's message: JSON, then its `type`, then its fields (the
/// examples are the unit test `parse_client_reads_json_then_type_then_fields`).
///
/// # Errors
/// A [`Rejection`] with [`ErrorCode::BadJson`], [`ErrorCode::UnknownType`] or
/// [`ErrorCode::BadMessage`], saying what was wrong.
pub fn parse_client(text: &str) -> Result<ClientMessage, Rejection> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| Rejection::new(ErrorCode::BadJson, format!("not JSON: {e}")))?;
    let Some(kind) = value
        .get("type")
        .and_then(serde_json::Value::as_str)
        .map(str::to_owned)
    else {
        return Err(Rejection::new(
            ErrorCode::BadJson,
            "a message is a JSON object with a string `type`",
        ));
    };
    if !CLIENT_TYPES.contains(&kind.as_str()) {
        let shown: String = kind.chars().take(40).collect();
        return Err(Rejection::new(
            ErrorCode::UnknownType,
            format!("unknown message type `{shown}` (known: hello, move, sync, ping, rematch, takeback, takeback_answer)"),
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| Rejection::new(ErrorCode::BadMessage, format!("bad `{kind}` message: {e}")))
}

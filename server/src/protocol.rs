//! The WebSocket protocol (`docs/protocol.md`): the messages a client sends,
//! the messages the server sends, and the error codes, as Rust types with
//! their JSON forms.
//!
//! Every message is a JSON object with a `type`. The server reads a client's
//! message in three steps, each with its own error: JSON at all
//! ([`ErrorCode::BadJson`]), a known `type` ([`ErrorCode::UnknownType`]), the
//! fields that type needs ([`ErrorCode::BadMessage`]).

use std::fmt;

use carcassonne_safari::record::Seat;
use carcassonne_safari::view::{GameView, LogEntry};
use carcassonne_safari::{GameRecord, Setup};
use serde::{Deserialize, Serialize};

/// The protocol's version: a client says which it speaks in its `hello`, and
/// the server refuses any other. It goes up by one with every change a client
/// of the previous version could trip over.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message from a client.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
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
        /// [`GameView`] (default `true`); clients that run the engine
        /// themselves may say `false` and read the moves only.
        #[serde(default = "yes")]
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
pub const CLIENT_TYPES: [&str; 4] = ["hello", "move", "sync", "ping"];

/// A secret as a client sends it: its `Debug` form hides it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Secret(pub String);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<hidden>)")
    }
}

/// Why a message was refused: every refusal is answered with an `error`
/// message carrying one of these codes, and changes nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
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

/// Reads a client's message: JSON, then its `type`, then its fields.
///
/// ```
/// use carcassonne_safari_server::protocol::{parse_client, ClientMessage, ErrorCode};
/// assert_eq!(parse_client(r#"{"type":"sync"}"#), Ok(ClientMessage::Sync));
/// assert_eq!(parse_client("{").unwrap_err().code, ErrorCode::BadJson);
/// assert_eq!(parse_client(r#"{"type":"resign"}"#).unwrap_err().code, ErrorCode::UnknownType);
/// assert_eq!(parse_client(r#"{"type":"move","seq":"x"}"#).unwrap_err().code, ErrorCode::BadMessage);
/// ```
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
            format!("unknown message type `{shown}` (known: hello, move, sync, ping)"),
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| Rejection::new(ErrorCode::BadMessage, format!("bad `{kind}` message: {e}")))
}

/// Who a connection is, in `welcome`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Plays a seat.
    Player,
    /// Watches.
    Spectator,
}

/// Where a game stands, for lobbies and headers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A person's seat has not been taken yet (by its invite link or the lobby).
    Open,
    /// Every person's seat is taken and the game goes on.
    Playing,
    /// The game is over.
    Over,
}

/// How a seat came to be played by a bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
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

/// A seat as everyone may see it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The seat (0-based; the engine's `PlayerId`).
    pub seat: u8,
    /// The name shown.
    pub name: String,
    /// The bot's specification while a bot plays the seat.
    pub bot: Option<String>,
    /// Why a bot plays a person's seat; `None` for a seat created for a bot
    /// and for a person's seat.
    pub handed: Option<Handed>,
    /// Whether a person has taken the seat (always `true` for a bot's seat).
    pub claimed: bool,
}

impl SeatInfo {
    /// The seat as a game record names it.
    pub fn record_seat(&self) -> Seat {
        Seat {
            name: self.name.clone(),
            bot: self.bot.clone(),
        }
    }
}

/// The rule options a game was created with (the engine's [`Setup`] less the
/// fixed draws, which would put future chance outcomes in the database).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// [`Setup::baobab_tokens_boost`] (default `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baobab_tokens_boost: Option<bool>,
    /// [`Setup::rangers`]: the rangers' start cells (default (0,-1) and (0,1)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rangers: Option<[carcassonne_safari::Pos; 2]>,
}

impl Rules {
    /// The engine's setup for `players` players with these options.
    pub fn setup(&self, players: usize) -> Setup {
        let mut setup = Setup::new(players);
        if let Some(b) = self.baobab_tokens_boost {
            setup = setup.with_baobab_tokens_boost(b);
        }
        if let Some(r) = self.rangers {
            setup = setup.with_rangers(r);
        }
        setup
    }

    /// The options of a stored setup.
    pub fn of(setup: &Setup) -> Rules {
        Rules {
            baobab_tokens_boost: (!setup.baobab_tokens_boost).then_some(false),
            rangers: setup.rangers,
        }
    }
}

/// `welcome`: the answer to `hello`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Welcome {
    /// [`PROTOCOL_VERSION`].
    pub protocol: u32,
    /// The game.
    pub game: String,
    /// The seat this connection plays, `None` when it watches.
    pub seat: Option<u8>,
    /// Player or spectator.
    pub role: Role,
    /// The server's limits that a client must respect.
    pub limits: Limits,
}

/// The limits in `welcome`.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest message taken, in bytes.
    pub max_message_bytes: usize,
    /// Messages per second on average.
    pub rate_limit: u32,
    /// Messages at once above the rate.
    pub rate_burst: u32,
    /// Seconds between the server's pings.
    pub heartbeat_secs: u64,
}

/// `state`: everything about a game, sent after `welcome`, on `sync`, and to
/// a client that fell behind.
#[derive(Serialize, Debug)]
pub struct StateMessage<'a> {
    /// The game.
    pub game: &'a str,
    /// Moves played so far (the record's length); the next move's `seq`.
    pub seq: u64,
    /// Open, playing or over.
    pub status: Status,
    /// The seats.
    pub seats: &'a [SeatInfo],
    /// The game so far: setup, moves (chance outcomes included) and seats.
    pub record: &'a GameRecord,
    /// The position after the last move, with its legal moves grouped
    /// (absent when the client said `views: false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<&'a GameView>,
}

/// `update`: moves were played (a player's move and the chance draws that
/// followed it, in one commit).
#[derive(Serialize, Debug)]
pub struct UpdateMessage<'a> {
    /// The game.
    pub game: &'a str,
    /// The `seq` before these moves: a client whose `seq` is not this missed
    /// something and sends `sync`.
    pub from: u64,
    /// The `seq` after them.
    pub seq: u64,
    /// Open, playing or over.
    pub status: Status,
    /// The moves with who made them and what they did, from step `from`.
    pub entries: &'a [LogEntry],
    /// The position after them (absent when the client said `views: false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<&'a GameView>,
}

/// `seats`: a seat changed hands (taken, handed to a bot, taken back).
#[derive(Serialize, Debug)]
pub struct SeatsMessage<'a> {
    /// The game.
    pub game: &'a str,
    /// Every seat.
    pub seats: &'a [SeatInfo],
}

/// `error`: a refusal; the connection stays usable (but after
/// `rate_limited`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct ErrorMessage {
    /// What kind of refusal.
    pub code: ErrorCode,
    /// What was wrong, for people.
    pub message: String,
    /// The game's `seq`, with `stale`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// The `ref` of the move refused, when it had one.
    #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
    pub reference: Option<serde_json::Number>,
}

/// A message from the server, tagged with its `type`, for serialising.
#[derive(Serialize, Debug)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<'a> {
    /// See [`Welcome`].
    Welcome(&'a Welcome),
    /// See [`StateMessage`].
    State(StateMessage<'a>),
    /// See [`UpdateMessage`].
    Update(UpdateMessage<'a>),
    /// See [`SeatsMessage`].
    Seats(SeatsMessage<'a>),
    /// See [`ErrorMessage`].
    Error(&'a ErrorMessage),
    /// The answer to `ping`.
    Pong {
        /// The ping's `t`.
        #[serde(skip_serializing_if = "Option::is_none")]
        t: Option<serde_json::Number>,
    },
}

impl ServerMessage<'_> {
    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages always serialise")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_read_as_documented() {
        assert_eq!(
            parse_client(r#"{"type":"hello","protocol":1,"token":"abc"}"#),
            Ok(ClientMessage::Hello {
                protocol: 1,
                token: Some(Secret("abc".into())),
                views: true
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"hello","protocol":1,"views":false}"#),
            Ok(ClientMessage::Hello {
                protocol: 1,
                token: None,
                views: false
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"move","seq":7,"move":"pass","ref":3,"extra":1}"#),
            Ok(ClientMessage::Move {
                seq: 7,
                mv: "pass".into(),
                reference: Some(3.into())
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"ping"}"#),
            Ok(ClientMessage::Ping { t: None })
        );
    }

    #[test]
    fn ref_and_t_take_any_number_and_echo_it() {
        // docs/protocol.md: `ref` and `t` are "any number".
        for number in ["-1", "2.5", "1e308", "0", "18446744073709551615", "-0.125"] {
            let Ok(ClientMessage::Move { reference, .. }) = parse_client(&format!(
                r#"{{"type":"move","seq":1,"move":"pass","ref":{number}}}"#
            )) else {
                panic!("a move with ref {number} parses")
            };
            let Ok(ClientMessage::Ping { t }) = parse_client(&format!(r#"{{"type":"ping","t":{number}}}"#))
            else {
                panic!("a ping with t {number} parses")
            };
            let expected: serde_json::Value = serde_json::from_str(number).unwrap();
            let pong: serde_json::Value = serde_json::from_str(&ServerMessage::Pong { t }.to_json()).unwrap();
            assert_eq!(pong["t"], expected, "t {number}");
            let error = ErrorMessage {
                code: ErrorCode::Stale,
                message: String::new(),
                seq: None,
                reference,
            };
            let error: serde_json::Value =
                serde_json::from_str(&ServerMessage::Error(&error).to_json()).unwrap();
            assert_eq!(error["ref"], expected, "ref {number}");
        }
        // Not numbers.
        for other in [r#""7""#, "true", "[1]", "null"] {
            let move_ = parse_client(&format!(
                r#"{{"type":"move","seq":1,"move":"pass","ref":{other}}}"#
            ));
            let ping = parse_client(&format!(r#"{{"type":"ping","t":{other}}}"#));
            if other == "null" {
                // An absent value.
                assert!(move_.is_ok() && ping.is_ok());
            } else {
                assert_eq!(move_.unwrap_err().code, ErrorCode::BadMessage, "ref {other}");
                assert_eq!(ping.unwrap_err().code, ErrorCode::BadMessage, "t {other}");
            }
        }
    }

    #[test]
    fn each_kind_of_bad_message_has_its_code() {
        let code = |t: &str| parse_client(t).unwrap_err().code;
        assert_eq!(code(""), ErrorCode::BadJson);
        assert_eq!(code("[1,2]"), ErrorCode::BadJson);
        assert_eq!(code(r#"{"type":7}"#), ErrorCode::BadJson);
        assert_eq!(code(r#"{"kind":"move"}"#), ErrorCode::BadJson);
        assert_eq!(code(r#"{"type":"MOVE"}"#), ErrorCode::UnknownType);
        assert_eq!(code(r#"{"type":"move","move":"pass"}"#), ErrorCode::BadMessage);
        assert_eq!(
            code(r#"{"type":"move","seq":-1,"move":"pass"}"#),
            ErrorCode::BadMessage
        );
        assert_eq!(code(r#"{"type":"hello"}"#), ErrorCode::BadMessage);
    }

    #[test]
    fn error_codes_serialise_to_their_names() {
        for code in [
            ErrorCode::BadJson,
            ErrorCode::Stale,
            ErrorCode::SeatIsBot,
            ErrorCode::IllegalMove,
        ] {
            assert_eq!(serde_json::to_value(code).unwrap(), code.name());
        }
    }

    #[test]
    fn secrets_do_not_show_in_debug() {
        let m = parse_client(r#"{"type":"hello","protocol":1,"token":"hunter2"}"#).unwrap();
        assert!(!format!("{m:?}").contains("hunter2"));
    }
}

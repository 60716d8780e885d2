//! The messages the server sends, and the values they carry (seats, rules,
//! a game's status, the lobby's card of a game, [`GameCard`]).

use carcassonne_safari::record::Seat;
use carcassonne_safari::view::{GameView, LogEntry};
use carcassonne_safari::{Actor, GameRecord, Setup};
use serde::{Deserialize, Serialize};

use super::code::ErrorCode;
use crate::store::Handed;

/// Who a connection is, in `welcome`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Plays a seat.
    Player,
    /// Watches.
    Spectator,
}

/// Where a game stands, for lobbies and headers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A person's seat has not been taken yet (by its invite link or the lobby).
    Open,
    /// Every person's seat is taken and the game goes on.
    Playing,
    /// The game is over.
    Over,
}

/// A seat as everyone may see it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

/// A game's card, as the lobby lists it and `GET /api/games/GAME` answers:
/// its seats, status and scores, everything but the board. (Not a score
/// summary: the engine's `ScoreSummary` is where a game's points came from.)
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameCard {
    /// The game's id, as in its links and in `GET /api/games/{id}`.
    pub game: String,
    /// Open, playing or over.
    pub status: Status,
    /// Moves and take-backs stored (the next move's `seq`).
    pub seq: u64,
    /// The number of seats (2 to 5).
    pub players: usize,
    /// Every seat in seat order: its name, its bot, whether it was taken.
    pub seats: Vec<SeatInfo>,
    /// The scores, in seat order.
    pub scores: Vec<u32>,
    /// Who decides now (`"chance"` or a seat); `None` once over.
    pub to_move: Option<Actor>,
    /// The options the game was created with (absent ones are the
    /// rulebook's).
    pub rules: Rules,
    /// Whether the game is in the lobby's list.
    pub listed: bool,
    /// Seconds before an idle person's seat goes to a bot (0: never).
    pub idle_secs: u64,
    /// The bot that takes an idle seat.
    pub idle_bot: String,
    /// When it was created (ms since 1970).
    pub created_ms: i64,
}

/// `welcome`: the answer to `hello`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Welcome {
    /// [`PROTOCOL_VERSION`](crate::PROTOCOL_VERSION).
    pub protocol: u32,
    /// The id of the game the connection opened (as in its links).
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StateMessage<'a> {
    /// The id of the game the message is about (as in its links).
    pub game: &'a str,
    /// Moves and take-backs stored so far (the record's length plus twice
    /// the take-backs); the next move's `seq`.
    pub seq: u64,
    /// Open, playing or over.
    pub status: Status,
    /// Every seat in seat order: its name, its bot, whether it was taken.
    pub seats: &'a [SeatInfo],
    /// Per seat, whether a connection to this server plays it now.
    pub connected: &'a [bool],
    /// The rematch: who asked for it, and the new game once created.
    pub rematch: RematchState<'a>,
    /// The take-back waiting for its answers, if any.
    pub takeback: Option<TakebackState<'a>>,
    /// The game so far: setup, moves (chance outcomes included) and seats.
    pub record: &'a GameRecord,
    /// The position after the last move, with its legal moves grouped
    /// (absent when the client said `views: false`).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<&'a GameView>,
}

/// `update`: moves were played (a player's move and the chance draws that
/// followed it, in one commit).
#[derive(Serialize, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UpdateMessage<'a> {
    /// The id of the game the message is about (as in its links).
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
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<&'a GameView>,
}

/// `seats`: a seat changed hands (taken, handed to a bot, taken back).
#[derive(Serialize, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatsMessage<'a> {
    /// The id of the game the message is about (as in its links).
    pub game: &'a str,
    /// Every seat in seat order, as it is after the change.
    pub seats: &'a [SeatInfo],
}

/// `presence`: a seat's first connection to this server opened or its last
/// one closed.
#[derive(Serialize, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PresenceMessage<'a> {
    /// The id of the game the message is about (as in its links).
    pub game: &'a str,
    /// Per seat, whether a connection to this server plays it now.
    pub connected: &'a [bool],
}

/// A finished game's rematch, in `state` and `rematch`.
#[derive(Serialize, Debug, Clone, Copy)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RematchState<'a> {
    /// Per seat, whether its person asked for a rematch (or agreed to one).
    pub asked: &'a [bool],
    /// The new game once every person asked; `None` before.
    pub next: Option<&'a str>,
}

/// `rematch`: a seat's person asked for a rematch or agreed to one, or the
/// rematch was created.
#[derive(Serialize, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RematchMessage<'a> {
    /// The id of the game the message is about (as in its links).
    pub game: &'a str,
    /// Who asked for the rematch and, once made, its game (flattened into
    /// the message).
    #[serde(flatten)]
    pub rematch: RematchState<'a>,
}

/// A take-back asked for, in `state` and `takeback`.
#[derive(Serialize, Debug, Clone, Copy)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TakebackState<'a> {
    /// The seat that asked to take back its last move.
    pub seat: u8,
    /// The game's `seq` when it asked (the `seq` an answer names).
    pub seq: u64,
    /// The move to be taken back, in the engine's notation.
    #[serde(rename = "move")]
    pub mv: &'a str,
    /// Per seat, whether it agreed (the asking seat's flag is set).
    pub agreed: &'a [bool],
    /// Per seat, whether its answer is needed: the other people's seats
    /// that were taken and that no bot plays now.
    pub needed: &'a [bool],
}

/// What became of a take-back, in `takeback`.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TakebackOutcome {
    /// Asked for, or agreed to by one more seat: waiting for the others.
    Asked,
    /// Everyone needed agreed: the move was taken back (a `state` follows).
    Accepted,
    /// A seat declined (`by`).
    Declined,
    /// A move was stored first: the request lapsed.
    Cancelled,
    /// Not everyone answered in time.
    Expired,
}

/// `takeback`: a take-back was asked for, agreed to, declined, done or
/// dropped.
#[derive(Serialize, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TakebackMessage<'a> {
    /// The id of the game the message is about (as in its links).
    pub game: &'a str,
    /// What became of it.
    pub outcome: TakebackOutcome,
    /// The seat that declined, with [`TakebackOutcome::Declined`].
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<u8>,
    /// The request as it stands: who asked, at which `seq`, for which
    /// move, and the answers so far (flattened into the message).
    #[serde(flatten)]
    pub request: TakebackState<'a>,
}

/// `error`: a refusal; the connection stays usable (but after
/// `rate_limited`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// See [`PresenceMessage`].
    Presence(PresenceMessage<'a>),
    /// See [`RematchMessage`].
    Rematch(RematchMessage<'a>),
    /// See [`TakebackMessage`].
    Takeback(TakebackMessage<'a>),
    /// See [`ErrorMessage`].
    Error(&'a ErrorMessage),
    /// The answer to `ping`.
    Pong {
        /// The ping's `t`.
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        t: Option<serde_json::Number>,
    },
}

impl ServerMessage<'_> {
    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages always serialise")
    }

    /// The message as a [`Frame`](super::Frame), serialised once for every
    /// connection it goes to.
    pub fn to_frame(&self) -> super::Frame {
        self.to_json().into()
    }
}

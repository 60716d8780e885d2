//! The lobby (`docs/protocol.md`, "HTTP API"): creating a game, taking a
//! free seat, handing a seat to a bot; what the requests carry and what they
//! answer, whatever the transport.

use std::sync::Arc;

use carcassonne_safari::SetupError;
use serde::{Deserialize, Serialize};

use crate::store::StoredSeat;
use crate::tokens::{GameId, Token};

use super::protocol::{GameCard, Handed, Rules};
use super::room::open::{NewGame, OpenError};
use super::room::Room;
use super::Hub;

/// The longest idle time a game may set: a week.
pub const MAX_IDLE_SECS: u64 = 7 * 24 * 3600;

/// The longest seat name.
pub const MAX_NAME_CHARS: usize = 32;

/// Games listed at most by `GET /api/games`.
pub const LIST_LIMIT: u32 = 50;

/// A seat of a new game.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSeat {
    /// The name shown (default `Player N`, N the seat plus one; or the bot's name).
    #[serde(default)]
    pub name: Option<String>,
    /// A bot specification (`greedy`, `mcts:ms=500`) for a bot's seat;
    /// absent for a person's seat.
    #[serde(default)]
    pub bot: Option<String>,
}

/// `POST /api/games`: a new game.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// 2 to 5 seats, in seat order.
    pub seats: Vec<NewSeat>,
    /// The rule options (default the rulebook's).
    #[serde(default)]
    pub rules: Rules,
    /// Whether the game appears in `GET /api/games` while a person's seat is
    /// free (anyone may then take it).
    #[serde(default)]
    pub listed: bool,
    /// Seconds a person may take for a decision before a bot takes the seat
    /// (0: never; default the server's `--idle-secs`).
    #[serde(default)]
    pub idle_secs: Option<u64>,
    /// The bot that takes an idle seat (default the server's `--idle-bot`).
    #[serde(default)]
    pub idle_bot: Option<String>,
}

/// A seat of a game just created, with its secret.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CreatedSeat {
    /// The seat's number, from 0 in seat order.
    pub seat: u8,
    /// The name shown.
    pub name: String,
    /// The bot, for a bot's seat.
    pub bot: Option<String>,
    /// The seat's secret token, for a person's seat.
    pub token: Option<String>,
    /// The invite link (relative to the server: `/#game=ID&seat=N&token=T`).
    pub invite: Option<String>,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Created {
    /// The new game's id, as in its links and in `GET /api/games/{id}`.
    pub game: String,
    /// The host's secret token: hands seats to bots.
    pub host_token: String,
    /// The spectator link (relative: `/#game=ID`).
    pub spectate: String,
    /// Every seat; persons' seats with their token and invite link.
    pub seats: Vec<CreatedSeat>,
    /// The game's card (`summary` on the wire, as before).
    #[serde(rename = "summary")]
    pub card: GameCard,
}

/// `POST /api/games/{id}/join`: take a free seat of a listed game.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The name to show.
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer to a join: the seat with its new secret.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Joined {
    /// The id of the game joined.
    pub game: String,
    /// The seat taken.
    pub seat: u8,
    /// Its secret token.
    pub token: String,
    /// Its link (relative).
    pub invite: String,
}

/// `POST /api/games/{id}/seats/{seat}/bot` (with the host's token as
/// `Authorization: Bearer TOKEN`): hand a seat to a bot.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandToBot {
    /// The bot (default the game's idle bot).
    #[serde(default)]
    pub bot: Option<String>,
}

/// The answer to `GET /api/games`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameList {
    /// Open listed games, newest first.
    pub games: Vec<GameCard>,
}

/// The invite link of a seat.
pub fn invite_link(game: &GameId, seat: u8, token: &Token) -> String {
    format!("/#game={game}&seat={seat}&token={}", token.expose())
}

/// The spectator link of a game.
pub fn spectate_link(game: &GameId) -> String {
    format!("/#game={game}")
}

/// Why the lobby refused a request; nothing changed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LobbyError {
    /// A request that is not what is expected: the message says what.
    #[error("{0}")]
    BadRequest(String),
    /// A game the engine cannot start: the seat count (2 to 5) or the
    /// rules' options (`Setup::validate`), the engine's message.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Not the game's host token.
    #[error("only the game's host hands seats to bots")]
    Unauthorized,
    /// A join to a game not in the lobby's list.
    #[error("this game is not open to everyone")]
    NotListed,
    /// Every person's seat is taken.
    #[error("every seat of this game is taken")]
    NoFreeSeat,
    /// The free seat was taken meanwhile.
    #[error("the seat was just taken; try again")]
    SeatJustTaken,
    /// A bot plays the seat already.
    #[error("a bot plays this seat already")]
    SeatIsBot,
    /// Too many games created just now (the server's creation rate).
    #[error("too many games created just now")]
    RateLimited,
    /// The server holds as many games as it may.
    #[error("the server holds as many games as it may")]
    TooManyGames,
    /// The database failed.
    #[error("the database is not answering")]
    Unavailable,
}

fn bad_request(message: impl Into<String>) -> LobbyError {
    LobbyError::BadRequest(message.into())
}

/// A name as given, checked: trimmed, at most 32 characters, no control
/// characters; `default` when it is absent or empty once trimmed.
fn check_name(name: Option<&str>, default: String) -> Result<String, String> {
    let Some(name) = name.map(str::trim) else {
        return Ok(default);
    };
    if name.is_empty() {
        return Ok(default);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("a name has at most {MAX_NAME_CHARS} characters"));
    }
    if name.chars().any(char::is_control) {
        return Err("a name has no control characters".into());
    }
    Ok(name.to_owned())
}

/// Creates a game: checks the request, deals the first chance draws,
/// stores it, and returns the seats' secrets.
///
/// # Errors
/// [`LobbyError`] for a bad request, a full server or a failed database.
pub async fn create_game(hub: &Arc<Hub>, request: CreateGame) -> Result<Created, LobbyError> {
    let n = request.seats.len();
    // The engine's checks of the seat count and the rules, its message on
    // the wire.
    let setup = request.rules.setup(n);
    setup.validate()?;
    let idle_secs = request.idle_secs.unwrap_or(hub.config().idle_secs);
    if idle_secs > MAX_IDLE_SECS {
        return Err(bad_request(format!("idle_secs is at most {MAX_IDLE_SECS}")));
    }
    let idle_bot = request.idle_bot.unwrap_or_else(|| hub.config().idle_bot.clone());
    hub.bots()
        .check(&idle_bot)
        .map_err(|e| bad_request(format!("idle_bot: {e}")))?;
    let mut seats = Vec::with_capacity(n);
    let mut created = Vec::with_capacity(n);
    let id = GameId::random();
    for (i, s) in request.seats.iter().enumerate() {
        let seat = i as u8;
        if let Some(bot) = &s.bot {
            hub.bots()
                .check(bot)
                .map_err(|e| bad_request(format!("seat {seat}: {e}")))?;
        }
        let default = match &s.bot {
            Some(bot) => bot.split(':').next().unwrap_or("bot").to_owned(),
            None => format!("Player {}", i + 1),
        };
        let name =
            check_name(s.name.as_deref(), default).map_err(|e| bad_request(format!("seat {seat}: {e}")))?;
        let token = s.bot.is_none().then(Token::random);
        seats.push(StoredSeat {
            seat,
            name: name.clone(),
            token_hash: token.as_ref().map(Token::hash),
            bot: s.bot.clone(),
            handed: None,
            claimed: s.bot.is_some(),
            rematch: false,
        });
        created.push(CreatedSeat {
            seat,
            name,
            bot: s.bot.clone(),
            invite: token.as_ref().map(|t| invite_link(&id, seat, t)),
            token: token.map(|t| t.expose().to_owned()),
        });
    }
    if hub.at_capacity() {
        return Err(LobbyError::TooManyGames);
    }
    if !hub.may_create() {
        return Err(LobbyError::RateLimited);
    }
    let host = Token::random();
    let new = NewGame {
        id: id.clone(),
        setup,
        seats,
        host_hash: host.hash(),
        listed: request.listed,
        idle_secs,
        idle_bot,
    };
    let room = hub.open_game(new, None).await.map_err(|e| match e {
        OpenError::Setup(e) => LobbyError::Setup(e),
        _ => LobbyError::Unavailable,
    })?;
    tracing::info!(game = %id, players = n, bots = request.seats.iter().filter(|s| s.bot.is_some()).count(), "game created");
    Ok(Created {
        game: id.to_string(),
        host_token: host.expose().to_owned(),
        spectate: spectate_link(&id),
        seats: created,
        card: room.card().await,
    })
}

/// Takes the lowest free person's seat of a listed game, with a new token
/// and `name` (default `Player N`).
///
/// # Errors
/// [`LobbyError`]: the game is not listed, no seat is free, a bad name, a
/// failed database.
pub async fn join(hub: &Hub, room: &Room, name: Option<&str>) -> Result<Joined, LobbyError> {
    let (free, listed) = {
        let g = room.lock().await;
        (g.free_seat(), g.listed())
    };
    if !listed {
        return Err(LobbyError::NotListed);
    }
    let seat = free.ok_or(LobbyError::NoFreeSeat)?;
    let name = check_name(name, format!("Player {}", seat + 1)).map_err(bad_request)?;
    let token = Token::random();
    match hub
        .store()
        .claim_seat(room.id(), seat, Some((&token.hash(), &name)))
        .await
    {
        Ok(true) => {}
        Ok(false) => return Err(LobbyError::SeatJustTaken),
        Err(_) => return Err(LobbyError::Unavailable),
    }
    room.reload_seats(hub.store()).await;
    tracing::info!(game = %room.id(), seat, "a seat was taken from the lobby");
    Ok(Joined {
        game: room.id().to_string(),
        seat,
        invite: invite_link(room.id(), seat, &token),
        token: token.expose().to_owned(),
    })
}

/// The host (`host_token`) hands `seat` to `bot` (default the game's idle
/// bot), for good.
///
/// # Errors
/// [`LobbyError`]: not the host's token, a bot the server refuses, no such
/// seat, a seat a bot plays already, a failed database.
pub async fn hand_to_bot(
    hub: &Arc<Hub>,
    room: &Arc<Room>,
    host_token: Option<&str>,
    seat: u8,
    bot: Option<String>,
) -> Result<(), LobbyError> {
    let is_host = match host_token {
        Some(t) => room.is_host(t).await,
        None => false,
    };
    if !is_host {
        return Err(LobbyError::Unauthorized);
    }
    let bot = match bot {
        Some(b) => b,
        None => room.card().await.idle_bot,
    };
    hub.bots().check(&bot).map_err(|e| bad_request(e.to_string()))?;
    match room.seat(seat).await {
        None => return Err(bad_request(format!("no seat {seat}"))),
        Some(s) if s.bot.is_some() && s.handed != Some(Handed::Idle) => return Err(LobbyError::SeatIsBot),
        Some(_) => {}
    }
    match hub.hand_to_bot(room, seat, &bot, Handed::Host).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(LobbyError::SeatIsBot),
        Err(_) => Err(LobbyError::Unavailable),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn names_are_checked() {
        assert_eq!(check_name(None, "Player 1".into()), Ok("Player 1".into()));
        assert_eq!(check_name(Some("  "), "Player 1".into()), Ok("Player 1".into()));
        assert_eq!(check_name(Some(" Ann "), "x".into()), Ok("Ann".into()));
        assert!(check_name(Some(&"é".repeat(32)), "x".into()).is_ok());
        assert!(check_name(Some(&"é".repeat(33)), "x".into()).is_err());
        assert!(check_name(Some("a\nb"), "x".into()).is_err());
    }

    #[test]
    fn links_carry_the_secret_in_the_fragment() {
        let id = GameId::parse("AAAAAAAAAAAAAAAAAAAAAA").unwrap();
        let t = Token::random();
        let link = invite_link(&id, 2, &t);
        let (path, fragment) = link.split_once('#').unwrap();
        assert_eq!(path, "/");
        assert_eq!(fragment, format!("game={id}&seat=2&token={}", t.expose()));
        assert_eq!(spectate_link(&id), "/#game=AAAAAAAAAAAAAAAAAAAAAA");
    }
}

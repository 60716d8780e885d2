//! The lobby's HTTP API (`docs/protocol.md`): create a game, list the open
//! games, look at one, take a free seat, hand a seat to a bot, read a game's
//! record.

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use carcassonne_safari::{Actor, GameState};
use rand_core::{OsRng, UnwrapErr};
use serde::{Deserialize, Serialize};

use crate::clock::now_ms;
use crate::hub::Hub;
use crate::protocol::{Handed, Rules};
use crate::room::{Room, Summary};
use crate::store::{StoredGame, StoredSeat};
use crate::tokens::{GameId, Token};

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
    /// The name shown (default `Seat N`, or the bot's name).
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
    /// The rule options.
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
    /// The seat.
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
    /// The game's id.
    pub game: String,
    /// The host's secret token: hands seats to bots.
    pub host_token: String,
    /// The spectator link (relative: `/#game=ID`).
    pub spectate: String,
    /// Every seat; persons' seats with their token and invite link.
    pub seats: Vec<CreatedSeat>,
    /// The game's card.
    pub summary: Summary,
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
    /// The game.
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
    pub games: Vec<Summary>,
}

/// The invite link of a seat.
pub fn invite_link(game: &GameId, seat: u8, token: &Token) -> String {
    format!("/#game={game}&seat={seat}&token={}", token.expose())
}

/// The spectator link of a game.
pub fn spectate_link(game: &GameId) -> String {
    format!("/#game={game}")
}

/// An HTTP error with its JSON body `{"error": {"code": ..., "message": ...}}`.
pub fn http_error(status: StatusCode, code: &str, message: impl Into<String>) -> Response {
    let body = serde_json::json!({ "error": { "code": code, "message": message.into() } });
    (status, Json(body)).into_response()
}

fn bad_request(message: impl Into<String>) -> Response {
    http_error(StatusCode::BAD_REQUEST, "bad_request", message)
}

/// A body that is not the JSON expected (or too large).
fn json_rejected(e: &JsonRejection) -> Response {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return http_error(e.status(), "too_large", e.body_text());
    }
    bad_request(e.body_text())
}

fn not_found() -> Response {
    http_error(StatusCode::NOT_FOUND, "not_found", "no such game")
}

fn unavailable() -> Response {
    http_error(
        StatusCode::SERVICE_UNAVAILABLE,
        "internal",
        "the database is not answering; nothing changed, try again",
    )
}

/// Whether a request may act from its `Origin`: requests without one (not
/// from a browser) may; a browser's page may when it is served by this
/// server (the origin's host is the request's `Host`) or its origin is
/// among `allowed`.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed.iter().any(|a| a.trim_end_matches('/') == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

/// A name as given, checked: trimmed, 1 to 32 characters, no control
/// characters.
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

fn forbidden_origin() -> Response {
    http_error(
        StatusCode::FORBIDDEN,
        "origin",
        "this page's origin may not change games here",
    )
}

/// `POST /api/games`.
pub async fn create(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    body: Result<Json<CreateGame>, JsonRejection>,
) -> Response {
    if !origin_allowed(&headers, &hub.config().allowed_origins) {
        return forbidden_origin();
    }
    let Json(request) = match body {
        Ok(b) => b,
        Err(e) => return json_rejected(&e),
    };
    match create_game(&hub, request).await {
        Ok(created) => (StatusCode::CREATED, Json(created)).into_response(),
        Err(response) => response,
    }
}

/// Creates a game: checks the request, deals the first chance draws,
/// stores it, and returns the seats' secrets.
///
/// # Errors
/// The HTTP response for a bad request, a full server or a failed
/// database.
pub async fn create_game(hub: &Arc<Hub>, request: CreateGame) -> Result<Created, Response> {
    let n = request.seats.len();
    if !(carcassonne_safari::rules::MIN_PLAYERS..=carcassonne_safari::rules::MAX_PLAYERS).contains(&n) {
        return Err(bad_request(format!("a game has 2 to 5 seats, not {n}")));
    }
    let idle_secs = request.idle_secs.unwrap_or(hub.config().idle_secs);
    if idle_secs > MAX_IDLE_SECS {
        return Err(bad_request(format!("idle_secs is at most {MAX_IDLE_SECS}")));
    }
    let idle_bot = request.idle_bot.unwrap_or_else(|| hub.config().idle_bot.clone());
    hub.bots()
        .check(&idle_bot)
        .map_err(|e| bad_request(format!("idle_bot: {e}")))?;
    let setup = request.rules.setup(n);
    let mut state = GameState::new(&setup).map_err(|e| bad_request(format!("rules: {e}")))?;
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
            None => format!("Seat {}", i + 1),
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
        });
        created.push(CreatedSeat {
            seat,
            name,
            bot: s.bot.clone(),
            invite: token.as_ref().map(|t| invite_link(&id, seat, t)),
            token: token.map(|t| t.expose().to_owned()),
        });
    }
    if hub.unfinished_games() >= hub.config().max_games {
        return Err(http_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_games",
            "the server holds as many games as it may; try again later",
        ));
    }
    if !hub.may_create() {
        return Err(http_error(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many games created just now; try again in a moment",
        ));
    }
    // The draws before the first decision (the tokens dealt, the first
    // tile), from the operating system now.
    let mut rng = UnwrapErr(OsRng);
    let mut moves = Vec::new();
    while state.to_move() == Some(Actor::Chance) {
        let Some(draw) = state.chance_outcomes().sample(&mut rng) else {
            break;
        };
        let Ok(next) = state.play(draw) else { break };
        moves.push(draw.to_string());
        state = next;
    }
    let host = Token::random();
    let now = now_ms();
    let stored = StoredGame {
        id: id.clone(),
        created_ms: now,
        last_move_ms: now,
        setup: serde_json::to_string(&setup).expect("a setup serialises"),
        host_hash: host.hash(),
        listed: request.listed,
        idle_secs,
        idle_bot,
        finished: state.is_over(),
        seats,
        moves,
    };
    if let Err(e) = hub.store().create(&stored).await {
        tracing::warn!(error = %e, "a game could not be stored");
        return Err(unavailable());
    }
    let room = Room::from_stored(stored, hub.config().send_queue).map_err(|e| {
        tracing::error!(error = %e, "a new game does not replay");
        unavailable()
    })?;
    let room = hub.insert(room);
    tracing::info!(game = %id, players = n, bots = request.seats.iter().filter(|s| s.bot.is_some()).count(), "game created");
    Ok(Created {
        game: id.to_string(),
        host_token: host.expose().to_owned(),
        spectate: spectate_link(&id),
        seats: created,
        summary: room.summary().await,
    })
}

/// What a request about a game's seats starts with: an allowed origin, a
/// JSON body that parses, and a game this server knows.
async fn seat_request<T>(
    hub: &Arc<Hub>,
    id: &str,
    headers: &HeaderMap,
    body: Result<Json<T>, JsonRejection>,
) -> Result<(T, Arc<Room>), Response> {
    if !origin_allowed(headers, &hub.config().allowed_origins) {
        return Err(forbidden_origin());
    }
    let Json(request) = body.map_err(|e| json_rejected(&e))?;
    Ok((request, find(hub, id).await?))
}

async fn find(hub: &Arc<Hub>, id: &str) -> Result<Arc<Room>, Response> {
    let id = GameId::parse(id).ok_or_else(not_found)?;
    match hub.room(&id).await {
        Ok(Some(room)) => Ok(room),
        Ok(None) => Err(not_found()),
        Err(_) => Err(unavailable()),
    }
}

/// `GET /api/games`: the open listed games.
pub async fn list(State(hub): State<Arc<Hub>>) -> Response {
    let ids = match hub.store().open_games(LIST_LIMIT).await {
        Ok(ids) => ids,
        Err(_) => return unavailable(),
    };
    let mut games = Vec::with_capacity(ids.len());
    for id in ids {
        if let Ok(Some(room)) = hub.room(&id).await {
            games.push(room.summary().await);
        }
    }
    Json(GameList { games }).into_response()
}

/// `GET /api/games/{id}`: a game's card.
pub async fn show(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match find(&hub, &id).await {
        Ok(room) => Json(room.summary().await).into_response(),
        Err(r) => r,
    }
}

/// `GET /api/games/{id}/record`: the game's record (the engine's
/// `GameRecord` JSON: setup, moves, seats).
pub async fn record(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match find(&hub, &id).await {
        Ok(room) => Json(room.record().await).into_response(),
        Err(r) => r,
    }
}

/// `POST /api/games/{id}/join`: takes the lowest free person's seat of a
/// listed game, with a new token.
pub async fn join(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<Join>, JsonRejection>,
) -> Response {
    let (request, room) = match seat_request(&hub, &id, &headers, body).await {
        Ok(r) => r,
        Err(r) => return r,
    };
    let (free, listed) = {
        let g = room.lock().await;
        (g.free_seat(), g.listed())
    };
    if !listed {
        return http_error(
            StatusCode::FORBIDDEN,
            "not_listed",
            "this game is not open to everyone: ask its host for an invite link",
        );
    }
    let Some(seat) = free else {
        return http_error(
            StatusCode::CONFLICT,
            "no_free_seat",
            "every seat of this game is taken",
        );
    };
    let name = match check_name(request.name.as_deref(), format!("Seat {}", seat + 1)) {
        Ok(n) => n,
        Err(e) => return bad_request(e),
    };
    let token = Token::random();
    match hub
        .store()
        .claim_seat(room.id(), seat, Some((&token.hash(), &name)))
        .await
    {
        Ok(true) => {}
        Ok(false) => {
            return http_error(
                StatusCode::CONFLICT,
                "no_free_seat",
                "the seat was just taken; try again",
            )
        }
        Err(_) => return unavailable(),
    }
    room.reload_seats(hub.store()).await;
    tracing::info!(game = %room.id(), seat, "a seat was taken from the lobby");
    Json(Joined {
        game: room.id().to_string(),
        seat,
        invite: invite_link(room.id(), seat, &token),
        token: token.expose().to_owned(),
    })
    .into_response()
}

/// `POST /api/games/{id}/seats/{seat}/bot`: the host hands a seat to a bot.
pub async fn hand_to_bot(
    State(hub): State<Arc<Hub>>,
    Path((id, seat)): Path<(String, u8)>,
    headers: HeaderMap,
    body: Result<Json<HandToBot>, JsonRejection>,
) -> Response {
    let (request, room) = match seat_request(&hub, &id, &headers, body).await {
        Ok(r) => r,
        Err(r) => return r,
    };
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let is_host = match token {
        Some(t) => room.is_host(t).await,
        None => false,
    };
    if !is_host {
        return http_error(
            StatusCode::FORBIDDEN,
            "unauthorized",
            "only the game's host (its host token as `Authorization: Bearer TOKEN`) hands seats to bots",
        );
    }
    let bot = match request.bot {
        Some(b) => b,
        None => room.summary().await.idle_bot,
    };
    if let Err(e) = hub.bots().check(&bot) {
        return bad_request(e.to_string());
    }
    match room.seat(seat).await {
        None => return bad_request(format!("no seat {seat}")),
        Some(s) if s.bot.is_some() && s.handed != Some(Handed::Idle) => {
            return http_error(
                StatusCode::CONFLICT,
                "seat_is_bot",
                "a bot plays this seat already",
            )
        }
        Some(_) => {}
    }
    match hub.hand_to_bot(&room, seat, &bot, Handed::Host).await {
        Ok(true) => Json(room.summary().await).into_response(),
        Ok(false) => http_error(
            StatusCode::CONFLICT,
            "seat_is_bot",
            "a bot plays this seat already",
        ),
        Err(_) => unavailable(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    #[test]
    fn origins_are_the_servers_own_or_allowed() {
        let allowed = vec!["https://play.example".to_owned()];
        assert!(
            origin_allowed(&headers(None, "a:8080"), &[]),
            "no Origin: not a browser"
        );
        assert!(origin_allowed(&headers(Some("http://a:8080"), "a:8080"), &[]));
        assert!(origin_allowed(&headers(Some("https://A:8080"), "a:8080"), &[]));
        assert!(!origin_allowed(&headers(Some("http://a:8081"), "a:8080"), &[]));
        assert!(!origin_allowed(
            &headers(Some("http://evil.example"), "a:8080"),
            &[]
        ));
        assert!(!origin_allowed(&headers(Some("null"), "a:8080"), &[]));
        assert!(!origin_allowed(&headers(Some("file://a:8080"), "a:8080"), &[]));
        assert!(origin_allowed(
            &headers(Some("https://play.example"), "a:8080"),
            &allowed
        ));
        assert!(!origin_allowed(
            &headers(Some("https://play.example.evil"), "a:8080"),
            &allowed
        ));
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name(None, "Seat 1".into()), Ok("Seat 1".into()));
        assert_eq!(check_name(Some("  "), "Seat 1".into()), Ok("Seat 1".into()));
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

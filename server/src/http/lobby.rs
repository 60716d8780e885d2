//! The lobby's routes (`docs/protocol.md`): create a game, list the open
//! games, look at one, take a free seat, hand a seat to a bot, read a game's
//! record.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use carcassonne_safari::GameRecord;

use crate::game::lobby::{self, CreateGame, Created, GameList, HandToBot, Join, Joined, LIST_LIMIT};
use crate::game::protocol::GameCard;
use crate::game::Hub;

use super::error::ApiError;
use super::extract::{AllowedOrigin, ApiJson, Bearer, GameRoom};

/// `POST /api/games`.
pub(super) async fn create(
    State(hub): State<Arc<Hub>>,
    _: AllowedOrigin,
    ApiJson(request): ApiJson<CreateGame>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let created = lobby::create_game(&hub, request).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// `GET /api/games`: the open listed games.
pub(super) async fn list(State(hub): State<Arc<Hub>>) -> Result<Json<GameList>, ApiError> {
    let ids = hub
        .store()
        .open_games(LIST_LIMIT)
        .await
        .map_err(|_| ApiError::Unavailable)?;
    let mut games = Vec::with_capacity(ids.len());
    for id in ids {
        if let Ok(Some(room)) = hub.room(&id).await {
            games.push(room.card().await);
        }
    }
    Ok(Json(GameList { games }))
}

/// `GET /api/games/{id}`: a game's card.
pub(super) async fn show(GameRoom(room): GameRoom) -> Json<GameCard> {
    Json(room.card().await)
}

/// `GET /api/games/{id}/record`: the game's record (the engine's
/// `GameRecord` JSON: setup, moves, seats).
pub(super) async fn record(GameRoom(room): GameRoom) -> Json<GameRecord> {
    Json(room.record().await)
}

/// `POST /api/games/{id}/join`: takes the lowest free person's seat of a
/// listed game, with a new token. The body is read before the game is
/// looked for (a bad body is 400 whatever the game).
pub(super) async fn join(
    State(hub): State<Arc<Hub>>,
    _: AllowedOrigin,
    room: Result<GameRoom, ApiError>,
    ApiJson(request): ApiJson<Join>,
) -> Result<Json<Joined>, ApiError> {
    let GameRoom(room) = room?;
    Ok(Json(lobby::join(&hub, &room, request.name.as_deref()).await?))
}

/// `POST /api/games/{id}/seats/{seat}/bot`: the host hands a seat to a bot.
pub(super) async fn hand_to_bot(
    State(hub): State<Arc<Hub>>,
    _: AllowedOrigin,
    path: Result<Path<(String, u8)>, PathRejection>,
    room: Result<GameRoom, ApiError>,
    Bearer(token): Bearer,
    ApiJson(request): ApiJson<HandToBot>,
) -> Result<Json<GameCard>, ApiError> {
    let GameRoom(room) = room?;
    let Path((_, seat)) = path.map_err(|e| ApiError::BadRequest(e.body_text()))?;
    lobby::hand_to_bot(&hub, &room, token.as_deref(), seat, request.bot).await?;
    Ok(Json(room.card().await))
}

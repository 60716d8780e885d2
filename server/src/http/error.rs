//! The one error of the HTTP API: its status and its JSON body
//! `{"error": {"code": ..., "message": ...}}` (`docs/protocol.md`), the
//! codes the WebSocket shares named by the socket's [`ErrorCode`].

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use carcassonne_safari::SetupError;

use crate::game::lobby::LobbyError;
use crate::game::protocol::ErrorCode;

/// Why an HTTP request was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// 400 `bad_request`: a body or a value that is not what is expected.
    #[error("{0}")]
    BadRequest(String),
    /// 400 `bad_request`: a game the engine cannot start (the seat count,
    /// the rules' options); the engine's message.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// 413 `too_large`: a body over the limit.
    #[error("{0}")]
    TooLarge(String),
    /// 403 `origin`: a browser's page from an origin this server does not
    /// allow.
    #[error("this page's origin may not use this server's games")]
    Origin,
    /// 403 `unauthorized`: not the game's host.
    #[error("only the game's host (its host token as `Authorization: Bearer TOKEN`) hands seats to bots")]
    Unauthorized,
    /// 403 `not_listed`: a join to a game not in the lobby's list.
    #[error("this game is not open to everyone: ask its host for an invite link")]
    NotListed,
    /// 404 `not_found`: no such game.
    #[error("no such game")]
    NoSuchGame,
    /// 404 `not_found`: no such API route.
    #[error("no such API route (see docs/protocol.md)")]
    NoSuchRoute,
    /// 409 `no_free_seat`: every seat taken (or the last one just now).
    #[error("{0}")]
    NoFreeSeat(&'static str),
    /// 409 `seat_is_bot`: a bot plays the seat already.
    #[error("a bot plays this seat already")]
    SeatIsBot,
    /// 429 `rate_limited`: too many games created just now.
    #[error("too many games created just now; try again in a moment")]
    RateLimited,
    /// 503 `too_many_games`: the server holds as many games as it may.
    #[error("the server holds as many games as it may; try again later")]
    TooManyGames,
    /// 503 `busy`: as many connections as the server takes.
    #[error("too many connections; try again later")]
    Busy,
    /// 503 `internal`: the database failed; nothing changed.
    #[error("the database is not answering; nothing changed, try again")]
    Unavailable,
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) | ApiError::Setup(_) => StatusCode::BAD_REQUEST,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Origin | ApiError::Unauthorized | ApiError::NotListed => StatusCode::FORBIDDEN,
            ApiError::NoSuchGame | ApiError::NoSuchRoute => StatusCode::NOT_FOUND,
            ApiError::NoFreeSeat(_) | ApiError::SeatIsBot => StatusCode::CONFLICT,
            ApiError::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ApiError::TooManyGames | ApiError::Busy | ApiError::Unavailable => {
                StatusCode::SERVICE_UNAVAILABLE
            }
        }
    }

    /// The code in the body (`docs/protocol.md`); those the WebSocket has
    /// too are its [`ErrorCode`]'s names.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) | ApiError::Setup(_) => "bad_request",
            ApiError::TooLarge(_) => ErrorCode::TooLarge.name(),
            ApiError::Origin => "origin",
            ApiError::Unauthorized => ErrorCode::Unauthorized.name(),
            ApiError::NotListed => "not_listed",
            ApiError::NoSuchGame | ApiError::NoSuchRoute => "not_found",
            ApiError::NoFreeSeat(_) => "no_free_seat",
            ApiError::SeatIsBot => ErrorCode::SeatIsBot.name(),
            ApiError::RateLimited => ErrorCode::RateLimited.name(),
            ApiError::TooManyGames => "too_many_games",
            ApiError::Busy => "busy",
            ApiError::Unavailable => ErrorCode::Internal.name(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": { "code": self.code(), "message": self.to_string() } });
        (self.status(), Json(body)).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    /// A body that is not the JSON expected (or too large).
    fn from(e: JsonRejection) -> ApiError {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(e.body_text())
        } else {
            ApiError::BadRequest(e.body_text())
        }
    }
}

impl From<LobbyError> for ApiError {
    fn from(e: LobbyError) -> ApiError {
        match e {
            LobbyError::BadRequest(m) => ApiError::BadRequest(m),
            LobbyError::Setup(e) => ApiError::Setup(e),
            LobbyError::Unauthorized => ApiError::Unauthorized,
            LobbyError::NotListed => ApiError::NotListed,
            LobbyError::NoFreeSeat => ApiError::NoFreeSeat("every seat of this game is taken"),
            LobbyError::SeatJustTaken => ApiError::NoFreeSeat("the seat was just taken; try again"),
            LobbyError::SeatIsBot => ApiError::SeatIsBot,
            LobbyError::RateLimited => ApiError::RateLimited,
            LobbyError::TooManyGames => ApiError::TooManyGames,
            LobbyError::Unavailable => ApiError::Unavailable,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code and status of docs/protocol.md's list.
    #[test]
    fn errors_have_the_documented_codes_and_statuses() {
        let cases = [
            (ApiError::BadRequest("x".into()), 400, "bad_request"),
            (ApiError::Setup(SetupError::Players(6)), 400, "bad_request"),
            (ApiError::Origin, 403, "origin"),
            (ApiError::Unauthorized, 403, "unauthorized"),
            (ApiError::NotListed, 403, "not_listed"),
            (ApiError::NoSuchGame, 404, "not_found"),
            (ApiError::NoSuchRoute, 404, "not_found"),
            (ApiError::NoFreeSeat("x"), 409, "no_free_seat"),
            (ApiError::SeatIsBot, 409, "seat_is_bot"),
            (ApiError::TooLarge("x".into()), 413, "too_large"),
            (ApiError::RateLimited, 429, "rate_limited"),
            (ApiError::TooManyGames, 503, "too_many_games"),
            (ApiError::Busy, 503, "busy"),
            (ApiError::Unavailable, 503, "internal"),
        ];
        for (e, status, code) in cases {
            assert_eq!((e.status().as_u16(), e.code()), (status, code), "{e:?}");
            assert!(!e.to_string().is_empty());
        }
    }

    #[tokio::test]
    async fn the_body_is_the_documented_json() {
        let response = ApiError::Setup(SetupError::Players(6)).into_response();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        let bytes = axum::body::to_bytes(response.into_body(), 1024).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(
            body,
            serde_json::json!({"error": {"code": "bad_request", "message": "6 players: the game takes 2 to 5"}})
        );
    }
}

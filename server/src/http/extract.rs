//! What the handlers take from a request, checked once: an allowed origin,
//! a JSON body, the game of the path, the bearer token.

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use axum::Json;

use crate::game::{Hub, Room};
use crate::tokens::GameId;

use super::error::ApiError;

/// A request whose `Origin` may act here (see [`origin_allowed`]); refused
/// with 403 `origin`.
pub struct AllowedOrigin;

impl FromRequestParts<Arc<Hub>> for AllowedOrigin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Self, ApiError> {
        if origin_allowed(&parts.headers, &hub.config().allowed_origins) {
            Ok(AllowedOrigin)
        } else {
            Err(ApiError::Origin)
        }
    }
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

/// The game named by the path's `{id}`, from memory or the database:
/// refused with 404 `not_found` (no such game) or 503 `internal`.
pub struct GameRoom(pub Arc<Room>);

impl FromRequestParts<Arc<Hub>> for GameRoom {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Self, ApiError> {
        let params = RawPathParams::from_request_parts(parts, hub)
            .await
            .map_err(|_| ApiError::NoSuchGame)?;
        let id = params
            .iter()
            .find(|(key, _)| *key == "id")
            .and_then(|(_, value)| GameId::parse(value))
            .ok_or(ApiError::NoSuchGame)?;
        match hub.room(&id).await {
            Ok(Some(room)) => Ok(GameRoom(room)),
            Ok(None) => Err(ApiError::NoSuchGame),
            Err(_) => Err(ApiError::Unavailable),
        }
    }
}

/// The token of `Authorization: Bearer TOKEN`, if the request has one.
pub struct Bearer(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Bearer(
            parts
                .headers
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.strip_prefix("Bearer "))
                .map(str::to_owned),
        ))
    }
}

/// A JSON body (`content-type: application/json`, at most the body limit)
/// that reads as `T`: refused with 400 `bad_request` or 413 `too_large`.
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let Json(value) = Json::<T>::from_request(request, state).await?;
        Ok(ApiJson(value))
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
}

//! The server over HTTP: the routes (the lobby's API, the games'
//! WebSockets, a health check, the browser game's files), the one API error
//! and the extractors the handlers share.

use std::path::Path as FsPath;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use tower::ServiceExt as _;
use tower_http::services::ServeDir;
use tower_http::trace::TraceLayer;

use crate::game::Hub;

mod error;
mod extract;
mod lobby;
mod ws;

pub use error::ApiError;

/// The largest HTTP request body taken (the lobby's JSON).
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// The server's routes.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/api/health", get(health))
        .route("/api/games", get(lobby::list).post(lobby::create))
        .route("/api/games/{id}", get(lobby::show))
        .route("/api/games/{id}/record", get(lobby::record))
        .route("/api/games/{id}/join", post(lobby::join))
        .route("/api/games/{id}/seats/{seat}/bot", post(lobby::hand_to_bot))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api", get(api_not_found).post(api_not_found))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .fallback(page)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(TraceLayer::new_for_http())
        .with_state(hub)
}

async fn api_not_found() -> ApiError {
    ApiError::NoSuchRoute
}

/// The health check's answer.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// `ok`.
    pub status: String,
    /// `sqlite` or `postgres`.
    pub database: String,
    /// Games in this server's memory.
    pub games: usize,
    /// Open WebSocket connections to this server.
    pub connections: usize,
    /// The server process's resident memory in KiB (Linux; 0 elsewhere).
    pub rss_kib: u64,
}

/// `GET /api/health`.
async fn health(State(hub): State<Arc<Hub>>) -> Json<Health> {
    Json(Health {
        status: "ok".into(),
        database: hub.config().database_kind().into(),
        games: hub.games_in_memory(),
        connections: hub.connections(),
        rss_kib: rss_kib(),
    })
}

/// The resident memory of this process, in KiB (from `/proc/self/status`).
pub fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// The browser game's files; while they are not built, `/` says how to
/// build them.
async fn page(State(hub): State<Arc<Hub>>, request: Request) -> Response {
    let dir = &hub.config().static_dir;
    let path = request.uri().path();
    if (path == "/" || path == "/index.html") && !is_built(dir) {
        return Html(NOT_BUILT).into_response();
    }
    match ServeDir::new(dir).oneshot(request).await {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    }
}

/// Whether the page's WebAssembly is built (`web/build.sh` writes `pkg/`).
fn is_built(dir: &FsPath) -> bool {
    dir.join("index.html").is_file() && dir.join("pkg").is_dir()
}

const NOT_BUILT: &str = r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Carcassonne: Safari server: the page is not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em}code,pre{background:#f3efe4;padding:.1em .3em}</style></head>
<body>
<h1>The game's page is not built yet</h1>
<p>This server is running and its API answers (<a href="/api/health">/api/health</a>,
<a href="/api/games">/api/games</a>), but the browser game's WebAssembly has not been
built into <code>web/www/pkg/</code>.</p>
<p>Build it from the repository's root, then reload this page (no restart needed):</p>
<pre>bash web/build.sh</pre>
<p>Or point the server at a built copy with <code>--static-dir DIR</code>
(<code>SAFARI_STATIC_DIR</code>).</p>
</body>
</html>
"#;

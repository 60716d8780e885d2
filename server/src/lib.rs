#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bots;
mod clock;
mod config;
mod game;
#[cfg(feature = "harness")]
pub mod harness;
mod http;
mod jobs;
mod limits;
mod store;
mod tokens;

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::task::JoinHandle;

pub use config::Config;
pub use game::protocol::PROTOCOL_VERSION;
pub use store::StoreError;

/// The games beneath the network, for the crate's own tests (the `harness`
/// feature, as [`harness`]): the registry of rooms a [`Server`] holds, a
/// connection's session and what it sends (its text as a [`Frame`](testing::Frame)), a
/// game's id. Not an API: the
/// server's API is its HTTP and WebSocket protocol.
#[cfg(feature = "harness")]
pub mod testing {
    pub use crate::game::protocol::Frame;
    pub use crate::game::session::{Outgoing, Session};
    pub use crate::game::Hub;
    pub use crate::tokens::GameId;
}

/// The WebSocket protocol's messages (`docs/protocol.md`), for their
/// TypeScript declarations (the `ts` feature; the browser game generates its
/// types from them). Not an API beyond their JSON forms.
#[cfg(feature = "ts")]
pub mod protocol {
    pub use crate::game::protocol::*;
}

use game::Hub;

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened, migrated or listened to.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for (`--addr`).
        addr: SocketAddr,
        /// The operating system's refusal (in use, not allowed, not local).
        source: std::io::Error,
    },
}

/// A running server: its address, its games, and the task serving them.
pub struct Server {
    addr: SocketAddr,
    hub: Arc<Hub>,
    task: JoinHandle<()>,
}

impl Server {
    /// Opens the database (applying migrations), loads the unfinished games
    /// (their bots go on), binds the address and serves in the background.
    ///
    /// # Errors
    /// [`StartError`] when the database or the address fails.
    pub async fn start(config: Config) -> Result<Server, StartError> {
        let instance = tokens::GameId::random().as_str()[..8].to_owned();
        let store = store::Store::connect(&config.database_url, config.db_connections, instance).await?;
        tracing::info!(database = config.database_kind(), "database ready");
        let addr = config.addr;
        let hub = Hub::new(config, store);
        let loaded = hub.load_unfinished().await?;
        tracing::info!(games = loaded, "unfinished games loaded");
        jobs::start(&hub).await?;
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| StartError::Bind { addr, source })?;
        let addr = listener
            .local_addr()
            .map_err(|source| StartError::Bind { addr, source })?;
        let app = http::router(hub.clone());
        let mut stopping = hub.stopping();
        let task = tokio::spawn(async move {
            let served = axum::serve(listener, app)
                .with_graceful_shutdown(async move {
                    let _ = stopping.wait_for(|s| *s).await;
                })
                .await;
            if let Err(e) = served {
                tracing::error!(error = %e, "the server stopped");
            }
        });
        tracing::info!("listening on http://{addr}");
        Ok(Server { addr, hub, task })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its games (the `harness` feature).
    #[cfg(feature = "harness")]
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// Closes every connection (clients are told to reconnect), stops
    /// serving and closes the database.
    pub async fn stop(self) {
        self.hub.stop();
        let _ = self.task.await;
        self.hub.store().close().await;
    }
}

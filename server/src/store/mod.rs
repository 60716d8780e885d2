//! The database: games, seats and moves in SQLite or PostgreSQL, with the
//! same migrations (`migrations/`) and the same queries on both.
//!
//! Moves are written by one task that commits whatever is waiting in one
//! transaction (group commit: one disk flush for many moves), and each
//! append is answered only once its transaction is committed. An append
//! names the move count it expects, so two servers on one PostgreSQL database
//! can never both store step N of a game: the second is told of the
//! conflict. On PostgreSQL each commit also notifies the other servers
//! (`LISTEN`/`NOTIFY`).

mod db;
mod error;
mod games;
mod model;
mod notice;
mod seats;
mod writer;

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use tokio::sync::{mpsc, oneshot};

use db::{on, Db};
pub use error::StoreError;
pub use model::{Append, Appended, Handed, StoredGame, StoredSeat};
pub use notice::{Notice, NoticeKind, CHANNEL};
use writer::Reply;

/// Moves waiting to be committed, at most, before an append waits.
const WRITE_QUEUE: usize = 4096;

/// Which database.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// The games' database, SQLite or PostgreSQL: reads, and writes through
/// one writer task that commits appends in groups; with PostgreSQL, the
/// notifications that tell the servers sharing it what changed.
#[derive(Clone)]
pub struct Store {
    db: Db,
    writer: mpsc::Sender<(Append, Reply)>,
    /// This server's name in notifications, so that it skips its own.
    instance: String,
}

impl Store {
    /// Opens the database at `url` (`sqlite:PATH`, created when missing, or
    /// `postgres://...`), applies the migrations and starts the writer.
    ///
    /// # Errors
    /// [`StoreError::Url`] for another kind of URL; the database's error when
    /// it cannot be opened or migrated.
    pub async fn connect(url: &str, connections: u32, instance: String) -> Result<Store, StoreError> {
        let connections = connections.max(1);
        let db = if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                // Every commit reaches the disk before the move is announced.
                .synchronous(SqliteSynchronous::Full)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            // An in-memory database lives as long as its one connection.
            let memory = url.contains(":memory:") || url.contains("mode=memory");
            let pool = if memory {
                SqlitePoolOptions::new()
                    .max_connections(1)
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None)
            } else {
                SqlitePoolOptions::new().max_connections(connections + 1)
            };
            Db::Sqlite(pool.connect_with(options).await?)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let options = PgConnectOptions::from_str(url)?;
            Db::Postgres(
                PgPoolOptions::new()
                    .max_connections(connections + 1)
                    .connect_with(options)
                    .await?,
            )
        } else {
            return Err(StoreError::Url);
        };
        let migrator = sqlx::migrate!("./migrations");
        on!(&db, pool => migrator.run(pool).await?);
        let (tx, rx) = mpsc::channel(WRITE_QUEUE);
        tokio::spawn(writer::write_loop(db.clone(), rx, instance.clone()));
        Ok(Store {
            db,
            writer: tx,
            instance,
        })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        match self.db {
            Db::Sqlite(_) => Backend::Sqlite,
            Db::Postgres(_) => Backend::Postgres,
        }
    }

    /// This server's name in notifications.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Appends moves to a game, committed before this returns (with other
    /// waiting appends, in one transaction).
    ///
    /// # Errors
    /// The database's error, or [`StoreError::WriterGone`] while the server
    /// stops; nothing is stored then.
    pub async fn append(&self, append: Append) -> Result<Appended, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.writer
            .send((append, tx))
            .await
            .map_err(|_| StoreError::WriterGone)?;
        rx.await.map_err(|_| StoreError::WriterGone)?
    }

    /// A listener to the other servers' notifications (PostgreSQL only).
    ///
    /// # Errors
    /// The database's error.
    pub async fn listener(&self) -> Result<Option<PgListener>, StoreError> {
        match &self.db {
            Db::Sqlite(_) => Ok(None),
            Db::Postgres(pool) => {
                let mut listener = PgListener::connect_with(pool).await?;
                listener.listen(CHANNEL).await?;
                Ok(Some(listener))
            }
        }
    }

    /// Closes the pools (the writer stops when the last `Store` is dropped).
    pub async fn close(&self) {
        on!(&self.db, pool => pool.close().await);
    }
}

#[cfg(test)]
mod tests;

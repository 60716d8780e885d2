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

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Connection, Row};
use tokio::sync::{mpsc, oneshot};

use crate::protocol::Handed;
use crate::tokens::{GameId, TokenHash};

/// The channel of PostgreSQL notifications between servers.
pub const CHANNEL: &str = "carcassonne_safari";

/// Moves waiting to be committed, at most, before an append waits.
const WRITE_QUEUE: usize = 4096;

/// Appends committed in one transaction, at most.
const GROUP_COMMIT: usize = 512;

/// Why the database failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed a query, or could not be reached.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The migrations could not be applied.
    #[error("database migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The URL names no database this server supports.
    #[error("unsupported database URL (expected sqlite:PATH or postgres://...)")]
    Url,
    /// The task that commits moves has stopped (the server is stopping).
    #[error("the database writer has stopped")]
    WriterGone,
    /// A stored value does not read back (the database was changed by hand).
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// The group commit this append was part of failed (the database's
    /// error); nothing of the group was stored.
    #[error("group commit failed: {0}")]
    Write(String),
}

/// Which database.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

#[derive(Clone)]
enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same code on whichever pool (or connection) `$db` holds: `$x`
/// names it inside `$body`, which is compiled once per backend.
macro_rules! on {
    ($db:expr, $x:ident => $body:expr) => {
        match $db {
            Db::Sqlite($x) => $body,
            Db::Postgres($x) => $body,
        }
    };
}

/// A seat as stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredSeat {
    /// The seat.
    pub seat: u8,
    /// The name shown.
    pub name: String,
    /// The digest of the seat's token; `None` for a seat created for a bot.
    pub token_hash: Option<TokenHash>,
    /// The bot playing it now.
    pub bot: Option<String>,
    /// Why a bot plays a person's seat.
    pub handed: Option<Handed>,
    /// Whether a person took it.
    pub claimed: bool,
}

/// A game as stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredGame {
    /// The id.
    pub id: GameId,
    /// When it was created (ms since 1970).
    pub created_ms: i64,
    /// When its last move was played (ms since 1970).
    pub last_move_ms: i64,
    /// The engine's setup as JSON.
    pub setup: String,
    /// The digest of the host's token.
    pub host_hash: TokenHash,
    /// Whether it is in the lobby's list.
    pub listed: bool,
    /// Seconds before an idle person's seat goes to a bot (0: never).
    pub idle_secs: u64,
    /// The bot that takes an idle seat.
    pub idle_bot: String,
    /// Whether it is over.
    pub finished: bool,
    /// The seats in order.
    pub seats: Vec<StoredSeat>,
    /// Every move in order, in notation.
    pub moves: Vec<String>,
}

/// Moves to append to a game.
#[derive(Clone, Debug)]
pub struct Append {
    /// The game.
    pub game: GameId,
    /// The number of moves stored before these (the step of the first).
    pub from: u64,
    /// The moves, in notation.
    pub moves: Vec<String>,
    /// When they were played (ms since 1970).
    pub at_ms: i64,
    /// Whether the game is over after them.
    pub finished: bool,
}

/// What became of an append.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Appended {
    /// Committed.
    Stored,
    /// Another server stored moves first: the game has more than `from`
    /// moves. Nothing was written.
    Conflict,
}

type Reply = oneshot::Sender<Result<Appended, StoreError>>;

/// The database.
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
        tokio::spawn(write_loop(db.clone(), rx, instance.clone()));
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

    /// Stores a new game with its seats and its first moves (the chance
    /// draws before the first decision), in one transaction.
    ///
    /// # Errors
    /// The database's error; nothing is stored then.
    pub async fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        on!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO games (id, created_ms, last_move_ms, setup, host_hash, listed, idle_secs, \
                 idle_bot, move_count, finished) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(game.id.as_str().to_owned())
            .bind(game.created_ms)
            .bind(game.last_move_ms)
            .bind(game.setup.clone())
            .bind(game.host_hash.as_str().to_owned())
            .bind(game.listed)
            .bind(game.idle_secs as i64)
            .bind(game.idle_bot.clone())
            .bind(game.moves.len() as i64)
            .bind(game.finished)
            .execute(&mut *tx)
            .await?;
            for s in &game.seats {
                sqlx::query(
                    "INSERT INTO seats (game_id, seat, name, token_hash, bot, handed, claimed) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(game.id.as_str().to_owned())
                .bind(i64::from(s.seat))
                .bind(s.name.clone())
                .bind(s.token_hash.as_ref().map(|h| h.as_str().to_owned()))
                .bind(s.bot.clone())
                .bind(s.handed.map(|h| h.name().to_owned()))
                .bind(s.claimed)
                .execute(&mut *tx)
                .await?;
            }
            for (step, mv) in game.moves.iter().enumerate() {
                sqlx::query("INSERT INTO moves (game_id, step, notation, played_ms) VALUES ($1, $2, $3, $4)")
                    .bind(game.id.as_str().to_owned())
                    .bind(step as i64)
                    .bind(mv.clone())
                    .bind(game.created_ms)
                    .execute(&mut *tx)
                    .await?;
            }
            if matches!(self.db, Db::Postgres(_)) {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(format!("{} {} created", self.instance, game.id))
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        });
        Ok(())
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

    /// A game with its seats and moves; `None` when there is no such game.
    ///
    /// # Errors
    /// The database's error.
    pub async fn load(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let row = on!(&self.db, pool => {
            sqlx::query(
                "SELECT id, created_ms, last_move_ms, setup, host_hash, listed, idle_secs, idle_bot, \
                 finished FROM games WHERE id = $1",
            )
            .bind(id.as_str().to_owned())
            .fetch_optional(pool)
            .await?
            .map(|r| -> Result<_, sqlx::Error> {
                Ok((
                    r.try_get::<i64, _>("created_ms")?,
                    r.try_get::<i64, _>("last_move_ms")?,
                    r.try_get::<String, _>("setup")?,
                    r.try_get::<String, _>("host_hash")?,
                    r.try_get::<bool, _>("listed")?,
                    r.try_get::<i64, _>("idle_secs")?,
                    r.try_get::<String, _>("idle_bot")?,
                    r.try_get::<bool, _>("finished")?,
                ))
            })
            .transpose()?
        });
        let Some((created_ms, last_move_ms, setup, host_hash, listed, idle_secs, idle_bot, finished)) = row
        else {
            return Ok(None);
        };
        let seats = self.seats(id).await?;
        let moves = self.moves_from(id, 0).await?;
        Ok(Some(StoredGame {
            id: id.clone(),
            created_ms,
            last_move_ms,
            setup,
            host_hash: TokenHash::from_stored(host_hash),
            listed,
            idle_secs: idle_secs.max(0) as u64,
            idle_bot,
            finished,
            seats,
            moves,
        }))
    }

    /// A game's seats in order.
    ///
    /// # Errors
    /// The database's error, or [`StoreError::Corrupt`].
    pub async fn seats(&self, id: &GameId) -> Result<Vec<StoredSeat>, StoreError> {
        let rows = on!(&self.db, pool => {
            sqlx::query(
                "SELECT seat, name, token_hash, bot, handed, claimed FROM seats WHERE game_id = $1 \
                 ORDER BY seat",
            )
            .bind(id.as_str().to_owned())
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| -> Result<_, sqlx::Error> {
                Ok((
                    r.try_get::<i64, _>("seat")?,
                    r.try_get::<String, _>("name")?,
                    r.try_get::<Option<String>, _>("token_hash")?,
                    r.try_get::<Option<String>, _>("bot")?,
                    r.try_get::<Option<String>, _>("handed")?,
                    r.try_get::<bool, _>("claimed")?,
                ))
            })
            .collect::<Result<Vec<_>, _>>()?
        });
        rows.into_iter()
            .map(|(seat, name, token_hash, bot, handed, claimed)| {
                Ok(StoredSeat {
                    seat: u8::try_from(seat).map_err(|_| StoreError::Corrupt(format!("seat {seat}")))?,
                    name,
                    token_hash: token_hash.map(TokenHash::from_stored),
                    bot,
                    handed: match handed {
                        None => None,
                        Some(h) => Some(
                            Handed::from_name(&h)
                                .ok_or_else(|| StoreError::Corrupt(format!("handed {h}")))?,
                        ),
                    },
                    claimed,
                })
            })
            .collect()
    }

    /// A game's moves from step `from` on, in order.
    ///
    /// # Errors
    /// The database's error.
    pub async fn moves_from(&self, id: &GameId, from: u64) -> Result<Vec<String>, StoreError> {
        Ok(on!(&self.db, pool => {
            sqlx::query("SELECT notation FROM moves WHERE game_id = $1 AND step >= $2 ORDER BY step")
                .bind(id.as_str().to_owned())
                .bind(from as i64)
                .fetch_all(pool)
                .await?
                .into_iter()
                .map(|r| r.try_get::<String, _>("notation"))
                .collect::<Result<Vec<_>, _>>()?
        }))
    }

    /// Every unfinished game with its move count.
    ///
    /// # Errors
    /// The database's error.
    pub async fn unfinished(&self) -> Result<Vec<(GameId, u64)>, StoreError> {
        let rows = on!(&self.db, pool => {
            sqlx::query("SELECT id, move_count FROM games WHERE NOT finished")
                .fetch_all(pool)
                .await?
                .into_iter()
                .map(|r| Ok((r.try_get::<String, _>("id")?, r.try_get::<i64, _>("move_count")?)))
                .collect::<Result<Vec<_>, sqlx::Error>>()?
        });
        Ok(rows
            .into_iter()
            .filter_map(|(id, n)| Some((GameId::parse(&id)?, n.max(0) as u64)))
            .collect())
    }

    /// The listed games, newest first, that are not over and have a
    /// person's seat nobody took, at most `limit`.
    ///
    /// # Errors
    /// The database's error.
    pub async fn open_games(&self, limit: u32) -> Result<Vec<GameId>, StoreError> {
        let ids = on!(&self.db, pool => {
            sqlx::query(
                "SELECT g.id FROM games g WHERE g.listed AND NOT g.finished AND EXISTS \
                 (SELECT 1 FROM seats s WHERE s.game_id = g.id AND NOT s.claimed AND s.bot IS NULL) \
                 ORDER BY g.created_ms DESC, g.id LIMIT $1",
            )
            .bind(i64::from(limit))
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| r.try_get::<String, _>("id"))
            .collect::<Result<Vec<_>, sqlx::Error>>()?
        });
        Ok(ids.iter().filter_map(|id| GameId::parse(id)).collect())
    }

    /// Takes a person's seat nobody took yet: marks it taken, and when
    /// `token` is given replaces its token (a seat taken from the lobby gets a
    /// new token, so its old invite link stops working) and its name.
    /// Returns whether the seat was free.
    ///
    /// # Errors
    /// The database's error.
    pub async fn claim_seat(
        &self,
        id: &GameId,
        seat: u8,
        token: Option<(&TokenHash, &str)>,
    ) -> Result<bool, StoreError> {
        let done = on!(&self.db, pool => {
            match token {
                Some((hash, name)) => sqlx::query(
                    "UPDATE seats SET claimed = TRUE, token_hash = $3, name = $4 \
                     WHERE game_id = $1 AND seat = $2 AND NOT claimed AND bot IS NULL",
                )
                .bind(id.as_str().to_owned())
                .bind(i64::from(seat))
                .bind(hash.as_str().to_owned())
                .bind(name.to_owned())
                .execute(pool)
                .await?
                .rows_affected(),
                None => sqlx::query(
                    "UPDATE seats SET claimed = TRUE WHERE game_id = $1 AND seat = $2 AND NOT claimed",
                )
                .bind(id.as_str().to_owned())
                .bind(i64::from(seat))
                .execute(pool)
                .await?
                .rows_affected(),
            }
        });
        if done == 1 {
            self.notify_seats(id).await?;
        }
        Ok(done == 1)
    }

    /// Hands a person's seat to a bot (`bot` some) or back to its person
    /// (`bot` none). Handing over needs the seat to be a person's now (or, by
    /// the host, a seat handed for idleness); handing back needs it handed
    /// for idleness. Returns whether the seat changed.
    ///
    /// # Errors
    /// The database's error.
    pub async fn set_bot(
        &self,
        id: &GameId,
        seat: u8,
        bot: Option<(&str, Handed)>,
    ) -> Result<bool, StoreError> {
        let done = on!(&self.db, pool => {
            match bot {
                Some((spec, Handed::Host)) => sqlx::query(
                    "UPDATE seats SET bot = $3, handed = 'host', claimed = TRUE WHERE game_id = $1 AND seat = $2 \
                     AND token_hash IS NOT NULL AND (bot IS NULL OR handed = 'idle')",
                )
                .bind(id.as_str().to_owned())
                .bind(i64::from(seat))
                .bind(spec.to_owned())
                .execute(pool)
                .await?
                .rows_affected(),
                Some((spec, Handed::Idle)) => sqlx::query(
                    "UPDATE seats SET bot = $3, handed = 'idle' WHERE game_id = $1 AND seat = $2 \
                     AND token_hash IS NOT NULL AND bot IS NULL",
                )
                .bind(id.as_str().to_owned())
                .bind(i64::from(seat))
                .bind(spec.to_owned())
                .execute(pool)
                .await?
                .rows_affected(),
                None => sqlx::query(
                    "UPDATE seats SET bot = NULL, handed = NULL, claimed = TRUE WHERE game_id = $1 \
                     AND seat = $2 AND handed = 'idle'",
                )
                .bind(id.as_str().to_owned())
                .bind(i64::from(seat))
                .execute(pool)
                .await?
                .rows_affected(),
            }
        });
        if done == 1 {
            self.notify_seats(id).await?;
        }
        Ok(done == 1)
    }

    /// Tells the other servers that a game's seats changed (PostgreSQL).
    async fn notify_seats(&self, id: &GameId) -> Result<(), StoreError> {
        if let Db::Postgres(pool) = &self.db {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("{} {} seats", self.instance, id))
                .execute(pool)
                .await?;
        }
        Ok(())
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

/// A notification from another server: which game, and what changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Notice {
    /// The server that changed it.
    pub instance: String,
    /// The game.
    pub game: GameId,
    /// `moves`, `seats` or `created`.
    pub what: String,
}

impl Notice {
    /// Reads a notification's payload (`INSTANCE GAME WHAT`).
    pub fn parse(payload: &str) -> Option<Notice> {
        let mut parts = payload.split(' ');
        let instance = parts.next()?.to_owned();
        let game = GameId::parse(parts.next()?)?;
        let what = parts.next()?.to_owned();
        Some(Notice { instance, game, what })
    }
}

/// Commits appends in groups: takes one, then every append already waiting
/// (up to [`GROUP_COMMIT`]), and writes them in one transaction.
async fn write_loop(db: Db, mut rx: mpsc::Receiver<(Append, Reply)>, instance: String) {
    let mut batch: Vec<(Append, Reply)> = Vec::new();
    while let Some(first) = rx.recv().await {
        batch.push(first);
        while batch.len() < GROUP_COMMIT {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let result = write_batch(&db, &batch, &instance).await;
        match result {
            Ok(outcomes) => {
                for ((_, reply), outcome) in batch.drain(..).zip(outcomes) {
                    let _ = reply.send(Ok(outcome));
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, appends = batch.len(), "a group of moves could not be stored");
                let text = e.to_string();
                for (_, reply) in batch.drain(..) {
                    let _ = reply.send(Err(StoreError::Write(text.clone())));
                }
            }
        }
    }
}

/// Writes a group of appends in one transaction: each checks and raises its
/// game's move count first, and inserts its moves only when the count was
/// the one it expected.
async fn write_batch(
    db: &Db,
    batch: &[(Append, Reply)],
    instance: &str,
) -> Result<Vec<Appended>, sqlx::Error> {
    on!(db, pool => {
        let mut conn = pool.acquire().await?;
        let mut tx = conn.begin().await?;
        // Games in one order, so that two servers' groups never wait for each
        // other's row locks in a cycle (PostgreSQL).
        let mut order: Vec<usize> = (0..batch.len()).collect();
        order.sort_by(|&i, &j| batch[i].0.game.cmp(&batch[j].0.game));
        let mut outcomes = vec![Appended::Conflict; batch.len()];
        for i in order {
            let a = &batch[i].0;
            let updated = sqlx::query(
                "UPDATE games SET move_count = $1, last_move_ms = $2, finished = $3 \
                 WHERE id = $4 AND move_count = $5",
            )
            .bind((a.from + a.moves.len() as u64) as i64)
            .bind(a.at_ms)
            .bind(a.finished)
            .bind(a.game.as_str().to_owned())
            .bind(a.from as i64)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if updated != 1 {
                continue;
            }
            for (i, mv) in a.moves.iter().enumerate() {
                sqlx::query("INSERT INTO moves (game_id, step, notation, played_ms) VALUES ($1, $2, $3, $4)")
                    .bind(a.game.as_str().to_owned())
                    .bind((a.from + i as u64) as i64)
                    .bind(mv.clone())
                    .bind(a.at_ms)
                    .execute(&mut *tx)
                    .await?;
            }
            if matches!(db, Db::Postgres(_)) {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(format!("{instance} {} moves", a.game))
                    .execute(&mut *tx)
                    .await?;
            }
            outcomes[i] = Appended::Stored;
        }
        tx.commit().await?;
        Ok(outcomes)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_read_back() {
        let n = Notice::parse("ab12cd34 AAAAAAAAAAAAAAAAAAAAAA moves").unwrap();
        assert_eq!(n.instance, "ab12cd34");
        assert_eq!(n.game.as_str(), "AAAAAAAAAAAAAAAAAAAAAA");
        assert_eq!(n.what, "moves");
        assert!(Notice::parse("ab12cd34 ../../x moves").is_none());
        assert!(Notice::parse("ab12cd34").is_none());
    }

    #[tokio::test]
    async fn appends_expect_the_move_count_and_a_conflict_stores_nothing() {
        let store = Store::connect("sqlite::memory:", 1, "test".into()).await.unwrap();
        let id = GameId::random();
        let game = StoredGame {
            id: id.clone(),
            created_ms: 1,
            last_move_ms: 1,
            setup: "{}".into(),
            host_hash: TokenHash::of("host"),
            listed: false,
            idle_secs: 0,
            idle_bot: "greedy".into(),
            finished: false,
            seats: vec![],
            moves: vec!["token L".into()],
        };
        store.create(&game).await.unwrap();
        let append = |from: u64, moves: &[&str]| Append {
            game: id.clone(),
            from,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            at_ms: 2,
            finished: false,
        };
        assert_eq!(
            store.append(append(1, &["token E", "token G"])).await.unwrap(),
            Appended::Stored
        );
        // Step 1 again (another server, or a move sent twice): refused.
        assert_eq!(
            store.append(append(1, &["token M"])).await.unwrap(),
            Appended::Conflict
        );
        assert_eq!(
            store.append(append(5, &["token M"])).await.unwrap(),
            Appended::Conflict
        );
        assert_eq!(
            store.moves_from(&id, 0).await.unwrap(),
            ["token L", "token E", "token G"]
        );
        assert_eq!(store.moves_from(&id, 2).await.unwrap(), ["token G"]);
        assert_eq!(store.unfinished().await.unwrap(), [(id.clone(), 3)]);
        assert!(store.load(&GameId::random()).await.unwrap().is_none());
    }
}

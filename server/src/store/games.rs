//! A game's rows: creating it with its seats and first moves, reading it
//! back, its moves, and the lists of games.

use super::notice::{payload, NoticeKind, CHANNEL};
use super::{on, Db, Store, StoreError, StoredGame};
use crate::tokens::{GameId, TokenHash};

/// A row of `games`, as [`Store::load`] reads it.
#[derive(sqlx::FromRow)]
struct GameRow {
    created_ms: i64,
    last_move_ms: i64,
    setup: String,
    host_hash: String,
    listed: bool,
    idle_secs: i64,
    idle_bot: String,
    finished: bool,
    rematch_game: Option<String>,
}

/// A game's id and move count, as [`Store::unfinished`] reads them.
#[derive(sqlx::FromRow)]
struct CountRow {
    id: String,
    move_count: i64,
}

impl Store {
    /// Stores a new game with its seats and its first moves (the chance
    /// draws before the first decision), in one transaction.
    ///
    /// # Errors
    /// The database's error; nothing is stored then.
    pub async fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.insert(game, None).await.map(|_| ())
    }

    /// Stores `game` as the rematch of the finished game `of`, in one
    /// transaction with the link from `of` to it. Returns `false`, storing
    /// nothing, when `of` has a rematch already (another server made it) or
    /// is not finished.
    ///
    /// # Errors
    /// The database's error; nothing is stored then.
    pub async fn create_rematch(&self, of: &GameId, game: &StoredGame) -> Result<bool, StoreError> {
        let made = self.insert(game, Some(of)).await?;
        if made {
            self.notify_seats(of).await?;
        }
        Ok(made)
    }

    /// The rematch of a game, once created.
    ///
    /// # Errors
    /// The database's error.
    pub async fn rematch_game(&self, of: &GameId) -> Result<Option<GameId>, StoreError> {
        let next: Option<Option<String>> = on!(&self.db, pool => {
            sqlx::query_scalar("SELECT rematch_game FROM games WHERE id = $1")
                .bind(of.as_str())
                .fetch_optional(pool)
                .await?
        });
        Ok(next.flatten().and_then(|id| GameId::parse(&id)))
    }

    /// Inserts a game (and, with `rematch_of`, links that finished game to it
    /// first); `false` when the link was made already.
    async fn insert(&self, game: &StoredGame, rematch_of: Option<&GameId>) -> Result<bool, StoreError> {
        let id = game.id.as_str();
        on!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            if let Some(of) = rematch_of {
                let linked = sqlx::query(
                    "UPDATE games SET rematch_game = $2 WHERE id = $1 AND rematch_game IS NULL AND finished",
                )
                .bind(of.as_str())
                .bind(id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if linked != 1 {
                    tx.rollback().await?;
                    return Ok(false);
                }
            }
            sqlx::query(
                "INSERT INTO games (id, created_ms, last_move_ms, setup, host_hash, listed, idle_secs, \
                 idle_bot, move_count, finished) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(id)
            .bind(game.created_ms)
            .bind(game.last_move_ms)
            .bind(game.setup.as_str())
            .bind(game.host_hash.as_str())
            .bind(game.listed)
            .bind(game.idle_secs as i64)
            .bind(game.idle_bot.as_str())
            .bind(game.moves.len() as i64)
            .bind(game.finished)
            .execute(&mut *tx)
            .await?;
            for s in &game.seats {
                sqlx::query(
                    "INSERT INTO seats (game_id, seat, name, token_hash, bot, handed, claimed) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(id)
                .bind(i64::from(s.seat))
                .bind(s.name.as_str())
                .bind(s.token_hash.as_ref().map(TokenHash::as_str))
                .bind(s.bot.as_deref())
                .bind(s.handed.map(|h| h.name()))
                .bind(s.claimed)
                .execute(&mut *tx)
                .await?;
            }
            for (step, mv) in game.moves.iter().enumerate() {
                sqlx::query("INSERT INTO moves (game_id, step, notation, played_ms) VALUES ($1, $2, $3, $4)")
                    .bind(id)
                    .bind(step as i64)
                    .bind(mv.as_str())
                    .bind(game.created_ms)
                    .execute(&mut *tx)
                    .await?;
            }
            if matches!(self.db, Db::Postgres(_)) {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(payload(&self.instance, &game.id, NoticeKind::Created))
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        });
        Ok(true)
    }

    /// A game with its seats and moves; `None` when there is no such game.
    ///
    /// # Errors
    /// The database's error.
    pub async fn load(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let row: Option<GameRow> = on!(&self.db, pool => {
            sqlx::query_as(
                "SELECT created_ms, last_move_ms, setup, host_hash, listed, idle_secs, idle_bot, \
                 finished, rematch_game FROM games WHERE id = $1",
            )
            .bind(id.as_str())
            .fetch_optional(pool)
            .await?
        });
        let Some(row) = row else {
            return Ok(None);
        };
        let seats = self.seats(id).await?;
        let moves = self.moves_from(id, 0).await?;
        Ok(Some(StoredGame {
            id: id.clone(),
            created_ms: row.created_ms,
            last_move_ms: row.last_move_ms,
            setup: row.setup,
            host_hash: TokenHash::from_stored(row.host_hash),
            listed: row.listed,
            idle_secs: row.idle_secs.max(0) as u64,
            idle_bot: row.idle_bot,
            finished: row.finished,
            seats,
            moves,
            rematch_game: row.rematch_game.as_deref().and_then(GameId::parse),
        }))
    }

    /// A game's moves from step `from` on, in order.
    ///
    /// # Errors
    /// The database's error.
    pub async fn moves_from(&self, id: &GameId, from: u64) -> Result<Vec<String>, StoreError> {
        Ok(on!(&self.db, pool => {
            sqlx::query_scalar("SELECT notation FROM moves WHERE game_id = $1 AND step >= $2 ORDER BY step")
                .bind(id.as_str())
                .bind(from as i64)
                .fetch_all(pool)
                .await?
        }))
    }

    /// Every unfinished game with its move count.
    ///
    /// # Errors
    /// The database's error.
    pub async fn unfinished(&self) -> Result<Vec<(GameId, u64)>, StoreError> {
        let rows: Vec<CountRow> = on!(&self.db, pool => {
            sqlx::query_as("SELECT id, move_count FROM games WHERE NOT finished")
                .fetch_all(pool)
                .await?
        });
        Ok(rows
            .into_iter()
            .filter_map(|r| Some((GameId::parse(&r.id)?, r.move_count.max(0) as u64)))
            .collect())
    }

    /// The listed games, newest first, that are not over and have a
    /// person's seat nobody took, at most `limit`.
    ///
    /// # Errors
    /// The database's error.
    pub async fn open_games(&self, limit: u32) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<String> = on!(&self.db, pool => {
            sqlx::query_scalar(
                "SELECT g.id FROM games g WHERE g.listed AND NOT g.finished AND EXISTS \
                 (SELECT 1 FROM seats s WHERE s.game_id = g.id AND NOT s.claimed AND s.bot IS NULL) \
                 ORDER BY g.created_ms DESC, g.id LIMIT $1",
            )
            .bind(i64::from(limit))
            .fetch_all(pool)
            .await?
        });
        Ok(ids.iter().filter_map(|id| GameId::parse(id)).collect())
    }
}

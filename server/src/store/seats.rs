//! A game's seats: reading them, a person taking one, a bot taking one or
//! handing it back.

use super::notice::{payload, NoticeKind, CHANNEL};
use super::{on, Db, Handed, Store, StoreError, StoredSeat};
use crate::tokens::{GameId, TokenHash};

/// A row of `seats`, as [`Store::seats`] reads it.
#[derive(sqlx::FromRow)]
struct SeatRow {
    seat: i64,
    name: String,
    token_hash: Option<String>,
    bot: Option<String>,
    handed: Option<String>,
    claimed: bool,
    rematch: bool,
}

impl TryFrom<SeatRow> for StoredSeat {
    type Error = StoreError;

    fn try_from(r: SeatRow) -> Result<StoredSeat, StoreError> {
        Ok(StoredSeat {
            seat: u8::try_from(r.seat).map_err(|_| StoreError::Corrupt(format!("seat {}", r.seat)))?,
            name: r.name,
            token_hash: r.token_hash.map(TokenHash::from_stored),
            bot: r.bot,
            handed: match r.handed {
                None => None,
                Some(h) => {
                    Some(Handed::from_name(&h).ok_or_else(|| StoreError::Corrupt(format!("handed {h}")))?)
                }
            },
            claimed: r.claimed,
            rematch: r.rematch,
        })
    }
}

impl Store {
    /// A game's seats in order.
    ///
    /// # Errors
    /// The database's error, or [`StoreError::Corrupt`].
    pub async fn seats(&self, id: &GameId) -> Result<Vec<StoredSeat>, StoreError> {
        let rows: Vec<SeatRow> = on!(&self.db, pool => {
            sqlx::query_as(
                "SELECT seat, name, token_hash, bot, handed, claimed, rematch FROM seats WHERE game_id = $1 \
                 ORDER BY seat",
            )
            .bind(id.as_str())
            .fetch_all(pool)
            .await?
        });
        rows.into_iter().map(StoredSeat::try_from).collect()
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
                .bind(id.as_str())
                .bind(i64::from(seat))
                .bind(hash.as_str())
                .bind(name)
                .execute(pool)
                .await?
                .rows_affected(),
                None => sqlx::query(
                    "UPDATE seats SET claimed = TRUE WHERE game_id = $1 AND seat = $2 AND NOT claimed",
                )
                .bind(id.as_str())
                .bind(i64::from(seat))
                .execute(pool)
                .await?
                .rows_affected(),
            }
        });
        self.seat_changed(id, done).await
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
                .bind(id.as_str())
                .bind(i64::from(seat))
                .bind(spec)
                .execute(pool)
                .await?
                .rows_affected(),
                Some((spec, Handed::Idle)) => sqlx::query(
                    "UPDATE seats SET bot = $3, handed = 'idle' WHERE game_id = $1 AND seat = $2 \
                     AND token_hash IS NOT NULL AND bot IS NULL",
                )
                .bind(id.as_str())
                .bind(i64::from(seat))
                .bind(spec)
                .execute(pool)
                .await?
                .rows_affected(),
                None => sqlx::query(
                    "UPDATE seats SET bot = NULL, handed = NULL, claimed = TRUE WHERE game_id = $1 \
                     AND seat = $2 AND handed = 'idle'",
                )
                .bind(id.as_str())
                .bind(i64::from(seat))
                .execute(pool)
                .await?
                .rows_affected(),
            }
        });
        self.seat_changed(id, done).await
    }

    /// The seat's person asks for a rematch of the finished game (or agrees
    /// to one). Returns whether the seat had not asked yet.
    ///
    /// # Errors
    /// The database's error.
    pub async fn ask_rematch(&self, id: &GameId, seat: u8) -> Result<bool, StoreError> {
        let done = on!(&self.db, pool => {
            sqlx::query(
                "UPDATE seats SET rematch = TRUE WHERE game_id = $1 AND seat = $2 AND NOT rematch \
                 AND token_hash IS NOT NULL",
            )
            .bind(id.as_str())
            .bind(i64::from(seat))
            .execute(pool)
            .await?
            .rows_affected()
        });
        self.seat_changed(id, done).await
    }

    /// Whether an update of one seat changed it (`rows` the rows it
    /// affected), telling the other servers when it did.
    async fn seat_changed(&self, id: &GameId, rows: u64) -> Result<bool, StoreError> {
        if rows == 1 {
            self.notify_seats(id).await?;
        }
        Ok(rows == 1)
    }

    /// Tells the other servers that a game's seats changed (PostgreSQL).
    pub(super) async fn notify_seats(&self, id: &GameId) -> Result<(), StoreError> {
        if let Db::Postgres(pool) = &self.db {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload(&self.instance, id, NoticeKind::Seats))
                .execute(pool)
                .await?;
        }
        Ok(())
    }
}

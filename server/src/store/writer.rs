//! The task that commits appends in groups.

use sqlx::Connection;
use tokio::sync::{mpsc, oneshot};

use super::db::{on, Db};
use super::error::StoreError;
use super::model::{Append, Appended};
use super::notice::{payload, NoticeKind, CHANNEL};

/// Where an append's outcome is sent once its group is committed (or failed).
pub(super) type Reply = oneshot::Sender<Result<Appended, StoreError>>;

/// Appends committed in one transaction, at most.
const GROUP_COMMIT: usize = 512;

/// Commits appends in groups: takes one, then every append already waiting
/// (up to [`GROUP_COMMIT`]), and writes them in one transaction.
pub(super) async fn write_loop(db: Db, mut rx: mpsc::Receiver<(Append, Reply)>, instance: String) {
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
            .bind(a.game.as_str())
            .bind(a.from as i64)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if updated != 1 {
                continue;
            }
            for (i, mv) in a.moves.iter().enumerate() {
                sqlx::query("INSERT INTO moves (game_id, step, notation, played_ms) VALUES ($1, $2, $3, $4)")
                    .bind(a.game.as_str())
                    .bind((a.from + i as u64) as i64)
                    .bind(mv.clone())
                    .bind(a.at_ms)
                    .execute(&mut *tx)
                    .await?;
            }
            if matches!(db, Db::Postgres(_)) {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(payload(instance, &a.game, NoticeKind::Moves))
                    .execute(&mut *tx)
                    .await?;
            }
            outcomes[i] = Appended::Stored;
        }
        tx.commit().await?;
        Ok(outcomes)
    })
}

//! The listener (PostgreSQL LISTEN): follows the changes other servers on
//! the same database announce.

use std::sync::Arc;
use std::time::Duration;

use super::reconcile::reconcile;
use crate::game::Hub;
use crate::store::{Notice, NoticeKind, StoreError};

/// Starts listening, on PostgreSQL (on SQLite there is nothing to listen
/// to).
///
/// # Errors
/// The database's error when the listener cannot start.
pub(super) async fn start(hub: &Arc<Hub>) -> Result<(), StoreError> {
    let Some(mut listener) = hub.store().listener().await? else {
        return Ok(());
    };
    let hub = hub.clone();
    let mut stop = hub.stopping();
    tokio::spawn(async move {
        loop {
            let next = tokio::select! {
                n = listener.try_recv() => n,
                _ = stop.changed() => return,
            };
            match next {
                Ok(Some(n)) => {
                    if let Some(notice) = Notice::parse(n.payload()) {
                        on_notice(&hub, notice).await;
                    }
                }
                // The connection was lost and is made again: what was
                // missed meanwhile is read from the tables.
                Ok(None) => reconcile(&hub).await,
                Err(e) => {
                    tracing::warn!(error = %e, "the database listener failed; retrying");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(())
}

/// Follows a change another server made.
async fn on_notice(hub: &Arc<Hub>, notice: Notice) {
    if notice.instance == hub.store().instance() {
        return;
    }
    match (notice.kind, hub.loaded(&notice.game)) {
        (NoticeKind::Moves, Some(room)) => {
            room.catch_up(hub.store()).await;
        }
        (NoticeKind::Seats, Some(room)) => room.reload_seats(hub.store()).await,
        (_, None) => {
            // A game this server does not hold yet: load it (unfinished
            // games are kept everywhere, so any server can drive them).
            if let Err(e) = hub.follow(&notice.game).await {
                tracing::warn!(game = %notice.game, error = %e, "could not load a game");
            }
        }
        (NoticeKind::Created, Some(_)) => {}
    }
}

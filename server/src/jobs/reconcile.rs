//! The reconciliation (PostgreSQL): the games in memory compared with the
//! database, in case a notification of another server was lost.

use std::sync::Arc;
use std::time::Duration;

use crate::game::Hub;

/// How often a server on PostgreSQL compares its games with the database, in
/// case a notification was lost.
pub(super) const RECONCILE: Duration = Duration::from_secs(5);

/// Loads unfinished games this server does not hold (without driving them),
/// and takes the moves it missed.
pub(super) async fn reconcile(hub: &Arc<Hub>) {
    let Ok(stored) = hub.store().unfinished().await else {
        return;
    };
    for (id, count) in stored {
        match hub.loaded(&id) {
            Some(room) => {
                if room.seq().await < count {
                    room.catch_up(hub.store()).await;
                }
            }
            None => {
                let _ = hub.follow(&id).await;
            }
        }
    }
}

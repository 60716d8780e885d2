//! The background jobs of a server, each its own module, working on the
//! registry of rooms ([`Hub`]) and the store: the sweeper (idle seats,
//! stalled bots, finished games), and on PostgreSQL the listener to the other
//! servers' notifications and the reconciliation with the database. The hub
//! knows nothing of them; they stop when the hub stops.

mod listen;
mod reconcile;
mod sweeper;

use std::sync::Arc;

use crate::game::Hub;
use crate::store::{Backend, StoreError};

/// Starts the background jobs: the sweeper (every [`sweeper::SWEEP`]; on
/// PostgreSQL it reconciles too, every [`reconcile::RECONCILE`]), and on
/// PostgreSQL the listener to the other servers.
///
/// # Errors
/// The database's error when the listener cannot start.
pub(crate) async fn start(hub: &Arc<Hub>) -> Result<(), StoreError> {
    let ticking = hub.clone();
    let mut stop = hub.stopping();
    tokio::spawn(async move {
        let hub = ticking;
        let mut tick = tokio::time::interval(sweeper::SWEEP);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_reconcile = tokio::time::Instant::now();
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.changed() => return,
            }
            sweeper::sweep(&hub).await;
            if hub.store().backend() == Backend::Postgres && last_reconcile.elapsed() >= reconcile::RECONCILE
            {
                last_reconcile = tokio::time::Instant::now();
                reconcile::reconcile(&hub).await;
            }
        }
    });
    listen::start(hub).await
}

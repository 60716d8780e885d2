//! The sweeper: hands idle seats to bots, restarts stalled bots, drops
//! finished games nobody watches.

use std::sync::Arc;
use std::time::Duration;

use crate::clock::now_ms;
use crate::game::Hub;
use crate::store::Handed;

/// How often the sweeper looks at the games (idle seats, stalled bots,
/// finished games to drop from memory).
pub(super) const SWEEP: Duration = Duration::from_millis(500);

/// How long a finished game without connections stays in memory.
const KEEP_FINISHED_MS: i64 = 60_000;

/// One look at every game in memory.
pub(super) async fn sweep(hub: &Arc<Hub>) {
    let now = now_ms();
    let stall_ms = hub.config().bot_max_ms as i64 + 10_000;
    for room in hub.rooms_now() {
        if let Some((seat, bot)) = room.idle_seat(now) {
            match hub.hand_to_bot(&room, seat, &bot, Handed::Idle).await {
                Ok(true) => tracing::info!(game = %room.id(), seat, "an idle seat was handed to a bot"),
                Ok(false) => {}
                Err(e) => tracing::warn!(game = %room.id(), error = %e, "could not hand an idle seat"),
            }
        } else if room.stalled_bot(now, stall_ms) {
            hub.drive(room.clone());
        } else if room.watchers() == 0 && room.finished_before(now, KEEP_FINISHED_MS) {
            hub.forget(room.id());
        }
    }
}

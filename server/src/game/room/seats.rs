//! A room's seats: reloaded when they change, the bots' turns, and what the
//! sweeper asks (idle seats, stalled bots, finished games).

use std::sync::Arc;

use carcassonne_safari::{Actor, GameState};

use crate::bots::{Bots, SeatBot};
use crate::game::protocol::{SeatInfo, SeatsMessage, ServerMessage};
use crate::store::Store;

use super::{seat_info, Broadcast, Room};

impl Room {
    /// Reads the seats from the database again (after a change here or on
    /// another server) and announces them when they changed.
    pub async fn reload_seats(&self, store: &Store) {
        let mut g = self.game.lock().await;
        let stored = match store.seats(&self.id).await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "could not read the seats");
                return;
            }
        };
        if stored.len() != g.seats.len() {
            return;
        }
        let seats: Vec<SeatInfo> = stored.iter().map(seat_info).collect();
        let asked: Vec<bool> = stored.iter().map(|s| s.rematch).collect();
        g.hashes = stored.into_iter().map(|s| s.token_hash).collect();
        self.reload_rematch(&mut g, store, asked).await;
        if seats == g.seats {
            return;
        }
        for (i, (old, new)) in g.seats.iter().zip(&seats).enumerate() {
            if old.bot != new.bot {
                tracing::info!(game = %self.id, seat = i, bot = ?new.bot, handed = ?new.handed, "seat changed hands");
            }
        }
        // A seat's bot is kept only while the same bot plays it.
        let changed: Vec<bool> = g.seats.iter().zip(&seats).map(|(a, b)| a.bot != b.bot).collect();
        for (slot, changed) in g.bots.iter_mut().zip(changed) {
            if changed {
                *slot = None;
            }
        }
        g.seats = seats;
        g.snapshot = None;
        let text = ServerMessage::Seats(SeatsMessage {
            game: self.id.as_str(),
            seats: &g.seats,
        })
        .to_json();
        let _ = self.updates.send(Arc::new(Broadcast::Seats(text.into())));
    }

    /// Starts a bot's decision when a bot is to move and none is thinking:
    /// the seat, the seq, the position and the bot (made from its
    /// specification when the room has none yet).
    pub(crate) async fn begin_bot_turn(&self, bots: &Bots) -> Option<(u8, u64, GameState, SeatBot)> {
        let mut g = self.game.lock().await;
        let seat = g.bot_to_move()?;
        if g.bot_busy {
            return None;
        }
        let bot = match g.bots[usize::from(seat)].take() {
            Some(b) => b,
            None => {
                let spec = g.seats[usize::from(seat)].bot.clone()?;
                match bots.make(&spec) {
                    Ok(b) => b,
                    Err(e) => {
                        tracing::error!(game = %self.id, seat, error = %e, "a stored bot does not start");
                        bots.make("random").ok()?
                    }
                }
            }
        };
        g.bot_busy = true;
        Some((seat, g.seq, g.line.state().clone(), bot))
    }

    /// Ends a bot's decision: keeps the bot for the next one (while the same
    /// seat is still a bot's).
    pub(crate) async fn end_bot_turn(&self, seat: u8, bot: Option<SeatBot>) {
        let mut g = self.game.lock().await;
        g.bot_busy = false;
        if g.seats[usize::from(seat)].bot.is_some() {
            g.bots[usize::from(seat)] = bot;
        }
    }

    /// The seat of a person who let the idle time pass at `now_ms`, if any.
    pub(crate) fn idle_seat(&self, now_ms: i64) -> Option<(u8, String)> {
        let g = self.game.try_lock().ok()?;
        if g.idle_secs == 0 {
            return None;
        }
        let Some(Actor::Player(p)) = g.line.state().to_move() else {
            return None;
        };
        let seat = &g.seats[p.index()];
        let late = now_ms.saturating_sub(g.last_move_ms) >= (g.idle_secs as i64).saturating_mul(1000);
        (late && seat.bot.is_none()).then(|| (p.0, g.idle_bot.clone()))
    }

    /// Whether a bot is to move, none is thinking here, and the last move is
    /// older than `after_ms` (another server that should have moved it has
    /// gone).
    pub(crate) fn stalled_bot(&self, now_ms: i64, after_ms: i64) -> bool {
        let Ok(g) = self.game.try_lock() else {
            return false;
        };
        g.bot_to_move().is_some() && !g.bot_busy && now_ms.saturating_sub(g.last_move_ms) >= after_ms
    }

    /// Whether the game is over and its last move older than `after_ms`.
    pub(crate) fn finished_before(&self, now_ms: i64, after_ms: i64) -> bool {
        self.game
            .try_lock()
            .is_ok_and(|g| g.line.state().is_over() && now_ms.saturating_sub(g.last_move_ms) >= after_ms)
    }

    /// Whether the game is over (false while its lock is held).
    pub(crate) fn is_over_now(&self) -> bool {
        self.game.try_lock().is_ok_and(|g| g.line.state().is_over())
    }
}

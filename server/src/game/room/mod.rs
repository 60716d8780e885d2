//! One game in a server's memory: the authoritative state, its seats, and
//! the stream of updates its connections receive.
//!
//! A room changes only under its lock, and only after the database has
//! committed the change: a move is checked by the engine, the chance draws
//! that follow it are sampled from the operating system, all of them are
//! stored in one commit, and only then applied here and announced.

use std::sync::Arc;

use carcassonne_safari::view::GameView;
use carcassonne_safari::{GameRecord, GameState, Move, Setup};
use tokio::sync::{broadcast, Mutex, MutexGuard};

use tungstenite::Utf8Bytes;

use crate::bots::SeatBot;
use crate::store::{StoredGame, StoredSeat};
use crate::tokens::{GameId, TokenHash};

use super::protocol::{SeatInfo, ServerMessage, StateMessage, Summary};

mod game;
mod play;
mod seats;

/// What a room announces to its connections.
#[derive(Debug)]
pub enum Broadcast {
    /// Moves were committed: the `update` message, with and without views.
    Update {
        /// The `seq` before the moves.
        from: u64,
        /// The `seq` after them.
        seq: u64,
        /// The message with the view.
        full: Utf8Bytes,
        /// The message without it.
        lean: Utf8Bytes,
    },
    /// The seats changed: the `seats` message.
    Seats(Utf8Bytes),
}

/// Who submits a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mover {
    /// A person's connection playing this seat.
    Person(u8),
    /// The bot playing this seat.
    Bot(u8),
}

/// Why a stored game could not be loaded.
#[derive(Debug, thiserror::Error)]
#[error("game {game} does not replay: {why}")]
pub struct LoadError {
    game: GameId,
    why: String,
}

/// The state under a room's lock.
pub(crate) struct Game {
    setup: Setup,
    state: GameState,
    moves: Vec<Move>,
    seats: Vec<SeatInfo>,
    hashes: Vec<Option<TokenHash>>,
    host_hash: TokenHash,
    listed: bool,
    idle_secs: u64,
    idle_bot: String,
    created_ms: i64,
    last_move_ms: i64,
    /// Each seat's bot between decisions (a search tree kept for the next).
    bots: Vec<Option<SeatBot>>,
    /// A bot of this game is thinking.
    bot_busy: bool,
    /// The `state` message of the current position, with and without the
    /// view, made once for every connection that asks.
    snapshot: Option<(Utf8Bytes, Utf8Bytes)>,
}

/// One game in memory.
pub struct Room {
    id: GameId,
    game: Mutex<Game>,
    updates: broadcast::Sender<Arc<Broadcast>>,
}

fn seat_info(s: &StoredSeat) -> SeatInfo {
    SeatInfo {
        seat: s.seat,
        name: s.name.clone(),
        bot: s.bot.clone(),
        handed: s.handed,
        claimed: s.claimed || s.token_hash.is_none(),
    }
}

impl Room {
    /// The room of a stored game, its moves replayed by the engine.
    ///
    /// # Errors
    /// [`LoadError`] when the setup or a move does not read or does not
    /// replay (the database was changed by hand).
    pub fn from_stored(stored: StoredGame, queue: usize) -> Result<Room, LoadError> {
        let bad = |why: String| LoadError {
            game: stored.id.clone(),
            why,
        };
        let setup: Setup = serde_json::from_str(&stored.setup).map_err(|e| bad(format!("setup: {e}")))?;
        let mut state = GameState::new(&setup).map_err(|e| bad(format!("setup: {e}")))?;
        let mut moves = Vec::with_capacity(stored.moves.len());
        for (step, text) in stored.moves.iter().enumerate() {
            let mv: Move = text
                .parse()
                .map_err(|e| bad(format!("step {step}: `{text}`: {e}")))?;
            state = state.play(mv).map_err(|e| bad(format!("step {step}: {e}")))?;
            moves.push(mv);
        }
        if stored.seats.len() != setup.players {
            return Err(bad(format!(
                "{} seats for {} players",
                stored.seats.len(),
                setup.players
            )));
        }
        let (updates, _) = broadcast::channel(queue.max(1));
        Ok(Room {
            id: stored.id.clone(),
            game: Mutex::new(Game {
                setup,
                state,
                moves,
                seats: stored.seats.iter().map(seat_info).collect(),
                hashes: stored.seats.iter().map(|s| s.token_hash.clone()).collect(),
                host_hash: stored.host_hash,
                listed: stored.listed,
                idle_secs: stored.idle_secs,
                idle_bot: stored.idle_bot,
                created_ms: stored.created_ms,
                last_move_ms: stored.last_move_ms,
                bots: (0..stored.seats.len()).map(|_| None).collect(),
                bot_busy: false,
                snapshot: None,
            }),
            updates,
        })
    }

    /// The game's id.
    pub fn id(&self) -> &GameId {
        &self.id
    }

    /// Connections subscribed to the updates.
    pub fn watchers(&self) -> usize {
        self.updates.receiver_count()
    }

    pub(crate) async fn lock(&self) -> MutexGuard<'_, Game> {
        self.game.lock().await
    }

    /// The seat whose token this is, if any.
    pub async fn seat_of(&self, token: &str) -> Option<u8> {
        let hash = TokenHash::of(token);
        let g = self.game.lock().await;
        let mut found = None;
        for (seat, h) in g.hashes.iter().enumerate() {
            if h.as_ref().is_some_and(|h| h.matches(&hash)) {
                found = Some(seat as u8);
            }
        }
        found
    }

    /// Whether this is the host's token.
    pub async fn is_host(&self, token: &str) -> bool {
        self.game.lock().await.host_hash.matches(&TokenHash::of(token))
    }

    /// A seat as everyone sees it.
    pub async fn seat(&self, seat: u8) -> Option<SeatInfo> {
        self.game.lock().await.seats.get(usize::from(seat)).cloned()
    }

    /// The game's seq (moves stored).
    pub async fn seq(&self) -> u64 {
        self.game.lock().await.moves.len() as u64
    }

    /// The game's state now (for the harness).
    #[cfg(feature = "harness")]
    pub async fn state(&self) -> GameState {
        self.game.lock().await.state.clone()
    }

    /// Subscribes to the updates and returns the `state` message of the
    /// position at that moment, with its seq: every update after it reaches
    /// the subscriber.
    pub async fn subscribe(&self, views: bool) -> (broadcast::Receiver<Arc<Broadcast>>, u64, Utf8Bytes) {
        let mut g = self.game.lock().await;
        let rx = self.updates.subscribe();
        let (seq, text) = self.snapshot(&mut g, views);
        (rx, seq, text)
    }

    /// The `state` message now, with its seq.
    pub async fn state_message(&self, views: bool) -> (u64, Utf8Bytes) {
        let mut g = self.game.lock().await;
        self.snapshot(&mut g, views)
    }

    fn snapshot(&self, g: &mut Game, views: bool) -> (u64, Utf8Bytes) {
        let seq = g.moves.len() as u64;
        if g.snapshot.is_none() {
            let record = g.record();
            let status = g.status();
            let view = GameView::new(&g.state);
            let message = |view| {
                Utf8Bytes::from(
                    ServerMessage::State(StateMessage {
                        game: self.id.as_str(),
                        seq,
                        status,
                        seats: &g.seats,
                        record: &record,
                        view,
                    })
                    .to_json(),
                )
            };
            g.snapshot = Some((message(Some(&view)), message(None)));
        }
        let (full, lean) = g.snapshot.as_ref().expect("made above");
        (seq, if views { full.clone() } else { lean.clone() })
    }

    /// The lobby card.
    pub async fn summary(&self) -> Summary {
        self.game.lock().await.summary(&self.id)
    }

    /// The game record: setup, every move, the seats.
    pub async fn record(&self) -> GameRecord {
        self.game.lock().await.record()
    }
}

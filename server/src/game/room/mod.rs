//! One game in a server's memory: the authoritative state, its seats, and
//! the stream of updates its connections receive.
//!
//! A room changes only under its lock, and only after the database has
//! committed the change: a move is checked by the engine, the chance draws
//! that follow it are sampled from the operating system, all of them are
//! stored in one commit, and only then applied here and announced.
//!
//! This file is the [`Room`] itself: loading it from the database, its
//! broadcasts, its `state` snapshot and its seats' presence. The state under
//! its lock is `game.rs`; the line of play and the stored rows that extend
//! it, `line.rs`; a new game dealt, `open.rs`. Playing a move (`play.rs`),
//! the seats (`seats.rs`), take-backs (`takeback.rs`, the request waiting in
//! `pending.rs`) and rematches (`rematch.rs`) each add to `Room` in their
//! own file; this one imports none of those four.

use std::sync::Arc;

use carcassonne_safari::view::GameView;
use carcassonne_safari::{GameRecord, Setup};
use tokio::sync::{broadcast, Mutex, MutexGuard};

use crate::store::{StoredGame, StoredSeat};
use crate::tokens::{GameId, TokenHash};

use super::protocol::{
    Frame, GameCard, PresenceMessage, RematchState, SeatInfo, ServerMessage, StateMessage,
};

mod game;
mod line;
pub(crate) mod open;
mod pending;
mod play;
pub(crate) mod rematch;
mod seats;
mod takeback;

use game::Game;
use line::Line;
pub use line::RowError;
use pending::Pending;

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
        full: Frame,
        /// The message without it.
        lean: Frame,
    },
    /// The seats changed: the `seats` message.
    Seats(Frame),
    /// A seat's first connection opened or its last one closed: the
    /// `presence` message.
    Presence(Frame),
    /// A rematch was asked for, agreed to or created: the `rematch` message.
    Rematch(Frame),
    /// A take-back was asked for, answered, done or dropped: the `takeback`
    /// message.
    Takeback(Frame),
    /// A move was taken back: every connection is sent the whole state (of
    /// seq `seq` or later).
    Reset {
        /// The `seq` after the take-back.
        seq: u64,
    },
}

/// Who submits a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mover {
    /// A person's connection playing this seat.
    Person(u8),
    /// The bot playing this seat.
    Bot(u8),
}

/// Why a stored game could not be loaded (the database was changed by
/// hand, or by a server that did not check what it stored).
#[derive(Debug, thiserror::Error)]
#[error("game {game} does not replay: {why}")]
pub struct LoadError {
    game: GameId,
    #[source]
    why: Unreadable,
}

/// What of a stored game does not read or does not replay.
#[derive(Debug, thiserror::Error)]
pub enum Unreadable {
    /// The setup is not the engine's JSON.
    #[error("setup: {0}")]
    SetupJson(#[from] serde_json::Error),
    /// The engine cannot start a game from the setup.
    #[error("setup: {0}")]
    Setup(#[from] carcassonne_safari::SetupError),
    /// Row `step` (0-based, take-backs counted) does not apply.
    #[error("step {step}: {error}")]
    Row {
        /// The row's index among the stored rows.
        step: usize,
        /// Why it does not apply.
        error: RowError,
    },
    /// Not one seat per player.
    #[error("{seats} seats for {players} players")]
    Seats {
        /// The seats stored.
        seats: usize,
        /// The setup's players.
        players: usize,
    },
}

/// One game in memory.
pub struct Room {
    id: GameId,
    game: Mutex<Game>,
    updates: broadcast::Sender<Arc<Broadcast>>,
    /// Per seat, the connections to this server that play it. Outside the
    /// game's lock: a closing connection leaves without waiting.
    presence: std::sync::Mutex<Vec<u32>>,
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
        let bad = |why: Unreadable| LoadError {
            game: stored.id.clone(),
            why,
        };
        let setup: Setup = serde_json::from_str(&stored.setup).map_err(|e| bad(e.into()))?;
        let mut line = Line::new(setup).map_err(|e| bad(e.into()))?;
        for (step, text) in stored.moves.iter().enumerate() {
            line.apply_row(text)
                .map_err(|error| bad(Unreadable::Row { step, error }))?;
        }
        let players = line.setup().players;
        if stored.seats.len() != players {
            return Err(bad(Unreadable::Seats {
                seats: stored.seats.len(),
                players,
            }));
        }
        let (updates, _) = broadcast::channel(queue.max(1));
        Ok(Room {
            id: stored.id.clone(),
            game: Mutex::new(Game {
                line,
                seq: stored.moves.len() as u64,
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
                rematch: stored.seats.iter().map(|s| s.rematch).collect(),
                rematch_game: stored.rematch_game.clone(),
                takeback: None,
                takeback_serial: 0,
                snapshot: None,
            }),
            updates,
            presence: std::sync::Mutex::new(vec![0; stored.seats.len()]),
        })
    }

    /// The id of the room's game (its key in the hub and the database).
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

    /// Per seat, whether a connection to this server plays it now.
    pub fn connected(&self) -> Vec<bool> {
        let counts = self
            .presence
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        counts.iter().map(|&n| n > 0).collect()
    }

    /// A connection plays `seat` from now on: announces the seat connected
    /// when it is the seat's first.
    pub(crate) fn arrive(&self, seat: u8) {
        self.count_presence(seat, true);
    }

    /// A connection that played `seat` closed: announces the seat
    /// disconnected when it was the seat's last.
    pub(crate) fn leave(&self, seat: u8) {
        self.count_presence(seat, false);
    }

    fn count_presence(&self, seat: u8, arrives: bool) {
        let mut counts = self
            .presence
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(n) = counts.get_mut(usize::from(seat)) else {
            return;
        };
        let was = *n > 0;
        *n = if arrives {
            n.saturating_add(1)
        } else {
            n.saturating_sub(1)
        };
        if was == (*n > 0) {
            return;
        }
        let connected: Vec<bool> = counts.iter().map(|&n| n > 0).collect();
        let text = ServerMessage::Presence(PresenceMessage {
            game: self.id.as_str(),
            connected: &connected,
        })
        .to_json();
        // Sent under the count's lock: the announcements keep the order of
        // the changes.
        let _ = self.updates.send(Arc::new(Broadcast::Presence(text.into())));
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

    /// The game's seq (moves and take-backs stored).
    pub async fn seq(&self) -> u64 {
        self.game.lock().await.seq
    }

    /// The game's state now (for the harness).
    #[cfg(feature = "harness")]
    pub async fn state(&self) -> carcassonne_safari::GameState {
        self.game.lock().await.line.state().clone()
    }

    /// Subscribes to the updates and returns the `state` message of the
    /// position at that moment, with its seq: every update after it reaches
    /// the subscriber.
    pub async fn subscribe(&self, views: bool) -> (broadcast::Receiver<Arc<Broadcast>>, u64, Frame) {
        let mut g = self.game.lock().await;
        let rx = self.updates.subscribe();
        let (seq, text) = self.snapshot(&mut g, views);
        (rx, seq, text)
    }

    /// The `state` message now, with its seq.
    pub async fn state_message(&self, views: bool) -> (u64, Frame) {
        let mut g = self.game.lock().await;
        self.snapshot(&mut g, views)
    }

    fn snapshot(&self, g: &mut Game, views: bool) -> (u64, Frame) {
        let seq = g.seq;
        let connected = self.connected();
        if g.snapshot.as_ref().is_none_or(|(c, _, _)| *c != connected) {
            let record = g.record();
            let status = g.status();
            let view = GameView::new(g.line.state());
            let message = |view| {
                Frame::from(
                    ServerMessage::State(StateMessage {
                        game: self.id.as_str(),
                        seq,
                        status,
                        seats: &g.seats,
                        connected: &connected,
                        rematch: RematchState {
                            asked: &g.rematch,
                            next: g.rematch_game.as_ref().map(GameId::as_str),
                        },
                        takeback: g.takeback.as_ref().map(Pending::state),
                        record: &record,
                        view,
                    })
                    .to_json(),
                )
            };
            let (full, lean) = (message(Some(&view)), message(None));
            g.snapshot = Some((connected, full, lean));
        }
        let (_, full, lean) = g.snapshot.as_ref().expect("made above");
        (seq, if views { full.clone() } else { lean.clone() })
    }

    /// The game's card, as the lobby lists it and `GET /api/games/{id}`
    /// answers it.
    pub async fn card(&self) -> GameCard {
        self.game.lock().await.card(&self.id)
    }

    /// The game record: setup, every move, the seats.
    pub async fn record(&self) -> GameRecord {
        self.game.lock().await.record()
    }
}

/// A room of two people's seats, before its first draws (the rooms' and
/// the hub's tests).
#[cfg(test)]
pub(crate) fn test_room() -> Room {
    use crate::tokens::Token;
    let seat = |seat: u8| StoredSeat {
        seat,
        name: format!("Player {}", seat + 1),
        token_hash: Some(Token::random().hash()),
        bot: None,
        handed: None,
        claimed: true,
        rematch: false,
    };
    let stored = StoredGame {
        id: GameId::random(),
        created_ms: 0,
        last_move_ms: 0,
        setup: serde_json::to_string(&Setup::new(2)).unwrap(),
        host_hash: Token::random().hash(),
        listed: false,
        idle_secs: 0,
        idle_bot: "greedy".into(),
        finished: false,
        seats: vec![seat(0), seat(1)],
        moves: Vec::new(),
        rematch_game: None,
    };
    Room::from_stored(stored, 8).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room() -> Room {
        test_room()
    }

    /// The `connected` flags of the presence messages sent so far.
    fn announced(rx: &mut broadcast::Receiver<Arc<Broadcast>>) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        while let Ok(b) = rx.try_recv() {
            let Broadcast::Presence(text) = &*b else {
                panic!("only presence changed: {b:?}")
            };
            let m: serde_json::Value = serde_json::from_str(text.as_str()).unwrap();
            assert_eq!(m["type"], "presence");
            out.push(m["connected"].clone());
        }
        out
    }

    #[test]
    fn a_seat_is_connected_while_any_of_its_connections_is_open() {
        let room = room();
        let mut rx = room.updates.subscribe();
        assert_eq!(room.connected(), [false, false]);
        room.arrive(1);
        assert_eq!(announced(&mut rx), [serde_json::json!([false, true])]);
        // A second connection of the seat, and one of the two closing: no change.
        room.arrive(1);
        room.leave(1);
        assert_eq!(announced(&mut rx), Vec::<serde_json::Value>::new());
        assert_eq!(room.connected(), [false, true]);
        room.leave(1);
        assert_eq!(announced(&mut rx), [serde_json::json!([false, false])]);
        // A seat the game does not have, and a leave with nothing open, change nothing.
        room.arrive(7);
        room.leave(0);
        assert_eq!(announced(&mut rx), Vec::<serde_json::Value>::new());
        assert_eq!(room.connected(), [false, false]);
    }
}

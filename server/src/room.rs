//! One game in a server's memory: the authoritative state, its seats, and
//! the stream of updates its connections receive.
//!
//! A room changes only under its lock, and only after the database has
//! committed the change: a move is checked by the engine, the chance draws
//! that follow it are sampled from the operating system, all of them are
//! stored in one commit, and only then applied here and announced.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use carcassonne_safari::view::{GameView, LogEntry};
use carcassonne_safari::{Actor, GameRecord, GameState, Move, PlayerId, Setup};
use rand_core::{OsRng, UnwrapErr};
use tokio::sync::{broadcast, Mutex, MutexGuard};

use crate::bots::{Bots, SeatBot};
use crate::clock::now_ms;
use crate::protocol::{
    ErrorCode, Handed, Rejection, Rules, SeatInfo, SeatsMessage, ServerMessage, StateMessage, Status,
    UpdateMessage,
};
use crate::store::{Append, Appended, Store, StoredGame, StoredSeat};
use crate::tokens::{GameId, TokenHash};

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

/// A game's lobby card: everything but the board.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, PartialEq, Eq)]
pub struct Summary {
    /// The game's id.
    pub game: String,
    /// Open, playing or over.
    pub status: Status,
    /// Moves played (the next move's `seq`).
    pub seq: u64,
    /// The number of seats.
    pub players: usize,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// The scores, in seat order.
    pub scores: Vec<u32>,
    /// Who decides now (`"chance"` or a seat); `None` once over.
    pub to_move: Option<Actor>,
    /// The rule options.
    pub rules: Rules,
    /// Whether the game is in the lobby's list.
    pub listed: bool,
    /// Seconds before an idle person's seat goes to a bot (0: never).
    pub idle_secs: u64,
    /// The bot that takes an idle seat.
    pub idle_bot: String,
    /// When it was created (ms since 1970).
    pub created_ms: i64,
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

    /// The game's state now.
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

    /// Plays a move for `mover`, if it is `mover`'s decision at `seq` and the
    /// engine allows it; then the chance draws that follow, sampled from the
    /// operating system now. All are committed in one append before they are
    /// applied here and announced. Returns the seat of a bot that is to move
    /// next, if any.
    ///
    /// # Errors
    /// A [`Rejection`] saying why; the game is unchanged.
    pub async fn submit(
        &self,
        store: &Store,
        mover: Mover,
        seq: u64,
        mv: Move,
    ) -> Result<Option<u8>, Rejection> {
        let mut g = self.game.lock().await;
        let (seat, by_bot) = match mover {
            Mover::Person(s) => (s, false),
            Mover::Bot(s) => (s, true),
        };
        let Some(info) = g.seats.get(usize::from(seat)) else {
            return Err(Rejection::new(ErrorCode::NotYourTurn, "no such seat"));
        };
        if info.bot.is_some() != by_bot {
            return Err(if by_bot {
                Rejection::new(ErrorCode::NotYourTurn, "the seat is no longer a bot's")
            } else {
                Rejection::new(ErrorCode::SeatIsBot, "a bot plays this seat now")
            });
        }
        if g.state.is_over() {
            return Err(Rejection::new(ErrorCode::GameOver, "the game is over"));
        }
        let current = g.moves.len() as u64;
        if seq != current {
            return Err(stale(current));
        }
        let me = Actor::Player(PlayerId(seat));
        if g.state.to_move() != Some(me) {
            let who = match g.state.to_move() {
                Some(Actor::Player(p)) => format!("seat {}", p.0),
                _ => "chance".into(),
            };
            return Err(Rejection::new(
                ErrorCode::NotYourTurn,
                format!("it is {who}'s decision, not seat {seat}'s"),
            ));
        }
        let (mut state, events) = g
            .state
            .apply(mv)
            .map_err(|e| Rejection::new(ErrorCode::IllegalMove, e.to_string()))?;
        let mut entries = vec![LogEntry {
            step: current as usize,
            actor: me,
            mv,
            events,
        }];
        let mut rng = UnwrapErr(OsRng);
        while state.to_move() == Some(Actor::Chance) {
            let Some(draw) = state.chance_outcomes().sample(&mut rng) else {
                tracing::error!(game = %self.id, "a chance node without outcomes");
                return Err(Rejection::new(ErrorCode::Internal, "the server could not draw"));
            };
            let (next, events) = state.apply(draw).map_err(|e| {
                tracing::error!(game = %self.id, error = %e, "a sampled outcome is illegal");
                Rejection::new(ErrorCode::Internal, "the server could not draw")
            })?;
            entries.push(LogEntry {
                step: current as usize + entries.len(),
                actor: Actor::Chance,
                mv: draw,
                events,
            });
            state = next;
        }
        let at_ms = now_ms();
        let append = Append {
            game: self.id.clone(),
            from: current,
            moves: entries.iter().map(|e| e.mv.to_string()).collect(),
            at_ms,
            finished: state.is_over(),
        };
        match store.append(append).await {
            Ok(Appended::Stored) => {}
            Ok(Appended::Conflict) => {
                // Another server stored this step first: take its moves.
                self.catch_up_locked(&mut g, store).await;
                return Err(stale(g.moves.len() as u64));
            }
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "a move could not be stored");
                return Err(Rejection::new(
                    ErrorCode::Internal,
                    "the move could not be stored; nothing changed, try again",
                ));
            }
        }
        tracing::debug!(game = %self.id, seat, step = current, moves = entries.len(), "moves stored");
        g.state = state;
        g.moves.extend(entries.iter().map(|e| e.mv));
        g.last_move_ms = at_ms;
        if g.state.is_over() {
            tracing::info!(game = %self.id, moves = g.moves.len(), scores = ?g.state.scores(), "game over");
        }
        self.publish(&mut g, current, &entries);
        Ok(g.bot_to_move())
    }

    /// Announces moves just applied.
    fn publish(&self, g: &mut Game, from: u64, entries: &[LogEntry]) {
        g.snapshot = None;
        let seq = g.moves.len() as u64;
        let status = g.status();
        let view = GameView::new(&g.state);
        let message = |view| {
            Utf8Bytes::from(
                ServerMessage::Update(UpdateMessage {
                    game: self.id.as_str(),
                    from,
                    seq,
                    status,
                    entries,
                    view,
                })
                .to_json(),
            )
        };
        let _ = self.updates.send(Arc::new(Broadcast::Update {
            from,
            seq,
            full: message(Some(&view)),
            lean: message(None),
        }));
    }

    /// Takes the moves another server stored since this room's last one
    /// (PostgreSQL), applies them and announces them. Returns the seat of a
    /// bot that is to move next, if any.
    pub async fn catch_up(&self, store: &Store) -> Option<u8> {
        let mut g = self.game.lock().await;
        self.catch_up_locked(&mut g, store).await;
        g.bot_to_move()
    }

    async fn catch_up_locked(&self, g: &mut Game, store: &Store) {
        let from = g.moves.len() as u64;
        let texts = match store.moves_from(&self.id, from).await {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "could not read new moves");
                return;
            }
        };
        if texts.is_empty() {
            return;
        }
        let mut entries = Vec::with_capacity(texts.len());
        let mut state = g.state.clone();
        for (i, text) in texts.iter().enumerate() {
            let step = from as usize + i;
            let parsed = text.parse::<Move>().map_err(|e| e.to_string());
            let Some(actor) = state.to_move() else { break };
            match parsed.and_then(|mv| state.apply(mv).map(|r| (mv, r)).map_err(|e| e.to_string())) {
                Ok((mv, (next, events))) => {
                    entries.push(LogEntry {
                        step,
                        actor,
                        mv,
                        events,
                    });
                    state = next;
                }
                Err(e) => {
                    tracing::error!(game = %self.id, step, error = %e, "a stored move does not apply");
                    break;
                }
            }
        }
        if entries.is_empty() {
            return;
        }
        g.state = state;
        g.moves.extend(entries.iter().map(|e| e.mv));
        g.last_move_ms = now_ms();
        self.publish(g, from, &entries);
    }

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
        g.hashes = stored.into_iter().map(|s| s.token_hash).collect();
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
        Some((seat, g.moves.len() as u64, g.state.clone(), bot))
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
        let Some(Actor::Player(p)) = g.state.to_move() else {
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
            .is_ok_and(|g| g.state.is_over() && now_ms.saturating_sub(g.last_move_ms) >= after_ms)
    }

    /// Whether the game is over (false while its lock is held).
    pub(crate) fn is_over_now(&self) -> bool {
        self.game.try_lock().is_ok_and(|g| g.state.is_over())
    }
}

fn stale(current: u64) -> Rejection {
    Rejection {
        code: ErrorCode::Stale,
        message: format!("the game is at seq {current}: send `sync` for the position"),
        seq: Some(current),
    }
}

impl Game {
    pub(crate) fn status(&self) -> Status {
        if self.state.is_over() {
            Status::Over
        } else if self.seats.iter().any(|s| !s.claimed) {
            Status::Open
        } else {
            Status::Playing
        }
    }

    fn record(&self) -> GameRecord {
        GameRecord::new(self.setup.clone())
            .with_moves(self.moves.clone())
            .with_seats(self.seats.iter().map(SeatInfo::record_seat).collect())
    }

    /// The seat of a bot that is to move.
    fn bot_to_move(&self) -> Option<u8> {
        match self.state.to_move() {
            Some(Actor::Player(p)) if self.seats[p.index()].bot.is_some() => Some(p.0),
            _ => None,
        }
    }

    /// Whether the game is in the lobby's list.
    pub(crate) fn listed(&self) -> bool {
        self.listed
    }

    /// The lowest person's seat nobody took.
    pub(crate) fn free_seat(&self) -> Option<u8> {
        self.seats
            .iter()
            .find(|s| !s.claimed && s.bot.is_none())
            .map(|s| s.seat)
    }

    /// Whether a seat was handed to a bot for idleness.
    pub(crate) fn handed_for_idleness(&self, seat: u8) -> bool {
        self.seats
            .get(usize::from(seat))
            .is_some_and(|s| s.handed == Some(Handed::Idle))
    }

    /// Whether a seat is a person's nobody took yet.
    pub(crate) fn unclaimed(&self, seat: u8) -> bool {
        self.seats.get(usize::from(seat)).is_some_and(|s| !s.claimed)
    }

    fn summary(&self, id: &GameId) -> Summary {
        Summary {
            game: id.to_string(),
            status: self.status(),
            seq: self.moves.len() as u64,
            players: self.seats.len(),
            seats: self.seats.clone(),
            scores: self.state.scores().to_vec(),
            to_move: self.state.to_move(),
            rules: Rules::of(&self.setup),
            listed: self.listed,
            idle_secs: self.idle_secs,
            idle_bot: self.idle_bot.clone(),
            created_ms: self.created_ms,
        }
    }
}

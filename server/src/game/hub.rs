//! The games a server holds: loading them from the database, playing moves
//! and bots, handing idle seats to bots, and (on PostgreSQL) following the
//! moves other servers store.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use carcassonne_safari::Move;
use tokio::sync::watch;

use super::protocol::{Handed, Rejection};
use super::room::{Mover, Room};
use crate::bots::Bots;
use crate::config::Config;
use crate::limits::TokenBucket;
use crate::store::{Backend, Notice, NoticeKind, Store, StoreError};
use crate::tokens::GameId;

/// How often the sweeper looks at the games (idle seats, stalled bots,
/// finished games to drop from memory).
const SWEEP: Duration = Duration::from_millis(500);

/// How often a server on PostgreSQL compares its games with the database, in
/// case a notification was lost.
const RECONCILE: Duration = Duration::from_secs(5);

/// How long a finished game without connections stays in memory.
const KEEP_FINISHED_MS: i64 = 60_000;

/// The games of one server, and what it shares between connections.
pub struct Hub {
    config: Config,
    store: Store,
    bots: Bots,
    rooms: RwLock<HashMap<GameId, Arc<Room>>>,
    connections: AtomicUsize,
    creates: std::sync::Mutex<TokenBucket>,
    shutdown: watch::Sender<bool>,
}

impl Hub {
    /// A hub on a database already opened.
    pub fn new(config: Config, store: Store) -> Arc<Hub> {
        let bots = Bots::new(config.bot_threads, config.bot_max_ms, config.bot_max_iterations);
        let per_minute = f64::from(config.creates_per_minute.max(1));
        Arc::new(Hub {
            creates: std::sync::Mutex::new(TokenBucket::new(per_minute / 60.0, per_minute.min(600.0))),
            config,
            store,
            bots,
            rooms: RwLock::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            shutdown: watch::channel(false).0,
        })
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The bot runner.
    pub fn bots(&self) -> &Bots {
        &self.bots
    }

    /// Whether another game may be created now (the global creation rate).
    pub(crate) fn may_create(&self) -> bool {
        self.creates.lock().map(|mut b| b.take()).unwrap_or(false)
    }

    /// Unfinished games in memory.
    pub fn unfinished_games(&self) -> usize {
        self.rooms_now().iter().filter(|r| !r.is_over_now()).count()
    }

    /// Games in memory.
    pub fn games_in_memory(&self) -> usize {
        self.rooms.read().map_or(0, |r| r.len())
    }

    fn rooms_now(&self) -> Vec<Arc<Room>> {
        self.rooms
            .read()
            .map(|r| r.values().cloned().collect())
            .unwrap_or_default()
    }

    /// Counts a new connection, unless there are as many as allowed.
    pub(crate) fn connect(&self) -> bool {
        let max = self.config.max_connections;
        self.connections
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < max).then_some(n + 1))
            .is_ok()
    }

    /// Counts a connection gone.
    pub(crate) fn disconnect(&self) {
        self.connections.fetch_sub(1, Ordering::SeqCst);
    }

    /// Open connections.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    /// A receiver that changes to `true` when the server stops.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// Tells connections and background tasks to stop.
    pub fn stop(&self) {
        self.shutdown.send_replace(true);
    }

    /// A game, from memory or loaded from the database; `None` when there is
    /// no such game.
    ///
    /// # Errors
    /// The database's error, or [`StoreError::Corrupt`] for a stored game
    /// that does not replay.
    pub async fn room(self: &Arc<Self>, id: &GameId) -> Result<Option<Arc<Room>>, StoreError> {
        self.load(id, true).await
    }

    /// A game from memory or the database; a game loaded starts its bot when
    /// `drive` (not when another server announced it: that server drives
    /// it, and the sweeper takes over if it goes away).
    async fn load(self: &Arc<Self>, id: &GameId, drive: bool) -> Result<Option<Arc<Room>>, StoreError> {
        if let Some(room) = self.rooms.read().ok().and_then(|r| r.get(id).cloned()) {
            return Ok(Some(room));
        }
        let Some(stored) = self.store.load(id).await? else {
            return Ok(None);
        };
        let room = Room::from_stored(stored, self.config.send_queue).map_err(|e| {
            tracing::error!(error = %e, "a stored game does not replay");
            StoreError::Corrupt(e.to_string())
        })?;
        Ok(Some(self.insert_with(room, drive)))
    }

    /// Puts a room in memory (or returns the one already there) and starts
    /// its bot if one is to move.
    pub(crate) fn insert(self: &Arc<Self>, room: Room) -> Arc<Room> {
        self.insert_with(room, true)
    }

    fn insert_with(self: &Arc<Self>, room: Room, drive: bool) -> Arc<Room> {
        let room = {
            let mut rooms = self.rooms.write().expect("the rooms' lock is never poisoned");
            rooms
                .entry(room.id().clone())
                .or_insert_with(|| Arc::new(room))
                .clone()
        };
        if drive {
            self.drive(room.clone());
        }
        room
    }

    /// Loads every unfinished game (on start: bots that were to move go on).
    ///
    /// # Errors
    /// The database's error.
    pub async fn load_unfinished(self: &Arc<Self>) -> Result<usize, StoreError> {
        let ids = self.store.unfinished().await?;
        let mut loaded = 0;
        for (id, _) in ids {
            match self.room(&id).await {
                Ok(Some(_)) => loaded += 1,
                Ok(None) => {}
                Err(e) => tracing::error!(game = %id, error = %e, "could not load a game"),
            }
        }
        Ok(loaded)
    }

    /// Plays a move (see [`Room::submit`]) and starts the bot that is to move
    /// next, if any.
    ///
    /// # Errors
    /// The [`Rejection`]; nothing changed.
    pub async fn submit(
        self: &Arc<Self>,
        room: &Arc<Room>,
        mover: Mover,
        seq: u64,
        mv: Move,
    ) -> Result<(), Rejection> {
        if room.submit(self.store(), mover, seq, mv).await?.is_some() {
            self.drive(room.clone());
        }
        Ok(())
    }

    /// Starts a bot's decision in the background if a bot is to move.
    pub fn drive(self: &Arc<Self>, room: Arc<Room>) {
        let hub = self.clone();
        tokio::spawn(async move {
            let Some((seat, seq, state, bot)) = room.begin_bot_turn(hub.bots()).await else {
                return;
            };
            let (bot, mv) = hub.bots.choose(bot, state).await;
            room.end_bot_turn(seat, bot).await;
            let Some(mv) = mv else { return };
            match hub.submit(&room, Mover::Bot(seat), seq, mv).await {
                Ok(()) => {}
                Err(r) => {
                    tracing::debug!(game = %room.id(), seat, code = r.code.name(), "a bot's move was not played")
                }
            }
        });
    }

    /// A person's seat was opened with its token: marks it taken, and takes it
    /// back from the bot that took it for idleness.
    pub(crate) async fn take_seat(self: &Arc<Self>, room: &Arc<Room>, seat: u8) {
        let (unclaimed, idle) = {
            let g = room.lock().await;
            (g.unclaimed(seat), g.handed_for_idleness(seat))
        };
        let mut changed = false;
        if unclaimed {
            changed |= self
                .store
                .claim_seat(room.id(), seat, None)
                .await
                .unwrap_or(false);
        }
        if idle {
            changed |= self.store.set_bot(room.id(), seat, None).await.unwrap_or(false);
        }
        if changed {
            room.reload_seats(self.store()).await;
        }
    }

    /// Hands a seat to a bot (by the host, or for idleness) and starts it.
    ///
    /// # Errors
    /// The database's error; returns `false` when the seat could not be
    /// handed (not a person's, or already a bot's).
    pub(crate) async fn hand_to_bot(
        self: &Arc<Self>,
        room: &Arc<Room>,
        seat: u8,
        spec: &str,
        handed: Handed,
    ) -> Result<bool, StoreError> {
        let done = self.store.set_bot(room.id(), seat, Some((spec, handed))).await?;
        if done {
            room.reload_seats(self.store()).await;
            self.drive(room.clone());
        }
        Ok(done)
    }

    /// Starts the background tasks: the sweeper, and on PostgreSQL the
    /// listener to the other servers.
    ///
    /// # Errors
    /// The database's error when the listener cannot start.
    pub async fn start_background(self: &Arc<Self>) -> Result<(), StoreError> {
        let hub = self.clone();
        let mut stop = self.stopping();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(SWEEP);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut last_reconcile = tokio::time::Instant::now();
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = stop.changed() => return,
                }
                hub.sweep().await;
                if hub.store.backend() == Backend::Postgres && last_reconcile.elapsed() >= RECONCILE {
                    last_reconcile = tokio::time::Instant::now();
                    hub.reconcile().await;
                }
            }
        });
        if let Some(mut listener) = self.store.listener().await? {
            let hub = self.clone();
            let mut stop = self.stopping();
            tokio::spawn(async move {
                loop {
                    let next = tokio::select! {
                        n = listener.try_recv() => n,
                        _ = stop.changed() => return,
                    };
                    match next {
                        Ok(Some(n)) => {
                            if let Some(notice) = Notice::parse(n.payload()) {
                                hub.on_notice(notice).await;
                            }
                        }
                        // The connection was lost and is made again: what was
                        // missed meanwhile is read from the tables.
                        Ok(None) => hub.reconcile().await,
                        Err(e) => {
                            tracing::warn!(error = %e, "the database listener failed; retrying");
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        }
                    }
                }
            });
        }
        Ok(())
    }

    /// Follows a change another server made.
    async fn on_notice(self: &Arc<Self>, notice: Notice) {
        if notice.instance == self.store.instance() {
            return;
        }
        let loaded = self.rooms.read().ok().and_then(|r| r.get(&notice.game).cloned());
        match (notice.kind, loaded) {
            (NoticeKind::Moves, Some(room)) => {
                room.catch_up(self.store()).await;
            }
            (NoticeKind::Seats, Some(room)) => room.reload_seats(self.store()).await,
            (_, None) => {
                // A game this server does not hold yet: load it (unfinished
                // games are kept everywhere, so any server can drive them).
                if let Err(e) = self.load(&notice.game, false).await {
                    tracing::warn!(game = %notice.game, error = %e, "could not load a game");
                }
            }
            (NoticeKind::Created, Some(_)) => {}
        }
    }

    /// Compares the games in memory with the database: loads unfinished
    /// games this server does not hold, and takes moves it missed.
    async fn reconcile(self: &Arc<Self>) {
        let Ok(stored) = self.store.unfinished().await else {
            return;
        };
        for (id, count) in stored {
            let loaded = self.rooms.read().ok().and_then(|r| r.get(&id).cloned());
            match loaded {
                Some(room) => {
                    if room.seq().await < count {
                        room.catch_up(self.store()).await;
                    }
                }
                None => {
                    let _ = self.load(&id, false).await;
                }
            }
        }
    }

    /// Hands idle seats to bots, restarts stalled bots, drops finished
    /// games nobody watches.
    async fn sweep(self: &Arc<Self>) {
        let now = crate::clock::now_ms();
        let stall_ms = self.config.bot_max_ms as i64 + 10_000;
        for room in self.rooms_now() {
            if let Some((seat, bot)) = room.idle_seat(now) {
                match self.hand_to_bot(&room, seat, &bot, Handed::Idle).await {
                    Ok(true) => tracing::info!(game = %room.id(), seat, "an idle seat was handed to a bot"),
                    Ok(false) => {}
                    Err(e) => tracing::warn!(game = %room.id(), error = %e, "could not hand an idle seat"),
                }
            } else if room.stalled_bot(now, stall_ms) {
                self.drive(room.clone());
            } else if room.watchers() == 0 && room.finished_before(now, KEEP_FINISHED_MS) {
                if let Ok(mut rooms) = self.rooms.write() {
                    rooms.remove(room.id());
                }
            }
        }
    }
}

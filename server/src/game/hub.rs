//! The registry of the games a server holds: loading them from the database,
//! playing moves and bots, handing seats to bots. The background jobs that
//! sweep the games and follow the other servers (the `jobs` module) work on
//! it; it knows nothing of them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

use carcassonne_safari::Move;
use tokio::sync::watch;

use super::protocol::{Handed, Rejection};
use super::room::{Mover, NewGame, OpenError, Room};
use crate::bots::Bots;
use crate::config::Config;
use crate::limits::TokenBucket;
use crate::store::{Store, StoreError};
use crate::tokens::GameId;

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
    pub(crate) fn new(config: Config, store: Store) -> Arc<Hub> {
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
    pub(crate) fn config(&self) -> &Config {
        &self.config
    }

    /// The database.
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// The bot runner.
    pub(crate) fn bots(&self) -> &Bots {
        &self.bots
    }

    /// Whether another game may be created now (the global creation rate).
    pub(crate) fn may_create(&self) -> bool {
        self.creates.lock().map(|mut b| b.take()).unwrap_or(false)
    }

    /// Unfinished games in memory.
    pub(crate) fn unfinished_games(&self) -> usize {
        self.rooms_now().iter().filter(|r| !r.is_over_now()).count()
    }

    /// Whether the server holds as many unfinished games as it may
    /// (`--max-games`): no game is opened then.
    pub(crate) fn at_capacity(&self) -> bool {
        self.unfinished_games() >= self.config.max_games
    }

    /// Games in memory.
    pub(crate) fn games_in_memory(&self) -> usize {
        self.rooms.read().map_or(0, |r| r.len())
    }

    /// The games in memory now.
    pub(crate) fn rooms_now(&self) -> Vec<Arc<Room>> {
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
    pub(crate) fn stopping(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// Tells connections and background tasks to stop.
    pub(crate) fn stop(&self) {
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

    /// A game in memory, without looking in the database.
    pub(crate) fn loaded(&self, id: &GameId) -> Option<Arc<Room>> {
        self.rooms.read().ok().and_then(|r| r.get(id).cloned())
    }

    /// A game from memory or the database, without starting its bot: one
    /// another server announced (that server drives it, and the sweeper
    /// takes over if it goes away).
    ///
    /// # Errors
    /// As [`Hub::room`].
    pub(crate) async fn follow(self: &Arc<Self>, id: &GameId) -> Result<Option<Arc<Room>>, StoreError> {
        self.load(id, false).await
    }

    /// Drops a game from memory (it is loaded again when asked for).
    pub(crate) fn forget(&self, id: &GameId) {
        if let Ok(mut rooms) = self.rooms.write() {
            rooms.remove(id);
        }
    }

    /// A game from memory or the database; a game loaded starts its bot when
    /// `drive` (see [`Hub::follow`]).
    async fn load(self: &Arc<Self>, id: &GameId, drive: bool) -> Result<Option<Arc<Room>>, StoreError> {
        if let Some(room) = self.loaded(id) {
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

    /// Opens a new game, for the lobby or as a finished game's rematch:
    /// deals its first draws ([`NewGame::deal`]), stores it (with
    /// `rematch_of`, as that game's rematch, in one commit with the link to
    /// it), opens its room in memory and starts its bot if one is to move.
    /// A failure is logged here.
    ///
    /// # Errors
    /// [`OpenError`]: the setup, the draws, the database or the game stored
    /// not loading back; [`OpenError::RematchMade`] when `rematch_of` has its
    /// rematch already. Nothing is in memory then.
    pub(crate) async fn open_game(
        self: &Arc<Self>,
        new: NewGame,
        rematch_of: Option<&GameId>,
    ) -> Result<Arc<Room>, OpenError> {
        let id = new.id.clone();
        let opened = async {
            let stored = new.deal()?;
            match rematch_of {
                None => self.store.create(&stored).await?,
                Some(of) => {
                    if !self.store.create_rematch(of, &stored).await? {
                        return Err(OpenError::RematchMade);
                    }
                }
            }
            Ok(Room::from_stored(stored, self.config.send_queue)?)
        };
        match opened.await {
            Ok(room) => Ok(self.insert_with(room, true)),
            Err(e) => {
                match &e {
                    OpenError::RematchMade => {}
                    OpenError::Store(_) => {
                        tracing::warn!(game = %id, error = %e, "a new game could not be stored")
                    }
                    _ => tracing::error!(game = %id, error = %e, "a new game could not be opened"),
                }
                Err(e)
            }
        }
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
    pub(crate) async fn load_unfinished(self: &Arc<Self>) -> Result<usize, StoreError> {
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
    pub(crate) async fn submit(
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
    pub(crate) fn drive(self: &Arc<Self>, room: Arc<Room>) {
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
}

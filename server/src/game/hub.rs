//! The registry of the games a server holds: loading them from the database,
//! playing moves and bots, handing seats to bots. The background jobs that
//! sweep the games and follow the other servers (the `jobs` module) work on
//! it; it knows nothing of them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use carcassonne_safari::Move;
use tokio::sync::watch;

use super::protocol::{Handed, Rejection};
use super::room::open::{NewGame, OpenError};
use super::room::{Mover, Room};
use crate::bots::Bots;
use crate::config::Config;
use crate::limits::TokenBucket;
use crate::store::{Store, StoreError};
use crate::tokens::GameId;

/// The games of one server, and what it shares between connections.
///
/// # A poisoned lock
/// The hub's two locks (the rooms in memory, the creation rate) are
/// recovered when poisoned: a thread that panicked while holding one leaves
/// its data whole, since each critical section is a single call on a
/// `HashMap` or on the token bucket, which either happens or does not. The
/// hub goes on with the data as it is instead of turning one panic into a
/// server that refuses every game (or, with a default, forgets its rooms
/// and refuses every creation). Every access goes through `Hub::rooms`,
/// `Hub::rooms_mut` and `Hub::creates`, which apply this rule; a room's
/// presence count follows it too.
pub struct Hub {
    config: Config,
    store: Store,
    bots: Bots,
    /// The games in memory, by id.
    rooms: RwLock<HashMap<GameId, Arc<Room>>>,
    /// Open connections, counted against `--max-connections`.
    connections: AtomicUsize,
    /// The creation rate (`--creates-per-minute`), for every client at once.
    creates: Mutex<TokenBucket>,
    /// Becomes `true` when the server stops.
    shutdown: watch::Sender<bool>,
}

impl Hub {
    /// A hub on a database already opened.
    pub(crate) fn new(config: Config, store: Store) -> Arc<Hub> {
        let bots = Bots::new(config.bot_threads, config.bot_max_ms, config.bot_max_iterations);
        let per_minute = f64::from(config.creates_per_minute.max(1));
        Arc::new(Hub {
            creates: Mutex::new(TokenBucket::new(per_minute / 60.0, per_minute.min(600.0))),
            config,
            store,
            bots,
            rooms: RwLock::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            shutdown: watch::channel(false).0,
        })
    }

    /// The rooms in memory, to read (a poisoned lock is recovered: see
    /// [`Hub`]).
    fn rooms(&self) -> RwLockReadGuard<'_, HashMap<GameId, Arc<Room>>> {
        self.rooms.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The rooms in memory, to change (a poisoned lock is recovered: see
    /// [`Hub`]).
    fn rooms_mut(&self) -> RwLockWriteGuard<'_, HashMap<GameId, Arc<Room>>> {
        self.rooms.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// The creation rate's bucket (a poisoned lock is recovered: see
    /// [`Hub`]).
    fn creates(&self) -> MutexGuard<'_, TokenBucket> {
        self.creates.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The server's settings.
    pub(crate) fn config(&self) -> &Config {
        &self.config
    }

    /// The database the games are stored in and loaded from.
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// The threads the bots decide on, with the server's limits on a bot's
    /// specification.
    pub(crate) fn bots(&self) -> &Bots {
        &self.bots
    }

    /// Whether another game may be created now (the global creation rate).
    pub(crate) fn may_create(&self) -> bool {
        self.creates().take()
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
        self.rooms().len()
    }

    /// The games in memory now.
    pub(crate) fn rooms_now(&self) -> Vec<Arc<Room>> {
        self.rooms().values().cloned().collect()
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
        self.rooms().get(id).cloned()
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
        self.rooms_mut().remove(id);
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

    /// Puts a room in memory (or returns the one already there: another
    /// connection loaded it first) and, when `drive`, starts its bot if one
    /// is to move.
    fn insert_with(self: &Arc<Self>, room: Room, drive: bool) -> Arc<Room> {
        let room = self
            .rooms_mut()
            .entry(room.id().clone())
            .or_insert_with(|| Arc::new(room))
            .clone();
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

#[cfg(test)]
mod tests {
    use std::panic::{catch_unwind, AssertUnwindSafe};

    use super::*;

    async fn hub() -> Arc<Hub> {
        let config = Config {
            database_url: "sqlite::memory:".into(),
            ..Config::default()
        };
        let store = Store::connect(&config.database_url, 1, "hub-test".into())
            .await
            .expect("an in-memory database opens");
        Hub::new(config, store)
    }

    fn room() -> Room {
        crate::game::room::test_room()
    }

    /// The hub's rule for a poisoned lock: recovered, the data as it was.
    #[tokio::test]
    async fn a_poisoned_lock_is_recovered_with_its_data() {
        let hub = hub().await;
        let first = hub.insert_with(room(), false);
        let _ = catch_unwind(AssertUnwindSafe(|| {
            let _rooms = hub.rooms.write().unwrap();
            panic!("a thread panics while it holds the rooms' lock");
        }));
        let _ = catch_unwind(AssertUnwindSafe(|| {
            let _bucket = hub.creates.lock().unwrap();
            panic!("a thread panics while it holds the creation rate's lock");
        }));
        assert!(hub.rooms.is_poisoned() && hub.creates.is_poisoned());
        // The rooms in memory are still there, to read and to change.
        assert_eq!(hub.games_in_memory(), 1);
        assert_eq!(hub.rooms_now().len(), 1);
        assert!(hub.loaded(first.id()).is_some());
        let second = hub.insert_with(room(), false);
        assert_eq!(hub.games_in_memory(), 2);
        hub.forget(first.id());
        assert!(hub.loaded(first.id()).is_none());
        assert!(hub.loaded(second.id()).is_some());
        // The creation rate's bucket, full, still gives a token.
        assert!(hub.may_create());
    }
}

//! A new game as its creator decided it (the lobby's request, or a finished
//! game's rematch), dealt: its first chance draws sampled from the operating
//! system and the row the database stores.

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::{ChanceError, GameState, Setup, SetupError};
use rand_core::{OsRng, UnwrapErr};

use crate::clock::now_ms;
use crate::store::{StoreError, StoredGame, StoredSeat};
use crate::tokens::{GameId, TokenHash};

use super::LoadError;

/// A game to open: its id, rules, seats and options.
pub(crate) struct NewGame {
    /// The game's id (its invite links are made before it is stored).
    pub id: GameId,
    /// The engine's setup: the players and the rules' options.
    pub setup: Setup,
    /// The seats in order: names, tokens' digests, bots.
    pub seats: Vec<StoredSeat>,
    /// The digest of the host's token (hands seats to bots).
    pub host_hash: TokenHash,
    /// Whether the lobby lists the game while a person's seat is free.
    pub listed: bool,
    /// Seconds a person may take for a decision before a bot takes the seat
    /// (0: never).
    pub idle_secs: u64,
    /// The bot specification that takes an idle seat.
    pub idle_bot: String,
}

/// Why a new game was not opened; nothing of it is in memory.
#[derive(Debug, thiserror::Error)]
pub(crate) enum OpenError {
    /// The engine cannot start a game from the setup.
    #[error("the setup: {0}")]
    Setup(#[from] SetupError),
    /// The first draws failed.
    #[error("the first draws: {0}")]
    Deal(#[from] ChanceError),
    /// The database failed; nothing was stored.
    #[error("the database: {0}")]
    Store(#[from] StoreError),
    /// The game stored does not load back.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The finished game has its rematch already (another connection or
    /// server made it first); nothing was stored.
    #[error("the rematch was made already")]
    RematchMade,
}

impl NewGame {
    /// The game dealt as the database stores it: the draws before the first
    /// decision (the tokens dealt, the first tile), from the operating system
    /// now.
    ///
    /// # Errors
    /// [`OpenError::Setup`] for a setup the engine refuses,
    /// [`OpenError::Deal`] when the draws fail.
    pub(crate) fn deal(self) -> Result<StoredGame, OpenError> {
        let played = GameState::new(&self.setup)?.play_chance(Sampled(UnwrapErr(OsRng)))?;
        let now = now_ms();
        Ok(StoredGame {
            id: self.id,
            created_ms: now,
            last_move_ms: now,
            setup: serde_json::to_string(&self.setup).expect("a setup serialises"),
            host_hash: self.host_hash,
            listed: self.listed,
            idle_secs: self.idle_secs,
            idle_bot: self.idle_bot,
            finished: played.state.is_over(),
            seats: self.seats,
            moves: played.moves().map(|draw| draw.to_string()).collect(),
            rematch_game: None,
        })
    }
}

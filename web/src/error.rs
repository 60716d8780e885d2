//! The errors the page can get: each says what was refused and why, and none
//! changes the game.

use core::fmt;

/// Why a request from the page was refused. The game it was made on is
/// unchanged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WebError {
    /// The options of a new game are not valid (players, seed, seats).
    Setup(String),
    /// The text is not a move in the engine's notation.
    Notation {
        /// The text as given.
        text: String,
        /// What the notation expects.
        why: String,
    },
    /// The move is not legal in the current position (the engine's reason).
    Illegal(String),
    /// Someone else decides now: chance, a bot, another player, or nobody
    /// (the game is over).
    NotYourTurn(String),
    /// A bot's move was computed for a position that is no longer the current
    /// one (the game was undone or changed meanwhile).
    Stale {
        /// The step the move was computed for.
        computed_for: usize,
        /// The current step.
        current: usize,
    },
    /// No human decision to go back to.
    NothingToUndo,
    /// A game record that cannot be loaded: not JSON, not a record, or a step
    /// that does not replay (named in the message).
    Record(String),
    /// A bot that cannot be built or cannot move.
    Bot(String),
}

impl WebError {
    /// A short type name for JavaScript (`error.name`): `SetupError`,
    /// `NotationError`, `IllegalMove`, `NotYourTurn`, `StaleMove`,
    /// `NothingToUndo`, `RecordError` or `BotError`.
    pub fn name(&self) -> &'static str {
        match self {
            WebError::Setup(_) => "SetupError",
            WebError::Notation { .. } => "NotationError",
            WebError::Illegal(_) => "IllegalMove",
            WebError::NotYourTurn(_) => "NotYourTurn",
            WebError::Stale { .. } => "StaleMove",
            WebError::NothingToUndo => "NothingToUndo",
            WebError::Record(_) => "RecordError",
            WebError::Bot(_) => "BotError",
        }
    }
}

impl fmt::Display for WebError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WebError::Setup(why) => write!(f, "cannot start this game: {why}"),
            WebError::Notation { text, why } => write!(f, "`{text}` is not a move: {why}"),
            WebError::Illegal(why) => f.write_str(why),
            WebError::NotYourTurn(why) => f.write_str(why),
            WebError::Stale {
                computed_for,
                current,
            } => write!(
                f,
                "the move was computed for step {computed_for}, but the game is at step {current}"
            ),
            WebError::NothingToUndo => f.write_str("there is no earlier human decision to go back to"),
            WebError::Record(why) => write!(f, "cannot load the record: {why}"),
            WebError::Bot(why) => write!(f, "bot: {why}"),
        }
    }
}

impl std::error::Error for WebError {}

/// The move written `text` in the engine's notation.
///
/// # Errors
/// [`WebError::Notation`] for a text that is not a move, saying why.
pub(crate) fn parse_move(text: &str) -> Result<carcassonne_safari::Move, WebError> {
    text.trim().parse().map_err(
        |e: carcassonne_safari::notation::NotationError| WebError::Notation {
            text: text.into(),
            why: e.to_string(),
        },
    )
}

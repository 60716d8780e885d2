//! Who sits at each seat: a person at this browser, or a bot of some strength.

use carcassonne_safari::{GameState, Move};
use carcassonne_safari_bots::{from_spec, Bot};
use serde::Serialize;

use crate::error::WebError;

/// A bot strength the page offers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct BotLevel {
    /// Its identifier in seat options (`greedy`, `mcts-quick`, ...).
    pub id: &'static str,
    /// Its name in the page.
    pub label: &'static str,
    /// The bots crate's specification (`from_spec`), iteration budgets only:
    /// WebAssembly in a browser has no clock and no threads for the bots.
    pub spec: &'static str,
    /// One line on how it plays.
    pub about: &'static str,
}

/// The strengths offered, weakest first.
pub const BOT_LEVELS: [BotLevel; 4] = [
    BotLevel {
        id: "random",
        label: "Random",
        spec: "random",
        about: "any legal move",
    },
    BotLevel {
        id: "greedy",
        label: "Greedy",
        spec: "greedy",
        about: "the best move for the rest of the turn",
    },
    BotLevel {
        id: "mcts-quick",
        label: "MCTS quick",
        spec: "mcts:it=400",
        about: "tree search, 400 playouts per decision",
    },
    BotLevel {
        id: "mcts-strong",
        label: "MCTS strong",
        spec: "mcts:it=3000",
        about: "tree search, 3,000 playouts per decision (about a second)",
    },
];

/// The strength a new bot seat gets.
pub const DEFAULT_BOT: &str = "mcts-quick";

/// A seat: a person or a bot.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Seat {
    /// A person at this browser (hot seat when several).
    Human,
    /// A bot.
    Bot {
        /// The level's id, or the specification when it is not a listed level.
        level: String,
        /// Its name in the page.
        label: String,
        /// The bots crate's specification.
        spec: String,
    },
}

impl Seat {
    /// A seat from its option text: `human`, a level id of [`BOT_LEVELS`], or
    /// a bots-crate specification with an iteration budget (`mcts:it=800`).
    ///
    /// # Errors
    /// [`WebError::Setup`] for anything else, with the reason.
    pub fn parse(text: &str) -> Result<Seat, WebError> {
        let text = text.trim();
        if text == "human" {
            return Ok(Seat::Human);
        }
        if let Some(level) = BOT_LEVELS.iter().find(|l| l.id == text) {
            return Ok(Seat::Bot {
                level: level.id.into(),
                label: level.label.into(),
                spec: level.spec.into(),
            });
        }
        check_spec(text).map_err(|e| WebError::Setup(format!("seat `{text}`: {e}")))?;
        Ok(Seat::Bot {
            level: text.into(),
            label: text.into(),
            spec: text.into(),
        })
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }

    /// The bot specification, for a bot seat.
    pub fn spec(&self) -> Option<&str> {
        match self {
            Seat::Human => None,
            Seat::Bot { spec, .. } => Some(spec),
        }
    }

    /// How the page names the seat's player.
    pub fn label(&self) -> &str {
        match self {
            Seat::Human => "Human",
            Seat::Bot { label, .. } => label,
        }
    }
}

/// Refuses the specifications that cannot run in a browser (time budgets and
/// threads), and those the bots crate refuses.
fn check_spec(spec: &str) -> Result<(), String> {
    let (_, options) = spec.split_once(':').unwrap_or((spec, ""));
    for option in options.split(',') {
        let key = option.split_once('=').map_or(option, |(k, _)| k);
        if key == "ms" || key == "threads" {
            return Err(format!(
                "option `{key}` needs a clock or threads, which WebAssembly in a browser lacks; use `it=N`"
            ));
        }
    }
    from_spec(spec, 0).map(|_| ()).map_err(|e| e.to_string())
}

/// What a bot decided.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BotChoice {
    /// The move, in the engine's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Search iterations (0 for bots that do not search).
    pub iterations: u32,
}

/// The move bot `spec` (seeded with `seed`) makes in `state`.
///
/// # Errors
/// [`WebError::Bot`] for a specification that cannot run here, or when no
/// player is to move.
pub fn choose(state: &GameState, spec: &str, seed: u64) -> Result<(Move, u32), WebError> {
    check_spec(spec).map_err(WebError::Bot)?;
    let mut bot = from_spec(spec, seed).map_err(|e| WebError::Bot(e.to_string()))?;
    let mv = bot.choose(state).map_err(|e| WebError::Bot(e.to_string()))?;
    let iterations = bot.last_search().map_or(0, |s| s.iterations);
    Ok((mv, iterations))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_parse() {
        assert_eq!(Seat::parse("human"), Ok(Seat::Human));
        assert_eq!(Seat::parse("greedy").unwrap().spec(), Some("greedy"));
        assert_eq!(Seat::parse("mcts:it=50").unwrap().spec(), Some("mcts:it=50"));
        assert!(Seat::parse("mcts:ms=50").is_err());
        assert!(Seat::parse("mcts:it=5,threads=2").is_err());
        assert!(Seat::parse("deep-blue").is_err());
        assert!(Seat::parse("").is_err());
    }

    #[test]
    fn levels_are_valid_specs() {
        for level in BOT_LEVELS {
            check_spec(level.spec).unwrap();
        }
        assert!(BOT_LEVELS.iter().any(|l| l.id == DEFAULT_BOT));
    }
}

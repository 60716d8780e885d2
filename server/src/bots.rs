//! Bots on the server: specifications checked against the server's budget
//! limits, and searches run on threads of their own (never on the threads
//! that serve connections), a bounded number at a time.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use carcassonne_safari::{GameState, Move};
use carcassonne_safari_bots::{Bot, BotSpec, Budget, SpecError};
use tokio::sync::Semaphore;

use crate::tokens::os_u64;

/// The longest bot specification taken.
pub const MAX_SPEC_LEN: usize = 64;

/// A bot of a seat, as the server keeps it between its decisions.
pub type SeatBot = Box<dyn Bot + Send>;

/// Why a bot specification is refused on this server.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BotRefused {
    /// Longer than [`MAX_SPEC_LEN`].
    #[error("a bot specification has at most {MAX_SPEC_LEN} characters")]
    TooLong,
    /// The bots crate does not take it.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A search on more than one thread.
    #[error("bots on this server think on one thread (threads=1)")]
    Threads,
    /// A search of more iterations than the server allows.
    #[error("a bot may search at most {max} iterations on this server ({spec} searches {iterations})")]
    Iterations {
        /// The specification as given.
        spec: String,
        /// The iterations it searches (its default when it names none).
        iterations: u32,
        /// The server's `--bot-max-iterations`.
        max: u32,
    },
    /// A search of more time than the server allows.
    #[error("a bot may think at most {max} ms on this server ({spec} thinks {ms} ms)")]
    Time {
        /// The specification as given.
        spec: String,
        /// Its milliseconds per decision.
        ms: u128,
        /// The server's `--bot-max-ms`.
        max: u64,
    },
}

/// Runs bots: checks their specifications and their budgets, and runs their
/// searches on blocking threads, at most `threads` at once.
#[derive(Clone)]
pub struct Bots {
    permits: Arc<Semaphore>,
    max_ms: u64,
    max_iterations: u32,
}

impl Bots {
    /// Bots that search at most `threads` at a time, with budgets of at most
    /// `max_ms` milliseconds or `max_iterations` iterations per decision.
    pub fn new(threads: usize, max_ms: u64, max_iterations: u32) -> Bots {
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        Bots {
            permits: Arc::new(Semaphore::new(threads)),
            max_ms,
            max_iterations,
        }
    }

    /// Checks a specification (`greedy`, `mcts:ms=500`, ...): the bots
    /// crate must take it ([`BotSpec`]'s parser), and its search, as the
    /// bots crate builds it (the bot's default budget when the text gives
    /// none), must stay within this server's budget: one thread, at most the
    /// largest time or iteration budget.
    ///
    /// # Errors
    /// [`BotRefused`], saying what is wrong.
    pub fn check(&self, spec: &str) -> Result<BotSpec, BotRefused> {
        if spec.len() > MAX_SPEC_LEN {
            return Err(BotRefused::TooLong);
        }
        let parsed = BotSpec::from_str(spec)?;
        if parsed.threads != 1 {
            return Err(BotRefused::Threads);
        }
        if let Some(n) = parsed.iterations() {
            if n > self.max_iterations {
                return Err(BotRefused::Iterations {
                    spec: spec.to_owned(),
                    iterations: n,
                    max: self.max_iterations,
                });
            }
        }
        if let Some(Budget::Time(t)) = parsed.budget {
            if t > Duration::from_millis(self.max_ms) {
                return Err(BotRefused::Time {
                    spec: spec.to_owned(),
                    ms: t.as_millis(),
                    max: self.max_ms,
                });
            }
        }
        Ok(parsed)
    }

    /// A new bot of a specification, seeded from the operating system. The
    /// server's limits are not checked again: a stored game keeps the bots
    /// it was created with.
    ///
    /// # Errors
    /// The bots crate's refusal of the specification.
    pub fn make(&self, spec: &str) -> Result<SeatBot, SpecError> {
        Ok(BotSpec::from_str(spec)?.build(os_u64()))
    }

    /// The bot's move in `state`, searched on a blocking thread once one of
    /// the search permits is free. A bot that fails or panics is replaced by
    /// a uniformly random legal move (and the bot is dropped: `None`), so a
    /// game never stalls on a bot.
    pub async fn choose(&self, bot: SeatBot, state: GameState) -> (Option<SeatBot>, Option<Move>) {
        let Ok(_permit) = self.permits.acquire().await else {
            return (None, None);
        };
        let fallback = state.clone();
        let searched = tokio::task::spawn_blocking(move || {
            let mut bot = bot;
            let mv = bot.choose(&state);
            (bot, mv)
        })
        .await;
        match searched {
            Ok((bot, Ok(mv))) => (Some(bot), Some(mv)),
            Ok((_, Err(e))) => {
                tracing::warn!(error = %e, "a bot refused to choose; a random legal move is played");
                (None, random_move(&fallback))
            }
            Err(e) => {
                tracing::error!(error = %e, "a bot panicked; a random legal move is played");
                (None, random_move(&fallback))
            }
        }
    }
}

/// A uniformly random legal move, from the operating system's randomness.
fn random_move(state: &GameState) -> Option<Move> {
    let moves = state.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(moves[(os_u64() % moves.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifications_are_checked_against_the_budget() {
        let bots = Bots::new(1, 500, 5000);
        assert!(bots.check("greedy").is_ok());
        assert!(bots.check("mcts").is_ok());
        assert!(bots.check("mcts:it=5000,c=0.5").is_ok());
        assert!(bots.check("mcts:ms=500").is_ok());
        assert!(bots.check("mcts:it=5001").is_err());
        assert!(bots.check("mcts:ms=501").is_err());
        assert!(bots.check("mcts:ms=99999999999999999999999").is_err());
        assert_eq!(bots.check("mcts:threads=4"), Err(BotRefused::Threads));
        assert!(bots.check("mcts:threads=1").is_ok());
        assert!(bots.check("deep-blue").is_err());
        assert!(bots.check("greedy:it=3").is_err());
        assert_eq!(bots.check(&"x".repeat(65)), Err(BotRefused::TooLong));
        assert!(matches!(bots.check("deep-blue"), Err(BotRefused::Spec(_))));
        assert!(matches!(
            bots.check("mcts:ms=501"),
            Err(BotRefused::Time {
                ms: 501,
                max: 500,
                ..
            })
        ));
    }

    #[test]
    fn the_default_budget_of_a_specification_counts() {
        // `mcts` searches 2,000 iterations (MctsConfig::default), more than
        // a server of at most 500 allows, though the specification says no
        // budget.
        let bots = Bots::new(1, 300, 500);
        assert_eq!(
            bots.check("mcts"),
            Err(BotRefused::Iterations {
                spec: "mcts".into(),
                iterations: 2_000,
                max: 500
            })
        );
        assert!(bots.check("mcts-0.1").is_err());
        assert!(bots.check("mcts:c=0.5").is_err());
        assert!(bots.check("mcts:it=500").is_ok());
        assert!(bots.check("mcts:ms=300").is_ok());
        assert!(bots.check("mcts:ms=301").is_err());
        // Two budgets are refused, as the bots crate reads them.
        assert!(bots.check("mcts:it=9000,ms=200").is_err());
        assert!(bots.check("mcts:ms=200,it=9000").is_err());
        assert!(bots.check("mcts:it=400,it=600").is_err());
        assert!(bots.check("greedy").is_ok());
        assert!(bots.check("oneply").is_ok());
    }
}

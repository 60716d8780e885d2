//! Bots on the server: specifications checked against the server's budget
//! limits, and searches run on threads of their own (never on the threads
//! that serve connections), a bounded number at a time.

use std::sync::Arc;

use carcassonne_safari::{GameState, Move};
use std::time::Duration;

use carcassonne_safari_bots::{from_spec, Bot, Budget, MctsConfig};
use tokio::sync::Semaphore;

use crate::tokens::os_u64;

/// The longest bot specification taken.
pub const MAX_SPEC_LEN: usize = 64;

/// A bot of a seat, as the server keeps it between its decisions.
pub type SeatBot = Box<dyn Bot + Send>;

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
    /// crate must know it, and a search must stay within this server's
    /// budget: one thread, at most the largest time or iteration budget.
    ///
    /// # Errors
    /// A sentence saying what is wrong.
    pub fn check(&self, spec: &str) -> Result<(), String> {
        if spec.len() > MAX_SPEC_LEN {
            return Err(format!(
                "a bot specification has at most {MAX_SPEC_LEN} characters"
            ));
        }
        from_spec(spec, 0).map_err(|e| e.to_string())?;
        let search = Search::of(spec);
        if search.threads != 1 {
            return Err("bots on this server think on one thread (threads=1)".into());
        }
        match search.budget {
            Some(Budget::Iterations(n)) if n > self.max_iterations => Err(format!(
                "a bot may search at most {} iterations on this server ({spec} searches {n})",
                self.max_iterations
            )),
            Some(Budget::Time(t)) if t > Duration::from_millis(self.max_ms) => Err(format!(
                "a bot may think at most {} ms on this server ({spec} thinks {} ms)",
                self.max_ms,
                t.as_millis()
            )),
            _ => Ok(()),
        }
    }

    /// A new bot of a checked specification, seeded from the operating
    /// system.
    ///
    /// # Errors
    /// The bots crate's refusal of the specification.
    pub fn make(&self, spec: &str) -> Result<SeatBot, String> {
        from_spec(spec, os_u64()).map_err(|e| e.to_string())
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

/// The search a bot specification asks for, as the bots crate builds it: its
/// budget per decision (`None`: the bot does not search) and its threads.
///
/// The one place the server reads a specification's options, from the bots
/// crate's documented defaults ([`MctsConfig::default`],
/// [`MctsConfig::version_0_1`]) and its options `it`, `ms` and `threads`
/// (the last of each counts, as in `from_spec`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Search {
    budget: Option<Budget>,
    threads: usize,
}

impl Search {
    /// The search of a specification `from_spec` took.
    fn of(spec: &str) -> Search {
        let (name, options) = spec.split_once(':').unwrap_or((spec, ""));
        let config = match name {
            "mcts" => MctsConfig::default(),
            "mcts-0.1" => MctsConfig::version_0_1(MctsConfig::default().budget),
            _ => {
                return Search {
                    budget: None,
                    threads: 1,
                }
            }
        };
        let mut search = Search {
            budget: Some(config.budget),
            threads: config.threads,
        };
        for option in options.split(',') {
            let Some((key, value)) = option.split_once('=') else {
                continue;
            };
            let Ok(number) = value.parse::<u32>() else {
                continue;
            };
            match key {
                "it" => search.budget = Some(Budget::Iterations(number.max(1))),
                "ms" => search.budget = Some(Budget::millis(u64::from(number.max(1)))),
                "threads" => search.threads = number.clamp(1, 64) as usize,
                _ => {}
            }
        }
        search
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
        assert!(bots.check("mcts:threads=4").is_err());
        assert!(bots.check("mcts:threads=1").is_ok());
        assert!(bots.check("deep-blue").is_err());
        assert!(bots.check("greedy:it=3").is_err());
        assert!(bots.check(&"x".repeat(65)).is_err());
    }

    #[test]
    fn the_default_budget_of_a_specification_counts() {
        // `mcts` searches 2,000 iterations (MctsConfig::default), more than
        // a server of at most 500 allows, though the specification says no
        // budget.
        let bots = Bots::new(1, 300, 500);
        assert!(bots.check("mcts").is_err());
        assert!(bots.check("mcts-0.1").is_err());
        assert!(bots.check("mcts:c=0.5").is_err());
        assert!(bots.check("mcts:it=500").is_ok());
        assert!(bots.check("mcts:ms=300").is_ok());
        assert!(bots.check("mcts:ms=301").is_err());
        // The last budget counts, as the bots crate reads it.
        assert!(bots.check("mcts:it=9000,ms=200").is_ok());
        assert!(bots.check("mcts:ms=200,it=9000").is_err());
        assert!(bots.check("mcts:it=400,it=600").is_err());
        assert!(bots.check("greedy").is_ok());
        assert!(bots.check("oneply").is_ok());
    }
}

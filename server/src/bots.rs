//! Bots on the server: specifications checked against the server's budget
//! limits, and searches run on threads of their own (never on the threads
//! that serve connections), a bounded number at a time.

use std::sync::Arc;

use carcassonne_safari::{GameState, Move};
use carcassonne_safari_bots::{from_spec, Bot};
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
        let options = spec.split_once(':').map_or("", |(_, o)| o);
        for option in options.split(',').filter(|o| !o.is_empty()) {
            let Some((key, value)) = option.split_once('=') else {
                continue;
            };
            let number: u64 = value.parse().unwrap_or(u64::MAX);
            match key {
                "threads" if number != 1 => {
                    return Err("bots on this server think on one thread (threads=1)".into())
                }
                "ms" if number > self.max_ms => {
                    return Err(format!(
                        "a bot may think at most {} ms on this server",
                        self.max_ms
                    ))
                }
                "it" if number > u64::from(self.max_iterations) => {
                    return Err(format!(
                        "a bot may search at most {} iterations on this server",
                        self.max_iterations
                    ))
                }
                _ => {}
            }
        }
        Ok(())
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
}

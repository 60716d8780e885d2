//! Monte-Carlo tree search that respects chance.
//!
//! Each iteration walks down the tree from the current position: at a player's
//! decision it picks a move by UCT (the move with the best mean reward for the
//! player who makes it, plus an exploration bonus), at a chance node it draws a
//! tile or token with the game's own weights; the first position not yet in the
//! tree is added, the game is played out to its end by a fast random policy,
//! and every node on the path adds the result for the player who moved into it.
//! After the budget, the most visited move is played.

mod tree;

use alloc::vec::Vec;

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{GameState, Move};

use crate::budget::Budget;
use crate::rng::BotRng;
use crate::{player_moves, Bot, BotError};

/// How an [`Mcts`] bot searches.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct MctsConfig {
    /// Iterations or time per decision (per thread).
    pub budget: Budget,
    /// The UCT exploration constant (rewards are in `0..=1`).
    pub exploration: f64,
    /// Points of margin over the best opponent that count as a sure win: a
    /// playout is worth `0.5 + 0.5 * tanh(margin / reward_scale)` to a player.
    pub reward_scale: f64,
    /// Independent searches run in parallel and merged at the root (with `std`).
    pub threads: usize,
}

impl Default for MctsConfig {
    /// 2,000 iterations per decision on one thread.
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(2_000),
            exploration: 0.7,
            reward_scale: 10.0,
            threads: 1,
        }
    }
}

impl MctsConfig {
    /// The default search with this budget.
    pub fn with_budget(budget: Budget) -> MctsConfig {
        MctsConfig {
            budget,
            ..MctsConfig::default()
        }
    }
}

/// One move at the root of the last search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// How often the search tried it.
    pub visits: u32,
    /// Its mean reward for the player to move, in `0..=1`.
    pub value: f64,
}

/// What the last search found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run, over all threads.
    pub iterations: u32,
    /// Every root move with its visits and value, most visited first.
    pub root: Vec<RootMove>,
    /// The most visited line from the root: the move played, then what the
    /// search expects next (player moves and the most visited chance outcomes).
    pub principal_variation: Vec<Move>,
}

/// The Monte-Carlo tree search player. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Mcts {
    config: MctsConfig,
    seed: u64,
    decisions: u64,
    stats: Option<SearchStats>,
}

impl Mcts {
    /// A searcher with `config`, seeded with `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Mcts {
        Mcts {
            config,
            seed,
            decisions: 0,
            stats: None,
        }
    }

    /// Its configuration.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }
}

impl Bot for Mcts {
    fn name(&self) -> &str {
        "mcts"
    }

    fn choose(&mut self, state: &GameState) -> Result<Move, BotError> {
        let moves = player_moves(state)?;
        self.decisions += 1;
        // Every decision and thread gets its own stream, fixed by the seed.
        let seed_of = |thread: u64| {
            self.seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(self.decisions << 8 | thread)
        };
        if moves.len() == 1 {
            self.stats = Some(SearchStats {
                iterations: 0,
                root: alloc::vec![RootMove {
                    mv: moves[0],
                    visits: 0,
                    value: 0.5
                }],
                principal_variation: alloc::vec![moves[0]],
            });
            return Ok(moves[0]);
        }
        let threads = self.config.threads.max(1);
        let searches = run_searches(state, &self.config, threads, seed_of);
        let stats = tree::merge(&searches);
        let best = stats.root.first().map(|r| r.mv).unwrap_or(moves[0]);
        self.stats = Some(stats);
        Ok(best)
    }

    fn last_search(&self) -> Option<&SearchStats> {
        self.stats.as_ref()
    }
}

#[cfg(feature = "std")]
fn run_searches(
    state: &GameState,
    config: &MctsConfig,
    threads: usize,
    seed_of: impl Fn(u64) -> u64,
) -> Vec<tree::Tree> {
    if threads == 1 {
        return alloc::vec![tree::search(state, config, BotRng::seed_from_u64(seed_of(0)))];
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let rng = BotRng::seed_from_u64(seed_of(t));
                scope.spawn(move || tree::search(state, config, rng))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a search thread does not panic"))
            .collect()
    })
}

#[cfg(not(feature = "std"))]
fn run_searches(
    state: &GameState,
    config: &MctsConfig,
    threads: usize,
    seed_of: impl Fn(u64) -> u64,
) -> Vec<tree::Tree> {
    (0..threads as u64)
        .map(|t| tree::search(state, config, BotRng::seed_from_u64(seed_of(t))))
        .collect()
}

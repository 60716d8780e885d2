//! Monte-Carlo tree search that respects chance.
//!
//! Each iteration walks down the tree from the current position: at a
//! player's decision it picks a move by UCT among the node's open children
//! (progressive widening over moves sorted by a prior), at a chance node it
//! takes the outcome furthest behind its share of the visits (or draws one
//! with the game's own weights); the first position not yet in the tree is
//! added and valued by the search's [`Evaluator`], and every node on the
//! path adds the value of the player who moved into it (in `0..=1`). The
//! evaluator is the seam between the tree and what the game is worth, as in
//! OpenSpiel's `mcts.cc`: it gives the value of a leaf and the prior of a
//! decision's moves. [`ScoreEstimate`] (the default) values a leaf by the
//! position evaluation ([`crate::eval`]) and orders moves by the evaluation
//! after each; [`RandomPlayout`] plays the game out to its end by the
//! engine's kind-first random policy and rewards the score margin (the 0.1.0
//! search). By default the tree is one of whole turns
//! ([`MctsConfig::whole_turns`]): below the root, a turn's decisions after
//! its placement are played by the look-ahead, and the tree is valued at the
//! start of each turn, so that a larger budget searches deeper. The search
//! applies the moves its generator produced without checking them again
//! ([`GameState::apply_unchecked`]). After the budget the most visited move
//! is played. The tree is kept: when the next decision's position is in it
//! (the bot's own next decision of the turn, or after the opponents' moves),
//! the search goes on from there. With `std`, `threads` independent searches
//! run in parallel and are merged at the root.
//!
//! Its measured strength, with the commands, is in the crate's README.

mod estimate;
mod evaluator;
mod playout;
mod tree;

use alloc::vec::Vec;

use carcassonne_safari::chance::mix_seed;
use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{GameState, Move};

use crate::budget::Budget;
use crate::rng::BotRng;
use crate::{player_moves, Bot, BotError};
use tree::Tree;

pub use estimate::ScoreEstimate;
pub use evaluator::{kind_prior, margin_values, Evaluator, Values};
pub use playout::RandomPlayout;

/// How an [`Mcts`] bot searches.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct MctsConfig {
    /// Iterations or time per decision (per thread).
    pub budget: Budget,
    /// The UCT exploration constant (values are in `0..=1`).
    pub exploration: f32,
    /// Progressive widening: a decision node visited `n` times chooses among
    /// its first `ceil(widening * n^widening_exponent)` moves by prior; 0
    /// opens every move at once (plain UCT).
    pub widening: f32,
    /// See [`MctsConfig::widening`].
    pub widening_exponent: f32,
    /// How many visits a move's prior counts for, as a value in `0..=1`
    /// ([`Evaluator::prior`]): 0 uses the prior for the order of the moves
    /// only (the 0.1.0 search); above 0 a move starts with its prior as its
    /// mean value, worth that many visits, the priors of a node's moves
    /// moved so that the best of them is the mean value its visited
    /// children have shown (a prior says how much worse a move is, on the
    /// scale of what the visits learn).
    pub prior_visits: f32,
    /// Whether a chance node's outcomes are visited in proportion to their
    /// weights (stratified: the outcome furthest behind its share next)
    /// rather than drawn at random.
    pub stratified: bool,
    /// Whether the tree is valued at the start of turns only: a new node is
    /// valued where it is added only when it is a tile draw or the end of
    /// the game; elsewhere it is expanded at once and the descent goes on
    /// through it (with [`ScoreEstimate`], through the one move the
    /// look-ahead plays after a placement), and a tile draw is searched past
    /// on its next visit. Else every new node is valued where it is added
    /// (the classic search).
    pub whole_turns: bool,
    /// Independent searches run in parallel and merged at the root (with
    /// `std`; each thread has the whole budget).
    pub threads: usize,
}

impl Default for MctsConfig {
    /// 2,000 iterations per decision on one thread, priors worth 5 visits
    /// (for [`ScoreEstimate`], whose priors are values), chance outcomes
    /// visited in proportion to their weights, a tree of whole turns (the
    /// bots crate's README measures it against its budget).
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(2_000),
            exploration: 0.35,
            widening: 2.0,
            widening_exponent: 0.5,
            prior_visits: 5.0,
            stratified: true,
            whole_turns: true,
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

    /// The search of version 0.1.0 (to be used with [`RandomPlayout`]): the
    /// prior orders the moves only ([`MctsConfig::prior_visits`] 0), chance
    /// drawn at random, every new node valued where it is added, with this
    /// budget. `from_spec("mcts-0.1", ...)` builds it.
    pub fn version_0_1(budget: Budget) -> MctsConfig {
        MctsConfig {
            budget,
            prior_visits: 0.0,
            stratified: false,
            whole_turns: false,
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
    /// Iterations run for this decision, over all threads (a reused tree's
    /// earlier iterations not counted).
    pub iterations: u32,
    /// Visits the root had from the tree kept since earlier decisions,
    /// before this search (over all threads).
    pub reused_visits: u32,
    /// Every root move with its visits (reused ones included) and value, most
    /// visited first.
    pub root: Vec<RootMove>,
    /// The most visited line from the root: the move played, then what the
    /// search expects next (player moves and the most visited chance outcomes).
    pub principal_variation: Vec<Move>,
}

/// The Monte-Carlo tree search player, its leaves valued and its moves
/// ordered by the evaluator `E`. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Mcts<E = ScoreEstimate> {
    config: MctsConfig,
    seed: u64,
    decisions: u64,
    /// One evaluator per thread (clones of the one given).
    evaluators: Vec<E>,
    trees: Vec<Tree>,
    stats: Option<SearchStats>,
}

impl Mcts {
    /// A searcher with `config` whose leaves and priors come from the
    /// learned evaluation ([`ScoreEstimate`]'s defaults), seeded with `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Mcts {
        Mcts::with_evaluator(config, ScoreEstimate::default(), seed)
    }
}

impl Mcts<RandomPlayout> {
    /// The search of version 0.1.0 with `budget`: random playouts, the
    /// kind prior for the order of moves ([`MctsConfig::version_0_1`]).
    pub fn version_0_1(budget: Budget, seed: u64) -> Mcts<RandomPlayout> {
        Mcts::with_evaluator(MctsConfig::version_0_1(budget), RandomPlayout::default(), seed)
    }
}

impl<E: Evaluator + Clone + Send> Mcts<E> {
    /// A searcher with `config` whose leaves and priors come from
    /// `evaluator` (cloned for each thread), seeded with `seed`.
    pub fn with_evaluator(config: MctsConfig, evaluator: E, seed: u64) -> Mcts<E> {
        let threads = config.threads.max(1);
        Mcts {
            config,
            seed,
            decisions: 0,
            evaluators: alloc::vec![evaluator; threads],
            trees: Vec::new(),
            stats: None,
        }
    }

    /// How it searches: budget, exploration, widening, threads.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The evaluator that values its leaves and orders its moves (the first thread's).
    pub fn evaluator(&self) -> &E {
        &self.evaluators[0]
    }
}

/// How deep a kept tree is searched for the new position: a turn of every
/// opponent (draw, place, action, boosts, return) and the bot's own draw.
const REUSE_DEPTH: usize = 40;

impl<E: Evaluator + Clone + Send> Bot for Mcts<E> {
    fn name(&self) -> &str {
        "mcts"
    }

    fn choose(&mut self, state: &GameState) -> Result<Move, BotError> {
        let moves = player_moves(state)?;
        self.decisions += 1;
        if moves.len() == 1 {
            self.stats = Some(SearchStats {
                iterations: 0,
                reused_visits: 0,
                root: alloc::vec![RootMove {
                    mv: moves[0],
                    visits: 0,
                    value: 0.5
                }],
                principal_variation: alloc::vec![moves[0]],
            });
            return Ok(moves[0]);
        }
        // Every decision and thread gets its own stream, fixed by the seed.
        let seed = self.seed;
        let decision = self.decisions;
        let seed_of = move |thread: u64| mix_seed(mix_seed(seed, decision), thread);
        let threads = self.evaluators.len();
        let key = state.position_key();
        let mut trees: Vec<Tree> = (0..threads)
            .map(|t| {
                self.trees
                    .get(t)
                    .and_then(|old| old.subtree(key, REUSE_DEPTH))
                    // The search applies its nodes' moves unchecked: a kept
                    // root must offer exactly the legal moves.
                    .filter(|t| {
                        t.nodes[0].first == tree::LEAF
                            || t.children(0).len() == moves.len()
                                && t.children(0).iter().all(|c| moves.contains(&c.mv))
                    })
                    .unwrap_or_else(|| Tree::new(state))
            })
            .collect();
        let reused_visits = trees.iter().map(|t| t.nodes[0].visits).sum();
        run_searches(&mut trees, &mut self.evaluators, state, &self.config, seed_of);
        let mut stats = tree::merge(&trees);
        stats.reused_visits = reused_visits;
        stats.iterations = trees.iter().map(|t| t.iterations).sum();
        let best = stats.root.first().map(|r| r.mv).unwrap_or(moves[0]);
        self.stats = Some(stats);
        self.trees = trees;
        Ok(best)
    }

    fn last_search(&self) -> Option<&SearchStats> {
        self.stats.as_ref()
    }
}

/// Runs one search per tree, tree `t` with evaluator `t`: with `std`, in
/// parallel threads when there are several.
fn run_searches<E: Evaluator + Send>(
    trees: &mut [Tree],
    evaluators: &mut [E],
    state: &GameState,
    config: &MctsConfig,
    seed_of: impl Fn(u64) -> u64 + Sync,
) {
    #[cfg(feature = "std")]
    if trees.len() > 1 {
        return std::thread::scope(|scope| {
            for (t, (tree, evaluator)) in trees.iter_mut().zip(evaluators.iter_mut()).enumerate() {
                let rng = BotRng::seed_from_u64(seed_of(t as u64));
                scope.spawn(move || tree::search(tree, state, config, evaluator, rng));
            }
        });
    }
    for (t, (tree, evaluator)) in trees.iter_mut().zip(evaluators.iter_mut()).enumerate() {
        tree::search(
            tree,
            state,
            config,
            evaluator,
            BotRng::seed_from_u64(seed_of(t as u64)),
        );
    }
}

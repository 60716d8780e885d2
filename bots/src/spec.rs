//! Bots by name, for arenas, UIs and bindings: `greedy`, `mcts:ms=200`, ...

use alloc::boxed::Box;
use alloc::string::String;

use alloc::vec::Vec;

use carcassonne_safari::rules::{MAX_PLAYERS, MIN_PLAYERS};

use crate::eval::{Evaluation, Term, Weights};
use crate::mcts::{PlayoutPolicy, PriorSource, RandomPlayout, ScoreEstimate};
use crate::{Bot, Budget, Greedy, KindFirstRandom, Mcts, MctsConfig, OnePly, Random};

/// The names [`from_spec`] knows (`kindrandom`, the 0.1.0 name of
/// `kindfirstrandom`, is still accepted).
pub const BOT_NAMES: [&str; 7] = [
    "random",
    "kindfirstrandom",
    "greedy",
    "oneply",
    "mcts",
    "mcts-0.1",
    "net",
];

/// Why a bot specification was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// No bot has this name.
    #[error("unknown bot `{0}` (known: random, kindfirstrandom, greedy, oneply, mcts)")]
    UnknownBot(String),
    /// An option the bot does not take, or a value that does not parse.
    #[error("bot `{bot}`: bad option `{option}` ({why})")]
    BadOption {
        /// The bot's name.
        bot: String,
        /// The option as written.
        option: String,
        /// What was expected.
        why: &'static str,
    },
}

/// A bot from a specification `NAME[:KEY=VALUE,...]`, seeded with `seed`.
///
/// Names: `random`, `kindfirstrandom` (also `kindrandom`, its 0.1.0 name),
/// `greedy`, `oneply`, `mcts` (the search with the learned evaluation,
/// [`Mcts::new`]) and `mcts-0.1` (the search of version 0.1.0, random
/// playouts, [`Mcts::version_0_1`]).
///
/// `oneply` takes `weights=learned|hand` (the evaluation's weights:
/// [`Weights::learned`] or [`Weights::hand_set`]) and `without=TERM` (that
/// [`Term`]'s weight 0, by its machine name; repeatable), to measure what
/// each term brings.
///
/// `mcts` and `mcts-0.1` take the options of the search ([`MctsConfig`]):
/// `it=N` (iterations per decision), `ms=N` (milliseconds per decision, with
/// `std`), `threads=N` (root parallelism, with `std`), `c=X` (exploration
/// constant), `pw=X` (progressive widening constant; 0 opens every move at
/// once), `pv=X` (visits a prior counts for; 5 for `mcts`, 0 for
/// `mcts-0.1` and random playouts), `reuse=0|1` (keep the tree between
/// decisions); `leaf=estimate|playout` (the evaluator: [`ScoreEstimate`],
/// the default of `mcts`, or [`RandomPlayout`], the default of `mcts-0.1`);
/// `scale=X` (points of margin for a sure win; 0 rewards wins only); for
/// random playouts `playout=kind|uniform|norangers` ([`PlayoutPolicy`]); for
/// the estimate `plies=N` (random moves before the evaluation),
/// `prior=eval|kind` ([`PriorSource`]), `root=lookahead|prior` (the root's
/// moves ordered by the one-ply look-ahead or like the others), `settle=0|1`
/// (a leaf inside a turn played to its end by the one-ply look-ahead) and
/// `weights=learned|hand`. The default budget is [`MctsConfig::default`]'s.
///
/// ```
/// use carcassonne_safari_bots::from_spec;
/// let bot = from_spec("mcts:it=500", 7).unwrap();
/// assert_eq!(bot.name(), "mcts");
/// assert!(from_spec("deep-blue", 7).is_err());
/// assert!(from_spec("greedy:it=5", 7).is_err());
/// ```
///
/// # Errors
/// [`SpecError`] for an unknown name or option, or a value that does not parse.
pub fn from_spec(spec: &str, seed: u64) -> Result<Box<dyn Bot + Send>, SpecError> {
    let (name, options) = spec.split_once(':').unwrap_or((spec, ""));
    let bad = |option: &str, why: &'static str| SpecError::BadOption {
        bot: name.into(),
        option: option.into(),
        why,
    };
    let options = options.split(',').filter(|o| !o.is_empty());
    match name {
        "oneply" => {
            let mut weights = Weights::learned();
            let mut without = Vec::new();
            for o in options {
                match o.split_once('=') {
                    Some(("weights", value)) => {
                        weights = parse_weights(value).ok_or_else(|| bad(o, "expected learned or hand"))?
                    }
                    Some(("without", value)) => {
                        without.push(Term::from_name(value).ok_or_else(|| bad(o, "expected a term's name"))?)
                    }
                    _ => return Err(bad(o, "known options: weights, without")),
                }
            }
            drop_terms(&mut weights, &without);
            Ok(Box::new(OnePly::with_evaluation(Evaluation::new(weights), seed)))
        }
        "net" => match options.into_iter().next() {
            Some(o) => Err(bad(o, "this bot takes no options")),
            None => Ok(Box::new(crate::PolicyNet::new(seed))),
        },
        "random" | "kindfirstrandom" | "kindrandom" | "greedy" => {
            if let Some(o) = options.into_iter().next() {
                return Err(bad(o, "this bot takes no options"));
            }
            Ok(match name {
                "random" => Box::new(Random::new(seed)),
                "kindfirstrandom" | "kindrandom" => Box::new(KindFirstRandom::new(seed)),
                _ => Box::new(Greedy::with_seed(seed)),
            })
        }
        "mcts" | "mcts-0.1" => {
            let old = name == "mcts-0.1";
            let mut config = if old {
                MctsConfig::version_0_1(MctsConfig::default().budget)
            } else {
                MctsConfig::default()
            };
            let mut playout = RandomPlayout::default();
            let mut estimate = ScoreEstimate::default();
            let mut leaf_is_playout = old;
            let mut prior_visits = None;
            let mut weights = Weights::learned();
            let mut without = Vec::new();
            for o in options {
                let (key, value) = o.split_once('=').ok_or_else(|| bad(o, "expected KEY=VALUE"))?;
                let number = || {
                    value
                        .parse::<u32>()
                        .map_err(|_| bad(o, "expected a whole number"))
                };
                let fraction = || {
                    value
                        .parse::<f32>()
                        .ok()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| bad(o, "expected a number >= 0"))
                };
                let flag = || match value {
                    "0" => Ok(false),
                    "1" => Ok(true),
                    _ => Err(bad(o, "expected 0 or 1")),
                };
                match key {
                    "it" => config.budget = Budget::Iterations(number()?.max(1)),
                    #[cfg(feature = "std")]
                    "ms" => config.budget = Budget::millis(number()?.max(1) as u64),
                    #[cfg(feature = "std")]
                    "threads" => config.threads = number()?.clamp(1, 64) as usize,
                    "c" => config.exploration = fraction()?,
                    "pw" => config.widening = fraction()?,
                    "pv" => prior_visits = Some(fraction()?),
                    "scale" => {
                        playout.reward_scale = fraction()?;
                        estimate.reward_scale = playout.reward_scale;
                    }
                    "reuse" => config.reuse_tree = flag()?,
                    "playout" => {
                        playout.policy = match value {
                            "kind" => PlayoutPolicy::KindFirstRandom,
                            "uniform" => PlayoutPolicy::Uniform,
                            "norangers" => PlayoutPolicy::NoRangers,
                            _ => return Err(bad(o, "expected kind, uniform or norangers")),
                        }
                    }
                    "leaf" => {
                        leaf_is_playout = match value {
                            "playout" => true,
                            "estimate" => false,
                            _ => return Err(bad(o, "expected playout or estimate")),
                        }
                    }
                    "plies" => estimate.playout_plies = number()?,
                    "settle" => estimate.settle = flag()?,
                    "root" => {
                        estimate.root_lookahead = match value {
                            "lookahead" => true,
                            "prior" => false,
                            _ => return Err(bad(o, "expected lookahead or prior")),
                        }
                    }
                    "weights" => weights = parse_weights(value).ok_or_else(|| bad(o, "expected learned or hand"))?,
                    "without" => without.push(Term::from_name(value).ok_or_else(|| bad(o, "expected a term's name"))?),
                    "prior" => {
                        estimate.prior = match value {
                            "kind" => PriorSource::Kind,
                            "eval" => PriorSource::Evaluation,
                            _ => return Err(bad(o, "expected kind or eval")),
                        }
                    }
                    _ => {
                        return Err(bad(
                            o,
                            "known options: it, ms, threads, c, pw, pv, scale, reuse, playout, leaf, plies, prior, root, settle, weights, without",
                        ))
                    }
                }
            }
            drop_terms(&mut weights, &without);
            estimate.set_evaluation(Evaluation::new(weights));
            // Priors count as visits only where they are values.
            config.prior_visits =
                prior_visits.unwrap_or(if leaf_is_playout { 0.0 } else { config.prior_visits });
            if leaf_is_playout {
                Ok(Box::new(Mcts::with_evaluator(config, playout, seed)))
            } else {
                Ok(Box::new(Mcts::with_evaluator(config, estimate, seed)))
            }
        }
        _ => Err(SpecError::UnknownBot(name.into())),
    }
}

/// Sets the weight of each of `terms` to 0, for every number of players.
fn drop_terms(weights: &mut Weights, terms: &[Term]) {
    for &t in terms {
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            weights.set(players, t, 0.0);
        }
    }
}

/// The weights a spec names: `learned` or `hand` (set by hand).
fn parse_weights(value: &str) -> Option<Weights> {
    match value {
        "learned" => Some(Weights::learned()),
        "hand" => Some(Weights::hand_set()),
        _ => None,
    }
}

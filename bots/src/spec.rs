//! Bots by name, for arenas, UIs and bindings: `greedy`, `mcts:ms=200`, ...

use alloc::boxed::Box;
use alloc::string::String;

use crate::mcts::{PlayoutPolicy, RandomPlayout};
use crate::{Bot, Budget, Greedy, KindFirstRandom, Mcts, MctsConfig, Random};

/// The names [`from_spec`] knows (`kindrandom`, the 0.1.0 name of
/// `kindfirstrandom`, is still accepted).
pub const BOT_NAMES: [&str; 4] = ["random", "kindfirstrandom", "greedy", "mcts"];

/// Why a bot specification was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// No bot has this name.
    #[error("unknown bot `{0}` (known: random, kindfirstrandom, greedy, mcts)")]
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
/// `greedy`, `mcts`. Options of `mcts` (see
/// [`MctsConfig`]): `it=N` (iterations per decision), `ms=N` (milliseconds per
/// decision, with `std`), `threads=N` (root parallelism, with `std`), `c=X`
/// (exploration constant), `pw=X` (progressive widening constant; 0 opens
/// every move at once), `reuse=0|1` (keep the tree between decisions), and of
/// its evaluator, [`RandomPlayout`]: `scale=X` (points of margin for a sure
/// win; 0 rewards wins only), `playout=kind|uniform|norangers` (the playout
/// policy, [`PlayoutPolicy`]). The default `mcts` budget is
/// [`MctsConfig::default`]'s.
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
        "mcts" => {
            let mut config = MctsConfig::default();
            let mut playout = RandomPlayout::default();
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
                    "scale" => playout.reward_scale = fraction()?,
                    "reuse" => config.reuse_tree = flag()?,
                    "playout" => {
                        playout.policy = match value {
                            "kind" => PlayoutPolicy::KindFirstRandom,
                            "uniform" => PlayoutPolicy::Uniform,
                            "norangers" => PlayoutPolicy::NoRangers,
                            _ => return Err(bad(o, "expected kind, uniform or norangers")),
                        }
                    }
                    _ => {
                        return Err(bad(
                            o,
                            "known options: it, ms, threads, c, pw, scale, reuse, playout",
                        ))
                    }
                }
            }
            Ok(Box::new(Mcts::with_evaluator(config, playout, seed)))
        }
        _ => Err(SpecError::UnknownBot(name.into())),
    }
}

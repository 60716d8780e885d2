//! Bots by name, for arenas, UIs and bindings: `greedy`, `mcts:ms=200`, ...

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use alloc::vec::Vec;

use carcassonne_safari::rules::{MAX_PLAYERS, MIN_PLAYERS};

use crate::eval::{Evaluation, Term, Weights};
use crate::mcts::{PlayoutPolicy, PriorSource, RandomPlayout, ScoreEstimate};
use crate::{Bot, Budget, Greedy, KindFirst, Mcts, MctsConfig, OnePly, Random, TwoPly};

/// The names [`from_spec`] knows (`kindrandom`, the 0.1.0 name of
/// `kindfirstrandom`, is still accepted).
pub const BOT_NAMES: [&str; 8] = [
    "random",
    "kindfirstrandom",
    "greedy",
    "oneply",
    "twoply",
    "mcts",
    "mcts-0.1",
    "net",
];

/// Why a bot specification was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// No bot has this name.
    #[error(
        "unknown bot `{0}` (known: random, kindfirstrandom, greedy, oneply, twoply, mcts, mcts-0.1, net)"
    )]
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
/// `greedy`, `oneply`, `twoply` ([`TwoPly`]), `mcts` (the search with the learned evaluation,
/// [`Mcts::new`]) and `mcts-0.1` (the search of version 0.1.0, random
/// playouts, [`Mcts::version_0_1`]).
///
/// `oneply` takes `weights=learned|fit|hand` (the evaluation's weights:
/// [`Weights::learned`], [`Weights::fit`] or [`Weights::hand_set`]),
/// `without=TERM` (that [`Term`]'s weight 0, by its machine name;
/// repeatable), to measure what each term brings, and `rangers=X` (the
/// ranger points counted X times, 0 not at all; by default
/// [`Evaluation::DEFAULT_RANGER_SCALE`], a half;
/// [`Evaluation::with_ranger_scale`]).
///
/// `twoply` takes `k=N` (how many of the one-ply bot's best moves are
/// weighed against the next player's replies, at least 1; by default
/// [`TwoPly::DEFAULT_WIDTH`]) and `rangers=X` (as for `oneply`).
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
/// (a leaf inside a turn played to its end by the one-ply look-ahead),
/// `centre=0|1` (values centred on the root's margin,
/// [`ScoreEstimate::centred`]), `horizon=N` (turns the search looks past
/// the root's, every leaf played on to there, [`ScoreEstimate::horizon`];
/// 0 none), `own=0|1` (with a horizon, the tree holds the root player's
/// turn only, [`ScoreEstimate::own_turn`]), `draws=0|1` (without a
/// horizon, every tile draw past the root a leaf, 1 by default,
/// [`ScoreEstimate::draws`]), `weights=learned|fit|hand`,
/// `rangers=X` (as for `oneply`), `turns=0|1` (below the root, a turn's decisions after
/// its placement played by the one-ply look-ahead, 1 by default,
/// [`ScoreEstimate::settle_turns`]) and `deepen=N` (visits before a leaf
/// is searched past, 1 by default, [`MctsConfig::deepen`]); and for either
/// evaluator `lazy=N` (visits before a node's moves get the evaluator's
/// prior, 1 by default, [`MctsConfig::prior_after`]) and `strata=0|1` (chance outcomes visited
/// in proportion to their weights, [`MctsConfig::stratified`]) and
/// `prel=0|1` (priors relative to the node's mean value,
/// [`MctsConfig::relative_prior`]) and `max=0|1` (values backed up as the
/// best child's, [`MctsConfig::max_backup`]). The
/// default budget is [`MctsConfig::default`]'s; [`BotSpec`] shows it. By
/// default `mcts` searches a tree of whole turns (as
/// `turns=1,draws=1,deepen=1,lazy=1`); `mcts:turns=0,draws=0,deepen=0,lazy=16`
/// is the search `mcts` was in 0.2.0 (the crate's README measures both).
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
            let mut rangers = Evaluation::DEFAULT_RANGER_SCALE;
            for o in options {
                match o.split_once('=') {
                    Some(("rangers", value)) => {
                        rangers = parse_scale(value).ok_or_else(|| bad(o, "expected a number >= 0"))?
                    }
                    Some(("weights", value)) => {
                        weights =
                            Weights::named(value).ok_or_else(|| bad(o, "expected learned, fit or hand"))?
                    }
                    Some(("without", value)) => {
                        without.push(Term::from_name(value).ok_or_else(|| bad(o, "expected a term's name"))?)
                    }
                    _ => return Err(bad(o, "known options: weights, without, rangers")),
                }
            }
            drop_terms(&mut weights, &without);
            Ok(Box::new(OnePly::with_evaluation(
                Evaluation::new(weights).with_ranger_scale(rangers),
                seed,
            )))
        }
        "twoply" => {
            let mut width = TwoPly::DEFAULT_WIDTH;
            let mut rangers = Evaluation::DEFAULT_RANGER_SCALE;
            for o in options {
                match o.split_once('=') {
                    Some(("k", value)) => {
                        width = value
                            .parse::<usize>()
                            .ok()
                            .filter(|&k| k >= 1)
                            .ok_or_else(|| bad(o, "expected a whole number >= 1"))?
                    }
                    Some(("rangers", value)) => {
                        rangers = parse_scale(value).ok_or_else(|| bad(o, "expected a number >= 0"))?
                    }
                    _ => return Err(bad(o, "known options: k, rangers")),
                }
            }
            Ok(Box::new(
                TwoPly::with_evaluation(Evaluation::learned().with_ranger_scale(rangers), seed)
                    .with_width(width),
            ))
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
                "kindfirstrandom" | "kindrandom" => Box::new(KindFirst::new(seed)),
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
            let mut rangers = Evaluation::DEFAULT_RANGER_SCALE;
            for o in options {
                let (key, value) = o.split_once('=').ok_or_else(|| bad(o, "expected KEY=VALUE"))?;
                let number = || {
                    value
                        .parse::<u32>()
                        .map_err(|_| bad(o, "expected a whole number"))
                };
                let fraction = || parse_scale(value).ok_or_else(|| bad(o, "expected a number >= 0"));
                let flag = || parse_flag(value).ok_or_else(|| bad(o, "expected 0 or 1"));
                match key {
                    "it" => config.budget = Budget::Iterations(number()?.max(1)),
                    #[cfg(feature = "std")]
                    "ms" => config.budget = Budget::millis(number()?.max(1) as u64),
                    #[cfg(feature = "std")]
                    "threads" => config.threads = number()?.clamp(1, 64) as usize,
                    "c" => config.exploration = fraction()?,
                    "pw" => config.widening = fraction()?,
                    "pv" => prior_visits = Some(fraction()?),
                    "lazy" => config.prior_after = number()?,
                    "strata" => config.stratified = flag()?,
                    "prel" => config.relative_prior = flag()?,
                    "max" => config.max_backup = flag()?,
                    "scale" => {
                        playout.reward_scale = fraction()?;
                        estimate.reward_scale = playout.reward_scale;
                    }
                    "reuse" => config.reuse_tree = flag()?,
                    "rangers" => rangers = fraction()?,
                    "deepen" => config.deepen = number()?,
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
                    "centre" => estimate.centred = flag()?,
                    "turns" => estimate.settle_turns = flag()?,
                    "horizon" => estimate.horizon = number()?,
                    "own" => estimate.own_turn = flag()?,
                    "draws" => estimate.draws = flag()?,
                    "root" => {
                        estimate.root_lookahead = match value {
                            "lookahead" => true,
                            "prior" => false,
                            _ => return Err(bad(o, "expected lookahead or prior")),
                        }
                    }
                    "weights" => weights = Weights::named(value).ok_or_else(|| bad(o, "expected learned, fit or hand"))?,
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
                            "known options: it, ms, threads, c, pw, pv, prel, max, lazy, strata, scale, reuse, playout, leaf, plies, prior, root, settle, turns, centre, horizon, own, draws, weights, without, rangers, deepen",
                        ))
                    }
                }
            }
            drop_terms(&mut weights, &without);
            estimate.set_evaluation(Evaluation::new(weights).with_ranger_scale(rangers));
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

/// A spec's scale or fraction: a finite number, 0 or more.
fn parse_scale(value: &str) -> Option<f32> {
    value.parse::<f32>().ok().filter(|v| v.is_finite() && *v >= 0.0)
}

/// A spec's flag: `0` or `1`.
fn parse_flag(value: &str) -> Option<bool> {
    match value {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

/// A parsed bot specification `NAME[:KEY=VALUE,...]`, as [`from_spec`]
/// takes it: the bot's name, its budget per decision (the bot's default when
/// the text gives none), its threads and its other options, so that a server
/// or a page can check a specification against its own limits before it
/// builds the bot.
///
/// Parsing checks the whole specification (it is refused exactly when
/// [`from_spec`] refuses it). [`Display`](fmt::Display) writes it back with
/// the budget always shown (`mcts` is `mcts:it=2000`), the name in its
/// current form (`kindrandom` is `kindfirstrandom`), the threads when more
/// than one, then the other options as written.
///
/// ```
/// use carcassonne_safari_bots::{BotSpec, Budget};
/// let spec: BotSpec = "mcts:c=0.5".parse().unwrap();
/// assert_eq!(spec.name, "mcts");
/// assert_eq!(spec.budget, Some(Budget::Iterations(2_000))); // the default, visible
/// assert_eq!(spec.to_string(), "mcts:it=2000,c=0.5");
/// let greedy: BotSpec = "greedy".parse().unwrap();
/// assert_eq!((greedy.budget, greedy.to_string().as_str()), (None, "greedy"));
/// assert!("mcts:it=lots".parse::<BotSpec>().is_err());
/// assert_eq!(spec.build(7).unwrap().name(), "mcts");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BotSpec {
    /// The bot's name, one of [`BOT_NAMES`].
    pub name: String,
    /// Its budget per decision: as written, else the bot's default; `None`
    /// for the bots that do not search (they take no budget).
    pub budget: Option<Budget>,
    /// Its search threads (1 unless written; only the searches take more).
    pub threads: usize,
    /// Its other options, `(key, value)` in the order written.
    pub options: Vec<(String, String)>,
}

impl BotSpec {
    /// The default budget per decision of the bot named `name` (`None` for
    /// a bot that does not search, or an unknown name): 2,000 iterations
    /// for `mcts` and `mcts-0.1` ([`MctsConfig::default`]).
    pub fn default_budget(name: &str) -> Option<Budget> {
        match name {
            "mcts" | "mcts-0.1" => Some(MctsConfig::default().budget),
            _ => None,
        }
    }

    /// The bot, seeded with `seed` ([`from_spec`] of this specification).
    ///
    /// # Errors
    /// [`SpecError`] when the fields were changed into a specification
    /// [`from_spec`] refuses.
    pub fn build(&self, seed: u64) -> Result<Box<dyn Bot + Send>, SpecError> {
        from_spec(&self.to_string(), seed)
    }

    /// The iterations of its budget, when it is one of iterations.
    pub fn iterations(&self) -> Option<u32> {
        match self.budget {
            Some(Budget::Iterations(n)) => Some(n),
            _ => None,
        }
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    /// Parses and checks `NAME[:KEY=VALUE,...]` (see [`from_spec`]).
    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let name = if name == "kindrandom" {
            "kindfirstrandom"
        } else {
            name
        };
        if !BOT_NAMES.contains(&name) {
            return Err(SpecError::UnknownBot(name.into()));
        }
        let mut spec = BotSpec {
            name: name.into(),
            budget: BotSpec::default_budget(name),
            threads: 1,
            options: Vec::new(),
        };
        let bad = |option: &str, why: &'static str| SpecError::BadOption {
            bot: name.into(),
            option: option.into(),
            why,
        };
        for o in rest.split(',').filter(|o| !o.is_empty()) {
            let Some((key, value)) = o.split_once('=') else {
                // A bare option: `from_spec` below says what is wrong.
                spec.options.push((o.into(), String::new()));
                continue;
            };
            let number = || {
                value
                    .parse::<u32>()
                    .map_err(|_| bad(o, "expected a whole number"))
            };
            match key {
                "it" if spec.budget.is_some() => spec.budget = Some(Budget::Iterations(number()?.max(1))),
                #[cfg(feature = "std")]
                "ms" if spec.budget.is_some() => spec.budget = Some(Budget::millis(number()?.max(1) as u64)),
                #[cfg(feature = "std")]
                "threads" if spec.budget.is_some() => spec.threads = number()?.clamp(1, 64) as usize,
                _ => spec.options.push((key.into(), value.into())),
            }
        }
        // Every option checked by the one parser that builds the bots.
        from_spec(&spec.to_string(), 0)?;
        Ok(spec)
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        let mut parts: Vec<String> = Vec::new();
        match self.budget {
            Some(Budget::Iterations(n)) => parts.push(alloc::format!("it={n}")),
            #[cfg(feature = "std")]
            Some(Budget::Time(t)) => parts.push(alloc::format!("ms={}", t.as_millis().max(1))),
            None => {}
        }
        if self.threads > 1 {
            parts.push(alloc::format!("threads={}", self.threads));
        }
        for (key, value) in &self.options {
            parts.push(if value.is_empty() && !key.contains('=') {
                key.to_string()
            } else {
                alloc::format!("{key}={value}")
            });
        }
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

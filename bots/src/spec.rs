//! Bots by name, for arenas, UIs and bindings: `greedy`, `mcts:ms=200`, ...

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::eval::Evaluation;
use crate::mcts::ScoreEstimate;
use crate::{Bot, Budget, Greedy, KindFirst, Mcts, MctsConfig, OnePly, Random, TwoPly};

/// The names [`from_spec`] knows (`kindrandom`, the 0.1.0 name of
/// `kindfirstrandom`, is still accepted).
pub const BOT_NAMES: [&str; 11] = [
    "random",
    "kindfirstrandom",
    "greedy",
    "oneply",
    "twoply",
    "mcts",
    "net",
    "oneply-0.3",
    "twoply-0.3",
    "mcts-0.3",
    "mcts-0.1",
];

/// Options that earlier versions of the bots took and today's do not: the
/// experiments of the search and of the evaluation, retired in 0.3.0 (their
/// measurements are in the repository's `docs/experiments/`). A
/// specification stored with them (a game record, a server's database)
/// still builds: they are dropped, and the bot is today's with the same
/// name, budget and threads, except that `leaf=playout` on `mcts` (random
/// playouts) is `mcts-0.1`.
///
/// | bot | retired options |
/// |---|---|
/// | `mcts`, `mcts-0.1` | `c`, `pw`, `pv`, `prel`, `lazy`, `strata`, `scale`, `reuse`, `leaf`, `plies`, `prior`, `root`, `settle`, `turns`, `centre`, `horizon`, `own`, `draws`, `deepen`, `max`, `weights`, `without`, `rangers`, `playout` |
/// | `oneply` | `weights`, `without`, `rangers` |
/// | `twoply` | `rangers` |
pub const RETIRED_OPTIONS: [(&str, &[&str]); 4] = [
    ("mcts", &MCTS_RETIRED),
    ("mcts-0.1", &MCTS_RETIRED),
    ("oneply", &["weights", "without", "rangers"]),
    ("twoply", &["rangers"]),
];

/// Whole specifications an earlier version wrote that build another bot of
/// today than their name and budget say: the browser game's Good bot of
/// 0.2.0 (0.2.0's search at 400 iterations, rated +748 on the ladder) is
/// today's search at 50 iterations (rated +715 by 100 paired games against
/// `net`), the level that took its place.
pub const RETIRED_SPECS: [(&str, &str); 1] = [("mcts:it=400,turns=0,draws=0,deepen=0,lazy=16", "mcts:it=50")];

const MCTS_RETIRED: [&str; 24] = [
    "c", "pw", "pv", "prel", "lazy", "strata", "scale", "reuse", "leaf", "plies", "prior", "root", "settle",
    "turns", "centre", "horizon", "own", "draws", "deepen", "max", "weights", "without", "rangers",
    "playout",
];

/// Why a bot specification was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// No bot has this name.
    #[error(
        "unknown bot `{0}` (known: random, kindfirstrandom, greedy, oneply, twoply, mcts, net, oneply-0.3, twoply-0.3, mcts-0.3, mcts-0.1)"
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
    /// The specification gives a budget twice (`it` and `ms`, or one of
    /// them twice).
    #[error("bot `{bot}`: a second budget `{option}` (give `it=N` or `ms=N` once)")]
    TwoBudgets {
        /// The bot's name.
        bot: String,
        /// The second budget as written.
        option: String,
    },
}

/// A bot from a specification `NAME[:KEY=VALUE,...]`, seeded with `seed`:
/// [`BotSpec`]'s parse, then [`BotSpec::build`].
///
/// Names: `random`, `kindfirstrandom` (also `kindrandom`, its 0.1.0 name),
/// `greedy`, `oneply`, `twoply` ([`TwoPly`]), `mcts` (the search with the
/// evaluation, [`Mcts::new`]) and `net` (the learned policy,
/// [`PolicyNet`](crate::PolicyNet)). Earlier versions' bots, kept for
/// comparisons: `oneply-0.3`, `twoply-0.3` and `mcts-0.3` (today's bots
/// with the evaluation of version 0.3.0, [`Evaluation::v0_3`]) and
/// `mcts-0.1` (the search of version 0.1.0, random playouts,
/// [`Mcts::version_0_1`]).
///
/// `mcts`, `mcts-0.3` and `mcts-0.1` take `it=N` (iterations per decision) or `ms=N`
/// (milliseconds per decision, with `std`), and `threads=N` (root
/// parallelism, with `std`); `twoply` takes `k=N` (how many of the one-ply
/// bot's best moves are weighed against the next player's replies, at least
/// 1; by default [`TwoPly::DEFAULT_WIDTH`]). The other bots take no option.
/// The options of earlier versions still build ([`RETIRED_OPTIONS`],
/// [`RETIRED_SPECS`]).
///
/// ```
/// use carcassonne_safari_bots::from_spec;
/// let bot = from_spec("mcts:it=500", 7).unwrap();
/// assert_eq!(bot.name(), "mcts");
/// assert!(from_spec("deep-blue", 7).is_err());
/// assert!(from_spec("greedy:it=5", 7).is_err());
/// assert!(from_spec("mcts:it=500,ms=100", 7).is_err());
/// ```
///
/// # Errors
/// [`SpecError`] for an unknown name or option, a value that does not parse,
/// or two budgets.
pub fn from_spec(spec: &str, seed: u64) -> Result<Box<dyn Bot + Send>, SpecError> {
    Ok(spec.parse::<BotSpec>()?.build(seed))
}

/// A parsed bot specification `NAME[:KEY=VALUE,...]` ([`from_spec`]'s
/// form): the bot's name, its budget per decision (the bot's default when
/// the text gives none), its threads and the two-ply bot's width, so that a
/// server or a page can check a specification against its own limits before
/// it builds the bot.
///
/// [`Display`](fmt::Display) writes it back in today's form: the budget
/// always shown (`mcts` is `mcts:it=2000`), the name in its current form
/// (`kindrandom` is `kindfirstrandom`), the threads when more than one, the
/// width when written, retired options dropped.
///
/// ```
/// use carcassonne_safari_bots::{BotSpec, Budget};
/// let spec: BotSpec = "mcts:threads=2".parse().unwrap();
/// assert_eq!(spec.name, "mcts");
/// assert_eq!(spec.budget, Some(Budget::Iterations(2_000))); // the default, visible
/// assert_eq!(spec.to_string(), "mcts:it=2000,threads=2");
/// // A retired option of an earlier version builds today's bot.
/// assert_eq!("mcts:it=400,turns=0,lazy=16".parse::<BotSpec>().unwrap().to_string(), "mcts:it=400");
/// // The browser game's Good bot of 0.2.0 is the level that took its place.
/// let good = "mcts:it=400,turns=0,draws=0,deepen=0,lazy=16";
/// assert_eq!(good.parse::<BotSpec>().unwrap().to_string(), "mcts:it=50");
/// let greedy: BotSpec = "greedy".parse().unwrap();
/// assert_eq!((greedy.budget, greedy.to_string().as_str()), (None, "greedy"));
/// assert!("mcts:it=lots".parse::<BotSpec>().is_err());
/// assert_eq!(spec.build(7).name(), "mcts");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BotSpec {
    /// The bot's name, one of [`BOT_NAMES`].
    pub name: &'static str,
    /// Its budget per decision: as written, else the bot's default; `None`
    /// for the bots that do not search (they take no budget).
    pub budget: Option<Budget>,
    /// Its search threads (1 unless written; only the searches take more).
    pub threads: usize,
    /// The two-ply bot's width (`k=N`), when written.
    pub width: Option<usize>,
}

impl BotSpec {
    /// The default budget per decision of the bot named `name` (`None` for
    /// a bot that does not search, or an unknown name): 2,000 iterations
    /// for the searches ([`MctsConfig::default`]).
    pub fn default_budget(name: &str) -> Option<Budget> {
        match name {
            "mcts" | "mcts-0.3" | "mcts-0.1" => Some(MctsConfig::default().budget),
            _ => None,
        }
    }

    /// The bot, seeded with `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot + Send> {
        let search = || {
            let mut config = MctsConfig::with_budget(self.budget.unwrap_or(MctsConfig::default().budget));
            config.threads = self.threads;
            config
        };
        match self.name {
            "random" => Box::new(Random::new(seed)),
            "kindfirstrandom" => Box::new(KindFirst::new(seed)),
            "greedy" => Box::new(Greedy::with_seed(seed)),
            "oneply" => Box::new(OnePly::new(seed)),
            "twoply" => Box::new(TwoPly::new(seed).with_width(self.width.unwrap_or(TwoPly::DEFAULT_WIDTH))),
            "oneply-0.3" => Box::new(OnePly::with_evaluation(Evaluation::v0_3(), seed)),
            "twoply-0.3" => Box::new(
                TwoPly::with_evaluation(Evaluation::v0_3(), seed)
                    .with_width(self.width.unwrap_or(TwoPly::DEFAULT_WIDTH)),
            ),
            "mcts-0.3" => Box::new(Mcts::with_evaluator(
                search(),
                ScoreEstimate::new(Evaluation::v0_3()),
                seed,
            )),
            "net" => Box::new(crate::PolicyNet::new(seed)),
            "mcts-0.1" => {
                let config = search();
                let mut old = MctsConfig::version_0_1(config.budget);
                old.threads = config.threads;
                Box::new(Mcts::with_evaluator(
                    old,
                    crate::mcts::RandomPlayout::default(),
                    seed,
                ))
            }
            _ => Box::new(Mcts::new(search(), seed)),
        }
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
        let text = RETIRED_SPECS
            .iter()
            .find(|(old, _)| *old == text)
            .map_or(text, |(_, today)| today);
        let (written, rest) = text.split_once(':').unwrap_or((text, ""));
        let mut name = BOT_NAMES
            .iter()
            .copied()
            .find(|&n| n == written)
            .or((written == "kindrandom").then_some("kindfirstrandom"))
            .ok_or_else(|| SpecError::UnknownBot(written.into()))?;
        let search = name.starts_with("mcts");
        let bad = |option: &str, why: &'static str| SpecError::BadOption {
            bot: written.into(),
            option: option.into(),
            why,
        };
        let retired = RETIRED_OPTIONS
            .iter()
            .find(|(bot, _)| *bot == name)
            .map_or(&[][..], |(_, keys)| *keys);
        let mut spec = BotSpec {
            name,
            budget: None,
            threads: 1,
            width: None,
        };
        for o in rest.split(',').filter(|o| !o.is_empty()) {
            let (key, value) = o.split_once('=').ok_or_else(|| bad(o, "expected KEY=VALUE"))?;
            let number = || {
                value
                    .parse::<u32>()
                    .map_err(|_| bad(o, "expected a whole number"))
            };
            let mut budget = |b: Budget| match spec.budget {
                Some(_) => Err(SpecError::TwoBudgets {
                    bot: written.into(),
                    option: o.into(),
                }),
                None => {
                    spec.budget = Some(b);
                    Ok(())
                }
            };
            match key {
                "it" if search => budget(Budget::Iterations(number()?.max(1)))?,
                #[cfg(feature = "std")]
                "ms" if search => budget(Budget::millis(number()?.max(1) as u64))?,
                #[cfg(feature = "std")]
                "threads" if search => spec.threads = number()?.clamp(1, 64) as usize,
                "k" if name.starts_with("twoply") => {
                    spec.width = Some(
                        value
                            .parse::<usize>()
                            .ok()
                            .filter(|&k| k >= 1)
                            .ok_or_else(|| bad(o, "expected a whole number >= 1"))?,
                    )
                }
                "leaf" if name == "mcts" && value == "playout" => name = "mcts-0.1",
                _ if retired.contains(&key) => {}
                _ => {
                    return Err(bad(
                        o,
                        match name {
                            "mcts" | "mcts-0.3" | "mcts-0.1" => "known options: it, ms, threads",
                            "twoply" | "twoply-0.3" => "known options: k",
                            _ => "this bot takes no options",
                        },
                    ))
                }
            }
        }
        spec.name = name;
        if spec.budget.is_none() {
            spec.budget = BotSpec::default_budget(name);
        }
        Ok(spec)
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        let mut sep = ':';
        let mut part = |f: &mut fmt::Formatter<'_>, args: fmt::Arguments| {
            let out = write!(f, "{sep}{args}");
            sep = ',';
            out
        };
        match self.budget {
            Some(Budget::Iterations(n)) => part(f, format_args!("it={n}"))?,
            #[cfg(feature = "std")]
            Some(Budget::Time(t)) => part(f, format_args!("ms={}", t.as_millis().max(1)))?,
            None => {}
        }
        if self.threads > 1 {
            part(f, format_args!("threads={}", self.threads))?;
        }
        if let Some(k) = self.width {
            part(f, format_args!("k={k}"))?;
        }
        Ok(())
    }
}

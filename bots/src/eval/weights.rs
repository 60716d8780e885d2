//! The weights of the evaluation's terms, per number of players: learned
//! ones from `weights.txt` (written by `examples/train.rs`), or the
//! hand-set ones the learning starts from.

use core::fmt;

use carcassonne_safari::rules::{MAX_PLAYERS, MIN_PLAYERS};

use super::Term;

/// The shipped weights: the fit, then tuned by play (`examples/tune.rs`).
const LEARNED: &str = include_str!("weights.txt");

/// The regression fit, as `examples/train.rs` wrote it.
const FIT: &str = include_str!("fit.txt");

/// Player counts the weights cover: 2 to 5.
const COUNTS: usize = MAX_PLAYERS - MIN_PLAYERS + 1;

/// One weight per [`Term`] for each number of players (2 to 5): a player's
/// expected final score is its points plus the sum of its terms times their
/// weights.
///
/// The text form, read by [`Weights::parse`] and written by `Display`, has
/// one line per term: its name, then its weights for 2, 3, 4 and 5 players;
/// `#` starts a comment.
///
/// ```
/// use carcassonne_safari_bots::eval::Weights;
/// let w = Weights::learned();
/// let again: Weights = w.to_string().parse().unwrap();
/// assert_eq!(again, w);
/// assert!(Weights::parse("tokens 1 1 1").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// `by_players[players - 2][term index]`.
    pub by_players: [[f32; Term::COUNT]; COUNTS],
}

/// Why a weights text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsError {
    /// A line names no term of [`Term::ALL`].
    #[error("line {line}: unknown term `{name}`")]
    UnknownTerm {
        /// The line number, from 1.
        line: usize,
        /// The name as written.
        name: alloc::string::String,
    },
    /// A line has not exactly four finite numbers after the name.
    #[error("line {line}: expected the term's name and four numbers (2 to 5 players)")]
    BadLine {
        /// The line number, from 1.
        line: usize,
    },
    /// A term has no line.
    #[error("no line for term `{0}`")]
    Missing(&'static str),
}

impl Weights {
    /// The shipped weights (`src/eval/weights.txt`): [`Weights::fit`], then
    /// tuned by play (`examples/tune.rs`: the one-ply bot's games decide
    /// which way each weight moves); the crate's README has the commands.
    pub fn learned() -> Weights {
        Weights::parse(LEARNED).expect("weights.txt parses: tested by learned_weights_parse")
    }

    /// The regression fit the tuning starts from (`src/eval/fit.txt`,
    /// written by `examples/train.rs`: the terms fitted to the final scores
    /// of self-play), the weights of version 0.2.0's `learned`. The policy
    /// network's features ([`crate::learned`]) are computed with these, as
    /// it was trained.
    pub fn fit() -> Weights {
        Weights::parse(FIT).expect("fit.txt parses: tested by learned_weights_parse")
    }

    /// The weights for a game of `players` (clamped to 2..=5).
    pub fn for_players(&self, players: usize) -> &[f32; Term::COUNT] {
        &self.by_players[players.clamp(MIN_PLAYERS, MAX_PLAYERS) - MIN_PLAYERS]
    }

    /// The weight of `term` with `players`.
    pub fn get(&self, players: usize, term: Term) -> f32 {
        self.for_players(players)[term.index()]
    }

    /// Sets the weight of `term` with `players` (2 to 5; others ignored).
    pub fn set(&mut self, players: usize, term: Term, weight: f32) {
        if (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            self.by_players[players - MIN_PLAYERS][term.index()] = weight;
        }
    }

    /// Reads the text form.
    ///
    /// # Errors
    /// [`WeightsError`] for an unknown term, a line without four finite
    /// numbers, or a term without a line.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut out = Weights {
            by_players: [[0.0; Term::COUNT]; COUNTS],
        };
        let mut seen = [false; Term::COUNT];
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            let name = words.next().unwrap_or("");
            let term = Term::from_name(name).ok_or_else(|| WeightsError::UnknownTerm {
                line: i + 1,
                name: name.into(),
            })?;
            let mut count = 0;
            for (k, w) in words.enumerate() {
                let value = w
                    .parse::<f32>()
                    .ok()
                    .filter(|v| v.is_finite() && k < COUNTS)
                    .ok_or(WeightsError::BadLine { line: i + 1 })?;
                out.by_players[k][term.index()] = value;
                count += 1;
            }
            if count != COUNTS {
                return Err(WeightsError::BadLine { line: i + 1 });
            }
            seen[term.index()] = true;
        }
        if let Some(t) = Term::ALL.into_iter().find(|t| !seen[t.index()]) {
            return Err(WeightsError::Missing(t.name()));
        }
        Ok(out)
    }
}

impl core::str::FromStr for Weights {
    type Err = WeightsError;
    fn from_str(s: &str) -> Result<Weights, WeightsError> {
        Weights::parse(s)
    }
}

impl fmt::Display for Weights {
    /// One line per term: its name and its weights for 2, 3, 4 and 5 players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in Term::ALL {
            write!(f, "{:<18}", t.name())?;
            for row in &self.by_players {
                write!(f, " {:>10}", row[t.index()])?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

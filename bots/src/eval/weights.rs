//! The evaluation's weights, per number of players: how it calibrates the
//! chances it reads off the board, how it sums its terms into an expected
//! final score, and how it turns expected scores into win chances. Learned
//! from self-play by `examples/train.rs` (`weights.txt`); the weights of
//! version 0.3.0 kept for its bots (`weights-0.3.txt`).

use core::fmt;

use carcassonne_safari::rules::{MAX_PLAYERS, MIN_PLAYERS};

use super::Term;

/// The shipped weights, as `examples/train.rs` wrote them.
const LEARNED: &str = include_str!("weights.txt");

/// The weights of version 0.3.0 (its `oneply`, `twoply`, `mcts` and the
/// `net`'s features).
const V0_3: &str = include_str!("weights-0.3.txt");

/// Player counts the weights cover: 2 to 5.
const COUNTS: usize = MAX_PLAYERS - MIN_PLAYERS + 1;

/// What a chance the evaluation reads is the chance of: the four kinds of
/// [`Chance`](super::Chance), each calibrated on its own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChanceKind {
    /// A trail with meeples completes.
    Trail,
    /// A bush with meeples completes.
    Bush,
    /// A baobab with a meeple is surrounded.
    Baobab,
    /// A watering hole with a meeple fills its vertex.
    Hole,
}

impl ChanceKind {
    /// Every kind, in the order of the weights.
    pub const ALL: [ChanceKind; 4] = [
        ChanceKind::Trail,
        ChanceKind::Bush,
        ChanceKind::Baobab,
        ChanceKind::Hole,
    ];

    /// The kind's machine name (as in `weights.txt`).
    pub const fn name(self) -> &'static str {
        match self {
            ChanceKind::Trail => "trail",
            ChanceKind::Bush => "bush",
            ChanceKind::Baobab => "baobab",
            ChanceKind::Hole => "hole",
        }
    }
}

/// What a chance was read from, before its calibration: two readings of
/// the chance off the board and how much is still missing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// The chance that the holder draws a tile for every missing cell or
    /// slot, each on its own (the chance of version 0.3.0).
    pub any_of: f32,
    /// For a trail or bush, the chance that its holders' turns left draw a
    /// closing tile for every cell, one cell per turn
    /// ([`draws_chance`](super::draws_chance)); for a baobab or hole,
    /// `any_of` again.
    pub draws: f32,
    /// What is still missing: cells an open trail or bush runs into, empty
    /// cells round a baobab, slots of a hole's vertex without a token.
    pub open: u8,
}

impl Reading {
    /// A reading with one chance.
    pub(super) fn once(chance: f32, open: u32) -> Reading {
        Reading {
            any_of: chance,
            draws: chance,
            open: open.min(255) as u8,
        }
    }
}

/// Index of the first calibration weight.
const CALIBRATION: usize = 2 * Term::COUNT + 2 + 3;
/// Calibration weights per kind.
const PER_KIND: usize = 5;
/// Index of the first win-scale weight.
const WIN: usize = CALIBRATION + 4 * PER_KIND;

/// Weights of one player count; [`Weights::by_players`] holds four, and
/// [`PlayerWeights::PARAMS`] names each number.
///
/// With `pile` the fraction of the land tiles still in the pile (1 at the
/// start, 0 at the end):
/// - a player's expected final score is its points, plus each
///   [`Term`] times `w + w_pile × pile`, plus the ranger points promised to
///   it ([`Evaluation::ranger_points`](super::Evaluation::ranger_points))
///   times their weight, plus a bias `b + b_pile × pile + b_pile2 × pile²`;
/// - each chance the terms multiply is calibrated from its [`Reading`]:
///   `σ(base + logit × logit(any_of) + draws × logit(draws) + open × open +
///   pile × pile)`; a chance whose `any_of` is 0 stays 0 (no tile left can
///   close it), and the weights `(0, 1, 0, 0, 0)` leave every chance as
///   read (`any_of`);
/// - a player's win chance is a softmax of the expected scores at scale
///   `s = scale + scale_pile × pile` (at least 1 point).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerWeights {
    /// Every weight, in the order of [`PlayerWeights::PARAMS`].
    pub params: [f32; PlayerWeights::COUNT],
}

impl PlayerWeights {
    /// Number of weights per player count.
    pub const COUNT: usize = WIN + 2;

    /// The name of each weight, in order (as in `weights.txt`): each term's
    /// weight at the end and its change per pile (`name*pile`); the ranger
    /// points' two; the bias's three; the calibration of each
    /// [`ChanceKind`] (`kind.base`, `kind.logit`, `kind.draws`,
    /// `kind.open`, `kind.pile`); the win chances' scale (`win.scale`,
    /// `win.scale*pile`).
    pub const PARAMS: [&'static str; PlayerWeights::COUNT] = [
        "trail_completion",
        "trail_completion*pile",
        "trail_end",
        "trail_end*pile",
        "bush_completion",
        "bush_completion*pile",
        "bush_end",
        "bush_end*pile",
        "stuck_meeples",
        "stuck_meeples*pile",
        "baobabs",
        "baobabs*pile",
        "watering_holes",
        "watering_holes*pile",
        "tokens",
        "tokens*pile",
        "meeples",
        "meeples*pile",
        "turns",
        "turns*pile",
        "action",
        "action*pile",
        "rangers",
        "rangers*pile",
        "bias",
        "bias*pile",
        "bias*pile2",
        "trail.base",
        "trail.logit",
        "trail.draws",
        "trail.open",
        "trail.pile",
        "bush.base",
        "bush.logit",
        "bush.draws",
        "bush.open",
        "bush.pile",
        "baobab.base",
        "baobab.logit",
        "baobab.draws",
        "baobab.open",
        "baobab.pile",
        "hole.base",
        "hole.logit",
        "hole.draws",
        "hole.open",
        "hole.pile",
        "win.scale",
        "win.scale*pile",
    ];

    /// The weight of `term` when a fraction `pile` of the tiles is left.
    pub fn term(&self, term: Term, pile: f32) -> f32 {
        let i = 2 * term.index();
        self.params[i] + self.params[i + 1] * pile
    }

    /// The weight of the ranger points when a fraction `pile` is left.
    pub fn rangers(&self, pile: f32) -> f32 {
        self.params[2 * Term::COUNT] + self.params[2 * Term::COUNT + 1] * pile
    }

    /// The bias of every seat's expected score when a fraction `pile` is left.
    pub fn bias(&self, pile: f32) -> f32 {
        let b = &self.params[2 * Term::COUNT + 2..CALIBRATION];
        b[0] + b[1] * pile + b[2] * pile * pile
    }

    /// The calibration weights of `kind`: base, logit, draws, open, pile.
    pub fn calibration(&self, kind: ChanceKind) -> [f32; PER_KIND] {
        let i = CALIBRATION + PER_KIND * kind as usize;
        let mut out = [0.0; PER_KIND];
        out.copy_from_slice(&self.params[i..i + PER_KIND]);
        out
    }

    /// A chance of `kind` read as `reading`, calibrated when a fraction
    /// `pile` of the tiles is left (see [`PlayerWeights`]).
    pub fn calibrate(&self, kind: ChanceKind, reading: &Reading, pile: f32) -> f32 {
        let c = self.calibration(kind);
        if c == [0.0, 1.0, 0.0, 0.0, 0.0] || reading.any_of <= 0.0 {
            return reading.any_of;
        }
        let x = c[0]
            + c[1] * logit(reading.any_of)
            + c[2] * logit(reading.draws)
            + c[3] * f32::from(reading.open)
            + c[4] * pile;
        1.0 / (1.0 + libm::expf(-x))
    }

    /// The scale of the win chances' softmax when a fraction `pile` is left:
    /// at least 1 point.
    pub fn win_scale(&self, pile: f32) -> f32 {
        (self.params[WIN] + self.params[WIN + 1] * pile).max(1.0)
    }
}

/// The logit of `p`, its argument kept within 0.001 of 0 and 1 (so that a
/// chance of 1 read off the board calibrates to a finite value).
pub fn logit(p: f32) -> f32 {
    let p = p.clamp(0.001, 0.999);
    libm::logf(p / (1.0 - p))
}

/// The evaluation's weights for each number of players (2 to 5).
///
/// The text form, read by [`Weights::parse`] and written by `Display`, has
/// one line per weight of [`PlayerWeights::PARAMS`]: its name, then its
/// value for 2, 3, 4 and 5 players; `#` starts a comment.
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
    /// `by_players[players - 2]`.
    pub by_players: [PlayerWeights; COUNTS],
}

/// Why a weights text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsError {
    /// A line names no weight of [`PlayerWeights::PARAMS`].
    #[error("line {line}: unknown weight `{name}`")]
    UnknownTerm {
        /// The line number, from 1.
        line: usize,
        /// The name as written.
        name: alloc::string::String,
    },
    /// A line has not exactly four finite numbers after the name.
    #[error("line {line}: expected the weight's name and four numbers (2 to 5 players)")]
    BadLine {
        /// The line number, from 1.
        line: usize,
    },
    /// A weight has no line.
    #[error("no line for weight `{0}`")]
    Missing(&'static str),
}

impl Weights {
    /// The shipped weights (`src/eval/weights.txt`), learned from self-play
    /// by `examples/train.rs`; the crate's README has the command and the
    /// forecast they make.
    pub fn learned() -> Weights {
        Weights::parse(LEARNED).expect("weights.txt parses: tested by the_shipped_weights_parse")
    }

    /// The weights of version 0.3.0 (`src/eval/weights-0.3.txt`): the
    /// chances as read, the terms' weights the same at every stage, the
    /// ranger points counted a half, no bias. The bots `oneply-0.3`,
    /// `twoply-0.3` and `mcts-0.3` play with them, and the policy network
    /// `net` reads its features with them, as it was trained.
    pub fn v0_3() -> Weights {
        Weights::parse(V0_3).expect("weights-0.3.txt parses: tested by the_shipped_weights_parse")
    }

    /// The weights for a game of `players` (clamped to 2..=5).
    pub fn for_players(&self, players: usize) -> &PlayerWeights {
        &self.by_players[players.clamp(MIN_PLAYERS, MAX_PLAYERS) - MIN_PLAYERS]
    }

    /// Reads the text form.
    ///
    /// # Errors
    /// [`WeightsError`] for an unknown weight, a line without four finite
    /// numbers, or a weight without a line.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut out = Weights {
            by_players: [PlayerWeights {
                params: [0.0; PlayerWeights::COUNT],
            }; COUNTS],
        };
        let mut seen = [false; PlayerWeights::COUNT];
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            let name = words.next().unwrap_or("");
            let param = PlayerWeights::PARAMS
                .iter()
                .position(|&p| p == name)
                .ok_or_else(|| WeightsError::UnknownTerm {
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
                out.by_players[k].params[param] = value;
                count += 1;
            }
            if count != COUNTS {
                return Err(WeightsError::BadLine { line: i + 1 });
            }
            seen[param] = true;
        }
        if let Some(i) = seen.iter().position(|&s| !s) {
            return Err(WeightsError::Missing(PlayerWeights::PARAMS[i]));
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
    /// One line per weight: its name and its values for 2, 3, 4 and 5
    /// players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in PlayerWeights::PARAMS.iter().enumerate() {
            write!(f, "{name:<22}")?;
            for row in &self.by_players {
                write!(f, " {:>13}", row.params[i])?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

//! The page's hint and review: the bots crate's analysis
//! ([`carcassonne_safari_bots::analysis`]) in the page's terms.
//!
//! The judge is the two-ply bot (the page's "Expert bot"): a move's value
//! is the mover's expected margin (its expected final score minus the best
//! other player's) after the next player's reply to every tile it may draw;
//! the hint is the move it values most, and the points a move gives away
//! are its best move's value less the move's. What a move leads to by the
//! end of its turn (its [`Outcome`]) is the analysis's: the rest of the
//! turn played by the one-ply look-ahead, the evaluation's forecast there.

use carcassonne_safari::view::GameLog;
use carcassonne_safari::{GameRecord, GameState, Move, PlayerId};
use carcassonne_safari_bots::analysis::{self, AnalysisError, Analyst, Entry};
use serde::Serialize;

use crate::error::WebError;

/// The bots-crate specification of the advisor behind hints and reviews:
/// the two-ply bot, the page's "Expert bot" (`bots/README.md`, "The
/// ladder"). The "Master bot" (the tree of whole turns) is stronger still
/// but thinks some ten times longer a decision, too long for a review that
/// judges every decision of a game in the page.
pub const ADVISOR: &str = "twoply";

/// What a move leads to by the end of its turn.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outcome {
    /// Points each seat scores from the move to the end of its turn.
    pub points: Vec<u32>,
    /// Each seat's expected final score at the end of the turn.
    pub expected: Vec<f32>,
    /// The mover's expected final score minus the best other seat's.
    pub margin: f32,
}

/// The advisor's move for one decision, with its outcome.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Hint {
    /// The step of the decision (moves played before it).
    pub step: usize,
    /// The seat deciding.
    pub seat: u8,
    /// The advisor's move, in the engine's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// What that move leads to.
    pub outcome: Outcome,
}

/// The advisor's opinion of one decision of a game.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Judgement {
    /// The step of the decision.
    pub step: usize,
    /// The seat that decided.
    pub seat: u8,
    /// The move played, in notation.
    pub played: String,
    /// The advisor's move, in notation.
    pub best: String,
    /// Every seat's expected final score before the decision.
    pub before: Vec<f32>,
    /// What the move played leads to.
    pub played_outcome: Outcome,
    /// What the advisor's move leads to.
    pub best_outcome: Outcome,
    /// Expected points the mover gave away: the judge's value of its own
    /// move less its value of the move played (the mover's expected margin
    /// after the next player's reply), at least 0, and 0 when they are the
    /// same move.
    pub loss: f32,
}

impl Outcome {
    /// The page's outcome of the analysis's, for the mover `me`.
    fn of(outcome: &analysis::Outcome, me: PlayerId) -> Outcome {
        Outcome {
            points: outcome.points.clone(),
            expected: outcome.forecast.expected_scores().to_vec(),
            margin: outcome.forecast.margin(me),
        }
    }
}

/// The advisor: the bots crate's [`Analyst`].
pub struct Advisor {
    analyst: Analyst,
}

impl Advisor {
    /// The advisor [`ADVISOR`]; `seed` seeds its judge.
    pub fn new(seed: u64) -> Advisor {
        Advisor {
            analyst: Analyst::new(seed),
        }
    }

    /// Every seat's expected final score in `state` (the final scores once
    /// the game is over).
    pub fn expected(&mut self, state: &GameState) -> Vec<f32> {
        self.analyst.forecast(state).expected_scores().to_vec()
    }

    /// The hint for the decision of `state` at `step`: the move the judge
    /// values most (the first of equals).
    ///
    /// # Errors
    /// [`WebError::NotYourTurn`] when no player decides in `state`.
    pub fn hint(&mut self, state: &GameState, step: usize) -> Result<Hint, WebError> {
        let hint = self.analyst.hint(state, 1).map_err(web_error)?;
        let best = &hint.choices[0].outcome;
        Ok(Hint {
            step,
            seat: hint.player.0,
            mv: best.mv.to_string(),
            outcome: Outcome::of(best, hint.player),
        })
    }

    /// The judge's opinion of move `played` in `state` (at `step`): the move
    /// it values most (the first of equals), and what `played` gives away.
    ///
    /// # Errors
    /// [`WebError::NotYourTurn`] when no player decides in `state`;
    /// [`WebError::Illegal`] when `played` is not legal.
    pub fn judge(&mut self, state: &GameState, step: usize, played: Move) -> Result<Judgement, WebError> {
        let j = self.analyst.judge(state, played).map_err(web_error)?;
        Ok(Judgement::of(step, &j))
    }
}

impl Judgement {
    /// The page's judgement of the analysis's, at `step`.
    fn of(step: usize, j: &analysis::Judgement) -> Judgement {
        Judgement {
            step,
            seat: j.player.0,
            played: j.played.mv.to_string(),
            best: j.best.mv.to_string(),
            before: j.before.expected_scores().to_vec(),
            played_outcome: Outcome::of(&j.played, j.player),
            best_outcome: Outcome::of(&j.best, j.player),
            loss: j.error,
        }
    }
}

/// The analysis's error as the page's.
fn web_error(e: AnalysisError) -> WebError {
    match e {
        AnalysisError::NoDecision(_) => WebError::NotYourTurn(e.to_string()),
        AnalysisError::Illegal(_) => WebError::Illegal(e.to_string()),
        _ => WebError::Record(e.to_string()),
    }
}

/// A review of a recorded game, one decision at a time (so that a caller can
/// show progress between them), the draws between them weighed as it goes
/// ([`analysis::Review`]).
pub struct Review {
    log: GameLog,
    total: usize,
    done: usize,
    review: analysis::Review,
    advisor: Advisor,
}

impl Review {
    /// A review of the JSON game record `json`.
    ///
    /// # Errors
    /// [`WebError::Record`] for a record that does not parse or replay.
    pub fn new(json: &str) -> Result<Review, WebError> {
        let record: GameRecord = serde_json::from_str(json).map_err(|e| WebError::Record(e.to_string()))?;
        let log = GameLog::from_record(&record).map_err(|e| WebError::Record(e.to_string()))?;
        let review = analysis::Review::new(&record).map_err(|e| WebError::Record(e.to_string()))?;
        Ok(Review {
            total: log.decision_steps().count(),
            log,
            done: 0,
            review,
            advisor: Advisor::new(0),
        })
    }

    /// The number of decisions to judge.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The number judged so far.
    pub fn done(&self) -> usize {
        self.done
    }

    /// Judges the next decision (weighing the draws before it); `None` once
    /// every step is reviewed.
    pub fn next_judgement(&mut self) -> Option<Judgement> {
        loop {
            // The log replayed the record: no step is refused.
            if let Entry::Decision { step, judgement } = self.review.next()?.ok()? {
                self.done += 1;
                return Some(Judgement::of(step, &judgement));
            }
        }
    }

    /// What the draws reviewed so far gave or took from each seat, in
    /// expected points of margin ([`analysis::Luck`]).
    pub fn luck(&self) -> Vec<f32> {
        self.review.luck().to_vec()
    }

    /// Every seat's final score (or, for an unfinished game, expected final
    /// score) in the record's last position.
    pub fn end(&mut self) -> Vec<f32> {
        let state = self.log.current().clone();
        self.advisor.expected(&state)
    }
}

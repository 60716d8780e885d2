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

use carcassonne_safari::events::MeepleSpot;
use carcassonne_safari::view::GameLog;
use carcassonne_safari::{Event, FeatureKind, GameRecord, GameState, Move, PlayerId};
use carcassonne_safari_bots::analysis::{self, AnalysisError, Analyst, Entry};
use serde::Serialize;

use crate::error::WebError;

/// The bots-crate specification of the advisor behind hints and reviews:
/// the two-ply bot, the page's "Expert bot" (`bots/README.md`, "The
/// ladder"). The "Master bot" (the tree of whole turns) is stronger still
/// but thinks some ten times longer a decision, too long for a review that
/// judges every decision of a game in the page.
pub const ADVISOR: &str = "twoply";

/// How many points of the judge's value a move may be behind the hint's
/// and still be shown beside it as about as good.
pub const CLOSE: f32 = 2.0;

/// What a move leads to by the end of its turn.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outcome {
    /// Points each seat scores from the move to the end of its turn.
    pub points: Vec<u32>,
    /// Each seat's expected final score at the end of the turn.
    pub expected: Vec<f32>,
    /// Each seat's chance to win (a share of it for a tie), at the end of
    /// the turn, in 0..=1.
    pub win: Vec<f32>,
    /// The mover's expected final score minus the best other seat's.
    pub margin: f32,
    /// The events of the move and of the rest of its turn (the rest played
    /// by the one-ply look-ahead).
    pub events: Vec<Event>,
    /// Why the move is worth what it is, beside the points its events
    /// score.
    pub reasons: Vec<Reason>,
}

/// Why a move is worth what it is, beside the points its turn scores
/// ([`analysis::Reason`]).
#[derive(Clone, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reason {
    /// A meeple the mover placed in the turn stays on `spot`: the chance
    /// that its trail or bush completes (its baobab is surrounded, its
    /// watering hole fills) and it comes home with points.
    Claim {
        /// Where the meeple stands.
        spot: MeepleSpot,
        /// The kind of its feature (`null` on a baobab or a watering hole).
        kind: Option<FeatureKind>,
        /// The chance, in 0..=1.
        chance: f32,
    },
    /// A pass while a meeple could go down: the mover keeps its `meeples`;
    /// `spot` was the free spot of the tile likeliest to complete.
    Keep {
        /// The meeples in the mover's supply.
        meeples: u8,
        /// The free spot likeliest to complete.
        spot: MeepleSpot,
        /// The kind of its feature (`null` on a baobab).
        kind: Option<FeatureKind>,
        /// Its chance to complete, in 0..=1.
        chance: f32,
    },
    /// The move sends a ranger somewhere: the points `seat`, the next to
    /// place a tile, can expect from placing on a ranger, before the move
    /// and after the turn.
    Ranger {
        /// The next seat to place a tile.
        seat: u8,
        /// Its expected ranger points before the move.
        before: f32,
        /// Its expected ranger points after the turn.
        after: f32,
    },
}

/// A move about as good as the hint's (within [`CLOSE`]).
#[derive(Clone, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Alternative {
    /// The move, in the engine's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// What it leads to.
    pub outcome: Outcome,
    /// How many points of the judge's value it is behind the hint's move.
    pub behind: f32,
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
    /// The next best moves within [`CLOSE`] of it (two at most), the best
    /// first.
    pub alternatives: Vec<Alternative>,
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
    /// Every seat's chance to win before the decision, in 0..=1.
    pub win: Vec<f32>,
    /// What the draws since the seat's previous decision in the review (or
    /// since the start) gave or took from each seat, in expected points of
    /// margin ([`analysis::Luck`]); zeros for a decision judged alone.
    pub luck: Vec<f32>,
    /// What the move played leads to.
    pub played_outcome: Outcome,
    /// What the advisor's move leads to.
    pub best_outcome: Outcome,
    /// Expected points the mover gave away: the judge's value of its own
    /// move less its value of the move played (the mover's expected margin
    /// after the next player's reply), at least 0, and 0 when they are the
    /// same move.
    pub loss: f32,
    /// Whether the move played is the advisor's, or within the judge's
    /// noise of it ([`analysis::Judgement::NOISE`], a point of expected
    /// margin): the judge cannot tell them apart.
    pub agrees: bool,
}

impl Outcome {
    /// The page's outcome of the analysis's, for the mover `me`.
    fn of(outcome: &analysis::Outcome, me: PlayerId) -> Outcome {
        Outcome {
            points: outcome.points.clone(),
            expected: outcome.forecast.expected_scores().to_vec(),
            win: outcome.forecast.win_chances().to_vec(),
            margin: outcome.forecast.margin(me),
            events: outcome.events.clone(),
            reasons: outcome.reasons.iter().filter_map(Reason::of).collect(),
        }
    }
}

impl Reason {
    /// The page's reason of the analysis's.
    fn of(reason: &analysis::Reason) -> Option<Reason> {
        Some(match *reason {
            analysis::Reason::Claim { spot, kind, chance } => Reason::Claim { spot, kind, chance },
            analysis::Reason::Keep {
                meeples,
                spot,
                kind,
                chance,
            } => Reason::Keep {
                meeples,
                spot,
                kind,
                chance,
            },
            analysis::Reason::Ranger {
                player,
                before,
                after,
            } => Reason::Ranger {
                seat: player.0,
                before,
                after,
            },
            _ => return None,
        })
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

    /// Every seat's chance to win in `state` (its share of the win, once
    /// the game is over).
    pub fn win(&mut self, state: &GameState) -> Vec<f32> {
        self.analyst.forecast(state).win_chances().to_vec()
    }

    /// The hint for the decision of `state` at `step`: the move the judge
    /// values most (the first of equals), and the next best within
    /// [`CLOSE`] of it.
    ///
    /// # Errors
    /// [`WebError::NotYourTurn`] when no player decides in `state`.
    pub fn hint(&mut self, state: &GameState, step: usize) -> Result<Hint, WebError> {
        let hint = self.analyst.hint(state, 3).map_err(web_error)?;
        let (best, others) = hint
            .choices
            .split_first()
            .ok_or_else(|| WebError::NotYourTurn("no move".into()))?;
        Ok(Hint {
            step,
            seat: hint.player.0,
            mv: best.outcome.mv.to_string(),
            outcome: Outcome::of(&best.outcome, hint.player),
            alternatives: others
                .iter()
                .filter(|c| best.value - c.value <= CLOSE)
                .map(|c| Alternative {
                    mv: c.outcome.mv.to_string(),
                    outcome: Outcome::of(&c.outcome, hint.player),
                    behind: best.value - c.value,
                })
                .collect(),
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
        Ok(Judgement::of(step, &j, vec![0.0; state.players()]))
    }
}

impl Judgement {
    /// The page's judgement of the analysis's, at `step`, after draws that
    /// gave each seat `luck`.
    fn of(step: usize, j: &analysis::Judgement, luck: Vec<f32>) -> Judgement {
        Judgement {
            step,
            seat: j.player.0,
            played: j.played.mv.to_string(),
            best: j.best.mv.to_string(),
            before: j.before.expected_scores().to_vec(),
            win: j.before.win_chances().to_vec(),
            luck,
            played_outcome: Outcome::of(&j.played, j.player),
            best_outcome: Outcome::of(&j.best, j.player),
            loss: j.error,
            agrees: j.agrees(),
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
        let mut luck = vec![0.0; self.review.luck().len()];
        loop {
            // The log replayed the record: no step is refused.
            match self.review.next()?.ok()? {
                Entry::Decision { step, judgement } => {
                    self.done += 1;
                    return Some(Judgement::of(step, &judgement, luck));
                }
                Entry::Draw { luck: drawn, .. } => {
                    for (total, l) in luck.iter_mut().zip(&drawn.luck) {
                        *total += l;
                    }
                }
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

    /// Every seat's chance to win in the record's last position (its share
    /// of the win, once the game is over).
    pub fn end_win(&mut self) -> Vec<f32> {
        let state = self.log.current().clone();
        self.advisor.win(&state)
    }
}

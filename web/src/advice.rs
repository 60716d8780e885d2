//! The advisor: the strongest bot's opinion of a decision (a hint) and of
//! every decision of a game (a review), with what its evaluation expects.
//!
//! The advisor's move is the two-ply bot's ([`TwoPly`], the page's "Expert
//! bot"), and the points a move gives away are measured on the two-ply
//! bot's own scale ([`TwoPly::move_values`]): the mover's expected margin
//! (its expected final score minus the best other player's) after the next
//! player's reply to every tile it may draw, for the advisor's move less the
//! same for the move played.
//!
//! What a move leads to by the end of its turn (its [`Outcome`]) is judged
//! the same way for the hint and the review: the move is applied, the rest
//! of the turn is played by the one-ply look-ahead the two-ply bot weighs
//! its moves with ([`OnePly`]; chance draws inside the turn take their
//! likeliest outcome), and the bots crate's evaluation
//! ([`Evaluation::expected_scores`]) gives every player's expected final
//! score at the end of that turn.

use carcassonne_safari::view::GameLog;
use carcassonne_safari::{Actor, GameRecord, GameState, Move, PlayerId};
use carcassonne_safari_bots::eval::Evaluation;
use carcassonne_safari_bots::{in_turn, likeliest, Bot, OnePly, TwoPly};
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
    /// Expected points the mover gave away: the two-ply bot's value of its
    /// own move less its value of the move played ([`TwoPly::move_values`]:
    /// the mover's expected margin after the next player's reply), at least
    /// 0, and 0 when they are the same move.
    pub loss: f32,
}

/// The advisor: the two-ply bot that chooses and values moves, the one-ply
/// look-ahead that plays out the rest of a turn, and their evaluation.
pub struct Advisor {
    expert: TwoPly,
    lookahead: OnePly,
    eval: Evaluation,
}

impl Advisor {
    /// The advisor [`ADVISOR`], ties broken with `seed`.
    pub fn new(seed: u64) -> Advisor {
        Advisor {
            expert: TwoPly::new(seed),
            lookahead: OnePly::new(seed),
            eval: Evaluation::learned(),
        }
    }

    /// Every seat's expected final score in `state` (the final scores once
    /// the game is over).
    pub fn expected(&mut self, state: &GameState) -> Vec<f32> {
        let scores = self.eval.expected_scores(state);
        scores[..state.players()].to_vec()
    }

    /// The advisor's move for the decision of `state`: the two-ply bot's.
    ///
    /// # Errors
    /// [`WebError::NotYourTurn`] when no player decides in `state`.
    pub fn choose(&mut self, state: &GameState) -> Result<Move, WebError> {
        self.expert
            .choose(state)
            .map_err(|e| WebError::NotYourTurn(format!("nobody decides now: {e}")))
    }

    /// What move `mv` of the player deciding in `state` leads to by the end
    /// of the turn, the rest of the turn played by the one-ply look-ahead.
    ///
    /// # Errors
    /// [`WebError::Illegal`] when `mv` is not legal; [`WebError::NotYourTurn`]
    /// when no player decides.
    pub fn outcome(&mut self, state: &GameState, mv: Move) -> Result<Outcome, WebError> {
        let Some(Actor::Player(me)) = state.to_move() else {
            return Err(WebError::NotYourTurn("nobody decides now".into()));
        };
        let active = state.turn_player().unwrap_or(me);
        let mut next = state.play(mv).map_err(|e| WebError::Illegal(e.to_string()))?;
        while in_turn(&next, active) {
            let mv = match next.to_move() {
                Some(Actor::Chance) => likeliest(&next),
                Some(Actor::Player(_)) => self.lookahead.choose(&next).ok(),
                None => None,
            };
            match mv.and_then(|m| next.play(m).ok()) {
                Some(s) => next = s,
                None => break,
            }
        }
        let expected = self.expected(&next);
        let points = next
            .scores()
            .iter()
            .zip(state.scores())
            .map(|(after, before)| after.saturating_sub(*before))
            .collect();
        let margin = margin(&expected, me);
        Ok(Outcome {
            points,
            expected,
            margin,
        })
    }

    /// The hint for the decision of `state` at `step`.
    ///
    /// # Errors
    /// [`WebError::NotYourTurn`] when no player decides in `state`.
    pub fn hint(&mut self, state: &GameState, step: usize) -> Result<Hint, WebError> {
        let seat = seat_deciding(state)?;
        let mv = self.choose(state)?;
        let outcome = self.outcome(state, mv)?;
        Ok(Hint {
            step,
            seat,
            mv: mv.to_string(),
            outcome,
        })
    }

    /// The advisor's opinion of move `played` in `state` (at `step`): the
    /// move the two-ply bot values most (the first of equals), and what
    /// `played` gives away on its scale.
    ///
    /// # Errors
    /// As [`Advisor::outcome`].
    pub fn judge(&mut self, state: &GameState, step: usize, played: Move) -> Result<Judgement, WebError> {
        let seat = seat_deciding(state)?;
        let moves = state.legal_moves();
        let Some(played_at) = moves.iter().position(|&m| m == played) else {
            return Err(WebError::Illegal(format!("{played} is not a legal move here")));
        };
        let before = self.expected(state);
        let mut values = vec![0.0f32; moves.len()];
        if moves.len() > 1 {
            self.expert.move_values(state, &moves, &mut values);
        }
        let best_at = (0..moves.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
        let loss = (values[best_at] - values[played_at]).max(0.0);
        let best = moves[best_at];
        let best_outcome = self.outcome(state, best)?;
        let played_outcome = if best_at == played_at {
            best_outcome.clone()
        } else {
            self.outcome(state, played)?
        };
        Ok(Judgement {
            step,
            seat,
            played: played.to_string(),
            best: best.to_string(),
            before,
            played_outcome,
            best_outcome,
            loss,
        })
    }
}

fn seat_deciding(state: &GameState) -> Result<u8, WebError> {
    match state.to_move() {
        Some(Actor::Player(p)) => Ok(p.0),
        _ => Err(WebError::NotYourTurn(format!(
            "nobody decides now ({})",
            state.phase()
        ))),
    }
}

/// `me`'s expected final score minus the best other seat's.
fn margin(expected: &[f32], me: PlayerId) -> f32 {
    let best_other = expected
        .iter()
        .enumerate()
        .filter(|&(q, _)| q != me.index())
        .map(|(_, &s)| s)
        .fold(f32::MIN, f32::max);
    let mine = expected.get(me.index()).copied().unwrap_or(0.0);
    if best_other == f32::MIN {
        mine
    } else {
        mine - best_other
    }
}

/// A review of a recorded game, one decision at a time (so that a caller can
/// show progress between them).
pub struct Review {
    log: GameLog,
    decisions: Vec<usize>,
    next: usize,
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
        let decisions = log.decision_steps().collect();
        Ok(Review {
            log,
            decisions,
            next: 0,
            advisor: Advisor::new(0),
        })
    }

    /// The number of decisions to judge.
    pub fn total(&self) -> usize {
        self.decisions.len()
    }

    /// The number judged so far.
    pub fn done(&self) -> usize {
        self.next
    }

    /// Judges the next decision; `None` once every decision is judged.
    pub fn next_judgement(&mut self) -> Option<Judgement> {
        while let Some(&step) = self.decisions.get(self.next) {
            self.next += 1;
            let (Some(state), Some(&mv)) = (self.log.state_at(step), self.log.moves().get(step)) else {
                continue;
            };
            if let Ok(j) = self.advisor.judge(state, step, mv) {
                return Some(j);
            }
        }
        None
    }

    /// Every seat's final score (or, for an unfinished game, expected final
    /// score) in the record's last position.
    pub fn end(&mut self) -> Vec<f32> {
        let state = self.log.current().clone();
        self.advisor.expected(&state)
    }
}

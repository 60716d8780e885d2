//! What a player can learn from a position or a game, for any UI: a hint
//! (the best moves, each with what its turn scores and what the forecast
//! expects after it) and a review (each decision's error and each draw's
//! luck, on one scale).
//!
//! The judge is the two-ply bot ([`TwoPly`]): a move's **value** is the
//! mover's expected margin (its expected final score less the best other
//! player's, in points) after the next player's reply to every tile it may
//! draw ([`TwoPly::move_values`]). A decision's **error** is the value of
//! the judge's best move less that of the move played: the expected points
//! of margin the move gave away (0 when they are the same move). A draw's
//! **luck** for each player is its expected margin once the turn of the
//! drawn tile (or token) is played out, less the same averaged over every
//! outcome the draw could have had, weighed by its chance: over a game,
//! what each player's decisions cost and what the draws gave or took, on
//! the same scale, as backgammon programs split a game into the players'
//! errors and the dice's luck.
//!
//! What a move leads to (its [`Outcome`]) is the position at the end of its
//! turn, the rest of the turn played by the one-ply look-ahead
//! ([`lookahead::finish_turn`](crate::lookahead::finish_turn)), token draws
//! inside it the likeliest: the events of the turn, the points each player
//! scored, the evaluation's [`Forecast`] there, and the [`Reason`]s the
//! events alone do not tell: the chance that a meeple placed in the turn
//! comes home with points, the meeples a pass keeps, what a ranger's move
//! leaves the next player.
//!
//! ```
//! use carcassonne_safari::{chance::Deal, GameState, Setup};
//! use carcassonne_safari_bots::analysis::Analyst;
//! let mut state = GameState::new(&Setup::new(2)).unwrap();
//! state.play_chance_mut(&mut Deal::new(1), &mut Vec::new(), &mut Vec::new()).unwrap();
//! let mut analyst = Analyst::new(0);
//! let hint = analyst.hint(&state, 3).unwrap();
//! assert!(!hint.choices.is_empty() && hint.choices.len() <= 3);
//! let best = &hint.choices[0];
//! assert!(state.is_legal(best.outcome.mv));
//! let judged = analyst.judge(&state, best.outcome.mv).unwrap();
//! assert_eq!(judged.error, 0.0);
//! assert!(judged.agrees());
//! ```

use alloc::boxed::Box;
use alloc::vec::Vec;

use carcassonne_safari::events::MeepleSpot;
use carcassonne_safari::record::ReplayError;
use carcassonne_safari::{
    Actor, Event, FeatureKind, GameRecord, GameState, Move, MoveError, MoveKind, Phase, PlayerId,
};

use crate::eval::{Chance, Evaluation, Forecast};
use crate::lookahead::{finish_turn, margin, play_out, Draws};
use crate::TwoPly;

/// Why an analysis could not be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// A hint or a judgement asked where no player decides.
    #[error("no player decides now ({0})")]
    NoDecision(Phase),
    /// Luck asked where nothing is drawn.
    #[error("nothing is drawn now ({0})")]
    NoDraw(Phase),
    /// The move (or draw) cannot be played in the position.
    #[error(transparent)]
    Illegal(#[from] MoveError),
    /// A reviewed record does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// What a move leads to by the end of its turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The move.
    pub mv: Move,
    /// The events of the move and of the rest of its turn.
    pub events: Vec<Event>,
    /// The points each player scored from the move to the end of the turn.
    pub points: Vec<u32>,
    /// The forecast at the end of the turn.
    pub forecast: Forecast,
    /// Why the move is worth what it is, beside the points scored.
    pub reasons: Vec<Reason>,
}

/// Why a move is worth what it is, beside the points its turn scores (the
/// outcome's events say how those are scored).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Reason {
    /// A meeple the mover placed in the turn is still on `spot` at its end:
    /// `chance` is the evaluation's chance that its trail or bush completes
    /// (its baobab is surrounded, its watering hole fills) before the game
    /// ends, and the meeple comes home with points.
    Claim {
        /// Where the meeple stands.
        spot: MeepleSpot,
        /// The kind of its feature (`None` on a baobab or a watering hole).
        kind: Option<FeatureKind>,
        /// The chance, in 0..=1.
        chance: f32,
    },
    /// A pass while a meeple could have been placed: the mover keeps its
    /// `meeples` in supply for a later turn, and of the spots of the tile
    /// just placed, `spot` was the likeliest to complete (as
    /// [`Reason::Claim`] counts it).
    Keep {
        /// The meeples in the mover's supply.
        meeples: u8,
        /// The free spot likeliest to complete.
        spot: MeepleSpot,
        /// The kind of its feature (`None` on a baobab).
        kind: Option<FeatureKind>,
        /// Its chance to complete, in 0..=1.
        chance: f32,
    },
    /// The move sends a ranger somewhere (moves it, or puts it back):
    /// `player`, the next to place a tile, can expect `before` points from
    /// placing a tile on a ranger before the move, and `after` once the
    /// turn is over ([`Evaluation::ranger_points`]).
    Ranger {
        /// The next player to place a tile.
        player: PlayerId,
        /// The points it could expect before the move.
        before: f32,
        /// The points it can expect after the turn.
        after: f32,
    },
}

/// One of the best moves of a [`Hint`].
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The judge's value of the move (the mover's expected margin, in
    /// points).
    pub value: f32,
    /// What the move leads to.
    pub outcome: Outcome,
}

/// The best moves for the player deciding.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The player deciding.
    pub player: PlayerId,
    /// The best moves, the best first (equal values in the engine's order
    /// of the moves).
    pub choices: Vec<Choice>,
}

/// The judge's opinion of a move played.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The player who decided.
    pub player: PlayerId,
    /// The forecast before the decision.
    pub before: Forecast,
    /// What the move played leads to.
    pub played: Outcome,
    /// What the judge's best move leads to.
    pub best: Outcome,
    /// The expected points of margin the move played gave away: the judge's
    /// value of its best move less that of the move played, at least 0.
    pub error: f32,
}

impl Judgement {
    /// An error below this many points is within what the judge cannot
    /// tell apart (its values are estimates): the move agrees with the best.
    pub const NOISE: f32 = 1.0;

    /// Whether the move played is the best, or within [`Judgement::NOISE`]
    /// of it.
    pub fn agrees(&self) -> bool {
        self.played.mv == self.best.mv || self.error < Judgement::NOISE
    }
}

/// What a draw gave or took.
#[derive(Clone, Debug, PartialEq)]
pub struct Luck {
    /// The draw.
    pub drawn: Move,
    /// The player whose turn the draw is for (`None` before the first turn).
    pub player: Option<PlayerId>,
    /// For each player, its expected margin after the draw less its mean
    /// over every outcome of the draw, in points.
    pub luck: Vec<f32>,
}

/// The hint, the judge and the luck of draws.
#[derive(Clone, Debug)]
pub struct Analyst {
    judge: TwoPly,
    eval: Evaluation,
}

impl Analyst {
    /// An analyst with the learned evaluation; `seed` seeds the judge (its
    /// values do not depend on it).
    pub fn new(seed: u64) -> Analyst {
        Analyst {
            judge: TwoPly::new(seed),
            eval: Evaluation::learned(),
        }
    }

    /// The forecast of `state`.
    pub fn forecast(&mut self, state: &GameState) -> Forecast {
        self.eval.forecast(state)
    }

    /// What `mv`, a move of the player deciding in `state`, leads to by the
    /// end of its turn.
    ///
    /// # Errors
    /// [`AnalysisError::NoDecision`] where no player decides;
    /// [`AnalysisError::Illegal`] for a move that is not legal.
    pub fn outcome(&mut self, state: &GameState, mv: Move) -> Result<Outcome, AnalysisError> {
        let me = deciding(state)?;
        let mut next = state.clone();
        let mut events = Vec::new();
        next.apply_mut(mv, &mut events)?;
        let active = state.turn_player().unwrap_or(me);
        let end = play_out(&mut self.eval, next, active, Draws::Likeliest, Some(&mut events));
        let reasons = self.reasons(state, mv, me, &events, &end);
        Ok(Outcome {
            mv,
            points: end
                .scores()
                .iter()
                .zip(state.scores())
                .map(|(after, before)| after.saturating_sub(*before))
                .collect(),
            events,
            forecast: self.eval.forecast(&end),
            reasons,
        })
    }

    /// The reasons of `mv`, played by `me` in `state`, whose turn made
    /// `events` and ended at `end`.
    fn reasons(
        &mut self,
        state: &GameState,
        mv: Move,
        me: PlayerId,
        events: &[Event],
        end: &GameState,
    ) -> Vec<Reason> {
        let mut reasons = Vec::new();
        for (i, e) in events.iter().enumerate() {
            let Event::MeeplePlaced { player, spot } = *e else {
                continue;
            };
            let home = events[i..]
                .iter()
                .any(|e| matches!(*e, Event::MeepleReturned { spot: s, .. } if s == spot));
            if player != me || home {
                continue;
            }
            if let Some((kind, chance)) = self.claim(end, spot) {
                reasons.push(Reason::Claim { spot, kind, chance });
            }
        }
        let meeples = state.meeples_in_supply(me);
        if mv == Move::Pass && meeples > 0 {
            // The free spot the pass leaves that was likeliest to complete.
            let mut best: Option<(MeepleSpot, Option<FeatureKind>, f32)> = None;
            for &m in state
                .legal_moves()
                .iter()
                .filter(|m| m.kind() == MoveKind::Meeple)
            {
                let mut claimed = state.clone();
                let mut placed = Vec::new();
                if claimed.apply_mut(m, &mut placed).is_err() {
                    continue;
                }
                for e in placed {
                    if let Event::MeeplePlaced { spot, .. } = e {
                        if let Some((kind, chance)) = self.claim(&claimed, spot) {
                            if best.is_none_or(|(_, _, b)| chance > b) {
                                best = Some((spot, kind, chance));
                            }
                        }
                    }
                }
            }
            if let Some((spot, kind, chance)) = best {
                reasons.push(Reason::Keep {
                    meeples,
                    spot,
                    kind,
                    chance,
                });
            }
        }
        if matches!(mv, Move::Ranger { .. } | Move::Return(_)) {
            let before = self.eval.ranger_points(state);
            if let Some((player, after)) = self.eval.ranger_points(end) {
                reasons.push(Reason::Ranger {
                    player,
                    before: before.map_or(0.0, |(_, p)| p),
                    after,
                });
            }
        }
        reasons
    }

    /// The `count` best moves (at least one) of the player deciding in
    /// `state`, by the judge's values.
    ///
    /// # Errors
    /// [`AnalysisError::NoDecision`] where no player decides.
    pub fn hint(&mut self, state: &GameState, count: usize) -> Result<Hint, AnalysisError> {
        let player = deciding(state)?;
        let (moves, values) = self.values(state);
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
        let mut choices = Vec::new();
        for &i in order.iter().take(count.max(1)) {
            choices.push(Choice {
                value: values[i],
                outcome: self.outcome(state, moves[i])?,
            });
        }
        Ok(Hint { player, choices })
    }

    /// The judge's opinion of `played`, a move of the player deciding in
    /// `state`.
    ///
    /// # Errors
    /// [`AnalysisError::NoDecision`] where no player decides;
    /// [`AnalysisError::Illegal`] for a move that is not legal.
    pub fn judge(&mut self, state: &GameState, played: Move) -> Result<Judgement, AnalysisError> {
        let player = deciding(state)?;
        let played_outcome = self.outcome(state, played)?;
        let (moves, values) = self.values(state);
        let best_at = (0..moves.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
        let played_at = moves.iter().position(|&m| m == played).unwrap_or(best_at);
        let best = if played_at == best_at {
            played_outcome.clone()
        } else {
            self.outcome(state, moves[best_at])?
        };
        Ok(Judgement {
            player,
            before: self.eval.forecast(state),
            played: played_outcome,
            best,
            error: (values[best_at] - values[played_at]).max(0.0),
        })
    }

    /// What `drawn`, an outcome of the draw in `state`, gave or took from
    /// each player.
    ///
    /// # Errors
    /// [`AnalysisError::NoDraw`] where nothing is drawn;
    /// [`AnalysisError::Illegal`] for an outcome the draw cannot have.
    pub fn luck(&mut self, state: &GameState, drawn: Move) -> Result<Luck, AnalysisError> {
        if state.to_move() != Some(Actor::Chance) {
            return Err(AnalysisError::NoDraw(state.phase()));
        }
        let next = state.play(drawn)?;
        let player = next.turn_player();
        let after = self.margins_after(state.players(), next);
        let mut mean = alloc::vec![0.0f32; state.players()];
        let mut total = 0.0f32;
        for (outcome, weight) in state.chance_outcomes().iter() {
            let margins = if outcome == drawn {
                after.clone()
            } else {
                self.margins_after(state.players(), state.play_unchecked(outcome))
            };
            for (m, v) in mean.iter_mut().zip(&margins) {
                *m += weight as f32 * v;
            }
            total += weight as f32;
        }
        Ok(Luck {
            drawn,
            player,
            luck: after
                .iter()
                .zip(&mean)
                .map(|(a, m)| a - m / total.max(f32::MIN_POSITIVE))
                .collect(),
        })
    }

    /// The legal moves of `state` and the judge's value of each (all 0 for a
    /// single move).
    fn values(&mut self, state: &GameState) -> (Vec<Move>, Vec<f32>) {
        let moves = state.legal_moves().to_vec();
        let mut values = alloc::vec![0.0f32; moves.len()];
        if moves.len() > 1 {
            self.judge.move_values(state, &moves, &mut values);
        }
        (moves, values)
    }

    /// The kind of the feature (none on a baobab or a hole) of a meeple on
    /// `spot` in `state`, and its chance to complete.
    fn claim(&mut self, state: &GameState, spot: MeepleSpot) -> Option<(Option<FeatureKind>, f32)> {
        let chances = self.eval.chances(state);
        let chance = chances.iter().find(|c| on_spot(c, spot, state))?;
        let kind = match *chance {
            Chance::Feature { kind, .. } => Some(kind),
            _ => None,
        };
        Some((kind, chance.chance()))
    }

    /// Every one of the `players`' expected margin once the turn of
    /// `drawn`, a position just after a draw, is played out.
    fn margins_after(&mut self, players: usize, drawn: GameState) -> Vec<f32> {
        let end = match drawn.turn_player() {
            Some(active) => finish_turn(&mut self.eval, drawn, active, Draws::Likeliest),
            None => drawn,
        };
        let scores = self.eval.expected_scores(&end);
        (0..players)
            .map(|p| margin(&scores, players, PlayerId(p as u8)))
            .collect()
    }
}

/// Whether `chance` is that of a meeple on `spot`, in `end`.
fn on_spot(chance: &Chance, spot: MeepleSpot, end: &GameState) -> bool {
    match (*chance, spot) {
        (Chance::Feature { id, .. }, MeepleSpot::Segment { pos, seg }) => {
            end.feature(pos, seg).is_some_and(|f| f.id == id)
        }
        (Chance::Baobab { pos, .. }, MeepleSpot::Baobab { pos: at }) => pos == at,
        (Chance::Hole { pos, corner, .. }, MeepleSpot::Hole { pos: at, corner: c }) => {
            pos == at && corner == c
        }
        _ => false,
    }
}

/// The player deciding in `state`.
fn deciding(state: &GameState) -> Result<PlayerId, AnalysisError> {
    match state.to_move() {
        Some(Actor::Player(p)) => Ok(p),
        _ => Err(AnalysisError::NoDecision(state.phase())),
    }
}

/// One step of a [`Review`].
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    /// A player's decision at `step` (the moves played before it), judged.
    Decision {
        /// The step.
        step: usize,
        /// The judgement.
        judgement: Box<Judgement>,
    },
    /// A draw at `step`, with its luck.
    Draw {
        /// The step.
        step: usize,
        /// The luck.
        luck: Luck,
    },
}

/// A review of a recorded game, one step at a time (an iterator, so that a
/// UI can show progress), with each player's totals so far.
///
/// ```
/// use carcassonne_safari::{GameRecord, Setup};
/// use carcassonne_safari_bots::analysis::{Entry, Review};
/// let record = GameRecord::new(Setup::new(2));
/// let mut review = Review::new(&record).unwrap();
/// assert!(review.next().is_none());
/// assert_eq!(review.errors(), &[0.0, 0.0]);
/// ```
#[derive(Clone, Debug)]
pub struct Review {
    analyst: Analyst,
    state: GameState,
    moves: Vec<Move>,
    step: usize,
    errors: Vec<f32>,
    luck: Vec<f32>,
}

impl Review {
    /// A review of `record`.
    ///
    /// # Errors
    /// [`AnalysisError::Replay`] for a record whose setup is impossible (an
    /// illegal move is the error of its step).
    pub fn new(record: &GameRecord) -> Result<Review, AnalysisError> {
        let state = GameState::new(&record.setup).map_err(ReplayError::from)?;
        let players = state.players();
        Ok(Review {
            analyst: Analyst::new(0),
            state,
            moves: record.moves.clone(),
            step: 0,
            errors: alloc::vec![0.0; players],
            luck: alloc::vec![0.0; players],
        })
    }

    /// The steps of the record (decisions and draws).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the record has no steps.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The steps reviewed so far.
    pub fn done(&self) -> usize {
        self.step
    }

    /// Each player's errors so far, in points.
    pub fn errors(&self) -> &[f32] {
        &self.errors
    }

    /// Each player's luck so far, in points.
    pub fn luck(&self) -> &[f32] {
        &self.luck
    }

    /// The position reached so far.
    pub fn state(&self) -> &GameState {
        &self.state
    }
}

impl Iterator for Review {
    type Item = Result<Entry, AnalysisError>;

    /// The next step's entry; after an illegal move, its error, then `None`.
    fn next(&mut self) -> Option<Self::Item> {
        let (step, mv) = (self.step, *self.moves.get(self.step)?);
        let entry = match self.state.to_move() {
            Some(Actor::Player(p)) => self.analyst.judge(&self.state, mv).map(|judgement| {
                self.errors[p.index()] += judgement.error;
                Entry::Decision {
                    step,
                    judgement: Box::new(judgement),
                }
            }),
            _ => self.analyst.luck(&self.state, mv).map(|luck| {
                for (total, l) in self.luck.iter_mut().zip(&luck.luck) {
                    *total += l;
                }
                Entry::Draw { step, luck }
            }),
        };
        if let Err(e) = self.state.apply_mut(mv, &mut Vec::new()) {
            self.step = self.moves.len();
            return Some(Err(AnalysisError::Replay(ReplayError::Illegal {
                step,
                mv,
                reason: e.reason,
            })));
        }
        self.step += 1;
        Some(entry)
    }
}

//! Leaf values and priors from the position evaluation: a leaf is worth the
//! margins of the expected final scores ([`crate::eval`]), after a short
//! random playout or none.

use alloc::vec::Vec;

use carcassonne_safari::policy::KindFirstRandom;
use carcassonne_safari::rules::MAX_PLAYERS;
use carcassonne_safari::{Actor, Event, GameState, Move, MoveKind, Phase};

use super::evaluator::{kind_prior, margin_values, Evaluator, Values};
use crate::eval::Evaluation;
use crate::oneply::{margin, move_values, settle};
use crate::rng::BotRng;

/// How [`ScoreEstimate`] orders a decision's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PriorSource {
    /// [`kind_prior`]: by move kind and, for placements, neighbouring tiles
    /// (the 0.1.0 prior; costs nothing).
    Kind,
    /// The evaluation of the position after each move, for its mover, as a
    /// value in `0..=1` (one evaluation per move: a placement decision of
    /// 300 moves costs 300); ranger moves 0 without an evaluation.
    Evaluation,
}

/// An evaluator whose leaf values come from the position evaluation: the
/// leaf is played on by the engine's kind-first random policy for
/// [`ScoreEstimate::playout_plies`] player decisions (0: not at all), then
/// each seat's expected final score is estimated
/// ([`Evaluation::expected_scores`]) and turned into values by
/// [`margin_values`] with [`ScoreEstimate::reward_scale`].
#[derive(Clone, Debug)]
pub struct ScoreEstimate {
    /// Player decisions played at random from the leaf before it is
    /// evaluated (chance draws by their weights in between).
    pub playout_plies: u32,
    /// Points of expected margin that count as a sure win (see
    /// [`margin_values`]).
    pub reward_scale: f32,
    /// How moves are ordered below the root.
    pub prior: PriorSource,
    /// Whether a leaf inside a turn (after the placement: an action, a boost
    /// question, a ranger's return) is first played to the end of the turn
    /// by the one-ply look-ahead of [`OnePly`](crate::OnePly), so that a
    /// placement is valued with its best action.
    pub settle: bool,
    /// Whether the root's moves are ordered by the one-ply look-ahead of
    /// [`OnePly`](crate::OnePly) (each move with the rest of its turn,
    /// evaluated), else like the other nodes.
    pub root_lookahead: bool,
    eval: Evaluation,
    policy: KindFirstRandom,
    events: Vec<Event>,
}

impl Default for ScoreEstimate {
    /// The learned evaluation ([`ScoreEstimate::new`]).
    fn default() -> Self {
        ScoreEstimate::new(Evaluation::learned())
    }
}

impl ScoreEstimate {
    /// Leaf values from `eval`: no random playout, a leaf inside a turn
    /// settled by the one-ply look-ahead, rewards on a scale of 10 points;
    /// the root's moves ordered by the one-ply look-ahead, the others by the
    /// evaluation after each move.
    pub fn new(eval: Evaluation) -> ScoreEstimate {
        ScoreEstimate {
            playout_plies: 0,
            reward_scale: 10.0,
            prior: PriorSource::Evaluation,
            root_lookahead: true,
            settle: true,
            eval,
            policy: KindFirstRandom::new(),
            events: Vec::with_capacity(64),
        }
    }

    /// Its evaluation.
    pub fn evaluation(&self) -> &Evaluation {
        &self.eval
    }

    /// The value in `0..=1` of an expected margin (as [`margin_values`]).
    fn value_of_margin(&self, margin: f32) -> f32 {
        if self.reward_scale <= 0.0 {
            return if margin > 0.0 {
                1.0
            } else if margin < 0.0 {
                0.0
            } else {
                0.5
            };
        }
        0.5 + 0.5 * libm::tanhf(margin / self.reward_scale)
    }

    /// Evaluates with `eval` from now on.
    pub fn set_evaluation(&mut self, eval: Evaluation) {
        self.eval = eval;
    }
}

impl Evaluator for ScoreEstimate {
    fn evaluate(&mut self, mut state: GameState, rng: &mut BotRng) -> Values {
        let mut plies = 0;
        while plies < self.playout_plies {
            let mv = match state.to_move() {
                None => break,
                Some(Actor::Chance) => state.chance_outcomes().sample(rng),
                Some(Actor::Player(_)) => {
                    plies += 1;
                    self.policy.choose(&state, rng)
                }
            };
            self.events.clear();
            if mv.is_none_or(|m| state.apply_mut(m, &mut self.events).is_err()) {
                break;
            }
        }
        let mid_turn = matches!(state.phase(), Phase::Action | Phase::Boost { .. } | Phase::Return);
        let scores = if self.settle && mid_turn && state.turn_player().is_some() {
            let active = state.turn_player().expect("checked");
            settle(&mut self.eval, state.clone(), active)
        } else if state.is_over() {
            let mut s = [0.0; MAX_PLAYERS];
            for (x, &p) in s.iter_mut().zip(state.scores()) {
                *x = p as f32;
            }
            s
        } else {
            self.eval.expected_scores(&state)
        };
        margin_values(&scores[..state.players()], self.reward_scale)
    }

    fn root_prior(&mut self, state: &GameState, moves: &[Move], priors: &mut [f32]) {
        if self.root_lookahead {
            move_values(&mut self.eval, state, moves, priors);
            for p in priors.iter_mut() {
                *p = self.value_of_margin(*p);
            }
        } else {
            self.prior(state, moves, priors);
        }
    }

    fn prior(&mut self, state: &GameState, moves: &[Move], priors: &mut [f32]) {
        let mover = match state.to_move() {
            Some(Actor::Player(p)) => p,
            _ => {
                priors.fill(1.0);
                return;
            }
        };
        match self.prior {
            PriorSource::Kind => {
                for (p, &mv) in priors.iter_mut().zip(moves) {
                    *p = kind_prior(state, mv);
                }
            }
            PriorSource::Evaluation => {
                for (p, &mv) in priors.iter_mut().zip(moves) {
                    // Ranger moves rarely pay: keep them last without
                    // evaluating each of the hundred.
                    if mv.kind() == MoveKind::Ranger {
                        *p = 0.0;
                        continue;
                    }
                    *p = match state.play(mv) {
                        Ok(next) => {
                            let m = margin(&self.eval.expected_scores(&next), state.players(), mover);
                            self.value_of_margin(m)
                        }
                        Err(_) => 0.0,
                    };
                }
            }
        }
    }
}

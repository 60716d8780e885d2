//! Leaf values and priors from the position evaluation: a leaf is worth the
//! margins of the expected final scores ([`crate::eval`]).

use alloc::vec::Vec;

use carcassonne_safari::rules::MAX_PLAYERS;
use carcassonne_safari::{Actor, GameState, Move, MoveKind, Phase, PlayerId};

use super::evaluator::{Evaluator, Values};
use crate::eval::Evaluation;
use crate::lookahead::{margin, move_values, turn_move, turn_scores};
use crate::rng::BotRng;

/// The evaluator of [`Mcts`](super::Mcts): a leaf is worth each seat's
/// expected final score ([`Evaluation::expected_scores`]; a leaf inside a
/// turn first played to the end of the turn by the
/// [look-ahead](crate::lookahead)), turned into values by
/// [`margin_values`](super::margin_values) with
/// [`ScoreEstimate::reward_scale`].
///
/// Its priors: at the root, each move's margin at the end of its turn (the
/// one-ply bot's values, [`OnePly`](crate::OnePly)); below the root, a
/// placement's margin right after it (ranger moves last, unevaluated), and
/// inside a turn after its placement (an action, a boost question, a
/// ranger's return) the one move the look-ahead plays: the tree then
/// branches on placements and chance only, every player's turn finished the
/// way the leaves are valued, so that the visits below a move go to the
/// other players' best replies instead of to the hundred actions of each
/// turn.
#[derive(Clone, Debug)]
pub struct ScoreEstimate {
    /// Points of expected margin that count as a sure win (see
    /// [`margin_values`](super::margin_values)): 10 by default.
    pub reward_scale: f32,
    eval: Evaluation,
}

/// Whether `state` is inside a turn past its placement: an action, a boost
/// question or a ranger's return.
fn mid_turn(state: &GameState) -> bool {
    matches!(state.phase(), Phase::Action | Phase::Boost { .. } | Phase::Return)
}

impl Default for ScoreEstimate {
    /// The learned evaluation ([`ScoreEstimate::new`]).
    fn default() -> Self {
        ScoreEstimate::new(Evaluation::learned())
    }
}

impl ScoreEstimate {
    /// Leaf values and priors from `eval`, rewards on a scale of 10 points.
    pub fn new(eval: Evaluation) -> ScoreEstimate {
        ScoreEstimate {
            reward_scale: 10.0,
            eval,
        }
    }

    /// The evaluation its leaves and priors come from.
    pub fn evaluation(&self) -> &Evaluation {
        &self.eval
    }

    /// The expected final scores of `state`: the points of a finished game,
    /// the rest of a turn played by the look-ahead when `state` is inside
    /// one, else the evaluation.
    fn leaf_scores(&mut self, state: &GameState) -> [f32; MAX_PLAYERS] {
        if let (true, Some(active)) = (mid_turn(state), state.turn_player()) {
            turn_scores(&mut self.eval, state.clone(), active)
        } else if state.is_over() {
            let mut s = [0.0; MAX_PLAYERS];
            for (x, &p) in s.iter_mut().zip(state.scores()) {
                *x = p as f32;
            }
            s
        } else {
            self.eval.expected_scores(state)
        }
    }

    /// The value in `0..=1` of an expected margin (as [`margin_values`](super::margin_values)).
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
}

impl Evaluator for ScoreEstimate {
    fn evaluate(&mut self, state: GameState, _rng: &mut BotRng) -> Values {
        let scores = self.leaf_scores(&state);
        let mut out = [0.5; MAX_PLAYERS];
        for (p, v) in out.iter_mut().enumerate().take(state.players()) {
            *v = self.value_of_margin(margin(&scores, state.players(), PlayerId(p as u8)));
        }
        out
    }

    fn prior(&mut self, state: &GameState, root: bool, moves: &mut Vec<Move>, priors: &mut Vec<f32>) {
        let Some(Actor::Player(mover)) = state.to_move() else {
            priors.clear();
            priors.resize(moves.len(), 1.0);
            return;
        };
        if root {
            priors.clear();
            priors.resize(moves.len(), 0.0);
            move_values(&mut self.eval, state, moves, priors);
            for p in priors.iter_mut() {
                *p = self.value_of_margin(*p);
            }
            return;
        }
        if let (true, Some(active)) = (mid_turn(state), state.turn_player()) {
            if let Some(mv) = turn_move(&mut self.eval, state, active) {
                moves.clear();
                moves.push(mv);
                priors.clear();
                priors.push(1.0);
                return;
            }
        }
        priors.clear();
        for &mv in moves.iter() {
            // Ranger moves rarely pay: keep them last without evaluating
            // each of the hundred.
            if mv.kind() == MoveKind::Ranger {
                priors.push(0.0);
                continue;
            }
            let next = state.play_unchecked(mv);
            let m = margin(&self.eval.expected_scores(&next), state.players(), mover);
            priors.push(self.value_of_margin(m));
        }
    }
}

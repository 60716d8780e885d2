//! The learned player: a policy network trained to play like the one-ply
//! bot, and then on its own games, that chooses without any search.
//!
//! [`PolicyNet`] scores each legal move by a small multilayer perceptron
//! ([`Model`]) on the move's [`move_features`] (what the position looks like one
//! engine step after the move) and plays the move with the highest score. The
//! shipped weights are data beside this file (`model.txt`, written by
//! `python/carcassonne_safari/bc.py`; the training command is in
//! python/README.md), read once when the bot is made.
//!
//! ```
//! use carcassonne_safari::{GameState, Setup};
//! use carcassonne_safari_bots::{Bot, learned::PolicyNet};
//! let mut bot = PolicyNet::new(7);
//! let mut state = GameState::new(&Setup::new(2)).unwrap();
//! # use carcassonne_safari::Actor;
//! # use carcassonne_safari::rand_core::SeedableRng;
//! # let mut chance = carcassonne_safari_bots::BotRng::seed_from_u64(1);
//! while state.to_move() != Some(Actor::Player(carcassonne_safari::PlayerId(0))) {
//!     let mv = state.chance_outcomes().sample(&mut chance).unwrap();
//!     state = state.play(mv).unwrap();
//! }
//! let mv = bot.choose(&state).unwrap();
//! assert!(state.legal_moves().contains(&mv));
//! ```

mod features;
mod model;

use alloc::vec::Vec;

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{GameState, Move};

use crate::eval::Evaluation;
use crate::rng::{below, BotRng};
use crate::{player_moves, Bot, BotError};

pub use features::{move_features, FEATURES};
pub use model::{Model, ModelError};

/// The shipped model's text (see [`Model`] for its form).
pub const MODEL: &str = include_str!("model.txt");

/// The evaluation the policy's move features are computed with
/// ([`move_features`]), the one the shipped model was trained with: the
/// learned weights, the ranger points counted a half (as
/// [`Evaluation::learned`]), the evaluation of the one-ply bot it imitates.
/// Until 0.3.0 it was the fit's weights without the ranger points.
pub fn feature_evaluation() -> Evaluation {
    Evaluation::learned()
}

/// The one-ply bot's value of each of `moves` (the legal moves of the player
/// to move in `state`), written to `values` (as long as `moves`): the margin it
/// expects at the end of the turn, the rest of the turn played by its
/// look-ahead. The policy's teacher: `rl`'s data generator labels positions
/// with it.
pub fn teacher_values(eval: &mut Evaluation, state: &GameState, moves: &[Move], values: &mut [f32]) {
    crate::oneply::move_values(eval, state, moves, values);
}

/// The policy network as a bot: at each decision, the legal move whose
/// features the network scores highest (equal scores told apart by a seeded
/// coin). Deterministic given its seed; no search, no randomness otherwise.
#[derive(Clone, Debug)]
pub struct PolicyNet {
    model: Model,
    eval: Evaluation,
    rng: BotRng,
    rows: Vec<f32>,
    logits: Vec<f32>,
}

impl PolicyNet {
    /// The bot with the shipped model, ties broken with `seed`.
    pub fn new(seed: u64) -> PolicyNet {
        // The shipped model is tested to parse (`shipped_model_parses`).
        let model = Model::parse(MODEL, FEATURES).unwrap_or_else(|_| unreachable!("model.txt parses"));
        PolicyNet::with_model(model, seed)
    }

    /// The bot with `model`, ties broken with `seed`.
    pub fn with_model(model: Model, seed: u64) -> PolicyNet {
        PolicyNet {
            model,
            eval: feature_evaluation(),
            rng: BotRng::seed_from_u64(seed),
            rows: Vec::new(),
            logits: Vec::new(),
        }
    }

    /// Its model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The network's logit of each legal move of `state`, in the order of
    /// [`GameState::legal_moves`], written to `out`.
    ///
    /// # Errors
    /// [`BotError::NoDecision`] when no player is to move.
    pub fn move_logits(&mut self, state: &GameState, out: &mut Vec<f32>) -> Result<(), BotError> {
        let moves = player_moves(state)?;
        self.rows.clear();
        move_features(&mut self.eval, state, &moves, &mut self.rows);
        self.model.logits(&self.rows, out);
        Ok(())
    }
}

impl Bot for PolicyNet {
    fn name(&self) -> &str {
        "net"
    }

    fn choose(&mut self, state: &GameState) -> Result<Move, BotError> {
        let moves = player_moves(state)?;
        if moves.len() == 1 {
            return Ok(moves[0]);
        }
        let mut logits = core::mem::take(&mut self.logits);
        self.move_logits(state, &mut logits)?;
        let best = logits.iter().copied().fold(f32::MIN, f32::max);
        let ties: Vec<usize> = (0..moves.len()).filter(|&i| logits[i] >= best).collect();
        let pick = match ties.len() {
            0 => 0,
            1 => ties[0],
            n => ties[below(&mut self.rng, n)],
        };
        self.logits = logits;
        Ok(moves[pick])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_safari::{Actor, Setup};

    #[test]
    fn shipped_model_parses() {
        let model = Model::parse(MODEL, FEATURES).unwrap();
        assert_eq!(model.features(), FEATURES);
        assert!(model.parameters() > FEATURES);
    }

    #[test]
    fn malformed_models_are_refused() {
        assert_eq!(Model::parse("", FEATURES), Err(ModelError::Header));
        assert_eq!(
            Model::parse("learned-policy 1 features 3 norm 0 0 0 1 1 1", 4),
            Err(ModelError::Features(3, 4))
        );
        // No layer.
        assert_eq!(
            Model::parse("learned-policy 1 features 2 norm 0 0 1 1", 2),
            Err(ModelError::Shape(0))
        );
        // A layer that does not take the input's width.
        assert_eq!(
            Model::parse("learned-policy 1 features 2 norm 0 0 1 1 dense 3 1 0 0 0 0", 2),
            Err(ModelError::Shape(0))
        );
        assert_eq!(
            Model::parse("learned-policy 1 features 2 norm 0 0 1 x dense 2 1 0 0 0", 2),
            Err(ModelError::Number(8))
        );
    }

    #[test]
    fn a_hand_written_network_computes_its_logits() {
        // x standardised: ((1 - 1) * 2, (3 - 1) * 0.5) = (0, 1); hidden
        // relu(1*0 - 1*1 + 0.5, 2*0 + 1*1 + 0) = (0, 1); out 3*0 - 2*1 + 0.25.
        let text = "learned-policy 1 features 2 norm 1 1 2 0.5 \
                    dense 2 2 1 -1 2 1 0.5 0 dense 2 1 3 -2 0.25";
        let model = Model::parse(text, 2).unwrap();
        let mut out = Vec::new();
        model.logits(&[1.0, 3.0, 1.0, 1.0], &mut out);
        // Second row: (0, 0); hidden (0.5, 0); out 1.5 + 0.25.
        assert_eq!(out, [-1.75, 1.75]);
    }

    #[test]
    fn plays_legal_moves_through_a_whole_game() {
        let mut bots = [PolicyNet::new(1), PolicyNet::new(2)];
        let mut chance = BotRng::seed_from_u64(3);
        let mut state = GameState::new(&Setup::new(2)).unwrap();
        while let Some(actor) = state.to_move() {
            let mv = match actor {
                Actor::Chance => state.chance_outcomes().sample(&mut chance).unwrap(),
                Actor::Player(p) => {
                    let mv = bots[p.index()].choose(&state).unwrap();
                    assert!(state.legal_moves().contains(&mv));
                    mv
                }
            };
            state = state.play(mv).unwrap();
        }
        assert!(state.is_over());
        assert!(bots[0].choose(&state).is_err());
    }
}

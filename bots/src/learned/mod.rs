//! The learned player: a policy network trained on the two-ply bot's
//! choices ([`TwoPly::move_values`](crate::TwoPly::move_values)) that
//! chooses without any search.
//!
//! [`PolicyNet`] scores each legal move by a small multilayer perceptron
//! ([`Model`]) on the move's [`move_features`] (what the position looks like one
//! engine step after the move) and plays the move with the highest score. The
//! shipped weights are data beside this file (`model.txt`, written by
//! `python/examples/train_imitation.py`; the training command is in
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
/// ([`move_features`]), the one the shipped model was trained with: version
/// 0.3.0's ([`Evaluation::v0_3`]), the evaluation of the two-ply bot that
/// labelled its training data.
pub fn feature_evaluation() -> Evaluation {
    Evaluation::v0_3()
}

/// The one-ply bot's value of each of `moves` (the legal moves of the player
/// to move in `state`), written to `values` (as long as `moves`): the margin it
/// expects at the end of the turn, the rest of the turn played by its
/// look-ahead. The policy's teacher: `rl`'s data generator labels positions
/// with it.
pub fn teacher_values(eval: &mut Evaluation, state: &GameState, moves: &[Move], values: &mut [f32]) {
    crate::lookahead::move_values(eval, state, moves, values);
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

    /// The network it scores moves with.
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

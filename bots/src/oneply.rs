//! The one-ply player: the move whose end of turn the evaluation likes best.

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{GameState, Move};

use crate::eval::Evaluation;
use crate::lookahead::{best_move, move_values};
use crate::rng::BotRng;
use crate::{player_moves, Bot, BotError};

/// Plays, at each decision, the move after which the rest of the turn ends
/// in the position with the best evaluated margin: its expected final score
/// ([`Evaluation::expected_scores`]) minus the best other player's.
///
/// How it works: every legal move is applied and the rest of the turn is
/// played out by the [look-ahead](crate::lookahead) with the evaluation as
/// its judge (each player, at a boost question, for its own margin; token
/// draws the likeliest animal); the position at the end of the turn is
/// evaluated. At its own decisions the bot weighs every legal move. Equal
/// moves are told apart by a seeded coin.
///
/// Where [`Greedy`](crate::Greedy) counts only the points a turn scores, this
/// bot also sees what the turn leaves on the board: a trail one tile from
/// completion with that tile still in the pile, a meeple that will not come
/// home. The crate's README has its measured strength.
#[derive(Clone, Debug)]
pub struct OnePly {
    eval: Evaluation,
    rng: BotRng,
}

impl OnePly {
    /// A one-ply player with the learned evaluation, ties broken with `seed`.
    pub fn new(seed: u64) -> OnePly {
        OnePly::with_evaluation(Evaluation::learned(), seed)
    }

    /// A one-ply player with `eval`, ties broken with `seed`.
    pub fn with_evaluation(eval: Evaluation, seed: u64) -> OnePly {
        OnePly {
            eval,
            rng: BotRng::seed_from_u64(seed),
        }
    }

    /// The evaluation it judges the end of each turn by.
    pub fn evaluation(&self) -> &Evaluation {
        &self.eval
    }
}

impl Bot for OnePly {
    fn name(&self) -> &str {
        "oneply"
    }

    fn choose(&mut self, state: &GameState) -> Result<Move, BotError> {
        let moves = player_moves(state)?;
        if moves.len() == 1 {
            return Ok(moves[0]);
        }
        let mut values = alloc::vec![0.0; moves.len()];
        move_values(&mut self.eval, state, &moves, &mut values);
        Ok(best_move(&moves, &values, &mut self.rng).unwrap_or(moves[0]))
    }
}

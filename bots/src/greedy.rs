//! The greedy player: the best move for the rest of this turn.

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::rules::MAX_PLAYERS;
use carcassonne_safari::{GameState, Move, PlayerId};

use crate::lookahead::{best_move, margin, move_values, Judge, Scores};
use crate::rng::BotRng;
use crate::{player_moves, Bot, BotError};

/// Plays, at each decision, the move that is best for the rest of the turn.
///
/// How it works: every legal move is applied and the rest of the turn is
/// played out by the [look-ahead](crate::lookahead), every later decision of
/// the turn chosen the same way (a placement is judged by the best action
/// after it, an action by the boosts and the ranger's return after it);
/// token draws inside the turn take the likeliest animal. A line is worth
/// the mover's gain minus the best gain of an opponent, a gain being points
/// scored plus tokens won (each token is worth at least a point at the end,
/// R-END-3). Equal moves are told apart by a seeded coin, so the bot is
/// deterministic given its seed. The crate's README rates it.
#[derive(Clone, Debug)]
pub struct Greedy {
    rng: BotRng,
}

impl Greedy {
    /// A greedy player with seed 0.
    pub fn new() -> Greedy {
        Greedy::with_seed(0)
    }

    /// A greedy player whose ties are broken with `seed`.
    pub fn with_seed(seed: u64) -> Greedy {
        Greedy {
            rng: BotRng::seed_from_u64(seed),
        }
    }
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new()
    }
}

/// The greedy bot's judge: every seat's points and tokens, each decision
/// judged by what the rest of the turn wins from there.
struct Gains;

/// Points and tokens of every seat.
fn worth(state: &GameState) -> Scores {
    let mut out = [0.0; MAX_PLAYERS];
    for (i, &s) in state.scores().iter().enumerate() {
        out[i] = (s + state.hand(PlayerId(i as u8)).total() as u32) as f32;
    }
    out
}

impl Judge for Gains {
    fn scores(&mut self, end: &GameState) -> Scores {
        worth(end)
    }

    /// The mover's gain from `at` minus the best other seat's gain.
    fn value(&self, at: &GameState, scores: &Scores, player: PlayerId) -> f32 {
        let base = worth(at);
        let mut gains = *scores;
        for (g, b) in gains.iter_mut().zip(base) {
            *g -= b;
        }
        margin(&gains, at.players(), player)
    }
}

impl Bot for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, state: &GameState) -> Result<Move, BotError> {
        let moves = player_moves(state)?;
        let mut values = alloc::vec![0.0; moves.len()];
        move_values(&mut Gains, state, &moves, &mut values);
        Ok(best_move(&moves, &values, &mut self.rng).unwrap_or(moves[0]))
    }
}

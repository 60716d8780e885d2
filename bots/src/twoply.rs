//! The two-ply player: the one-ply bot's best few moves, each weighed
//! against the next player's best reply to every tile it may draw.

use alloc::vec::Vec;

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, GameState, Move, Phase, PlayerId};

use crate::eval::Evaluation;
use crate::lookahead::{best_move, finish_turn, margin, quick_placement, Draws};
use crate::rng::BotRng;
use crate::{player_moves, Bot, BotError};

/// Plays, at each decision, the move whose expected margin after the next
/// player's reply is best: an expectimax of depth two over whole turns with
/// the evaluation at its leaves, pruned as Star2.5 prunes.
///
/// How it works: every legal move is applied and the rest of the turn is
/// played by the look-ahead of [`OnePly`](crate::OnePly); the
/// [`TwoPly::width`] moves whose end of turn the evaluation likes best are
/// kept. For each of them, every tile the next player may draw is weighed by
/// its count in the pile: the next player places it where its own evaluated
/// margin is best and finishes its turn by the same look-ahead, and the
/// position before the tile after that is evaluated. The move with the best
/// mean margin for the player to move is played; equal moves are told apart
/// by a seeded coin.
///
/// The one-ply bot sees what a turn leaves on the board; this one also sees
/// what the next player can make of it: a trail the next tile can steal or
/// close, a bush left open to a majority. The crate's README has its
/// measured strength and cost.
#[derive(Clone, Debug)]
pub struct TwoPly {
    eval: Evaluation,
    rng: BotRng,
    width: usize,
    moves: Vec<Move>,
}

impl TwoPly {
    /// How many of the one-ply bot's best moves the default weighs against
    /// the replies.
    pub const DEFAULT_WIDTH: usize = 8;

    /// A two-ply player with the learned evaluation, ties broken with `seed`.
    pub fn new(seed: u64) -> TwoPly {
        TwoPly::with_evaluation(Evaluation::learned(), seed)
    }

    /// A two-ply player with `eval`, ties broken with `seed`.
    pub fn with_evaluation(eval: Evaluation, seed: u64) -> TwoPly {
        TwoPly {
            eval,
            rng: BotRng::seed_from_u64(seed),
            width: TwoPly::DEFAULT_WIDTH,
            moves: Vec::new(),
        }
    }

    /// The same player weighing its `width` best moves (at least 1) against
    /// the replies.
    pub fn with_width(mut self, width: usize) -> TwoPly {
        self.width = width.max(1);
        self
    }

    /// How many of the one-ply bot's best moves are weighed against the
    /// replies.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The evaluation it judges the end of each turn and each reply by.
    pub fn evaluation(&self) -> &Evaluation {
        &self.eval
    }

    /// The value of each of `moves` (the legal moves of the player to move
    /// in `state`), written to `values` (as long as `moves`): for the
    /// [`TwoPly::width`] moves the one-ply look-ahead likes best, the mean
    /// margin after the next player's replies, the value this bot plays by;
    /// for the others, their one-ply margin at the end of the turn moved by
    /// the mean change the replies made to the best ones' (so that the two
    /// kinds of values are on one scale). The learned policy's data
    /// generator labels positions with it (`rl`'s `imitation-data --teacher
    /// twoply`).
    pub fn move_values(&mut self, state: &GameState, moves: &[Move], values: &mut [f32]) {
        let Some(Actor::Player(me)) = state.to_move() else {
            values.fill(0.0);
            return;
        };
        let ranked = self.ranked(state, moves, me);
        for &(value, i, _) in &ranked {
            values[i] = value;
        }
        let mut change = 0.0f32;
        let width = self.width.min(ranked.len());
        for (value, i, end) in ranked.iter().take(width) {
            let replied = self.reply_value(end, me);
            change += replied - value;
            values[*i] = replied;
        }
        if width > 0 {
            change /= width as f32;
        }
        for &(_, i, _) in ranked.iter().skip(width) {
            values[i] += change;
        }
    }

    /// Every one of `moves` with the rest of its turn played by the one-ply
    /// look-ahead: its margin for `me` there, its index and the position,
    /// the best first (equal margins in the order of `moves`).
    fn ranked(&mut self, state: &GameState, moves: &[Move], me: PlayerId) -> Vec<(f32, usize, GameState)> {
        let active = state.turn_player().unwrap_or(me);
        let players = state.players();
        let mut ranked: Vec<(f32, usize, GameState)> = moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                let end = finish_turn(&mut self.eval, state.play_unchecked(mv), active, Draws::Likeliest);
                (margin(&self.eval.expected_scores(&end), players, me), i, end)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked
    }

    /// `me`'s mean margin, over the next player's tiles and its best replies,
    /// from `state`, the end of a turn.
    fn reply_value(&mut self, state: &GameState, me: PlayerId) -> f32 {
        let players = state.players();
        if state.phase() != Phase::DrawTile {
            return margin(&self.eval.expected_scores(state), players, me);
        }
        let outcomes = state.chance_outcomes();
        let mut total = 0.0f32;
        let mut sum = 0.0f32;
        for (draw, weight) in outcomes.iter() {
            let weight = weight as f32;
            let drawn = state.play_unchecked(draw);
            let end = match drawn.turn_player() {
                Some(next) => {
                    let placed = match quick_placement(&mut self.eval, &drawn, &mut self.moves) {
                        Some(p) => drawn.play_unchecked(p),
                        None => drawn,
                    };
                    finish_turn(&mut self.eval, placed, next, Draws::Likeliest)
                }
                None => drawn,
            };
            sum += weight * margin(&self.eval.expected_scores(&end), players, me);
            total += weight;
        }
        if total > 0.0 {
            sum / total
        } else {
            margin(&self.eval.expected_scores(state), players, me)
        }
    }
}

impl Bot for TwoPly {
    fn name(&self) -> &str {
        "twoply"
    }

    fn choose(&mut self, state: &GameState) -> Result<Move, BotError> {
        let moves = player_moves(state)?;
        if moves.len() == 1 {
            return Ok(moves[0]);
        }
        let Some(Actor::Player(me)) = state.to_move() else {
            return Err(BotError::NoDecision(state.phase()));
        };
        // One ply: each move with the rest of its turn, evaluated.
        let mut ranked = self.ranked(state, &moves, me);
        ranked.truncate(self.width);
        // Two plies: the best few against the next player's replies.
        let mut kept = Vec::with_capacity(ranked.len());
        let mut values = Vec::with_capacity(ranked.len());
        for (_, i, end) in &ranked {
            kept.push(moves[*i]);
            values.push(self.reply_value(end, me));
        }
        Ok(best_move(&kept, &values, &mut self.rng).unwrap_or(moves[0]))
    }
}

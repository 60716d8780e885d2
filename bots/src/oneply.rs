//! The one-ply player: the move whose end of turn the evaluation likes best.

use alloc::vec::Vec;

use carcassonne_safari::movegen::MoveFilter;
use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::rules::MAX_PLAYERS;
use carcassonne_safari::{Actor, GameState, Move, MoveKind, Phase, PlayerId};

use crate::eval::Evaluation;
use crate::rng::{below, BotRng};
use crate::{player_moves, Bot, BotError};

/// Plays, at each decision, the move after which the rest of the turn ends
/// in the position with the best evaluated margin: its expected final score
/// ([`Evaluation::expected_scores`]) minus the best other player's.
///
/// How it works: every legal move is applied and the rest of the turn is
/// played out, every later decision of the turn chosen the same way (each
/// player, at a boost question, for its own margin), token draws inside the
/// turn taking the likeliest animal; the position at the end of the turn is
/// evaluated. Inside that look-ahead an action is chosen among passing, the
/// meeples, the expansions and the digs on the tile just placed (ranger moves
/// and digs elsewhere are the same after every placement, so they cannot
/// tell placements apart), and a displaced ranger goes back to the first
/// free cell; at its own decisions the bot weighs every legal move. Equal
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

    /// Its evaluation.
    pub fn evaluation(&self) -> &Evaluation {
        &self.eval
    }
}

/// `player`'s margin in `scores`: its score minus the best other one.
pub(crate) fn margin(scores: &[f32; MAX_PLAYERS], players: usize, player: PlayerId) -> f32 {
    let best_other = (0..players)
        .filter(|&q| q != player.index())
        .map(|q| scores[q])
        .fold(f32::MIN, f32::max);
    scores[player.index()] - if best_other == f32::MIN { 0.0 } else { best_other }
}

/// Whether `state` is still inside `active`'s turn (not at the next tile
/// draw, not over): where a look-ahead of the rest of a turn stops.
///
/// ```
/// use carcassonne_safari::{GameState, PlayerId, Setup};
/// let state = GameState::new(&Setup::new(2)).unwrap();
/// // The starting tokens are dealt before seat 0's first turn begins.
/// assert!(!carcassonne_safari_bots::in_turn(&state, PlayerId(1)));
/// ```
pub fn in_turn(state: &GameState, active: PlayerId) -> bool {
    !matches!(state.phase(), Phase::DrawTile | Phase::GameOver) && state.turn_player() == Some(active)
}

/// The chance outcome with the highest weight (the first of equals): the
/// token draw a look-ahead of the rest of a turn assumes. `None` where
/// chance is not to move.
pub fn likeliest(state: &GameState) -> Option<Move> {
    let outcomes = state.chance_outcomes();
    let best = outcomes.iter().map(|(_, w)| w).max()?;
    outcomes.iter().find(|&(_, w)| w == best).map(|(m, _)| m)
}

/// The moves weighed at a decision inside the look-ahead: every move but
/// ranger moves and digs off the tile just placed; the first ranger return.
fn lookahead_moves(state: &GameState) -> Vec<Move> {
    let placed = state.placed_tile();
    let mut out: Vec<Move> = state
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| match *m {
            Move::Ranger { .. } => false,
            Move::Dig(pos, _, _) => Some(pos) == placed,
            _ => true,
        })
        .collect();
    if out.first().is_some_and(|m| m.kind() == MoveKind::Return) {
        out.truncate(1);
    }
    if out.is_empty() {
        out.extend(state.legal_moves().iter().take(1));
    }
    out
}

/// Writes into `values` (as long as `moves`) the value of each of `moves`,
/// the legal moves of the player to move in `state`: its margin in the
/// expected scores at the end of the turn, the rest of the turn played by
/// the look-ahead of [`OnePly`].
pub(crate) fn move_values(eval: &mut Evaluation, state: &GameState, moves: &[Move], values: &mut [f32]) {
    let Some(Actor::Player(me)) = state.to_move() else {
        values.fill(0.0);
        return;
    };
    let active = state.turn_player().unwrap_or(me);
    for (v, &mv) in values.iter_mut().zip(moves) {
        // The moves are the generator's (the caller's promise).
        let next = state.play_unchecked(mv);
        *v = margin(&settle(eval, next, active), state.players(), me);
    }
}

/// The expected scores at the end of `active`'s turn from `state`, the rest
/// of the turn played by the look-ahead.
pub(crate) fn settle(eval: &mut Evaluation, mut state: GameState, active: PlayerId) -> [f32; MAX_PLAYERS] {
    while in_turn(&state, active) {
        match state.to_move() {
            Some(Actor::Chance) => match likeliest(&state) {
                Some(m) => state = state.play_unchecked(m),
                None => break,
            },
            Some(Actor::Player(p)) => {
                let moves = lookahead_moves(&state);
                if moves.len() == 1 {
                    state = state.play_unchecked(moves[0]);
                    continue;
                }
                let mut best: Option<(f32, [f32; MAX_PLAYERS])> = None;
                for mv in moves {
                    let next = state.play_unchecked(mv);
                    let scores = settle(eval, next, active);
                    let value = margin(&scores, state.players(), p);
                    if best.is_none_or(|(b, _)| value > b) {
                        best = Some((value, scores));
                    }
                }
                return best.map_or_else(|| eval.expected_scores(&state), |(_, s)| s);
            }
            None => break,
        }
    }
    eval.expected_scores(&state)
}

/// The placement of the tile to place in `state` after which the mover's
/// margin in the expected scores is best, the action not yet chosen (one
/// evaluation per placement: a cheap reply for a look-ahead's opponents);
/// `None` when `state` is no placement decision.
pub(crate) fn quick_placement(
    eval: &mut Evaluation,
    state: &GameState,
    moves: &mut Vec<Move>,
) -> Option<Move> {
    let Some(Actor::Player(me)) = state.to_move() else {
        return None;
    };
    moves.clear();
    state.generate_moves(MoveFilter::Kind(MoveKind::Place), |m| {
        moves.extend_from_slice(m);
        false
    });
    let mut best: Option<(f32, Move)> = None;
    for &mv in moves.iter() {
        let next = state.play_unchecked(mv);
        let value = margin(&eval.expected_scores(&next), state.players(), me);
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, mv));
        }
    }
    best.map(|(_, m)| m)
}

/// The move the look-ahead of [`settle`] plays at `state`, a decision inside
/// `active`'s turn: the one whose end of turn gives its mover the best
/// margin (the first of equals); `None` when no player is to move.
pub(crate) fn lookahead_move(eval: &mut Evaluation, state: &GameState, active: PlayerId) -> Option<Move> {
    let Some(Actor::Player(p)) = state.to_move() else {
        return None;
    };
    let moves = lookahead_moves(state);
    let mut best: Option<(f32, Move)> = None;
    if moves.len() > 1 {
        for &mv in &moves {
            let scores = settle(eval, state.play_unchecked(mv), active);
            let value = margin(&scores, state.players(), p);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, mv));
            }
        }
    }
    best.map(|(_, m)| m).or(moves.first().copied())
}

/// Plays the rest of `active`'s turn from `state` by the look-ahead of
/// [`settle`] (each decision for its mover's margin), token draws by their
/// weights with `rng`; returns the position at the next tile draw (or the
/// end of the game).
pub(crate) fn finish_turn(
    eval: &mut Evaluation,
    mut state: GameState,
    active: PlayerId,
    rng: &mut BotRng,
) -> GameState {
    while in_turn(&state, active) {
        match state.to_move() {
            Some(Actor::Chance) => match state.chance_outcomes().sample(rng) {
                Some(m) => state = state.play_unchecked(m),
                None => break,
            },
            Some(Actor::Player(_)) => match lookahead_move(eval, &state, active) {
                Some(m) => state = state.play_unchecked(m),
                None => break,
            },
            None => break,
        }
    }
    state
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
        let mut best = f32::MIN;
        let mut ties: Vec<Move> = Vec::new();
        for (&mv, &value) in moves.iter().zip(&values) {
            if value > best + 1e-4 {
                best = value;
                ties.clear();
            }
            if value >= best - 1e-4 {
                ties.push(mv);
            }
        }
        Ok(match ties.len() {
            0 => moves[0],
            n => ties[below(&mut self.rng, n)],
        })
    }
}

//! The rest of a turn: the look-ahead every bot of the crate (and the
//! browser game's advice) plays a turn out with, and the best move with its
//! ties broken by a seeded coin.
//!
//! A turn is a placement, then an action, boost questions and a ranger's
//! return (R-TURN-1). A bot that weighs a move plays the rest of that turn
//! out before it judges the position: every later decision of the turn is
//! the one whose end of turn its mover's [`Judge`] likes best, token draws
//! inside the turn follow a [`Draws`] policy. The judge says what a
//! position is worth ([`Judge::scores`]) and which moves the look-ahead
//! weighs ([`Judge::moves`]); the [`Evaluation`] is the judge of the one-ply,
//! two-ply and search bots, the greedy bot's judges the points and tokens a
//! turn wins.

use alloc::vec::Vec;

use carcassonne_safari::movegen::MoveFilter;
use carcassonne_safari::{Actor, Event, GameState, Move, MoveKind, Phase, PlayerId};

use crate::eval::Evaluation;
pub use crate::eval::{margin, Scores};
use crate::rng::{below, BotRng};

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

/// How the look-ahead draws the tokens a turn draws (after a watering hole,
/// R-WATER-3, or a baobab, R-BAOBAB-2).
pub enum Draws<'a> {
    /// The likeliest animal ([`likeliest`]): the look-ahead is then
    /// deterministic.
    Likeliest,
    /// By the outcomes' weights, with this generator.
    Sampled(&'a mut BotRng),
}

/// What a look-ahead judges positions by.
pub trait Judge {
    /// Each seat's score at `end`, a position where the look-ahead stops.
    fn scores(&mut self, end: &GameState) -> Scores;

    /// How much `scores` (at the end of a line) are worth to `player`,
    /// who decides at `at`: by default its [`margin`].
    fn value(&self, at: &GameState, scores: &Scores, player: PlayerId) -> f32 {
        margin(scores, at.players(), player)
    }

    /// The moves weighed at `state`, a decision inside the turn: by default
    /// every legal move.
    fn moves(&self, state: &GameState) -> Vec<Move> {
        state.legal_moves().to_vec()
    }
}

/// The evaluation judges by the expected final scores, and weighs inside a
/// turn every move but ranger moves and digs off the tile just placed (they
/// are the same after every placement, so they cannot tell placements
/// apart), and only the first ranger return.
impl Judge for Evaluation {
    fn scores(&mut self, end: &GameState) -> Scores {
        self.expected_scores(end)
    }

    fn moves(&self, state: &GameState) -> Vec<Move> {
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
}

/// The scores at the end of `active`'s turn from `state`, each decision of
/// the rest of the turn the one whose end its mover's judge likes best (the
/// first of equals), token draws the likeliest.
pub fn turn_scores<J: Judge + ?Sized>(judge: &mut J, mut state: GameState, active: PlayerId) -> Scores {
    while in_turn(&state, active) {
        match state.to_move() {
            Some(Actor::Chance) => match likeliest(&state) {
                Some(m) => state = state.play_unchecked(m),
                None => break,
            },
            Some(Actor::Player(p)) => {
                let moves = judge.moves(&state);
                if moves.len() == 1 {
                    state = state.play_unchecked(moves[0]);
                    continue;
                }
                let mut best: Option<(f32, Scores)> = None;
                for mv in moves {
                    let scores = turn_scores(judge, state.play_unchecked(mv), active);
                    let value = judge.value(&state, &scores, p);
                    if best.is_none_or(|(b, _)| value > b) {
                        best = Some((value, scores));
                    }
                }
                return best.map_or_else(|| judge.scores(&state), |(_, s)| s);
            }
            None => break,
        }
    }
    judge.scores(&state)
}

/// The move the look-ahead plays at `state`, a decision inside `active`'s
/// turn: the one whose end of turn its mover's judge likes best (the first
/// of equals); `None` when no player is to move.
pub fn turn_move<J: Judge + ?Sized>(judge: &mut J, state: &GameState, active: PlayerId) -> Option<Move> {
    let Some(Actor::Player(p)) = state.to_move() else {
        return None;
    };
    let moves = judge.moves(state);
    let mut best: Option<(f32, Move)> = None;
    if moves.len() > 1 {
        for &mv in &moves {
            let scores = turn_scores(judge, state.play_unchecked(mv), active);
            let value = judge.value(state, &scores, p);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, mv));
            }
        }
    }
    best.map(|(_, m)| m).or(moves.first().copied())
}

/// Plays the rest of `active`'s turn from `state` by the look-ahead
/// ([`turn_move`]), token draws by `draws`: the position at the next tile
/// draw (or the end of the game).
pub fn finish_turn<J: Judge + ?Sized>(
    judge: &mut J,
    state: GameState,
    active: PlayerId,
    draws: Draws,
) -> GameState {
    play_out(judge, state, active, draws, None)
}

/// [`finish_turn`], adding the events of the moves it plays to `events`
/// when given.
pub(crate) fn play_out<J: Judge + ?Sized>(
    judge: &mut J,
    mut state: GameState,
    active: PlayerId,
    mut draws: Draws,
    mut events: Option<&mut Vec<Event>>,
) -> GameState {
    while in_turn(&state, active) {
        let next = match state.to_move() {
            Some(Actor::Chance) => match &mut draws {
                Draws::Likeliest => likeliest(&state),
                Draws::Sampled(rng) => state.chance_outcomes().sample(*rng),
            },
            Some(Actor::Player(_)) => turn_move(judge, &state, active),
            None => None,
        };
        match (next, events.as_deref_mut()) {
            (Some(m), Some(events)) => {
                if state.apply_mut(m, events).is_err() {
                    break;
                }
            }
            (Some(m), None) => state = state.play_unchecked(m),
            (None, _) => break,
        }
    }
    state
}

/// Writes into `values` (as long as `moves`) the value of each of `moves`,
/// the legal moves of the player to move in `state`: its judge's value of
/// the scores at the end of the turn ([`turn_scores`]).
pub fn move_values<J: Judge + ?Sized>(judge: &mut J, state: &GameState, moves: &[Move], values: &mut [f32]) {
    let Some(Actor::Player(me)) = state.to_move() else {
        values.fill(0.0);
        return;
    };
    let active = state.turn_player().unwrap_or(me);
    for (v, &mv) in values.iter_mut().zip(moves) {
        // The moves are the generator's (the caller's promise).
        let scores = turn_scores(judge, state.play_unchecked(mv), active);
        *v = judge.value(state, &scores, me);
    }
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

/// Values closer than this are equal.
const TIE: f32 = 1e-4;

/// The index of the highest of `values`, equal values (within 1e-4) told
/// apart by a coin from `rng`; `None` for no values.
///
/// ```
/// use carcassonne_safari::rand_core::SeedableRng;
/// use carcassonne_safari_bots::{lookahead::best_index, BotRng};
/// let mut rng = BotRng::seed_from_u64(1);
/// assert_eq!(best_index(&[1.0, 3.0, 2.0], &mut rng), Some(1));
/// assert!(matches!(best_index(&[2.0, 2.0], &mut rng), Some(0 | 1)));
/// assert_eq!(best_index(&[], &mut rng), None);
/// ```
pub fn best_index(values: &[f32], rng: &mut BotRng) -> Option<usize> {
    let mut best = f32::MIN;
    let mut ties: Vec<usize> = Vec::new();
    for (i, &value) in values.iter().enumerate() {
        if value > best + TIE {
            best = value;
            ties.clear();
        }
        if value >= best - TIE {
            ties.push(i);
        }
    }
    (!ties.is_empty()).then(|| ties[below(rng, ties.len())])
}

/// The move of `moves` with the highest of `values` (the same length), equal
/// values told apart as [`best_index`] does; the first move when `values`
/// is empty, `None` for no moves.
///
/// ```
/// use carcassonne_safari::Move;
/// use carcassonne_safari::rand_core::SeedableRng;
/// use carcassonne_safari_bots::{lookahead::best_move, BotRng};
/// let moves = [Move::Pass, Move::NoBoost];
/// let mut rng = BotRng::seed_from_u64(1);
/// assert_eq!(best_move(&moves, &[1.0, 2.0], &mut rng), Some(Move::NoBoost));
/// assert_eq!(best_move(&[], &[], &mut rng), None);
/// ```
pub fn best_move(moves: &[Move], values: &[f32], rng: &mut BotRng) -> Option<Move> {
    let n = moves.len().min(values.len());
    match best_index(&values[..n], rng) {
        Some(i) => Some(moves[i]),
        None => moves.first().copied(),
    }
}

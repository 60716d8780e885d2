//! Leaf values and priors from the position evaluation: a leaf is worth the
//! margins of the expected final scores ([`crate::eval`]), after a short
//! random playout or none.

use alloc::vec::Vec;

use carcassonne_safari::policy::KindFirstRandom;
use carcassonne_safari::rules::MAX_PLAYERS;
use carcassonne_safari::{Actor, Event, GameState, Move, MoveKind, Phase, PlayerId};

use super::evaluator::{kind_prior, Evaluator, Values};
use crate::eval::Evaluation;
use crate::oneply::{finish_turn, lookahead_move, margin, move_values, quick_placement, settle};
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
/// [`margin_values`](super::margin_values) with [`ScoreEstimate::reward_scale`].
#[derive(Clone, Debug)]
pub struct ScoreEstimate {
    /// Player decisions played at random from the leaf before it is
    /// evaluated (chance draws by their weights in between).
    pub playout_plies: u32,
    /// Points of expected margin that count as a sure win (see
    /// [`margin_values`](super::margin_values)).
    pub reward_scale: f32,
    /// How moves are ordered below the root.
    pub prior: PriorSource,
    /// Whether a leaf inside a turn (after the placement: an action, a boost
    /// question, a ranger's return) is first played to the end of the turn
    /// by the one-ply look-ahead of [`OnePly`](crate::OnePly), so that a
    /// placement is valued with its best action.
    pub settle: bool,
    /// Whether, below the root, the decisions of a turn after its placement
    /// (an action, a boost question, a ranger's return) are played by the
    /// one-ply look-ahead of [`OnePly`](crate::OnePly) instead of searched
    /// ([`Evaluator::fixed_move`]): the tree then branches on placements and
    /// chance only, every player's turn finished the way the leaves are
    /// valued, so that the visits below a move go to the other players'
    /// best replies instead of to the hundred actions of each turn.
    pub settle_turns: bool,
    /// Whether the root's moves are ordered by the one-ply look-ahead of
    /// [`OnePly`](crate::OnePly) (each move with the rest of its turn,
    /// evaluated), else like the other nodes.
    pub root_lookahead: bool,
    /// Whether values are centred on the root: a seat's value is `0.5 +
    /// 0.5 * tanh((m - m0) / reward_scale)`, `m` its expected margin at the
    /// leaf and `m0` its expected margin at the root (the rest of the root's
    /// turn played by the one-ply look-ahead), so that the values tell moves
    /// apart however far ahead or behind the game stands; else `m0` is 0
    /// (values saturate near 0 or 1 once a seat leads by a few times the
    /// scale).
    pub centred: bool,
    /// The search's horizon in turns past the root's (0: none). With `h >
    /// 0` the tree stops at the tile draw that starts the root player's
    /// `h`-th next turn, and a leaf before it is played on to it, every
    /// player's placement the one its evaluated margin likes best
    /// (`quick_placement`), the rest of each turn by the one-ply look-ahead,
    /// tiles and tokens drawn by their weights, then evaluated: every leaf
    /// is valued at the same point of the game, so that the values of moves
    /// whose subtrees reach different depths compare (the opponents' replies
    /// counted for each).
    pub horizon: u32,
    /// With a horizon: whether the tree holds the root player's turn only,
    /// a leaf at the start of another player's turn (its tile drawn), so
    /// that the other players' turns up to the horizon are always played by
    /// the same policy (`quick_placement`, then the one-ply look-ahead) and
    /// every leaf is valued alike: the search is then an expectimax over
    /// the root's turn and the next tile, its values converging with its
    /// visits instead of drifting with the depth they reach.
    pub own_turn: bool,
    /// Whether every tile draw past the root is a leaf (without a
    /// horizon): the tree is then one of whole turns, each valued where it
    /// starts, before its tile is drawn, so that every leaf is valued at the
    /// same kind of point and a leaf's value and the values found below it
    /// once it is searched past ([`MctsConfig::deepen`](super::MctsConfig::deepen))
    /// measure the same thing. Meant with
    /// [`ScoreEstimate::settle_turns`] (the tree branches on placements and
    /// tiles) and `deepen` 1.
    pub draws: bool,
    /// The root's turn player, for [`ScoreEstimate::own_turn`].
    root_player: Option<PlayerId>,
    /// The number of tiles left at the horizon's tile draw, for this search.
    horizon_tiles: Option<usize>,
    moves: Vec<Move>,
    /// Each seat's `m0` for the current search ([`Evaluator::set_root`]).
    reference: [f32; MAX_PLAYERS],
    eval: Evaluation,
    policy: KindFirstRandom,
    events: Vec<Event>,
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
    /// Leaf values from `eval`: no random playout, a leaf inside a turn
    /// settled by the one-ply look-ahead, rewards on a scale of 10 points;
    /// the root's moves ordered by the one-ply look-ahead, the others by the
    /// evaluation after each move; below the root, a turn's decisions after
    /// its placement played by the one-ply look-ahead
    /// ([`ScoreEstimate::settle_turns`]) and every tile draw a leaf
    /// ([`ScoreEstimate::draws`]): with [`MctsConfig`](super::MctsConfig)'s
    /// defaults, a tree of whole turns.
    pub fn new(eval: Evaluation) -> ScoreEstimate {
        ScoreEstimate {
            playout_plies: 0,
            reward_scale: 10.0,
            prior: PriorSource::Evaluation,
            root_lookahead: true,
            settle: true,
            settle_turns: true,
            centred: false,
            horizon: 0,
            horizon_tiles: None,
            own_turn: false,
            draws: true,
            root_player: None,
            moves: Vec::with_capacity(128),
            reference: [0.0; MAX_PLAYERS],
            eval,
            policy: KindFirstRandom::new(),
            events: Vec::with_capacity(64),
        }
    }

    /// Its evaluation.
    pub fn evaluation(&self) -> &Evaluation {
        &self.eval
    }

    /// Each seat's value of `scores` (expected final points): its margin,
    /// less its reference margin, as [`ScoreEstimate::value_of_margin`].
    fn values_of(&self, scores: &[f32; MAX_PLAYERS], players: usize) -> Values {
        let mut out = [0.5; MAX_PLAYERS];
        for (p, v) in out.iter_mut().enumerate().take(players) {
            let m = margin(scores, players, PlayerId(p as u8));
            *v = self.value_of_margin(m - self.reference[p]);
        }
        out
    }

    /// The expected final scores of `state`: the points of a finished game,
    /// the rest of a turn played by the one-ply look-ahead when `state` is
    /// inside one and [`ScoreEstimate::settle`] is set, else the evaluation.
    fn leaf_scores(&mut self, state: &GameState) -> [f32; MAX_PLAYERS] {
        if let (true, true, Some(active)) = (self.settle, mid_turn(state), state.turn_player()) {
            settle(&mut self.eval, state.clone(), active)
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

    /// Whether `state` is at the search's horizon (the tile draw it stops
    /// at), with one.
    fn at_horizon(&self, state: &GameState) -> bool {
        self.horizon_tiles
            .is_some_and(|h| state.phase() == Phase::DrawTile && state.tiles_left() <= h)
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
            match mv {
                Some(m) => state.apply_unchecked(m, &mut self.events),
                None => break,
            }
        }
        if self.horizon_tiles.is_some() {
            while !state.is_over() && !self.at_horizon(&state) {
                let mv = match state.to_move() {
                    Some(Actor::Chance) => state.chance_outcomes().sample(rng),
                    Some(Actor::Player(_)) if matches!(state.phase(), Phase::Place { .. }) => {
                        quick_placement(&mut self.eval, &state, &mut self.moves)
                    }
                    Some(Actor::Player(_)) => {
                        let Some(active) = state.turn_player() else { break };
                        state = finish_turn(&mut self.eval, state, active, rng);
                        continue;
                    }
                    None => break,
                };
                match mv {
                    Some(m) => state = state.play_unchecked(m),
                    None => break,
                }
            }
        }
        let scores = self.leaf_scores(&state);
        self.values_of(&scores, state.players())
    }

    fn fixed_move(&mut self, state: &GameState) -> Option<Move> {
        if !self.settle_turns || !mid_turn(state) {
            return None;
        }
        lookahead_move(&mut self.eval, state, state.turn_player()?)
    }

    fn has_leaves(&self) -> bool {
        self.draws || self.horizon > 0
    }

    fn is_leaf(&self, state: &GameState) -> bool {
        let Some(h) = self.horizon_tiles else {
            return self.draws && state.phase() == Phase::DrawTile;
        };
        let other_turn = self.own_turn
            && matches!(state.phase(), Phase::Place { .. })
            && state.turn_player() != self.root_player;
        other_turn || (state.phase() == Phase::DrawTile && state.tiles_left() <= h)
    }

    fn set_root(&mut self, root: &GameState) {
        self.reference = [0.0; MAX_PLAYERS];
        self.root_player = root.turn_player();
        // The root's turn has drawn its tile (unless the root is a draw);
        // each later turn draws one.
        let players = root.players();
        let drawn = usize::from(root.phase() != Phase::DrawTile);
        let turns = self.horizon as usize * players;
        self.horizon_tiles = (self.horizon > 0).then(|| (root.tiles_left() + drawn).saturating_sub(turns));
        if !self.centred {
            return;
        }
        // The root's margins with the rest of its turn played by the one-ply
        // look-ahead: what the best move of the turn is expected to keep.
        let scores = match root.turn_player() {
            Some(active) if !matches!(root.phase(), Phase::DrawTile | Phase::GameOver) => {
                settle(&mut self.eval, root.clone(), active)
            }
            _ => self.leaf_scores(root),
        };
        for p in 0..root.players() {
            self.reference[p] = margin(&scores, root.players(), PlayerId(p as u8));
        }
    }

    fn root_prior(&mut self, state: &GameState, moves: &[Move], priors: &mut [f32]) {
        if self.root_lookahead {
            let me = match state.to_move() {
                Some(Actor::Player(p)) => p.index(),
                _ => 0,
            };
            move_values(&mut self.eval, state, moves, priors);
            for p in priors.iter_mut() {
                *p = self.value_of_margin(*p - self.reference[me]);
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
                    let next = state.play_unchecked(mv);
                    let m = margin(&self.eval.expected_scores(&next), state.players(), mover);
                    *p = self.value_of_margin(m - self.reference[mover.index()]);
                }
            }
        }
    }
}

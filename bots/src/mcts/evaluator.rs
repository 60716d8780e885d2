//! The search's evaluator seam: what a leaf is worth and which moves to try
//! first, behind one trait, so that the tree search knows neither the playout
//! nor the position evaluation.

use alloc::vec::Vec;

use carcassonne_safari::rules::{win_shares, MAX_PLAYERS};
use carcassonne_safari::{GameState, Move, MoveKind, PlayerId};

use crate::lookahead::margin;
use crate::rng::BotRng;

/// Each seat's value of a position, in `0..=1` (index = seat; seats past the
/// game's players are unused).
pub type Values = [f32; MAX_PLAYERS];

/// What the search asks about positions: the value of a new leaf for every
/// seat, and which moves to try at a player's decision, in which order.
///
/// The search adds a leaf's [`Evaluator::evaluate`] to every node on its path
/// (each node takes the value of the player who moved into it), and opens the
/// moves of a decision node in decreasing order of [`Evaluator::prior`]
/// (progressive widening), so a good prior lets the search find good moves
/// among the 300 of an action. As OpenSpiel's evaluators, it has these two
/// methods. The crate has two evaluators:
/// [`ScoreEstimate`](super::ScoreEstimate) (the position evaluation, the
/// default of [`Mcts`](super::Mcts)) and
/// [`RandomPlayout`](super::RandomPlayout) (a random game to the end, the
/// 0.1.0 search's); a user can plug in another with
/// [`Mcts::with_evaluator`](super::Mcts::with_evaluator).
///
/// An evaluator is cloned once per search thread; it may keep buffers and
/// state between calls.
pub trait Evaluator {
    /// Each seat's value of `state` in `0..=1`: its chance of winning, or a
    /// reward that grows with its margin. `state` is any position the search
    /// reaches (a player's decision, a chance node, or the end of the game);
    /// the evaluator may play it on (it is the evaluator's to keep).
    fn evaluate(&mut self, state: GameState, rng: &mut BotRng) -> Values;

    /// The moves the search tries at `state`, a player's decision, with
    /// their priors. On entry `moves` holds the legal moves; the evaluator
    /// writes into `priors` (cleared on entry) a weight `>= 0` for each,
    /// higher for moves more likely to be best: the search opens moves in
    /// decreasing order of weight (list order among equals). Below the root
    /// (`root` false) it may also drop moves the search should never try, so
    /// that, for instance, the decisions of a turn after its placement are
    /// played by a fixed policy (one move left); `moves` and `priors` must
    /// then stay as long as each other, the moves legal, and the same for the
    /// same `state` every time. At the root every move stays: the root is
    /// asked once per decision (also when it comes from a kept tree), where
    /// a costlier ordering pays.
    fn prior(&mut self, state: &GameState, root: bool, moves: &mut Vec<Move>, priors: &mut Vec<f32>);
}

/// Each seat's value for `scores` (points, possibly expected ones): `0.5 +
/// 0.5 * tanh(margin / scale)`, the margin being the seat's score minus the
/// best other score; with `scale` 0, its share of the first place (1 for a
/// win, 1/k for a first place shared by k, 0 for a loss).
///
/// ```
/// use carcassonne_safari_bots::mcts::margin_values;
/// let v = margin_values(&[30.0, 20.0], 10.0);
/// assert!((v[0] - (0.5 + 0.5 * 1f32.tanh())).abs() < 1e-6);
/// assert!((v[0] + v[1] - 1.0).abs() < 1e-6, "two players: the values add up to one");
/// assert_eq!(margin_values(&[5.0, 9.0, 9.0], 0.0)[..3], [0.0, 0.5, 0.5]);
/// ```
pub fn margin_values(scores: &[f32], scale: f32) -> Values {
    let mut out = [0.5; MAX_PLAYERS];
    if scale <= 0.0 {
        // The engine's rule (R-END-5) on each score's rank among the
        // scores: the shares depend on the order and the ties only.
        let ranks: Vec<u32> = scores
            .iter()
            .map(|s| scores.iter().filter(|t| t < &s).count() as u32)
            .collect();
        for (o, share) in out.iter_mut().zip(win_shares(&ranks)) {
            *o = share as f32;
        }
        return out;
    }
    let mut all = [0.0; MAX_PLAYERS];
    all[..scores.len().min(MAX_PLAYERS)].copy_from_slice(&scores[..scores.len().min(MAX_PLAYERS)]);
    for (p, o) in out.iter_mut().enumerate().take(scores.len()) {
        *o = 0.5 + 0.5 * libm::tanhf(margin(&all, scores.len(), PlayerId(p as u8)) / scale);
    }
    out
}

/// A cheap prior of a move by its kind, higher for moves more likely to be
/// good: meeples and watering holes score, rangers rarely do; a tile placed
/// next to more tiles closes more features. The prior of
/// [`RandomPlayout`](super::RandomPlayout) (the 0.1.0 search's).
///
/// ```
/// use carcassonne_safari::{GameState, Move, Setup};
/// use carcassonne_safari_bots::mcts::kind_prior;
/// let state = GameState::new(&Setup::new(2)).unwrap();
/// assert!(kind_prior(&state, Move::Pass) > kind_prior(&state, "ranger 0,1 2,1".parse::<Move>().unwrap()));
/// ```
pub fn kind_prior(state: &GameState, mv: Move) -> f32 {
    match mv.kind() {
        MoveKind::Place => {
            let Move::Place(pos, _) = mv else { return 0.5 };
            let neighbours = pos
                .neighbours()
                .iter()
                .filter(|&&p| state.tile_at(p).is_some())
                .count();
            0.4 + 0.1 * neighbours as f32
        }
        MoveKind::Meeple => 1.0,
        MoveKind::Expand => 0.9,
        MoveKind::Dig => 0.8,
        MoveKind::Pass => 0.7,
        MoveKind::Boost => 0.9,
        MoveKind::NoBoost => 0.6,
        MoveKind::Ranger => 0.1,
        _ => 0.5,
    }
}

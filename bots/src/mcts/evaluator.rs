//! The search's evaluator seam: what a leaf is worth and which moves to try
//! first, behind one trait, so that the tree search knows neither the playout
//! nor the position evaluation.

use alloc::vec::Vec;

use carcassonne_safari::rules::{win_shares, MAX_PLAYERS};
use carcassonne_safari::{GameState, Move, MoveKind};

use crate::rng::BotRng;

/// Each seat's value of a position, in `0..=1` (index = seat; seats past the
/// game's players are unused).
pub type Values = [f32; MAX_PLAYERS];

/// What the search asks about positions: the value of a new leaf for every
/// seat, and the prior of the moves at a player's decision.
///
/// The search adds a leaf's [`Evaluator::evaluate`] to every node on its path
/// (each node takes the value of the player who moved into it), and opens the
/// moves of a decision node in decreasing order of [`Evaluator::prior`]
/// (progressive widening), so a good prior lets the search find good moves
/// among the 300 of an action. The crate has two:
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

    /// Writes into `priors` (as long as `moves`) a weight `>= 0` for each of
    /// `moves`, the legal moves of the player to move in `state`: higher for
    /// moves more likely to be best. The search opens moves in decreasing
    /// order of weight (list order among equals); only the order matters to
    /// it.
    fn prior(&mut self, state: &GameState, moves: &[Move], priors: &mut [f32]);

    /// As [`Evaluator::prior`], for the moves of the root: asked once per
    /// decision (also when the root comes from the tree kept since an
    /// earlier decision), where a costlier ordering pays, since every
    /// iteration starts with one of these moves. By default the same as
    /// [`Evaluator::prior`].
    fn root_prior(&mut self, state: &GameState, moves: &[Move], priors: &mut [f32]) {
        self.prior(state, moves, priors)
    }

    /// Called once at the start of every search with its root, before any
    /// other call of that search: an evaluator whose values are relative to
    /// the root (as [`ScoreEstimate`](super::ScoreEstimate)'s centred values)
    /// takes its reference here. By default nothing.
    fn set_root(&mut self, root: &GameState) {
        let _ = root;
    }

    /// A move the search plays at `state`, a player's decision below its
    /// root, without trying the others: the node then has that one child
    /// (as [`ScoreEstimate`](super::ScoreEstimate)'s settled turns, whose
    /// one-ply look-ahead plays every decision of a turn after its
    /// placement). `None` (the default): the search chooses among all the
    /// legal moves. The move must be one of the legal moves of `state`, the
    /// same every time `state` is asked.
    fn fixed_move(&mut self, state: &GameState) -> Option<Move> {
        let _ = state;
        None
    }

    /// Whether the search stops at `state` (a position of the current
    /// search, past its root): it is then a leaf, valued by
    /// [`Evaluator::evaluate`], however often it is visited (as
    /// [`ScoreEstimate`](super::ScoreEstimate)'s horizon). By default no
    /// position but the end of the game.
    fn is_leaf(&self, state: &GameState) -> bool {
        let _ = state;
        false
    }

    /// Whether [`Evaluator::is_leaf`] can be true for some position of a
    /// search: [`MctsConfig::deepen`](super::MctsConfig::deepen) applies
    /// only then (an evaluator without leaves is valued where each
    /// iteration adds its node, as the classic search, instead of being
    /// searched through to the end of the game). An evaluator that
    /// overrides [`Evaluator::is_leaf`] overrides this too. By default
    /// `false`.
    fn has_leaves(&self) -> bool {
        false
    }
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
    for (p, &s) in scores.iter().enumerate() {
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(q, _)| q != p)
            .map(|(_, &t)| t)
            .fold(f32::MIN, f32::max);
        let best_other = if best_other == f32::MIN { 0.0 } else { best_other };
        out[p] = 0.5 + 0.5 * libm::tanhf((s - best_other) / scale);
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

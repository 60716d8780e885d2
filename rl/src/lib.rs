//! The reinforcement-learning core of carcassonne-safari: the action
//! encodings ([`encoding`], [`compact`]), the observations ([`observation`]),
//! the rewards ([`rewards`]) and the games of the vectorised environment
//! ([`vector`]) that the Python package wraps, and the games the learned
//! policy ([`carcassonne_safari_bots::learned`], the `net` bot) is trained on.
//!
//! [`imitation`] plays games with a mix of the teacher (the two-ply bot,
//! [`carcassonne_safari_bots::TwoPly::move_values`], or the one-ply bot: see
//! [`imitation::Teacher`]), the greedy bot and the policy being trained, and
//! records at each player decision the policy's features of every legal move
//! and the teacher's value of each (DAgger: the teacher labels the positions
//! the learner reaches). The `imitation-data` binary records them and
//! `policy-arena` rates a trained model; `python/examples/train_imitation.py`
//! trains the shipped model with both.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod compact;
pub mod encoding;
pub mod imitation;
pub mod observation;
pub mod rewards;
pub mod vector;
pub mod window;

use carcassonne_safari::chance::Deal;

/// Deal `k` of the deals of `seed`: the engine's [`Deal`] of `seed + k`
/// (wrapping), the deal `k` of the bots' arena run with `--seed seed`. The
/// paired deals of `policy-arena` and of [`vector`] are these, so that a seed
/// gives the same deals in the arena, in `policy-arena` and in a vector
/// environment.
///
/// ```
/// use carcassonne_safari::chance::Deal;
/// use carcassonne_safari_rl::deal;
/// assert_eq!(deal(7, 0).tile_order(), Deal::new(7).tile_order());
/// assert_eq!(deal(7, 3).seed(), 10);
/// assert_eq!(deal(u64::MAX, 1).seed(), 0);
/// ```
pub fn deal(seed: u64, k: u64) -> Deal {
    Deal::new(seed.wrapping_add(k))
}

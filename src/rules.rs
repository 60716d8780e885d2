//! The game's numbers, each named after the rule that fixes it
//! (`docs/rules.md`): how many players, meeples, tokens and tiles there are, and
//! what each scoring is worth. The rest of the crate reads them from here, so
//! that a number of the rules is written once.
//!
//! ```
//! use carcassonne_safari::rules::{feature_points, expand_points, SPECIES_POINTS};
//! assert_eq!(SPECIES_POINTS, [0, 1, 3, 6, 10, 15]);
//! assert_eq!(feature_points(3, false), 6);
//! assert_eq!(feature_points(3, true), 10); // a boost counts one species more
//! assert_eq!(feature_points(5, true), 15); // but never past five
//! assert_eq!(expand_points(2), 4);
//! ```

pub use crate::animals::{SPECIES, TOKENS_PER_ANIMAL};
pub use crate::player::{MAX_PLAYERS, MEEPLES, MIN_PLAYERS};
pub use crate::tiles::LAND_TILES;

/// Points for a completed trail or bush with 0..=5 different species
/// (R-TRAIL-3, R-BUSH-2).
pub const SPECIES_POINTS: [u8; 6] = [0, 1, 3, 6, 10, 15];
/// Tokens dealt to each player at the start (R-SETUP-3).
pub const STARTING_TOKENS: u8 = 2;
/// Tokens drawn for a meeple put on a baobab (R-BAOBAB-1), and again when that
/// baobab is completed (R-BAOBAB-2).
pub const BAOBAB_TOKENS: u8 = 2;
/// Points for displacing a ranger (R-RANGER-2).
pub const RANGER_POINTS: u8 = 3;
/// Points for digging a watering hole (R-WATER-2).
pub const DIG_POINTS: u8 = 3;
/// Points for each owner of a completed watering hole (R-WATER-4).
pub const HOLE_OWNER_POINTS: u8 = 3;

/// Points for putting the `nth` token (2, 3 or 4) at a watering hole's vertex:
/// 4, 5 or 6 (R-WATER-3).
pub const fn expand_points(nth: u8) -> u8 {
    nth + 2
}

/// The table value of a completed trail or bush with `species` different
/// species, one more with a boost, never more than five (R-TRAIL-3, R-TRAIL-4,
/// R-BUSH-2); birds come on top.
pub const fn feature_points(species: u8, boosted: bool) -> u8 {
    let counted = species + boosted as u8;
    let counted = if counted > SPECIES as u8 {
        SPECIES as u8
    } else {
        counted
    };
    SPECIES_POINTS[counted as usize]
}

/// Each seat's share of the victory for final `scores` (R-END-5): the highest
/// score wins, and `k` players tied for it share the victory, `1/k` each;
/// every other seat gets 0. The shares sum to 1 (empty `scores`: no share).
/// [`GameState::win_shares`](crate::GameState::win_shares) gives them for a
/// finished game.
///
/// ```
/// use carcassonne_safari::rules::win_shares;
/// assert_eq!(win_shares(&[30, 41, 12]), vec![0.0, 1.0, 0.0]);
/// assert_eq!(win_shares(&[41, 41, 12, 41]), vec![1.0 / 3.0, 1.0 / 3.0, 0.0, 1.0 / 3.0]);
/// ```
pub fn win_shares(scores: &[u32]) -> alloc::vec::Vec<f64> {
    let leaders = leading(scores).filter(|&l| l).count() as f64;
    leading(scores)
        .map(|l| if l { 1.0 / leaders } else { 0.0 })
        .collect()
}

/// Each seat's margin for `scores`: its score minus the best other seat's
/// (positive for a sole leader, 0 for a leader tied with another, negative
/// behind). The quantity the bots weigh moves by and the arenas report; one
/// seat alone has the margin of its score.
///
/// ```
/// use carcassonne_safari::rules::margins;
/// assert_eq!(margins(&[30, 41, 12]), vec![-11, 11, -29]);
/// assert_eq!(margins(&[41, 41, 12]), vec![0, 0, -29]);
/// ```
pub fn margins(scores: &[u32]) -> alloc::vec::Vec<i64> {
    (0..scores.len())
        .map(|seat| {
            let best_other = (0..scores.len())
                .filter(|&q| q != seat)
                .map(|q| scores[q])
                .max()
                .unwrap_or(0);
            i64::from(scores[seat]) - i64::from(best_other)
        })
        .collect()
}

/// Whether each of `scores` is the highest (R-END-5: the winners, and the
/// leaders of a game under way), in seat order.
pub(crate) fn leading(scores: &[u32]) -> impl Iterator<Item = bool> + '_ {
    let best = scores.iter().copied().max().unwrap_or(0);
    scores.iter().map(move |&s| s == best)
}

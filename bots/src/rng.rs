//! The bots' random numbers.

use carcassonne_safari::rand_core::RngCore;

/// The seeded generator the bots use (and that arenas use for chance), a small
/// fast PCG. Seed it with `SeedableRng::seed_from_u64`.
pub type BotRng = rand_pcg::Pcg64Mcg;

/// A uniform index below `n` (`n > 0`), by multiply-shift (no division).
#[inline]
pub(crate) fn below(rng: &mut impl RngCore, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

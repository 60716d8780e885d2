//! SplitMix64's output function, the one bit mixer of the engine: the
//! seeds it mixes ([`crate::chance::mix_seed`]) and the Zobrist keys of the
//! position hash are both made with it.

/// SplitMix64's output function of `z` (Steele, Lea and Flood 2014): a
/// bijection of 64-bit words whose every output bit depends on every input
/// bit.
#[inline]
pub(crate) const fn mix64(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

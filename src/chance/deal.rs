//! A deal: a shuffled tile order and a token stream from one seed.

use alloc::vec::Vec;

use rand_core::{RngCore, SeedableRng};

use super::{ChanceSource, Sampled};
use crate::error::ChanceError;
use crate::mix::mix64;
use crate::moves::Move;
use crate::state::{GameState, Phase};
use crate::tiles::Design;

/// What the seed is mixed with for the tile order's shuffle.
const TILES: u64 = 0x7115_0DE1;
/// What the seed is mixed with for the token stream.
const TOKENS: u64 = 0x70CE_4500;

/// The seed of stream `stream` of the things seeded by `seed`: one seed per
/// seat's bot, per decision, per search thread, per step of a game, per slot
/// of a training environment, each unrelated to the others.
///
/// Consecutive seeds and consecutive streams give unrelated results (no two
/// games, seats or steps share a run of random numbers, as `seed + k` or
/// `seed * 31 + k` can). A stream of a stream is a second mix:
/// `mix_seed(mix_seed(seed, game), seat)`.
///
/// The scheme is fixed, so that a seed gives the same games in every version:
/// SplitMix64's output (Steele, Lea and Flood, 2014: the state plus
/// `0x9E37_79B9_7F4A_7C15`, then its finaliser) of `seed` xor SplitMix64's
/// output of `stream`. The result seeds a generator, e.g. through
/// `SeedableRng::seed_from_u64`. (A [`Deal`] is made from its seed alone.)
///
/// ```
/// use carcassonne_safari::chance::mix_seed;
/// // Fixed across versions: SplitMix64's output of 0 is 0xE220_A839_7B1D_CDAF
/// // (its published first output from state 0), and this is SplitMix64's
/// // output of that.
/// assert_eq!(mix_seed(0, 0), 0xA706_DD2F_4D19_7E6F);
/// assert_eq!(mix_seed(1, 0), mix_seed(1, 0));
/// assert_ne!(mix_seed(1, 0), mix_seed(1, 1));
/// assert_ne!(mix_seed(1, 0), mix_seed(2, 0));
/// // Not symmetric: the seed and the stream play different parts.
/// assert_ne!(mix_seed(1, 2), mix_seed(2, 1));
/// ```
pub const fn mix_seed(seed: u64, stream: u64) -> u64 {
    splitmix64(seed ^ splitmix64(stream))
}

/// SplitMix64's output from state `z`: `z` plus the golden gamma, finalised.
const fn splitmix64(z: u64) -> u64 {
    mix64(z.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

/// A fixed deal for a whole game, made from one seed: the order of all the
/// land tiles (a Fisher-Yates shuffle of [`Design::land`], each design
/// repeated by its copies) and a stream from which the token draws are
/// sampled by weight. Playing chance from the same deal gives every game the
/// same tiles in the same order whatever the players do, and the same token
/// draws as long as the same tokens are asked for: a seed replays a deal
/// from every seating (paired games).
///
/// The scheme is fixed (a PCG-XSL-RR 128/64 MCG generator, seeded through
/// `SeedableRng::seed_from_u64` with the seed xor a constant for the tiles and
/// another for the tokens): the deal of a seed stays the same across versions.
///
/// ```
/// use carcassonne_safari::chance::Deal;
/// use carcassonne_safari::rules::LAND_TILES;
/// let deal = Deal::new(42);
/// assert_eq!(deal.tile_order().len(), LAND_TILES);
/// assert_eq!(deal.tile_order(), Deal::new(42).tile_order());
/// assert_ne!(deal.tile_order(), Deal::new(43).tile_order());
/// ```
#[derive(Clone, Debug)]
pub struct Deal {
    seed: u64,
    order: Vec<Design>,
    drawn: usize,
    tokens: DealRng,
}

impl Deal {
    /// The deal of `seed`, nothing drawn yet.
    pub fn new(seed: u64) -> Deal {
        let mut order: Vec<Design> = Design::land()
            .flat_map(|d| core::iter::repeat_n(d, d.copies() as usize))
            .collect();
        let mut rng = DealRng::seed_from_u64(seed ^ TILES);
        for i in (1..order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        Deal {
            seed,
            order,
            drawn: 0,
            tokens: DealRng::seed_from_u64(seed ^ TOKENS),
        }
    }

    /// The seed the deal was made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The order in which the land tiles are drawn, all of them.
    pub fn tile_order(&self) -> &[Design] {
        &self.order
    }

    /// How many tiles have been drawn from the deal.
    pub fn drawn(&self) -> usize {
        self.drawn
    }
}

impl ChanceSource for Deal {
    /// The deal's next tile at a tile draw, a token sampled from the deal's
    /// stream at a token draw.
    fn draw(&mut self, state: &GameState) -> Result<Move, ChanceError> {
        if state.phase() == Phase::DrawTile {
            let Some(&design) = self.order.get(self.drawn) else {
                return Err(ChanceError::DealExhausted { drawn: self.drawn });
            };
            self.drawn += 1;
            Ok(Move::Draw(design))
        } else {
            Sampled(&mut self.tokens).draw(state)
        }
    }
}

/// The deal's generator: PCG-XSL-RR 128/64 (MCG), the `Mcg128Xsl64` of the
/// PCG family, written out here so that the engine keeps its dependencies.
#[derive(Clone, Debug)]
struct DealRng {
    state: u128,
}

const MULTIPLIER: u128 = 0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645;

impl SeedableRng for DealRng {
    type Seed = [u8; 16];

    fn from_seed(seed: [u8; 16]) -> DealRng {
        // The low bit set: a multiplicative generator's state must be odd.
        DealRng {
            state: u128::from_le_bytes(seed) | 1,
        }
    }
}

impl RngCore for DealRng {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_mul(MULTIPLIER);
        let rot = (self.state >> 122) as u32;
        (((self.state >> 64) as u64) ^ (self.state as u64)).rotate_right(rot)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        rand_core::impls::fill_bytes_via_next(self, dest)
    }
}

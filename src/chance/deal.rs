//! A deal: a shuffled tile order and a token stream from one seed.

use alloc::vec::Vec;

use rand_core::{RngCore, SeedableRng};

use super::{ChanceSource, Sampled};
use crate::error::ChanceError;
use crate::moves::Move;
use crate::state::{GameState, Phase};
use crate::tiles::Design;

/// What the seed is mixed with for the tile order's shuffle.
const TILES: u64 = 0x7115_0DE1;
/// What the seed is mixed with for the token stream.
const TOKENS: u64 = 0x70CE_4500;

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

//! Watering holes as a UI shows them: touching tokens round one grid vertex,
//! with their animals, the meeples on them and whether the vertex is complete.

use alloc::vec::Vec;

use crate::animals::Animal;
use crate::geometry::{Corner, Pos};
use crate::player::{PlayerId, PlayerSet};
use crate::state::GameState;

/// A watering hole: touching tokens round one grid vertex (R-WATER-1). Two
/// holes dug diagonally at one vertex are two holes until a token joins them.
///
/// With `serde` it is written with its derived `owners` too.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[non_exhaustive]
pub struct WaterHole {
    /// The vertex, named by the cell whose north-west corner it is.
    pub vertex: Pos,
    /// Its tokens, round the vertex.
    pub tokens: Vec<HoleToken>,
    /// Whether all four slots of the vertex hold tokens (R-WATER-4): its
    /// owners have scored and their meeples have gone home.
    pub complete: bool,
}

impl WaterHole {
    /// The players with a meeple on the hole (its owners), in seat order,
    /// each once.
    pub fn owners(&self) -> PlayerSet {
        self.tokens.iter().filter_map(|t| t.meeple).collect()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for WaterHole {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut t = s.serialize_struct("WaterHole", 4)?;
        t.serialize_field("vertex", &self.vertex)?;
        t.serialize_field("tokens", &self.tokens)?;
        t.serialize_field("owners", &self.owners())?;
        t.serialize_field("complete", &self.complete)?;
        t.end()
    }
}

// The TypeScript form of the serde form above.
#[cfg(feature = "ts")]
crate::ts::ts_declared!(WaterHole, [Pos, HoleToken, PlayerSet], |cfg| {
    use crate::ts::name;
    crate::ts::object(&[
        ("vertex", name::<Pos>(cfg)),
        ("tokens", name::<Vec<HoleToken>>(cfg)),
        ("owners", name::<PlayerSet>(cfg)),
        ("complete", name::<bool>(cfg)),
    ])
});

/// One token of a watering hole: a tile corner, its animal and the meeple on
/// it, if any.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HoleToken {
    /// The tile's cell.
    pub pos: Pos,
    /// The tile's corner.
    pub corner: Corner,
    /// The token's animal.
    pub animal: Animal,
    /// The owner of the meeple on the token (the digger), if it is still there.
    pub meeple: Option<PlayerId>,
}

impl GameState {
    /// Every watering hole, in the order of their first token: touching
    /// tokens round a vertex with their animals and meeples, and whether the
    /// vertex is complete.
    pub fn water_holes(&self) -> Vec<WaterHole> {
        let mut holes = Vec::new();
        for v in self.board().holes.vertices.iter() {
            // Runs of touching slots round the vertex: start each run at a
            // token whose predecessor (slot - 1) is empty; a full vertex is
            // one run from slot 0.
            let full = v.tokens.iter().all(Option::is_some);
            for start in 0..4u8 {
                let before = v.tokens[((start + 3) % 4) as usize];
                if v.tokens[start as usize].is_none() || (before.is_some() && !(full && start == 0)) {
                    continue;
                }
                let mut tokens = Vec::new();
                for k in 0..4u8 {
                    let slot = (start + k) % 4;
                    let Some(animal) = v.tokens[slot as usize] else {
                        break;
                    };
                    let (pos, corner) = Corner::of_slot(v.at, slot);
                    tokens.push(HoleToken {
                        pos,
                        corner,
                        animal,
                        meeple: v.meeples[slot as usize].player(),
                    });
                }
                holes.push(WaterHole {
                    vertex: v.at,
                    tokens,
                    complete: full,
                });
            }
        }
        holes
    }
}

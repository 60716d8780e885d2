//! The rules' numbers and the starting layout, restated from `docs/rules.md`
//! rather than taken from the engine, so that the battery checks the engine
//! against the rulebook: 72 land tiles (R-COMP-1), 10 tokens of each animal
//! (R-COMP-2), 6 meeples a player (R-COMP-3), the points of a ranger
//! (R-RANGER-2), a dig (R-WATER-2) and a completed hole's owners (R-WATER-4),
//! the species table (R-TRAIL-3), the start tile's cells (R-SETUP-1) and the
//! rangers' default cells (R-SETUP-2).

use carcassonne_safari::{rules::SPECIES_POINTS, Animal};

pub const LAND_TILES: usize = 72; // R-COMP-1
pub const TOKENS_PER_ANIMAL: i64 = 10; // R-COMP-2
pub const MEEPLES: i64 = 6; // R-COMP-3
pub const RANGER_POINTS: i64 = 3; // R-RANGER-2
pub const DIG_POINTS: i64 = 3; // R-WATER-2
pub const HOLE_OWNER_POINTS: i64 = 3; // R-WATER-4
/// R-TRAIL-3: points for 0..=5 different kinds.
pub const TABLE: [i64; 6] = [0, 1, 3, 6, 10, 15];
pub const ANIMALS: [Animal; 5] = [
    Animal::Monkey,
    Animal::Elephant,
    Animal::Giraffe,
    Animal::Lion,
    Animal::Zebra,
];
/// R-SETUP-1: the cells the start tile covers; R-SETUP-2: the rangers' cells.
pub const START_CELLS: [(i8, i8); 3] = [(-1, 0), (0, 0), (1, 0)];
pub const DEFAULT_RANGERS: [(i8, i8); 2] = [(0, -1), (0, 1)];
/// The empty cells next to the start tile.
pub const START_FRONTIER: [(i8, i8); 8] = [
    (-2, 0),
    (2, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The index of an animal in `ANIMALS` (M, E, G, L, Z).
pub fn aidx(a: Animal) -> usize {
    ANIMALS.iter().position(|&b| b == a).unwrap()
}

/// The engine's species table is the one of R-TRAIL-3.
pub fn check_species_points() {
    let engine: Vec<i64> = SPECIES_POINTS.iter().map(|&p| p as i64).collect();
    assert_eq!(engine, TABLE);
}

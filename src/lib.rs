#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod animals;
mod board;
mod error;
mod events;
mod features;
mod geometry;
mod list;
mod moves;
pub mod notation;
mod player;
mod policy;
mod record;
mod state;
#[cfg(feature = "svg")]
pub mod svg;
mod tiles;
mod view;
mod zobrist;

/// The project's documents, part of the crate documentation: the rules with
/// the ids that code and tests cite, the decision contract (order of
/// decisions, notation, trace and record formats), and the tile table's notes.
/// The same files are `docs/*.md` in the repository.
pub mod docs {
    #[doc = include_str!("../docs/rules.md")]
    pub mod rules {}
    #[doc = include_str!("../docs/decisions.md")]
    pub mod decisions {}
    #[doc = include_str!("../docs/tiles.md")]
    pub mod tiles {}
}
mod water;

pub use animals::{Animal, AnimalCounts, SPECIES, TOKENS_PER_ANIMAL};
pub use error::{IllegalReason, MoveError, SetupError};
pub use events::{Event, MeepleSpot, ScoreCategory, ScoreReason};
pub use geometry::{Corner, Corners, Pos, Rotation, Side, Sides};
pub use moves::{MeepleTarget, Move, MoveKind, MoveKinds, MoveList};
pub use notation::NotationError;
pub use player::{Actor, Members, PlayerId, PlayerSet, MAX_PLAYERS, MEEPLES, MIN_PLAYERS};
pub use policy::RandomPolicy;
/// The random-number traits the engine takes ([`GameState::sample_chance`]), re-exported
/// so that callers name the same version.
pub use rand_core;
pub use record::{GameRecord, ReplayError};
pub use state::{GameState, Phase, Setup, SPECIES_POINTS};
pub use tiles::{
    Design, Edge, FeatureKind, SegmentDef, TileKind, DESIGN_COUNT, KINDS, KIND_COUNT, LAND_TILES,
    MAX_SEGMENTS, TILE_TABLE,
};
pub use view::{Feature, FeatureId, HoleToken, SegmentView, TileView, WaterHole};

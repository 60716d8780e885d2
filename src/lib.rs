#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod board;
mod error;
mod events;
mod features;
mod geometry;
mod moves;
mod player;
mod record;
mod serde_str;
mod state;
#[cfg(feature = "svg")]
pub mod svg;
mod tiles;
mod water;

pub use error::{IllegalReason, MoveError, SetupError};
pub use events::{Event, MeepleSpot, ScoreReason};
pub use geometry::{Corner, ParseError, Pos, Rotation, Side};
pub use moves::{MeepleTarget, Move, MoveKind, MoveList};
pub use player::{Actor, PlayerId, PlayerSet};
/// The random-number traits the engine takes ([`GameState::sample_chance`]), re-exported
/// so that callers name the same version.
pub use rand_core;
pub use record::{GameRecord, ReplayError};
pub use state::{Feature, GameState, Phase, Setup, TileView, KIND_POINTS, MEEPLES, TOKENS_PER_ANIMAL};
pub use tiles::{
    Animal, AnimalCounts, Design, Edge, FeatureKind, SegmentDef, TileKind, DESIGN_COUNT, KINDS, KIND_COUNT,
    LAND_TILES, MAX_SEGMENTS, TILE_TABLE,
};

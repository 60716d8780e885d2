#![doc = include_str!("../README.md")]
// With `ts`, the standard prelude: the code ts-rs derives is written for it.
#![cfg_attr(not(feature = "ts"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(all(feature = "std", not(feature = "ts")))]
extern crate std;

pub mod animals;
mod board;
pub mod chance;
pub mod error;
pub mod events;
mod features;
pub mod geometry;
mod list;
mod mix;
pub mod moves;
mod named;
pub mod notation;
pub mod player;
pub mod policy;
pub mod record;
pub mod rules;
mod state;
#[cfg(feature = "svg")]
pub mod svg;
pub mod tiles;
#[cfg(feature = "ts")]
mod ts;
pub mod view;
mod water;
mod zobrist;

/// Generating moves: the filter of [`GameState::generate_moves`] and the
/// outcomes of a chance node ([`GameState::chance_outcomes`]).
pub mod movegen {
    pub use crate::state::{ChanceOutcomes, MoveFilter, Outcomes};
}

/// The project's documents, part of the crate documentation: the rules with
/// the ids that code and tests cite, the decision contract (order of
/// decisions, notation, trace and record formats), the wire format of the
/// views, and the tile table's notes. The same files are `docs/*.md` in the
/// repository.
pub mod docs {
    #[doc = include_str!("../docs/rules.md")]
    pub mod rules {}
    #[doc = include_str!("../docs/decisions.md")]
    pub mod decisions {}
    #[doc = include_str!("../docs/views.md")]
    pub mod views {}
    #[doc = include_str!("../docs/tiles.md")]
    pub mod tiles {}
}

pub use animals::{Animal, AnimalCounts};
pub use error::{ChanceError, MoveError, SetupError};
pub use events::Event;
pub use geometry::{Corner, Pos, Rotation, Side};
pub use moves::{MeepleTarget, Move, MoveKind, MoveList};
pub use player::{Actor, PlayerId, PlayerSet};
/// The random-number traits the engine takes ([`movegen::ChanceOutcomes::sample`]),
/// re-exported so that callers name the same version.
pub use rand_core;
pub use record::GameRecord;
pub use state::{GameState, Phase, Setup};
pub use tiles::{Design, FeatureKind};

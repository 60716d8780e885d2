//! The game's pictures as SVG (feature `svg`): one palette and one drawing
//! of the tiles and pieces, used by [`render`] (a whole position) and by every
//! UI of the project (the browser game draws its board from these pieces).
//! Plain `alloc`, no other dependency.
//!
//! Pieces are SVG fragments in *cell units*: a cell is [`CELL`] × [`CELL`]
//! with (0,0) at its north-west corner, x east and y south. A UI places a
//! tile at cell (x, y) with `transform="translate(100x, 100y)"`.
//!
//! - [`TileArt`]: a tile in any rotation, in two layers (the ground: savanna,
//!   bush, trails, trail ends, baobab; the items above it: animal badges and
//!   birds), with where meeples stand ([`TileArt::spots`]) and the outline of
//!   each segment ([`TileArt::outlines`]), so that a UI draws highlights
//!   *between* the layers and never hides a badge.
//! - [`meeple`], [`player_mark`], [`ranger`], [`water_token`],
//!   [`animal_badge`]: the pieces.
//! - The palette: [`PLAYER_COLOURS`], [`PLAYER_MARKS`] (a shape per seat, so
//!   that colour is never the only cue), [`animal_colour`], [`SELECTION`] (a
//!   colour no player has).
//!
//! ```
//! use carcassonne_safari::{svg, GameState, Setup};
//! let state = GameState::new(&Setup::new(2)).unwrap();
//! let picture = svg::render(&state);
//! assert!(picture.starts_with("<svg") && picture.contains("START-M"));
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::animals::Animal;
use crate::events::MeepleSpot;
use crate::geometry::{Corner, Pos, Side, Sides};
use crate::moves::MeepleTarget;
use crate::player::PlayerId;
use crate::rules::MAX_PLAYERS;
use crate::state::GameState;
use crate::tiles::FeatureKind;
use crate::view::{SegmentView, TileView};

mod geometry;
mod palette;
mod pieces;
mod render;
mod tile;

pub use self::geometry::*;
pub use self::palette::*;
pub use self::pieces::*;
pub use self::render::*;
pub use self::tile::*;

//! The presentation of a game, for every UI and binding: what a position
//! looks like ([`GameView`]: the players, the decision, tiles with their
//! segments, meeples, watering holes, trails and bushes, the supply), the
//! legal moves grouped as a UI offers them ([`LegalMoves`]), a game's history
//! ([`GameLog`]), where the points came from ([`ScoreSummary`]), and one
//! machine name per phase, move kind, feature kind, edge, side, corner, score
//! reason and category, meeple spot and event (`name()`, snake_case).
//!
//! With the `serde` feature these types are the wire format of the browser
//! game, the Python package and the game server: `docs/views.md` describes
//! it, [`FORMAT_VERSION`] numbers it, and golden JSON files in `tests/data/`
//! pin it.
//!
//! Every view is derived from the state's own queries and its legal moves,
//! so it can never disagree with the rules.

mod analysis;
mod board;
mod features;
mod game;
mod legal;
mod log;
pub(crate) mod names;
mod summary;
mod water;
mod wire;

pub use analysis::OpenEnd;
pub use board::{designs, MeepleView, SegmentView, TileView, WaterToken};
pub use features::{Feature, FeatureId, SegmentRef};
pub use game::{GameView, PileEntry, PlayerView};
pub use legal::{
    BoostChoice, HoleChoice, LegalMoves, MeepleChoice, OutcomeChoice, PlacementChoice, RangerChoice,
};
pub use log::{GameLog, LogEntry};
pub use summary::{FinalLine, PlayerPoints, ScoreSummary};
pub use water::{HoleToken, WaterHole};

/// The version of the wire format (`docs/views.md`): it goes up by one with
/// every change a reader of the previous version could trip over.
pub const FORMAT_VERSION: u32 = 1;

//! The bots crate's integration tests, as one test binary (one link for
//! them all): the analysis (hint, judge, luck, review), the arena's tournament, the `Bot` contract of every bot, the evaluation on hand-made
//! positions, the search's evaluator seam and options, the learned policy's
//! model, the specs (and every spec written before), the default bots'
//! moves against those recorded before 0.3.0, and the evaluation's weights.

mod analysis;
mod arena;
mod contract;
mod eval;
mod evaluator;
mod learned;
mod search;
mod spec;
mod unchanged;
mod weights;

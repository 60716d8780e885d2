//! The engine's integration tests in one binary (one link for all of them):
//! each module is a concern, and each test names the rule it checks.
//! The property battery (`tests/properties/`) and the allocation counts
//! (`tests/allocations.rs`, with its counting global allocator) are binaries
//! of their own.

#[path = "../support/mod.rs"]
mod support;

mod analysis;
mod chance;
mod notation;
mod position_key;
mod record;
mod rule_ids;
mod rules_bad_input;
mod rules_examples;
mod rules_rare;
mod rules_turn;
mod setup_options;
mod svg;
mod tiles;
mod views;
mod wire;

//! The protocol fuzzing harness (`carcassonne_safari_server::harness`): the
//! bytes are frames that clients of a new game send to a server in this
//! process, as raw text and binary frames and as structured messages
//! (hello with good and bad tokens, legal, stale, illegal and wrong-seat
//! moves, bad fields, oversized messages). Fails on a panic, a game changed
//! without a legal move of the seat to move, a message that is not JSON of
//! a known type, or a game in memory that is not its stored record.
//!
//! cargo +nightly fuzz run protocol -- -max_total_time=300
#![no_main]

use std::sync::OnceLock;

use carcassonne_safari_server::harness::Harness;
use libfuzzer_sys::fuzz_target;

static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
static HARNESS: OnceLock<Harness> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let runtime = RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime")
    });
    let harness = HARNESS.get_or_init(|| runtime.block_on(Harness::new()));
    if let Err(e) = runtime.block_on(harness.run(data)) {
        panic!("{e}");
    }
});

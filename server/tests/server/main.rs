//! The game server's integration tests, as one test binary (one link for
//! them all): complete games over real WebSockets, several servers on one
//! database, restarts, resynchronisation, hostile clients, take-backs and a
//! quick seeded run of the protocol fuzzing harness. Each module says what
//! it tests; `support` starts servers and clients.

mod support;

mod fuzz_quick;
mod games;
mod instances;
mod restart;
mod resync;
mod security;
mod takeback;

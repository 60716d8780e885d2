//! The rl crate's integration tests, as one test binary (one link for them
//! all): the Rust and Python forward passes of the shipped policy agree,
//! the action encodings, and the vectorised environment. The command-line
//! tests (`tests/cli.rs`) are their own binary: they need the `cli`
//! feature.

mod agreement;
mod encodings;
mod vector;

//! The browser game's native tests, as one test binary (one link for them
//! all): the advice (hints and reviews), the local game, and the seats and
//! their kept bots. The generated TypeScript declarations are checked by
//! `tests/types.rs` (feature `ts`); the page itself by `tests/browser/`.

mod support;

mod advice;
mod local_game;
mod players;

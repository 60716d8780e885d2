//! The games, whatever carries them: the registry of rooms ([`Hub`]), a
//! room's authoritative state, a connection's session, the lobby's rules and
//! the protocol's messages. Nothing here knows HTTP, axum or WebSockets:
//! a message serialised is a [`protocol::Frame`], which the `http` module
//! makes the socket's text frame of.

mod hub;
pub mod lobby;
pub mod protocol;
mod rematch;
pub mod room;
pub mod session;

pub use hub::Hub;
pub use room::Room;

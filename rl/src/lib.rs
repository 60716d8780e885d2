//! The reinforcement-learning core of carcassonne-safari: the games the
//! learned policy ([`carcassonne_safari_bots::learned`]) is trained on.
//!
//! [`imitation`] plays games with a mix of the one-ply bot (the teacher), the
//! greedy bot and the policy being trained, and records at each player
//! decision the policy's features of every legal move and the teacher's value
//! of each (DAgger: the teacher labels the positions the learner reaches).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod compact;
pub mod encoding;
pub mod imitation;
pub mod observation;
pub mod rewards;
pub mod vector;

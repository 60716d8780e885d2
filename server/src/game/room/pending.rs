//! A take-back waiting for its answers, in a room's memory only (see the
//! `takeback` module for how it is asked for, answered and done).

use crate::game::protocol::TakebackState;

/// A take-back waiting for its answers.
pub(crate) struct Pending {
    /// The seat that asked.
    pub(super) seat: u8,
    /// The game's seq when it asked.
    pub(super) seq: u64,
    /// The move to take back, in notation.
    pub(super) mv: String,
    /// Per seat, whether it agreed.
    pub(super) agreed: Vec<bool>,
    /// Per seat, whether its answer is needed.
    pub(super) needed: Vec<bool>,
    /// Which request of the room this is, for its timer.
    pub(super) serial: u64,
}

impl Pending {
    /// The request as `state` and `takeback` carry it.
    pub(super) fn state(&self) -> TakebackState<'_> {
        TakebackState {
            seat: self.seat,
            seq: self.seq,
            mv: &self.mv,
            agreed: &self.agreed,
            needed: &self.needed,
        }
    }

    /// Whether every answer needed is an acceptance.
    pub(super) fn done(&self) -> bool {
        self.needed.iter().zip(&self.agreed).all(|(&n, &a)| !n || a)
    }
}

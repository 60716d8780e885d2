//! Players and the actor of a decision.

use core::fmt;

/// The fewest players a game takes (R-COMP-3).
pub const MIN_PLAYERS: usize = 2;
/// The most players a game takes (R-COMP-3); tables per seat have this size.
pub const MAX_PLAYERS: usize = 5;

/// Meeples per player (R-COMP-3).
pub const MEEPLES: u8 = 6;

/// A seat, 0-based: seat 0 moves first (R-SETUP-5). Displayed as `p0`..`p4`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat number as an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.0)
    }
}

/// Who makes the current decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Actor {
    /// A chance node: a tile or token draw.
    Chance,
    /// A player's decision.
    Player(PlayerId),
}

impl fmt::Display for Actor {
    /// `chance` or `p0`..`p4`, as in the `selfplay` trace.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Chance => f.write_str("chance"),
            Actor::Player(p) => write!(f, "{p}"),
        }
    }
}

/// A set of players (for example the winners), as a bit mask: bit `i` for seat
/// `i`. Displayed as `[p0, p2]`.
///
/// ```
/// use carcassonne_safari::{PlayerId, PlayerSet};
/// let winners = PlayerSet::from_seats([2, 0]);
/// assert_eq!(winners.to_string(), "[p0, p2]");
/// assert_eq!(winners.iter().collect::<Vec<_>>(), [PlayerId(0), PlayerId(2)]);
/// assert_eq!(winners, [PlayerId(0), PlayerId(2)].into_iter().collect());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PlayerSet(pub u8);

impl PlayerSet {
    const fn bit(p: PlayerId) -> u8 {
        match 1u8.checked_shl(p.0 as u32) {
            Some(b) => b,
            None => 0,
        }
    }

    /// The set of these seat numbers (seats 8 and above are ignored).
    pub fn from_seats(seats: impl IntoIterator<Item = usize>) -> PlayerSet {
        seats
            .into_iter()
            .filter_map(|s| u8::try_from(s).ok())
            .map(PlayerId)
            .collect()
    }

    /// Whether `p` is in the set (never for seats 8 and above).
    pub const fn contains(self, p: PlayerId) -> bool {
        self.0 & Self::bit(p) != 0
    }

    /// Adds `p`; seats 8 and above cannot be members and are ignored.
    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= Self::bit(p);
    }

    /// The members in seat order.
    pub fn iter(self) -> Members {
        Members(self.0)
    }

    /// Number of members.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl FromIterator<PlayerId> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = PlayerId>>(players: I) -> PlayerSet {
        let mut set = PlayerSet::default();
        for p in players {
            set.insert(p);
        }
        set
    }
}

impl From<PlayerId> for PlayerSet {
    fn from(p: PlayerId) -> PlayerSet {
        core::iter::once(p).collect()
    }
}

impl IntoIterator for PlayerSet {
    type Item = PlayerId;
    type IntoIter = Members;
    fn into_iter(self) -> Members {
        self.iter()
    }
}

/// The members of a [`PlayerSet`], in seat order.
#[derive(Clone, Debug)]
pub struct Members(u8);

impl Iterator for Members {
    type Item = PlayerId;
    fn next(&mut self) -> Option<PlayerId> {
        if self.0 == 0 {
            return None;
        }
        let seat = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(PlayerId(seat))
    }
}

impl fmt::Display for PlayerSet {
    /// The members in seat order: `[p0, p2]`, `[]` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, p) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{p}")?;
        }
        f.write_str("]")
    }
}

/// Who owns the meeple on a spot, if anyone: one byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Owner(u8);

impl Owner {
    /// No meeple.
    pub(crate) const NOBODY: Owner = Owner(u8::MAX);

    /// A meeple of `player`.
    pub(crate) const fn of(player: PlayerId) -> Owner {
        Owner(player.0)
    }

    /// The meeple's owner, if there is a meeple.
    pub(crate) const fn player(self) -> Option<PlayerId> {
        if self.0 == u8::MAX {
            None
        } else {
            Some(PlayerId(self.0))
        }
    }

    /// Whether a meeple stands here.
    pub(crate) const fn is_some(self) -> bool {
        self.0 != u8::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_sets_ignore_seats_they_cannot_hold() {
        let mut s = PlayerSet::default();
        s.insert(PlayerId(4));
        s.insert(PlayerId(8));
        s.insert(PlayerId(200));
        assert!(s.contains(PlayerId(4)) && !s.contains(PlayerId(8)) && !s.contains(PlayerId(0)));
        assert_eq!(s.iter().collect::<alloc::vec::Vec<_>>(), [PlayerId(4)]);
    }
}

//! Moves: every decision, chance or player, is a [`Move`] (its text form is in
//! [`notation`](crate::notation)).

use core::fmt;

use smallvec::SmallVec;

use crate::animals::Animal;
use crate::geometry::{Corner, Pos, Rotation};
use crate::tiles::Design;

/// Where a `meeple` move puts the meeple on the tile just placed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MeepleTarget {
    /// On segment `i` of the tile (the kind's segment order in `tiles.txt`).
    Segment(u8),
    /// On the tile's baobab (R-BAOBAB-1).
    Baobab,
}

/// One decision: a chance outcome or a player's choice. Small and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Chance: a land tile of this design is drawn (`draw CS26:E,G`).
    Draw(Design),
    /// Chance: a token is drawn for the player receiving tokens (`token L`).
    Token(Animal),
    /// Put the tile to place at a cell, turned clockwise (`place 2,-1 90`).
    Place(Pos, Rotation),
    /// Put a meeple on the tile just placed (`meeple 1`, `meeple baobab`).
    Meeple(MeepleTarget),
    /// Move the ranger standing at `from` to `to` (`ranger 0,-1 3,2`).
    Ranger {
        /// The ranger's cell.
        from: Pos,
        /// Its new cell.
        to: Pos,
    },
    /// Dig a watering hole at a corner of a tile with a token (`dig 2,-1 ne L`).
    Dig(Pos, Corner, Animal),
    /// Expand a watering hole at a corner of a tile with a token (`expand 2,-1 ne L`).
    Expand(Pos, Corner, Animal),
    /// No action this turn.
    Pass,
    /// Discard a token to boost the feature being scored (`boost L`).
    Boost(Animal),
    /// Do not boost.
    NoBoost,
    /// Put the displaced ranger on a cell (`return 4,0`).
    Return(Pos),
}

/// A list of moves, inline up to 32.
pub type MoveList = SmallVec<[Move; 32]>;

/// Moves a [`MoveList`] holds without allocating.
pub(crate) const INLINE_MOVES: usize = 32;
// Compiles only while `MoveList` holds `INLINE_MOVES` moves inline.
const _: fn(MoveList) -> SmallVec<[Move; INLINE_MOVES]> = |list| list;

/// The kind of a [`Move`]: one per variant, named by the first word of its
/// notation. Bots group the long action lists by kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum MoveKind {
    /// `draw`: chance draws a land tile.
    Draw,
    /// `token`: chance draws a token.
    Token,
    /// `place`: the tile is placed.
    Place,
    /// `meeple`: a meeple on the placed tile.
    Meeple,
    /// `ranger`: a ranger moves.
    Ranger,
    /// `dig`: a watering hole is dug.
    Dig,
    /// `expand`: a watering hole is expanded.
    Expand,
    /// `pass`: no action.
    Pass,
    /// `boost`: a token boosts the feature being scored.
    Boost,
    /// `noboost`: no boost.
    NoBoost,
    /// `return`: the displaced ranger is put back.
    Return,
}

impl MoveKind {
    /// Every kind, in the order of the variants of [`Move`].
    pub const ALL: [MoveKind; 11] = [
        MoveKind::Draw,
        MoveKind::Token,
        MoveKind::Place,
        MoveKind::Meeple,
        MoveKind::Ranger,
        MoveKind::Dig,
        MoveKind::Expand,
        MoveKind::Pass,
        MoveKind::Boost,
        MoveKind::NoBoost,
        MoveKind::Return,
    ];

    /// The first word of the notation of moves of this kind (`place`, `noboost`, ...).
    pub const fn keyword(self) -> &'static str {
        match self {
            MoveKind::Draw => "draw",
            MoveKind::Token => "token",
            MoveKind::Place => "place",
            MoveKind::Meeple => "meeple",
            MoveKind::Ranger => "ranger",
            MoveKind::Dig => "dig",
            MoveKind::Expand => "expand",
            MoveKind::Pass => "pass",
            MoveKind::Boost => "boost",
            MoveKind::NoBoost => "noboost",
            MoveKind::Return => "return",
        }
    }

    /// The kind's index in [`MoveKind::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether moves of this kind are chance outcomes (`draw`, `token`).
    pub const fn is_chance(self) -> bool {
        matches!(self, MoveKind::Draw | MoveKind::Token)
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

/// Move kinds, each at most once, in a given order (see
/// [`GameState::legal_kinds`](crate::GameState::legal_kinds)); derefs to a
/// slice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveKinds {
    kinds: [MoveKind; 11],
    len: u8,
}

impl Default for MoveKinds {
    /// No kind.
    fn default() -> MoveKinds {
        MoveKinds {
            kinds: [MoveKind::Draw; 11],
            len: 0,
        }
    }
}

impl MoveKinds {
    /// Appends `kind` unless it is already there.
    pub fn push(&mut self, kind: MoveKind) {
        if !self.contains(&kind) {
            self.kinds[self.len as usize] = kind;
            self.len += 1;
        }
    }
}

impl core::ops::Deref for MoveKinds {
    type Target = [MoveKind];
    fn deref(&self) -> &[MoveKind] {
        &self.kinds[..self.len as usize]
    }
}

impl Move {
    /// The move's kind.
    ///
    /// ```
    /// use carcassonne_safari::{Move, MoveKind};
    /// let mv: Move = "place 2,-1 90".parse().unwrap();
    /// assert_eq!(mv.kind(), MoveKind::Place);
    /// assert_eq!(mv.kind().keyword(), "place");
    /// ```
    pub const fn kind(&self) -> MoveKind {
        match self {
            Move::Draw(_) => MoveKind::Draw,
            Move::Token(_) => MoveKind::Token,
            Move::Place(..) => MoveKind::Place,
            Move::Meeple(_) => MoveKind::Meeple,
            Move::Ranger { .. } => MoveKind::Ranger,
            Move::Dig(..) => MoveKind::Dig,
            Move::Expand(..) => MoveKind::Expand,
            Move::Pass => MoveKind::Pass,
            Move::Boost(_) => MoveKind::Boost,
            Move::NoBoost => MoveKind::NoBoost,
            Move::Return(_) => MoveKind::Return,
        }
    }

    /// The first word of the notation (`place`, `boost`, ...): the keyword of
    /// [`Move::kind`].
    pub const fn keyword(&self) -> &'static str {
        self.kind().keyword()
    }

    /// Whether this is a chance outcome (`draw` or `token`).
    pub const fn is_chance(&self) -> bool {
        matches!(self, Move::Draw(_) | Move::Token(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_small() {
        assert!(
            core::mem::size_of::<Move>() <= 6,
            "{}",
            core::mem::size_of::<Move>()
        );
    }
}

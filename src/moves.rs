//! Moves and their text notation (DESIGN.md, "Move notation").
//!
//! Every decision, chance or player, is a [`Move`]. `Display` writes the notation
//! and `FromStr` accepts exactly what `Display` writes:
//!
//! ```
//! use carcassonne_safari::Move;
//! for text in ["draw CS26:E,G", "token L", "place 2,-1 90", "meeple 1", "meeple baobab",
//!              "ranger 0,-1 3,2", "dig 2,-1 ne L", "expand 2,-1 ne L", "pass",
//!              "boost L", "noboost", "return 4,0", "draw CS1:-"] {
//!     let mv: Move = text.parse().unwrap();
//!     assert_eq!(mv.to_string(), text);
//! }
//! assert!("place 2,-1 45".parse::<Move>().is_err());
//! ```

use core::fmt;
use core::str::FromStr;

use smallvec::SmallVec;

use crate::geometry::{Corner, ParseError, Pos, Rotation};
use crate::tiles::{Animal, Design};

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

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.keyword();
        match *self {
            Move::Draw(d) => write!(f, "{k} {d}"),
            Move::Token(a) | Move::Boost(a) => write!(f, "{k} {a}"),
            Move::Place(p, r) => write!(f, "{k} {p} {r}"),
            Move::Meeple(MeepleTarget::Segment(i)) => write!(f, "{k} {i}"),
            Move::Meeple(MeepleTarget::Baobab) => write!(f, "{k} baobab"),
            Move::Ranger { from, to } => write!(f, "{k} {from} {to}"),
            Move::Dig(p, c, a) | Move::Expand(p, c, a) => write!(f, "{k} {p} {c} {a}"),
            Move::Pass | Move::NoBoost => f.write_str(k),
            Move::Return(p) => write!(f, "{k} {p}"),
        }
    }
}

pub(crate) fn design(s: &str) -> Result<Design, ParseError> {
    use core::fmt::Write;
    // Compare against each design's own notation without allocating.
    struct Cmp<'a>(&'a str, bool);
    impl Write for Cmp<'_> {
        fn write_str(&mut self, part: &str) -> fmt::Result {
            match self.0.strip_prefix(part) {
                Some(rest) => {
                    self.0 = rest;
                    Ok(())
                }
                None => {
                    self.1 = false;
                    Err(fmt::Error)
                }
            }
        }
    }
    Design::all()
        .find(|d| {
            let mut c = Cmp(s, true);
            write!(c, "{d}").is_ok() && c.1 && c.0.is_empty()
        })
        .ok_or(ParseError {
            what: "tile design",
            expected: "KIND:ANIMALS as in tiles.txt, e.g. CS26:E,G or CS1:-",
        })
}

/// The words of a move, at most five.
fn words(s: &str) -> Result<SmallVec<[&str; 5]>, ParseError> {
    const ERR: ParseError = ParseError {
        what: "move",
        expected: "words separated by single spaces",
    };
    let mut out = SmallVec::new();
    for w in s.split(' ') {
        if w.is_empty() || out.len() == 5 {
            return Err(ERR);
        }
        out.push(w);
    }
    Ok(out)
}

impl FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let w = words(s)?;
        let arity = |n: usize, expected: &'static str| {
            if w.len() == n {
                Ok(())
            } else {
                Err(ParseError {
                    what: "move",
                    expected,
                })
            }
        };
        let mv = match w[0] {
            "draw" => {
                arity(2, "draw KIND:ANIMALS")?;
                Move::Draw(design(w[1])?)
            }
            "token" => {
                arity(2, "token ANIMAL")?;
                Move::Token(w[1].parse()?)
            }
            "place" => {
                arity(3, "place X,Y ROTATION")?;
                Move::Place(w[1].parse()?, w[2].parse()?)
            }
            "meeple" => {
                arity(2, "meeple SEGMENT or meeple baobab")?;
                if w[1] == "baobab" {
                    Move::Meeple(MeepleTarget::Baobab)
                } else {
                    // Plain decimal as `Display` writes it: digits only, no leading zeros.
                    let t = w[1];
                    let canonical = !t.is_empty()
                        && t.bytes().all(|b| b.is_ascii_digit())
                        && (t == "0" || !t.starts_with('0'));
                    let i = canonical
                        .then(|| t.parse::<u8>().ok())
                        .flatten()
                        .ok_or(ParseError {
                            what: "segment",
                            expected: "a segment number 0..=255 or baobab",
                        })?;
                    Move::Meeple(MeepleTarget::Segment(i))
                }
            }
            "ranger" => {
                arity(3, "ranger X,Y X,Y")?;
                Move::Ranger {
                    from: w[1].parse()?,
                    to: w[2].parse()?,
                }
            }
            "dig" | "expand" => {
                arity(4, "dig|expand X,Y CORNER ANIMAL")?;
                let (p, c, a) = (w[1].parse()?, w[2].parse()?, w[3].parse()?);
                if w[0] == "dig" {
                    Move::Dig(p, c, a)
                } else {
                    Move::Expand(p, c, a)
                }
            }
            "pass" => {
                arity(1, "pass")?;
                Move::Pass
            }
            "boost" => {
                arity(2, "boost ANIMAL")?;
                Move::Boost(w[1].parse()?)
            }
            "noboost" => {
                arity(1, "noboost")?;
                Move::NoBoost
            }
            "return" => {
                arity(2, "return X,Y")?;
                Move::Return(w[1].parse()?)
            }
            _ => {
                return Err(ParseError {
                    what: "move keyword",
                    expected:
                        "draw, token, place, meeple, ranger, dig, expand, pass, boost, noboost or return",
                })
            }
        };
        Ok(mv)
    }
}

crate::serde_str::serde_via_notation!(Move, "a move in the engine's notation");

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn move_is_small() {
        assert!(
            core::mem::size_of::<Move>() <= 6,
            "{}",
            core::mem::size_of::<Move>()
        );
    }

    #[test]
    fn every_design_round_trips() {
        for d in Design::all() {
            let m = Move::Draw(d);
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
    }

    #[test]
    fn malformed_notation_is_an_error() {
        for bad in [
            "",
            " ",
            "pass ",
            " pass",
            "pass  x",
            "draw",
            "draw CS26",
            "draw CS26:E",
            "draw CS26:E,G,",
            "draw CS34:-",
            "draw cs1:-",
            "token X",
            "token l",
            "place 0,0",
            "place 0,0 360",
            "place 0,0 90 1",
            "meeple",
            "meeple -1",
            "meeple Baobab",
            "ranger 0,0",
            "dig 0,0 NE L",
            "dig 0,0 ne",
            "expand 0,0 ne LL",
            "boost",
            "noboost L",
            "return",
            "return 999,0",
            "PASS",
            "pass\n",
            "a b c d e f",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?} parsed");
        }
        assert_eq!(
            "meeple 7".parse::<Move>().map(|m| m.to_string()),
            Ok("meeple 7".to_string())
        );
    }
}

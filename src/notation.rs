//! The text notation (`docs/decisions.md`, "Move notation"): `Display` and
//! `FromStr` for moves and their parts, and [`NotationError`].
//!
//! Words are separated by single spaces; keywords and corners are lower case,
//! tile kinds and animals upper case; cells are `x,y` in plain decimal (`-` only
//! for negatives, no `+`, no leading zeros). `FromStr` accepts exactly what
//! `Display` writes, so a move's text is a faithful key:
//!
//! ```
//! use carcassonne_safari::Move;
//! for text in ["draw CS26:E,G", "token L", "place 2,-1 90", "meeple 1", "meeple baobab",
//!              "ranger 0,-1 3,2", "dig 2,-1 ne L", "expand 2,-1 ne L", "pass",
//!              "boost L", "noboost", "return 4,0", "draw CS1:-"] {
//!     let mv: Move = text.parse().unwrap();
//!     assert_eq!(mv.to_string(), text);
//! }
//! let err = "place 2,-1 45".parse::<Move>().unwrap_err();
//! assert_eq!(err.to_string(), "invalid rotation: expected one of 0, 90, 180, 270");
//! ```

use core::fmt;
use core::str::FromStr;

use smallvec::SmallVec;

use crate::animals::{Animal, AnimalCounts};
use crate::geometry::{Corner, Pos, Rotation};
use crate::moves::{MeepleTarget, Move};
use crate::tiles::Design;

/// Text that is not valid notation: what was being read, and what would have
/// been accepted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid {what}: expected {expected}")]
pub struct NotationError {
    /// The part being read (`cell`, `corner`, `move`, ...).
    pub what: &'static str,
    /// What would have been accepted.
    pub expected: &'static str,
}

const fn error(what: &'static str, expected: &'static str) -> NotationError {
    NotationError { what, expected }
}

/// A plain decimal number written exactly as `Display` writes it: digits only,
/// no leading zeros, and (when `signed`) a `-` only for negatives.
fn canonical_number(s: &str, signed: bool) -> bool {
    let digits = match s.strip_prefix('-') {
        Some(rest) if signed && rest != "0" => rest,
        Some(_) => return false,
        None => s,
    };
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
}

// ---------------------------------------------------------------------------
// Cells, rotations, corners, animals

impl fmt::Display for Pos {
    /// `x,y`, e.g. `2,-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for Pos {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Pos, NotationError> {
        const ERR: NotationError = error("cell", "x,y with plain decimal coordinates in -128..=127");
        let coord = |c: &str| canonical_number(c, true).then(|| c.parse::<i8>().ok()).flatten();
        let (x, y) = s.split_once(',').ok_or(ERR)?;
        Ok(Pos::new(coord(x).ok_or(ERR)?, coord(y).ok_or(ERR)?))
    }
}

impl Rotation {
    /// The notation of this rotation: `0`, `90`, `180` or `270`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Rotation::R0 => "0",
            Rotation::R90 => "90",
            Rotation::R180 => "180",
            Rotation::R270 => "270",
        }
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Rotation {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Rotation, NotationError> {
        Rotation::ALL
            .into_iter()
            .find(|r| s == r.as_str())
            .ok_or(error("rotation", "one of 0, 90, 180, 270"))
    }
}

impl Corner {
    /// The notation of this corner: `ne`, `se`, `sw` or `nw`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Corner::NE => "ne",
            Corner::SE => "se",
            Corner::SW => "sw",
            Corner::NW => "nw",
        }
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Corner {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Corner, NotationError> {
        Corner::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or(error("corner", "one of ne, se, sw, nw"))
    }
}

impl fmt::Display for Animal {
    /// The letter: `M`, `E`, `G`, `L` or `Z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Animal {
    type Err = NotationError;
    /// The notation letter: `M`, `E`, `G`, `L` or `Z`.
    fn from_str(s: &str) -> Result<Animal, NotationError> {
        match s.as_bytes() {
            [b] => Animal::from_letter(*b),
            _ => None,
        }
        .ok_or(error("animal", "one of M, E, G, L, Z"))
    }
}

impl fmt::Display for AnimalCounts {
    /// Letters in notation order, `-` when empty (the animal entries of
    /// `tiles.txt` and of a design's notation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.total() == 0 {
            return f.write_str("-");
        }
        for a in self.iter() {
            write!(f, "{}", a.letter())?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Designs

impl fmt::Display for Design {
    /// The notation of `draw`: the kind, then the animals of each segment:
    /// `CS26:E,G`, `CS1:-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind();
        write!(f, "{}:", kind.name)?;
        if kind.segments().is_empty() {
            return f.write_str("-");
        }
        for s in 0..kind.segments().len() {
            if s > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", self.animals(s))?;
        }
        Ok(())
    }
}

impl FromStr for Design {
    type Err = NotationError;
    /// Parses the notation of `draw` (`CS26:E,G`, `CS1:-`), exactly as `Display`
    /// writes it.
    fn from_str(s: &str) -> Result<Design, NotationError> {
        use core::fmt::Write;
        // Compares the text with each design's notation, without allocating.
        struct Prefix<'a>(&'a str);
        impl Write for Prefix<'_> {
            fn write_str(&mut self, part: &str) -> fmt::Result {
                self.0 = self.0.strip_prefix(part).ok_or(fmt::Error)?;
                Ok(())
            }
        }
        Design::all()
            .find(|d| {
                let mut rest = Prefix(s);
                write!(rest, "{d}").is_ok() && rest.0.is_empty()
            })
            .ok_or(error(
                "tile design",
                "KIND:ANIMALS as in tiles.txt, e.g. CS26:E,G or CS1:-",
            ))
    }
}

// ---------------------------------------------------------------------------
// Moves

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

impl FromStr for Move {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Move, NotationError> {
        // Words separated by single spaces: the longest move has four (`dig
        // 2,-1 ne L`); a fifth is read so that the error names the move's form.
        const MAX_WORDS: usize = 5;
        let mut w: SmallVec<[&str; MAX_WORDS]> = SmallVec::new();
        for word in s.split(' ') {
            if word.is_empty() || w.len() == MAX_WORDS {
                return Err(error("move", "words separated by single spaces"));
            }
            w.push(word);
        }
        let arity = |n: usize, expected: &'static str| {
            if w.len() == n {
                Ok(())
            } else {
                Err(error("move", expected))
            }
        };
        Ok(match w[0] {
            "draw" => {
                arity(2, "draw KIND:ANIMALS")?;
                Move::Draw(w[1].parse()?)
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
                    let segment = canonical_number(w[1], false)
                        .then(|| w[1].parse::<u8>().ok())
                        .flatten()
                        .ok_or(error("segment", "a segment number 0..=255 or baobab"))?;
                    Move::Meeple(MeepleTarget::Segment(segment))
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
                return Err(error(
                    "move keyword",
                    "draw, token, place, meeple, ranger, dig, expand, pass, boost, noboost or return",
                ))
            }
        })
    }
}

// ---------------------------------------------------------------------------
// Serde through the notation

/// Implements `Serialize` and `Deserialize` for `$t` through `Display` and
/// `FromStr` (only with the `serde` feature), so that records hold
/// `"place 2,-1 90"`, `"CS26:E,G"` and `"L"` rather than enum shapes.
macro_rules! serde_via_notation {
    ($t:ty, $expecting:literal, $ts:expr) => {
        #[cfg(feature = "ts")]
        crate::ts::ts_declared!($t, [], |_cfg| $ts);

        #[cfg(feature = "serde")]
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                deserialize_str(d, $expecting, str::parse::<$t>)
            }
        }
    };
}

/// Reads a string with `parse`, for the serde forms written as text (the
/// notation here, the machine names of [`crate::view`]); `expecting` says
/// what is accepted.
#[cfg(feature = "serde")]
pub(crate) fn deserialize_str<'de, D, T, E>(
    d: D,
    expecting: &'static str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    E: fmt::Display,
{
    struct V<F> {
        expecting: &'static str,
        parse: F,
    }
    impl<T, E: fmt::Display, F: FnOnce(&str) -> Result<T, E>> serde::de::Visitor<'_> for V<F> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.expecting)
        }
        fn visit_str<Er: serde::de::Error>(self, v: &str) -> Result<T, Er> {
            (self.parse)(v).map_err(Er::custom)
        }
    }
    d.deserialize_str(V { expecting, parse })
}

serde_via_notation!(Move, "a move in the engine's notation", "string".into());
serde_via_notation!(Design, "a tile design such as CS26:E,G", "string".into());
serde_via_notation!(
    Animal,
    "an animal letter: M, E, G, L or Z",
    crate::ts::names(Animal::ALL.map(Animal::letter))
);

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn cells_and_rotations_parse_only_canonical_text() {
        for bad in [
            "", ",", "1", "01,0", "+1,0", "-0,0", "1,0,", "128,0", "1, 0", "a,b", "-,1", "--1,0",
        ] {
            assert!(bad.parse::<Pos>().is_err(), "{bad:?}");
        }
        assert_eq!("-128,127".parse(), Ok(Pos::new(-128, 127)));
        assert_eq!("0,-10".parse(), Ok(Pos::new(0, -10)));
        for bad in ["090", "+90", "+0", "-0", "45", "360", " 90", ""] {
            assert!(bad.parse::<Rotation>().is_err(), "{bad:?}");
        }
        assert_eq!("270".parse(), Ok(Rotation::R270));
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
            "meeple 01",
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

    #[test]
    fn errors_say_what_was_expected() {
        let e = "dig 0,0 up L".parse::<Move>().unwrap_err();
        assert_eq!(e, error("corner", "one of ne, se, sw, nw"));
        assert_eq!(e.to_string(), "invalid corner: expected one of ne, se, sw, nw");
        assert_eq!("jump".parse::<Move>().unwrap_err().what, "move keyword");
    }
}

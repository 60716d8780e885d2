//! The serde forms of the engine's small types, as the wire format
//! (`docs/views.md`) writes them: a rotation as its degrees, sets of sides and
//! corners as lists of names, animal counts as letters, a set of players as
//! a list of seats, an actor as `"chance"` or a seat, a meeple target as a
//! segment number or `"baobab"`.

#![cfg(feature = "serde")]

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::animals::{Animal, AnimalCounts};
use crate::geometry::{Corner, Corners, Rotation, Side, Sides};
use crate::moves::MeepleTarget;
use crate::player::{Actor, PlayerId, PlayerSet, MAX_PLAYERS};

// The TypeScript forms of the serde forms below.
#[cfg(feature = "ts")]
mod ts {
    use super::*;
    use crate::ts::{name, ts_declared};

    ts_declared!(Rotation, [], |_cfg| {
        let degrees: Vec<String> = Rotation::ALL.iter().map(|r| r.degrees().to_string()).collect();
        degrees.join(" | ")
    });
    ts_declared!(Sides, [Side], |cfg| alloc::format!(
        "Array<{}>",
        name::<Side>(cfg)
    ));
    ts_declared!(Corners, [Corner], |cfg| alloc::format!(
        "Array<{}>",
        name::<Corner>(cfg)
    ));
    ts_declared!(AnimalCounts, [], |_cfg| "string".into());
    ts_declared!(PlayerSet, [PlayerId], |cfg| alloc::format!(
        "Array<{}>",
        name::<PlayerId>(cfg)
    ));
    ts_declared!(Actor, [PlayerId], |cfg| alloc::format!(
        "\"chance\" | {}",
        name::<PlayerId>(cfg)
    ));
    ts_declared!(MeepleTarget, [], |_cfg| "number | \"baobab\"".into());
}

impl Serialize for Rotation {
    /// Degrees clockwise: `0`, `90`, `180` or `270`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.degrees())
    }
}

impl<'de> Deserialize<'de> for Rotation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rotation, D::Error> {
        let degrees = u16::deserialize(d)?;
        Rotation::ALL
            .into_iter()
            .find(|r| r.degrees() == degrees)
            .ok_or_else(|| {
                de::Error::invalid_value(Unexpected::Unsigned(degrees.into()), &"0, 90, 180 or 270")
            })
    }
}

impl Serialize for Sides {
    /// The sides' names in the order N, E, S, W: `["n", "e"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Sides {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Sides, D::Error> {
        Ok(Vec::<Side>::deserialize(d)?.into_iter().collect())
    }
}

impl Serialize for Corners {
    /// The corners' names in the order NE, SE, SW, NW: `["ne", "sw"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Corners {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Corners, D::Error> {
        Ok(Vec::<Corner>::deserialize(d)?.into_iter().collect())
    }
}

impl Serialize for AnimalCounts {
    /// The animals' letters in notation order, each as often as it is
    /// counted: `"EGG"`; `""` for none.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let letters: String = self.iter().map(Animal::letter).collect();
        s.serialize_str(&letters)
    }
}

impl<'de> Deserialize<'de> for AnimalCounts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<AnimalCounts, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = AnimalCounts;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("animal letters (M, E, G, L, Z), such as \"EGG\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<AnimalCounts, E> {
                let mut counts = AnimalCounts::default();
                for b in v.bytes() {
                    let a =
                        Animal::from_letter(b).ok_or_else(|| E::invalid_value(Unexpected::Str(v), &self))?;
                    counts.add(a);
                }
                Ok(counts)
            }
        }
        d.deserialize_str(V)
    }
}

impl Serialize for PlayerSet {
    /// The seats in order: `[0, 2]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for p in self.iter() {
            seq.serialize_element(&p)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for PlayerSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlayerSet, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PlayerSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of seats 0..=4")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PlayerSet, A::Error> {
                let mut set = PlayerSet::default();
                while let Some(seat) = seq.next_element::<u8>()? {
                    if seat as usize >= MAX_PLAYERS {
                        return Err(de::Error::invalid_value(
                            Unexpected::Unsigned(seat.into()),
                            &"a seat 0..=4",
                        ));
                    }
                    set.insert(PlayerId(seat));
                }
                Ok(set)
            }
        }
        d.deserialize_seq(V)
    }
}

impl Serialize for Actor {
    /// `"chance"`, or the seat of the player.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Actor::Chance => s.serialize_str("chance"),
            Actor::Player(p) => p.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Actor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Actor, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Actor;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"chance\" or a seat 0..=4")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Actor, E> {
                match v {
                    "chance" => Ok(Actor::Chance),
                    _ => Err(E::invalid_value(Unexpected::Str(v), &self)),
                }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Actor, E> {
                match u8::try_from(v) {
                    Ok(seat) if (seat as usize) < MAX_PLAYERS => Ok(Actor::Player(PlayerId(seat))),
                    _ => Err(E::invalid_value(Unexpected::Unsigned(v), &self)),
                }
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Actor, E> {
                match u64::try_from(v) {
                    Ok(v) => self.visit_u64(v),
                    Err(_) => Err(E::invalid_value(Unexpected::Signed(v), &self)),
                }
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for MeepleTarget {
    /// The segment's number, or `"baobab"`, as in the notation (`meeple 1`,
    /// `meeple baobab`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            MeepleTarget::Segment(i) => s.serialize_u8(*i),
            MeepleTarget::Baobab => s.serialize_str("baobab"),
        }
    }
}

impl<'de> Deserialize<'de> for MeepleTarget {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MeepleTarget, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = MeepleTarget;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a segment number or \"baobab\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<MeepleTarget, E> {
                match v {
                    "baobab" => Ok(MeepleTarget::Baobab),
                    _ => Err(E::invalid_value(Unexpected::Str(v), &self)),
                }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<MeepleTarget, E> {
                u8::try_from(v)
                    .map(MeepleTarget::Segment)
                    .map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &self))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<MeepleTarget, E> {
                match u64::try_from(v) {
                    Ok(v) => self.visit_u64(v),
                    Err(_) => Err(E::invalid_value(Unexpected::Signed(v), &self)),
                }
            }
        }
        d.deserialize_any(V)
    }
}

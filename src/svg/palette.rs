//! The palette: the seats' colours, names and marks, the ground's and the animals' colours.

use super::*;

/// The side of a cell, in cell units.
pub const CELL: f32 = 100.0;

/// Player colours by seat, as in the box: yellow, red, green, blue, black.
pub const PLAYER_COLOURS: [&str; MAX_PLAYERS] = ["#f2c300", "#d7301f", "#1f9a48", "#2166d1", "#222222"];

/// The colours' names, by seat.
pub const PLAYER_COLOUR_NAMES: [&str; MAX_PLAYERS] = ["yellow", "red", "green", "blue", "black"];

/// Each seat's shape, drawn on its meeples and next to its name, so that a
/// player is told by shape as well as by colour: `circle`, `square`,
/// `triangle`, `diamond`, `cross`.
pub const PLAYER_MARKS: [&str; MAX_PLAYERS] = ["circle", "square", "triangle", "diamond", "cross"];

/// The colour of a selection or of what a pointer is over: a magenta that no
/// player has.
pub const SELECTION: &str = "#d4007a";

/// The savanna (the ground of every tile).
pub const SAVANNA: &str = "#ead596";
/// Bush, and its edge.
pub const BUSH: [&str; 2] = ["#4f8f35", "#2f6420"];
/// A trail, and its edge.
pub const TRAIL: [&str; 2] = ["#f4ead0", "#8c6a3d"];
/// Watering-hole water, and its edge.
pub const WATER: [&str; 2] = ["#3d9ad6", "#16558a"];

/// The badge colour of an animal.
pub const fn animal_colour(animal: Animal) -> &'static str {
    match animal {
        Animal::Monkey => "#7a4b24",
        Animal::Elephant => "#5d7183",
        Animal::Giraffe => "#b86a0c",
        Animal::Lion => "#b3262d",
        Animal::Zebra => "#1d1d1d",
    }
}

/// The palette as one value (for bindings; with `serde`, `{players: [{colour,
/// name, mark}], selection, animals: [{letter, name, colour}]}`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Palette;

#[cfg(feature = "serde")]
impl serde::Serialize for Palette {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeSeq, SerializeStruct};
        struct Players;
        impl serde::Serialize for Players {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut seq = s.serialize_seq(Some(MAX_PLAYERS))?;
                for i in 0..MAX_PLAYERS {
                    let (colour, name, mark) = (PLAYER_COLOURS[i], PLAYER_COLOUR_NAMES[i], PLAYER_MARKS[i]);
                    seq.serialize_element(&Style { colour, name, mark })?;
                }
                seq.end()
            }
        }
        #[derive(serde::Serialize)]
        struct Style {
            colour: &'static str,
            name: &'static str,
            mark: &'static str,
        }
        #[derive(serde::Serialize)]
        struct AnimalStyle {
            letter: Animal,
            name: &'static str,
            colour: &'static str,
        }
        let animals: Vec<AnimalStyle> = Animal::ALL
            .into_iter()
            .map(|a| AnimalStyle {
                letter: a,
                name: a.name(),
                colour: animal_colour(a),
            })
            .collect();
        let mut t = s.serialize_struct("Palette", 3)?;
        t.serialize_field("players", &Players)?;
        t.serialize_field("selection", SELECTION)?;
        t.serialize_field("animals", &animals)?;
        t.end()
    }
}

// The TypeScript form of the serde form above: the palette and its styles.
#[cfg(feature = "ts")]
mod ts {
    use super::*;
    use crate::ts::{name, object, ts_declared};

    /// A seat's style in the palette.
    pub(super) struct PlayerStyle;
    /// An animal's style in the palette.
    pub(super) struct AnimalStyle;

    ts_declared!(PlayerStyle, [], |cfg| object(&[
        ("colour", name::<str>(cfg)),
        ("name", name::<str>(cfg)),
        ("mark", crate::ts::names(PLAYER_MARKS)),
    ]));
    ts_declared!(AnimalStyle, [Animal], |cfg| object(&[
        ("letter", name::<Animal>(cfg)),
        ("name", name::<str>(cfg)),
        ("colour", name::<str>(cfg)),
    ]));
    ts_declared!(Palette, [PlayerStyle, AnimalStyle], |cfg| object(&[
        ("players", name::<Vec<PlayerStyle>>(cfg)),
        ("selection", name::<str>(cfg)),
        ("animals", name::<Vec<AnimalStyle>>(cfg)),
    ]));
}

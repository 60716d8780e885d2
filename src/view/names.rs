//! Machine names: one stable snake_case name for every phase, move kind,
//! feature kind, edge, side, corner, score reason and category, meeple spot
//! and event, written once and used by `name()` and by the serde form (the
//! wire format, `docs/views.md`). The enums without data write theirs here,
//! and their serde form is their `name()`; the enums with data (phases,
//! score reasons, meeple spots and events) write each name beside its
//! variant, in `named_variants!` (`crate::named`), which makes both the
//! `name()` and the serde tag of the variant from it. Animals are written as their notation
//! letters on the wire (`L`), as in moves and records;
//! [`Animal::name`](crate::Animal::name) gives their English names.
//!
//! ```
//! use carcassonne_safari::{Phase, PlayerId};
//! use carcassonne_safari::events::ScoreCategory;
//! assert_eq!(Phase::DrawToken { player: PlayerId(0) }.name(), "draw_token");
//! assert_eq!(ScoreCategory::WateringHoles.name(), "watering_holes");
//! ```

use crate::events::ScoreCategory;
use crate::geometry::{Corner, Side};
use crate::moves::MoveKind;
use crate::tiles::{Edge, FeatureKind};

impl MoveKind {
    /// The kind's machine name: the first word of its notation (`place`,
    /// `noboost`, ...), the same as [`MoveKind::keyword`].
    pub const fn name(self) -> &'static str {
        self.keyword()
    }
}

impl FeatureKind {
    /// Both kinds.
    pub const ALL: [FeatureKind; 2] = [FeatureKind::Trail, FeatureKind::Bush];

    /// `trail` or `bush`.
    pub const fn name(self) -> &'static str {
        match self {
            FeatureKind::Trail => "trail",
            FeatureKind::Bush => "bush",
        }
    }
}

impl Edge {
    /// The three edges.
    pub const ALL: [Edge; 3] = [Edge::Savanna, Edge::Trail, Edge::Bush];

    /// `savanna`, `trail` or `bush`.
    pub const fn name(self) -> &'static str {
        match self {
            Edge::Savanna => "savanna",
            Edge::Trail => "trail",
            Edge::Bush => "bush",
        }
    }
}

impl Side {
    /// `n`, `e`, `s` or `w`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::N => "n",
            Side::E => "e",
            Side::S => "s",
            Side::W => "w",
        }
    }
}

impl Corner {
    /// `ne`, `se`, `sw` or `nw`: its notation ([`Corner::as_str`]).
    pub const fn name(self) -> &'static str {
        self.as_str()
    }
}

impl ScoreCategory {
    /// `trails`, `bushes`, `rangers`, `watering_holes`, `final_trails`,
    /// `final_bushes` or `final_tokens`.
    pub const fn name(self) -> &'static str {
        match self {
            ScoreCategory::Trails => "trails",
            ScoreCategory::Bushes => "bushes",
            ScoreCategory::Rangers => "rangers",
            ScoreCategory::WateringHoles => "watering_holes",
            ScoreCategory::FinalTrails => "final_trails",
            ScoreCategory::FinalBushes => "final_bushes",
            ScoreCategory::FinalTokens => "final_tokens",
        }
    }
}

/// Serde for enums without data: the machine name, both ways.
macro_rules! serde_by_name {
    ($t:ty, $all:expr, $expecting:literal) => {
        #[cfg(feature = "ts")]
        crate::ts::ts_declared!($t, [], |_cfg| crate::ts::names(
            $all.into_iter().map(|x| x.name())
        ));

        #[cfg(feature = "serde")]
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                crate::notation::deserialize_str(d, $expecting, |v| {
                    $all.into_iter()
                        .find(|x| x.name() == v)
                        .ok_or_else(|| alloc::format!("`{v}` is not {}", $expecting))
                })
            }
        }
    };
}

serde_by_name!(
    MoveKind,
    MoveKind::ALL,
    "a move kind such as `place` or `noboost`"
);
serde_by_name!(FeatureKind, FeatureKind::ALL, "`trail` or `bush`");
serde_by_name!(Edge, Edge::ALL, "`savanna`, `trail` or `bush`");
serde_by_name!(Side, Side::ALL, "a side: `n`, `e`, `s` or `w`");
serde_by_name!(Corner, Corner::ALL, "a corner: `ne`, `se`, `sw` or `nw`");
serde_by_name!(
    ScoreCategory,
    ScoreCategory::ALL,
    "a score category such as `trails`"
);

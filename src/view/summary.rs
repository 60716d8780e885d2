//! [`ScoreSummary`]: where every player's points came from, by
//! [`ScoreCategory`], and the lines of the final scoring, from a game's events.

use alloc::vec::Vec;

use crate::events::{Event, ScoreCategory, ScoreReason};
use crate::player::PlayerId;

/// One player's points by category.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerPoints {
    /// The seat.
    pub seat: PlayerId,
    /// All the player's points (the score, when built from every event of
    /// the game).
    pub total: u32,
    /// Points per category, in the order of [`ScoreCategory::ALL`]; with
    /// `serde` an object keyed by the categories' names
    /// (`{"trails": 6, "bushes": 0, ...}`).
    #[cfg_attr(feature = "serde", serde(with = "by_name"))]
    #[cfg_attr(feature = "ts", ts(type = "Record<ScoreCategory, number>"))]
    pub by_category: [u32; ScoreCategory::ALL.len()],
}

impl PlayerPoints {
    /// The points of `category`.
    pub fn of(&self, category: ScoreCategory) -> u32 {
        self.by_category[category.index()]
    }
}

/// One line of the final scoring: who scored what and why (R-END-2, R-END-3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FinalLine {
    /// Who scored.
    pub player: PlayerId,
    /// How many points.
    pub points: u8,
    /// Why, with the breakdown.
    pub reason: ScoreReason,
}

/// Where every player's points came from.
///
/// ```
/// use carcassonne_safari::view::ScoreSummary;
/// use carcassonne_safari::events::{ScoreCategory, ScoreReason};
/// use carcassonne_safari::{Event, PlayerId};
/// let events = [
///     Event::Scored { player: PlayerId(1), points: 3, reason: ScoreReason::Dig },
///     Event::Scored { player: PlayerId(1), points: 2, reason: ScoreReason::FinalTokens { tokens: 2 } },
/// ];
/// let summary = ScoreSummary::from_events(2, &events);
/// assert_eq!(summary.players[1].total, 5);
/// assert_eq!(summary.players[1].of(ScoreCategory::WateringHoles), 3);
/// assert_eq!(summary.final_scoring.len(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoreSummary {
    /// Every seat's points, in seat order.
    pub players: Vec<PlayerPoints>,
    /// The final scoring, line by line (empty before the end).
    pub final_scoring: Vec<FinalLine>,
}

impl ScoreSummary {
    /// The summary of `events` in a game of `players` players.
    pub fn from_events<'a>(players: usize, events: impl IntoIterator<Item = &'a Event>) -> ScoreSummary {
        let mut summary = ScoreSummary {
            players: (0..players)
                .map(|i| PlayerPoints {
                    seat: PlayerId(i as u8),
                    total: 0,
                    by_category: [0; ScoreCategory::ALL.len()],
                })
                .collect(),
            final_scoring: Vec::new(),
        };
        for event in events {
            if let Event::Scored {
                player,
                points,
                reason,
            } = *event
            {
                let Some(p) = summary.players.get_mut(player.index()) else {
                    continue;
                };
                p.total += points as u32;
                p.by_category[reason.category().index()] += points as u32;
                if reason.is_final() {
                    summary.final_scoring.push(FinalLine {
                        player,
                        points,
                        reason,
                    });
                }
            }
        }
        summary
    }
}

/// Points per category as an object keyed by the categories' names.
#[cfg(feature = "serde")]
mod by_name {
    use super::ScoreCategory;
    use serde::de::{Deserializer, Error, MapAccess, Visitor};
    use serde::ser::{SerializeMap, Serializer};

    type Points = [u32; ScoreCategory::ALL.len()];

    pub(super) fn serialize<S: Serializer>(points: &Points, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(points.len()))?;
        for c in ScoreCategory::ALL {
            map.serialize_entry(&c, &points[c.index()])?;
        }
        map.end()
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Points;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("points by score category")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Points, A::Error> {
                let mut points = Points::default();
                while let Some((c, p)) = map.next_entry::<ScoreCategory, u32>()? {
                    points[c.index()] = p;
                }
                Ok(points)
            }
        }
        d.deserialize_map(V).map_err(D::Error::custom)
    }
}

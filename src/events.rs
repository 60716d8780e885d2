//! Events: what `apply` did, in order, for UIs to animate and logs to explain.
//!
//! Every point a player gains is one [`Event::Scored`] whose [`ScoreReason`] says
//! why, with the breakdown (species, table value, birds, boost).

use core::fmt;

use crate::animals::{Animal, AnimalCounts};
use crate::geometry::{Corner, Pos, Rotation};
use crate::player::{PlayerId, PlayerSet};
use crate::tiles::{Design, FeatureKind};

crate::named::named_variants! {
    /// Where a meeple stands. With `serde`: `{"type": "segment", "pos": ...,
    /// "seg": 1}`, `{"type": "baobab", "pos": ...}` or `{"type": "hole", "pos":
    /// ..., "corner": "ne"}`.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(tag = "type")
    )]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    pub enum MeepleSpot {
        /// On segment `seg` of the tile at `pos` (a trail or bush).
        Segment {
            /// The tile's cell.
            pos: Pos,
            /// The segment index in the kind's order.
            seg: u8,
        } => "segment",
        /// On the baobab of the tile at `pos`.
        Baobab {
            /// The tile's cell.
            pos: Pos,
        } => "baobab",
        /// On the watering-hole token at corner `corner` of the tile at `pos`.
        Hole {
            /// The tile's cell.
            pos: Pos,
            /// The tile's corner.
            corner: Corner,
        } => "hole",
    }
    /// The spot's machine name:
    fn name;
}

crate::named::named_variants! {
    /// Why points were scored. With `serde`, tagged by its machine name:
    /// `{"type": "feature", "kind": "trail", ...}`.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(tag = "type")
    )]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    #[non_exhaustive]
    pub enum ScoreReason {
        /// A tile displaced a ranger: 3 points (R-RANGER-2).
        Ranger => "ranger",
        /// A watering hole was dug: 3 points (R-WATER-2).
        Dig => "dig",
        /// A watering hole was expanded: the `nth` token at its vertex (2, 3 or 4)
        /// gives 4, 5 or 6 points (R-WATER-3).
        Expand {
            /// Tokens at the vertex after this one.
            nth: u8,
        } => "expand",
        /// A watering hole with this player's meeple was completed: 3 points (R-WATER-4).
        HoleCompleted => "hole_completed",
        /// A completed trail or bush (R-TRAIL-3, R-BUSH-2): `table` points for
        /// `species` (one more with a boost) plus one per bird.
        Feature {
            /// Trail or bush.
            kind: FeatureKind,
            /// Different species on the feature, before the boost.
            species: u8,
            /// The token this player discarded to count one more kind.
            boost: Option<Animal>,
            /// The table value 1/3/6/10/15 for the species counted.
            table: u8,
            /// Birds (bush only).
            birds: u8,
        } => "feature",
        /// Final scoring of an incomplete trail or bush (R-END-2): one point per
        /// animal and per bird.
        FinalFeature {
            /// Trail or bush.
            kind: FeatureKind,
            /// Animals on it, same species counted again.
            animals: u8,
            /// Birds on it.
            birds: u8,
        } => "final_feature",
        /// Final scoring: one point per token in hand (R-END-3).
        FinalTokens {
            /// Tokens in hand.
            tokens: u8,
        } => "final_tokens",
    }
    /// The reason's machine name:
    fn name;
}

crate::named::named_variants! {
    /// Something that happened inside `apply`. With `serde`, tagged by its
    /// machine name ([`Event::name`]): `{"type": "tile_placed", "player": 0, ...}`.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(tag = "type")
    )]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    #[non_exhaustive]
    pub enum Event {
        /// A token was drawn into a player's hand.
        TokenDrawn {
            /// Receiver.
            player: PlayerId,
            /// The token.
            animal: Animal,
        } => "token_drawn",
        /// The discard pile was shuffled into the empty supply (R-TOKEN-2).
        SupplyReshuffled {
            /// Tokens in the new supply.
            tokens: u8,
        } => "supply_reshuffled",
        /// A land tile was drawn.
        TileDrawn {
            /// Drawing player.
            player: PlayerId,
            /// The tile.
            design: Design,
        } => "tile_drawn",
        /// The drawn tile fits nowhere and leaves the game (R-PLACE-2).
        TileRemoved {
            /// The tile.
            design: Design,
        } => "tile_removed",
        /// A tile was placed.
        TilePlaced {
            /// Placing player.
            player: PlayerId,
            /// The tile.
            design: Design,
            /// Its cell.
            pos: Pos,
            /// Its rotation.
            rotation: Rotation,
        } => "tile_placed",
        /// The tile was placed on a ranger, which leaves the board until returned.
        RangerDisplaced {
            /// The ranger's cell.
            from: Pos,
        } => "ranger_displaced",
        /// A ranger was moved as the turn's action.
        RangerMoved {
            /// Old cell.
            from: Pos,
            /// New cell.
            to: Pos,
        } => "ranger_moved",
        /// The displaced ranger was put back.
        RangerReturned {
            /// Its new cell.
            to: Pos,
        } => "ranger_returned",
        /// A meeple left its owner's supply.
        MeeplePlaced {
            /// Owner.
            player: PlayerId,
            /// Where.
            spot: MeepleSpot,
        } => "meeple_placed",
        /// A meeple went back to its owner's supply.
        MeepleReturned {
            /// Owner.
            player: PlayerId,
            /// From where.
            spot: MeepleSpot,
        } => "meeple_returned",
        /// A watering hole was dug.
        HoleDug {
            /// Digging player.
            player: PlayerId,
            /// Tile cell.
            pos: Pos,
            /// Tile corner.
            corner: Corner,
            /// The token.
            animal: Animal,
        } => "hole_dug",
        /// A watering hole was expanded.
        HoleExpanded {
            /// Expanding player.
            player: PlayerId,
            /// Tile cell.
            pos: Pos,
            /// Tile corner.
            corner: Corner,
            /// The token.
            animal: Animal,
            /// Tokens at the vertex now.
            tokens: u8,
        } => "hole_expanded",
        /// All four slots of a vertex hold tokens.
        HoleCompleted {
            /// The vertex, named by the cell whose NW corner it is.
            vertex: Pos,
        } => "hole_completed",
        /// A baobab carrying a meeple is surrounded by 8 tiles (R-BAOBAB-2).
        BaobabCompleted {
            /// The baobab tile's cell.
            pos: Pos,
            /// The meeple's owner, who draws two tokens.
            player: PlayerId,
        } => "baobab_completed",
        /// A trail or bush was completed by the tile just placed (whether or not it
        /// carries meeples).
        FeatureCompleted {
            /// Trail or bush.
            kind: FeatureKind,
            /// A segment of the feature on the placed tile.
            pos: Pos,
            /// That segment's index.
            seg: u8,
            /// Its animals.
            animals: AnimalCounts,
            /// Its birds.
            birds: u8,
        } => "feature_completed",
        /// A token was discarded to boost the feature being scored.
        BoostUsed {
            /// Boosting player.
            player: PlayerId,
            /// The token.
            animal: Animal,
        } => "boost_used",
        /// Points, with the reason.
        Scored {
            /// Who scores.
            player: PlayerId,
            /// How many points.
            points: u8,
            /// Why.
            reason: ScoreReason,
        } => "scored",
        /// The game is over (R-END-5).
        GameOver {
            /// The players with the highest score.
            winners: PlayerSet,
        } => "game_over",
    }
    /// A stable name of the event's kind, in snake case, for bindings and logs
    /// that style events by kind:
    fn name;
}

/// Where points came from, for summaries of a game: a grouping of
/// [`ScoreReason`]s by what scored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[non_exhaustive]
pub enum ScoreCategory {
    /// Completed trails (R-TRAIL-3).
    Trails,
    /// Completed bushes (R-BUSH-2).
    Bushes,
    /// Displaced rangers (R-RANGER-2).
    Rangers,
    /// Watering holes: digging, expanding, completing (R-WATER-2..4).
    WateringHoles,
    /// Final scoring of incomplete trails (R-END-2).
    FinalTrails,
    /// Final scoring of incomplete bushes (R-END-2).
    FinalBushes,
    /// Final scoring of tokens in hand (R-END-3).
    FinalTokens,
}

impl ScoreCategory {
    /// The category's index in [`ScoreCategory::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Every category, in the order above.
    pub const ALL: [ScoreCategory; 7] = [
        ScoreCategory::Trails,
        ScoreCategory::Bushes,
        ScoreCategory::Rangers,
        ScoreCategory::WateringHoles,
        ScoreCategory::FinalTrails,
        ScoreCategory::FinalBushes,
        ScoreCategory::FinalTokens,
    ];
}

impl ScoreReason {
    /// What scored, as a [`ScoreCategory`].
    pub const fn category(&self) -> ScoreCategory {
        match *self {
            ScoreReason::Ranger => ScoreCategory::Rangers,
            ScoreReason::Dig | ScoreReason::Expand { .. } | ScoreReason::HoleCompleted => {
                ScoreCategory::WateringHoles
            }
            ScoreReason::Feature {
                kind: FeatureKind::Trail,
                ..
            } => ScoreCategory::Trails,
            ScoreReason::Feature {
                kind: FeatureKind::Bush,
                ..
            } => ScoreCategory::Bushes,
            ScoreReason::FinalFeature {
                kind: FeatureKind::Trail,
                ..
            } => ScoreCategory::FinalTrails,
            ScoreReason::FinalFeature {
                kind: FeatureKind::Bush,
                ..
            } => ScoreCategory::FinalBushes,
            ScoreReason::FinalTokens { .. } => ScoreCategory::FinalTokens,
        }
    }

    /// Whether the points belong to the final scoring (R-END-2, R-END-3).
    pub const fn is_final(&self) -> bool {
        matches!(
            self,
            ScoreReason::FinalFeature { .. } | ScoreReason::FinalTokens { .. }
        )
    }
}

impl Event {
    /// The player the event is about (who drew, placed, scored, ...), if one.
    ///
    /// ```
    /// use carcassonne_safari::{Event, PlayerId, PlayerSet};
    /// assert_eq!(Event::BoostUsed { player: PlayerId(1), animal: carcassonne_safari::Animal::Lion }.player(), Some(PlayerId(1)));
    /// assert_eq!(Event::GameOver { winners: PlayerSet::default() }.player(), None);
    /// ```
    pub const fn player(&self) -> Option<PlayerId> {
        match *self {
            Event::TokenDrawn { player, .. }
            | Event::TileDrawn { player, .. }
            | Event::TilePlaced { player, .. }
            | Event::MeeplePlaced { player, .. }
            | Event::MeepleReturned { player, .. }
            | Event::HoleDug { player, .. }
            | Event::HoleExpanded { player, .. }
            | Event::BaobabCompleted { player, .. }
            | Event::BoostUsed { player, .. }
            | Event::Scored { player, .. } => Some(player),
            Event::SupplyReshuffled { .. }
            | Event::TileRemoved { .. }
            | Event::RangerDisplaced { .. }
            | Event::RangerMoved { .. }
            | Event::RangerReturned { .. }
            | Event::HoleCompleted { .. }
            | Event::FeatureCompleted { .. }
            | Event::GameOver { .. } => None,
        }
    }
}

impl fmt::Display for MeepleSpot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeepleSpot::Segment { pos, seg } => write!(f, "segment {seg} of the tile at {pos}"),
            MeepleSpot::Baobab { pos } => write!(f, "the baobab at {pos}"),
            MeepleSpot::Hole { pos, corner } => {
                write!(f, "the watering hole at the {corner} corner of {pos}")
            }
        }
    }
}

impl fmt::Display for ScoreReason {
    /// Why the points were scored, with the breakdown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ScoreReason::Ranger => f.write_str("displaced a ranger"),
            ScoreReason::Dig => f.write_str("dug a watering hole"),
            ScoreReason::Expand { nth } => write!(f, "token {nth} of a watering hole"),
            ScoreReason::HoleCompleted => f.write_str("owner of a completed watering hole"),
            ScoreReason::Feature {
                kind,
                species,
                boost,
                table,
                birds,
            } => {
                write!(f, "completed {} with {species} species", kind.name())?;
                if let Some(a) = boost {
                    write!(f, " + {a} boost")?;
                }
                write!(f, " = {table}")?;
                if kind == FeatureKind::Bush {
                    write!(f, ", {birds} bird(s)")?;
                }
                Ok(())
            }
            ScoreReason::FinalFeature { kind, animals, birds } => {
                write!(
                    f,
                    "final: incomplete {} with {animals} animal(s), {birds} bird(s)",
                    kind.name()
                )
            }
            ScoreReason::FinalTokens { tokens } => write!(f, "final: {tokens} token(s) in hand"),
        }
    }
}

impl fmt::Display for Event {
    /// One line of plain English, e.g. `p0 scores 10 (completed trail with 3 kind(s) + L boost = 10)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::TokenDrawn { player, animal } => write!(f, "{player} draws a {animal} token"),
            Event::SupplyReshuffled { tokens } => write!(f, "the discard pile ({tokens} tokens) becomes the supply"),
            Event::TileDrawn { player, design } => write!(f, "{player} draws {design}"),
            Event::TileRemoved { design } => write!(f, "{design} fits nowhere and is removed"),
            Event::TilePlaced {
                player,
                design,
                pos,
                rotation,
            } => {
                write!(f, "{player} places {design} at {pos} turned {rotation}")
            }
            Event::RangerDisplaced { from } => write!(f, "the ranger at {from} is displaced"),
            Event::RangerMoved { from, to } => write!(f, "the ranger at {from} moves to {to}"),
            Event::RangerReturned { to } => write!(f, "the displaced ranger returns to {to}"),
            Event::MeeplePlaced { player, spot } => write!(f, "{player} puts a meeple on {spot}"),
            Event::MeepleReturned { player, spot } => write!(f, "{player}'s meeple returns from {spot}"),
            Event::HoleDug { player, pos, corner, animal } => {
                write!(f, "{player} digs a watering hole with {animal} at the {corner} corner of {pos}")
            }
            Event::HoleExpanded {
                player,
                pos,
                corner,
                animal,
                tokens,
            } => write!(
                f,
                "{player} expands a watering hole with {animal} at the {corner} corner of {pos} ({tokens} tokens)"
            ),
            Event::HoleCompleted { vertex } => write!(f, "the watering hole at vertex {vertex} is complete"),
            Event::BaobabCompleted { pos, player } => {
                write!(f, "the baobab at {pos} is surrounded; {player} takes the meeple back")
            }
            Event::FeatureCompleted {
                kind,
                pos,
                seg,
                animals,
                birds,
            } => write!(
                f,
                "the {} through segment {seg} at {pos} is complete (animals {animals}, birds {birds})",
                kind.name()
            ),
            Event::BoostUsed { player, animal } => write!(f, "{player} boosts with a {animal} token"),
            Event::Scored { player, points, reason } => write!(f, "{player} scores {points} ({reason})"),
            Event::GameOver { winners } => {
                f.write_str("game over; winner(s):")?;
                for p in winners.iter() {
                    write!(f, " {p}")?;
                }
                Ok(())
            }
        }
    }
}

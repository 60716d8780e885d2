//! Errors: illegal moves and impossible setups.

use crate::animals::Animal;
use crate::geometry::{Pos, Side};
use crate::moves::Move;
use crate::player::Actor;
use crate::state::Phase;
use crate::tiles::Design;

/// An illegal move: which move, and why. The state it was tried on is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal move `{mv}`: {reason}")]
pub struct MoveError {
    /// The move that was refused.
    pub mv: Move,
    /// Why.
    pub reason: IllegalReason,
}

/// Why a move is illegal.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalReason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The move is not of the kind the current decision asks for.
    #[error("the current decision is {0}")]
    WrongPhase(Phase),
    /// Another actor is to move.
    #[error("{0} is to move")]
    NotYourTurn(Actor),
    /// No tile of this design is left in the pile.
    #[error("no tile of this design is left in the pile")]
    TileNotInPile,
    /// No token of this animal can be drawn.
    #[error("no token of this animal is in the supply")]
    TokenNotInSupply,
    /// The cell already holds a tile.
    #[error("the cell already holds a tile")]
    CellOccupied,
    /// The cell touches no tile (R-PLACE-1).
    #[error("the cell is not next to a tile")]
    NotAdjacent,
    /// An edge does not match its neighbour (R-PLACE-1).
    #[error("the {0:?} edge does not match its neighbour")]
    EdgesDoNotMatch(Side),
    /// The player has no meeple in supply.
    #[error("no meeple left in supply")]
    NoMeepleLeft,
    /// The placed tile has no such segment.
    #[error("the placed tile has no segment {0}")]
    NoSuchSegment(u8),
    /// A meeple already stands on the feature (R-ACTION-1).
    #[error("a meeple already stands on that feature")]
    FeatureOccupied,
    /// The placed tile shows no baobab.
    #[error("the placed tile has no baobab")]
    NoBaobab,
    /// A ranger was displaced this turn, so no ranger may be moved (R-RANGER-3).
    #[error("a ranger was displaced this turn")]
    RangerDisplacedThisTurn,
    /// No ranger stands on the cell.
    #[error("no ranger stands on {0}")]
    NoRangerThere(Pos),
    /// A ranger must go to an empty cell next to a tile (R-RANGER-1).
    #[error("{0} is not an empty cell next to a tile")]
    RangerCellInvalid(Pos),
    /// A ranger already stands there (R-RANGER-1: rangers never share a cell).
    #[error("a ranger already stands on {0}")]
    RangerOnRanger(Pos),
    /// The player does not hold this token.
    #[error("no {0:?} token in hand")]
    TokenNotInHand(Animal),
    /// No tile at the cell.
    #[error("no tile at {0}")]
    NoTile(Pos),
    /// The corner is not a watering-hole slot (start-tile seam) or shows bush.
    #[error("the corner is not an open savanna corner")]
    SlotNotOpen,
    /// The slot already holds a token.
    #[error("the slot already holds a token")]
    SlotTaken,
    /// A dig must not touch a token (R-WATER-2): that would be an expansion.
    #[error("the slot touches a watering hole: expand it instead")]
    TouchesHole,
    /// An expansion must touch a token (R-WATER-3).
    #[error("the slot touches no watering hole")]
    NoHoleToExpand,
    /// The animal is already at a hole the slot touches (R-WATER-3).
    #[error("a {0:?} is already at the watering hole")]
    AnimalAlreadyAtHole(Animal),
    /// The boosting animal is already on the feature (R-TRAIL-4).
    #[error("a {0:?} is already on the feature")]
    AnimalOnFeature(Animal),
    /// The token was won at a baobab in this scoring step, and the setup does
    /// not let such tokens boost in the same step (`Setup::baobab_tokens_boost`).
    #[error("the {0:?} token was won at a baobab in this scoring step and cannot boost yet")]
    TokenWonThisStep(Animal),
    /// The fixed tile order (`Setup::tile_order`) draws another tile next.
    #[error("the fixed tile order draws {0} next")]
    NotNextInOrder(Design),
}

/// A `Setup` the game cannot start from.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The game takes 2 to 5 players (R-COMP-3).
    #[error("{0} players: the game takes 2 to 5")]
    Players(usize),
    /// Both rangers on one cell (R-RANGER-1).
    #[error("both rangers start on {0}")]
    RangersShareCell(Pos),
    /// A ranger must start on an empty cell next to the start tile.
    #[error("ranger start cell {0} is not an empty cell next to the start tile")]
    RangerCell(Pos),
    /// Fixed hands given for a different number of players.
    #[error("fixed hands for {given} players in a {players}-player game")]
    HandsCount {
        /// Hands given.
        given: usize,
        /// Players.
        players: usize,
    },
    /// Entry `index` of the tile order is a start part or one copy too many.
    #[error("tile order entry {index} ({design}): not a land tile, or more copies than the game has")]
    TileOrder {
        /// The 0-based position in the order.
        index: usize,
        /// The design named there.
        design: Design,
    },
    /// The fixed hands ask for more tokens of an animal than the game has.
    #[error("the fixed hands hold {count} {animal:?} tokens; the game has 10")]
    TooManyTokens {
        /// The animal.
        animal: Animal,
        /// How many the hands ask for.
        count: usize,
    },
}

/// Chance could not be played to the next decision
/// ([`GameState::play_chance`](crate::GameState::play_chance)).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ChanceError {
    /// The chance node has no outcome to draw (nothing is left to draw from).
    #[error("the chance node of step {step} has no outcome")]
    NoOutcome {
        /// How many chance draws were made before this one in this call.
        step: usize,
    },
    /// A fixed deal has no tile left for a tile draw: it was used on a game
    /// that draws more tiles than the deal holds (one already under way, or
    /// one whose deal was used before).
    #[error("the deal's {drawn} tiles are all drawn, and the game draws another")]
    DealExhausted {
        /// Tiles drawn from the deal so far.
        drawn: usize,
    },
    /// The source's outcome is not a legal draw here: a fixed deal used on a
    /// game whose pile does not hold its next tile (a game with a
    /// `Setup::tile_order`, or one started before the deal).
    #[error("the chance source's outcome is not legal here: {0}")]
    Illegal(MoveError),
}

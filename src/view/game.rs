//! [`GameView`]: everything a UI shows of a position, in one value that
//! serialises to the wire format (`docs/views.md`).

use alloc::vec::Vec;

use crate::animals::AnimalCounts;
use crate::geometry::Pos;
use crate::player::{Actor, PlayerId, PlayerSet};
use crate::state::{GameState, Phase};
use crate::tiles::Design;
use crate::view::{Feature, LegalMoves, MeepleView, TileView, WaterHole, FORMAT_VERSION};

/// One player's score, meeples and tokens.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerView {
    /// The seat.
    pub seat: PlayerId,
    /// Points so far.
    pub score: u32,
    /// Meeples in supply.
    pub meeples: u8,
    /// Tokens in hand (public, R-TOKEN-1).
    pub hand: AnimalCounts,
}

/// Tiles of one design left in the pile.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PileEntry {
    /// The design.
    pub design: Design,
    /// How many of it are left.
    pub count: u8,
}

/// Everything a UI shows of a position: the players, the decision, the board
/// (tiles, meeples, rangers, watering holes, trails and bushes), the supply
/// and the legal moves grouped. Built from the state alone, so a client that
/// receives it needs no engine to draw the game; its serde form is the wire
/// format, versioned by [`GameView::format`].
///
/// ```
/// use carcassonne_safari::view::GameView;
/// use carcassonne_safari::{GameState, Setup};
/// let view = GameView::new(&GameState::new(&Setup::new(3)).unwrap());
/// assert_eq!(view.players.len(), 3);
/// assert_eq!(view.tiles.len(), 3); // the three parts of the start tile
/// assert_eq!(view.phase.name(), "draw_token");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[non_exhaustive]
pub struct GameView {
    /// The wire format's version, [`FORMAT_VERSION`].
    pub format: u32,
    /// Every seat, in seat order.
    pub players: Vec<PlayerView>,
    /// The decision being made.
    pub phase: Phase,
    /// Who decides now; `None` once the game is over.
    pub to_move: Option<Actor>,
    /// The current turn's number, from 0.
    pub turn: usize,
    /// The player whose turn is under way (`None` during the setup deal and
    /// once the game is over).
    pub turn_player: Option<PlayerId>,
    /// The players with the highest score (the winners once the game is over).
    pub leaders: PlayerSet,
    /// Every tile on the board, in placement order (the start parts first).
    pub tiles: Vec<TileView>,
    /// Empty cells next to a tile.
    pub frontier: Vec<Pos>,
    /// The cell of the tile placed this turn.
    pub placed: Option<Pos>,
    /// The rangers on the board (a displaced one is missing until returned).
    pub rangers: Vec<Pos>,
    /// Every meeple on the board.
    pub meeples: Vec<MeepleView>,
    /// Every watering hole.
    pub water_holes: Vec<WaterHole>,
    /// Every trail and bush.
    pub features: Vec<Feature>,
    /// The feature being scored, during a boost question.
    pub scoring: Option<Feature>,
    /// Land tiles left in the pile.
    pub tiles_left: usize,
    /// Land tiles removed as unplaceable (R-PLACE-2).
    pub tiles_removed: usize,
    /// The tiles left in the pile, by design.
    pub pile: Vec<PileEntry>,
    /// Tokens in the face-down supply.
    pub supply: AnimalCounts,
    /// Tokens in the face-up discard pile.
    pub discard: AnimalCounts,
    /// The legal moves of the decision, grouped.
    pub legal: LegalMoves,
}

impl GameView {
    /// The view of `state`.
    pub fn new(state: &GameState) -> GameView {
        GameView {
            format: FORMAT_VERSION,
            players: (0..state.players())
                .map(|i| {
                    let seat = PlayerId(i as u8);
                    PlayerView {
                        seat,
                        score: state.scores()[i],
                        meeples: state.meeples_in_supply(seat),
                        hand: state.hand(seat),
                    }
                })
                .collect(),
            phase: state.phase(),
            to_move: state.to_move(),
            turn: state.turn(),
            turn_player: state.turn_player(),
            leaders: state.leaders(),
            tiles: state.tiles().collect(),
            frontier: state.frontier().to_vec(),
            placed: state.placed_tile(),
            rangers: state.rangers().into_iter().flatten().collect(),
            meeples: state.meeples().collect(),
            water_holes: state.water_holes(),
            features: state.features(),
            scoring: state.scoring_feature(),
            tiles_left: state.tiles_left(),
            tiles_removed: state.tiles_removed(),
            pile: state
                .pile()
                .map(|(design, count)| PileEntry { design, count })
                .collect(),
            supply: state.token_supply(),
            discard: state.token_discard(),
            legal: LegalMoves::new(state),
        }
    }
}

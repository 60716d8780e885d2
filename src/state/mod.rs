//! The game state and the rules: the decision sequence of `docs/decisions.md`
//! and every rule of `docs/rules.md`, each implemented once, in the file of its
//! concern:
//!
//! - `mod.rs`: the state, its phases and the read-only queries;
//! - [`setup`]: how a game starts ([`Setup`], [`GameState::new`]);
//! - [`movegen`]: listing the legal moves and the chance outcomes;
//! - [`legality`]: why a move is illegal ([`GameState::is_legal`]);
//! - [`play`]: applying a move and its immediate effects (`apply`,
//!   `apply_mut`, `apply_as`), token draws;
//! - `chance`: playing chance to the next decision
//!   ([`GameState::play_chance`]);
//! - [`scoring`]: the scoring step of a turn as a state machine, the end of a
//!   turn and final scoring.

mod chance;
mod key;
mod legality;
pub(crate) mod movegen;
mod play;
mod scoring;
mod setup;
#[cfg(test)]
mod tests;

use alloc::sync::Arc;

use crate::animals::{Animal, AnimalCounts};
use crate::board::{Board, SharedBoard};
use crate::geometry::Pos;
use crate::player::{Actor, PlayerId, PlayerSet, MAX_PLAYERS};
use crate::tiles::{Design, DESIGN_COUNT};

use scoring::Stage;

/// Where a move writes its events: on the stack, so that `apply` hands over
/// one exact allocation and `apply_mut` none (no move makes more than a few
/// dozen events).
type Events = smallvec::SmallVec<[crate::events::Event; 64]>;
pub use movegen::{ChanceOutcomes, MoveFilter, Outcomes};
pub use setup::Setup;

crate::named::named_variants! {
    /// The kind of the current decision. Its machine name is [`Phase::name`];
    /// with `serde`: `{"type": "place", "design": "CS26:E,G"}`.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(tag = "type")
    )]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    pub enum Phase {
        /// Chance: a token is drawn for `player` (setup deal, baobab meeple, baobab
        /// completion).
        DrawToken {
            /// The receiver.
            player: PlayerId,
        } => "draw_token",
        /// Chance: a land tile is drawn.
        DrawTile => "draw_tile",
        /// The active player places `design`.
        Place {
            /// The tile to place.
            design: Design,
        } => "place",
        /// The active player's action (meeple, ranger, dig, expand or pass).
        Action => "action",
        /// `player` decides whether to boost the feature being scored.
        Boost {
            /// Who decides.
            player: PlayerId,
        } => "boost",
        /// The active player puts the displaced ranger back.
        Return => "return",
        /// The game is over.
        GameOver => "game_over",
    }
    /// The phase's machine name:
    fn name;
}

impl core::fmt::Display for Phase {
    /// What is being decided, e.g. `p1's action` or `a token draw for p0`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Phase::DrawToken { player } => write!(f, "a token draw for {player}"),
            Phase::DrawTile => f.write_str("a tile draw"),
            Phase::Place { design } => write!(f, "the placement of {design}"),
            Phase::Action => f.write_str("the action"),
            Phase::Boost { player } => write!(f, "{player}'s boost decision"),
            Phase::Return => f.write_str("the ranger's return"),
            Phase::GameOver => f.write_str("nothing (the game is over)"),
        }
    }
}

/// A complete game position. Immutable: [`GameState::apply`] returns a new one
/// with the events of the move, [`GameState::play`] without them
/// ([`GameState::apply_mut`] changes it in place, for simulations).
///
/// Three ways to compare positions:
/// - `==` and `Hash` compare the whole internal state, including layout that
///   depends on the order of play (tile indices, union-find shape): two
///   replays of the same moves are equal, but the same position reached by
///   different move orders may compare unequal;
/// - [`GameState::same_position`] says whether two states are the same
///   position however they were reached (exact, slower);
/// - [`GameState::position_key`] is a 64-bit hash of that position, equal for
///   the same position, for transposition tables.
///
/// ```
/// use carcassonne_safari::{Actor, GameState, Setup};
/// let state = GameState::new(&Setup::new(2)).unwrap();
/// assert_eq!(state.to_move(), Some(Actor::Chance)); // the starting tokens are dealt
/// let mv = state.legal_moves()[0];
/// let (next, events) = state.apply(mv).unwrap();
/// assert_eq!(events.len(), 1);
/// assert_ne!(next, state);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GameState {
    players: u8,
    scores: [u32; MAX_PLAYERS],
    meeples: [u8; MAX_PLAYERS],
    hands: [AnimalCounts; MAX_PLAYERS],
    supply: AnimalCounts,
    discard: AnimalCounts,
    pile: [u8; DESIGN_COUNT],
    tiles_left: u8,
    removed: u8,
    /// Tiles, grid, frontier, features and holes: one block, shared between a
    /// state and its clones until one of them changes it (copy on write, see
    /// [`GameState::board_mut`]).
    board: SharedBoard,
    rangers: [Option<Pos>; 2],
    active: u8,
    /// The current turn's number, from 0.
    turn: u8,
    /// Index of the tile placed this turn.
    placed: Option<u8>,
    /// Index of the ranger displaced this turn.
    displaced: Option<u8>,
    /// Boost tokens of the feature being scored, per player.
    boosts: [Option<Animal>; MAX_PLAYERS],
    receiver: u8,
    tokens_due: u8,
    /// Meeples standing on baobabs (the scoring step skips the baobab checks
    /// when there are none).
    baobab_meeples: u8,
    /// [`Setup::tile_order`], shared between states; `None` when empty.
    tile_order: Option<Arc<[Design]>>,
    /// [`Setup::baobab_tokens_boost`].
    baobab_tokens_boost: bool,
    /// Tokens won at baobab completions in this turn's scoring step, per player;
    /// kept only when they may not boost in that step.
    baobab_won: [AnimalCounts; MAX_PLAYERS],
    phase: Phase,
    stage: Stage,
    /// The position key of everything but the board and the decision (see
    /// [`GameState::position_key`]).
    key: u64,
}

impl GameState {
    // ------------------------------------------------------------------
    // Queries

    /// Who decides now; `None` once the game is over.
    pub fn to_move(&self) -> Option<Actor> {
        match self.phase {
            Phase::DrawToken { .. } | Phase::DrawTile => Some(Actor::Chance),
            Phase::Place { .. } | Phase::Action | Phase::Return => Some(Actor::Player(PlayerId(self.active))),
            Phase::Boost { player } => Some(Actor::Player(player)),
            Phase::GameOver => None,
        }
    }

    /// The current decision.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The player whose turn is under way, from the turn's first tile draw to
    /// its last decision; `None` while the starting tokens are dealt and once
    /// the game is over. The player *to move* can be another one (a boost
    /// question) or chance: see [`GameState::to_move`].
    pub fn turn_player(&self) -> Option<PlayerId> {
        match (self.phase, self.stage) {
            (Phase::GameOver, _) | (_, Stage::Deal(_)) => None,
            _ => Some(PlayerId(self.active)),
        }
    }

    /// The current turn's number, from 0 for the first turn. It goes up by one
    /// when a turn ends (R-END-1), so a bot that plays out "the rest of this
    /// turn" stops when the number changes or the game is over.
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// Every player's score, by seat.
    pub fn scores(&self) -> &[u32] {
        &self.scores[..self.players()]
    }

    /// The players with the highest score (R-END-5); meaningful once the game is over.
    pub fn leaders(&self) -> PlayerSet {
        let mut set = PlayerSet::default();
        for (i, leads) in crate::rules::leading(self.scores()).enumerate() {
            if leads {
                set.insert(PlayerId(i as u8));
            }
        }
        set
    }

    /// Each seat's share of the victory once the game is over (R-END-5): 1 for
    /// the winner, `1/k` for each of `k` players tied for the highest score,
    /// 0 for the others ([`rules::win_shares`](crate::rules::win_shares) of
    /// the final scores); `None` while the game goes on.
    pub fn win_shares(&self) -> Option<alloc::vec::Vec<f64>> {
        self.is_over().then(|| crate::rules::win_shares(self.scores()))
    }

    /// Meeples in `player`'s supply (0 for a seat not in the game).
    pub fn meeples_in_supply(&self, player: PlayerId) -> u8 {
        if player.index() < self.players() {
            self.meeples[player.index()]
        } else {
            0
        }
    }

    /// `player`'s token hand (public, R-TOKEN-1); empty for a seat not in the game.
    pub fn hand(&self, player: PlayerId) -> AnimalCounts {
        if player.index() < self.players() {
            self.hands[player.index()]
        } else {
            AnimalCounts::default()
        }
    }

    /// Tokens left in the face-down supply, by animal.
    pub fn token_supply(&self) -> AnimalCounts {
        self.supply
    }

    /// Tokens in the face-up discard pile, by animal.
    pub fn token_discard(&self) -> AnimalCounts {
        self.discard
    }

    /// The board, to change: shared with the state's clones until now, it is
    /// copied here first if a clone still holds it (copy on write, into a
    /// spare block when the thread has one: see [`SharedBoard`]).
    fn board_mut(&mut self) -> &mut Board {
        self.board.make_mut()
    }

    /// Land tiles left in the pile.
    pub fn tiles_left(&self) -> usize {
        self.tiles_left as usize
    }

    /// Land tiles left in the pile, by design (designs with none left omitted).
    pub fn pile(&self) -> impl Iterator<Item = (Design, u8)> + '_ {
        Design::all()
            .map(|d| (d, self.pile[d.index()]))
            .filter(|&(_, n)| n > 0)
    }

    /// Land tiles removed as unplaceable (R-PLACE-2).
    pub fn tiles_removed(&self) -> usize {
        self.removed as usize
    }

    /// The tile to place, during [`Phase::Place`].
    pub fn tile_to_place(&self) -> Option<Design> {
        match self.phase {
            Phase::Place { design } => Some(design),
            _ => None,
        }
    }

    /// The cell of the tile placed this turn, from placement to the end of the turn.
    pub fn placed_tile(&self) -> Option<Pos> {
        self.placed.map(|i| self.board.tiles[i as usize].pos)
    }

    /// The rangers' cells; `None` for a displaced ranger not yet returned.
    pub fn rangers(&self) -> [Option<Pos>; 2] {
        self.rangers
    }

    /// Empty cells next to at least one tile (where tiles and rangers may go).
    pub fn frontier(&self) -> &[Pos] {
        &self.board.frontier
    }

    /// The board, to read (the view builders in [`crate::view`]).
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }
}

//! How a game starts: [`Setup`] and [`GameState::new`] (R-SETUP).

use alloc::sync::Arc;
use alloc::vec::Vec;

use super::scoring::Stage;
use super::{GameState, Phase};
use crate::animals::{Animal, AnimalCounts};
use crate::animals::{SPECIES, TOKENS_PER_ANIMAL};
use crate::board::{Board, SharedBoard};
use crate::error::SetupError;
use crate::geometry::Pos;
use crate::player::{MAX_PLAYERS, MEEPLES, MIN_PLAYERS};
use crate::tiles::{Design, DESIGN_COUNT};

/// How a game starts. Build with [`Setup::new`] and the `with_` methods (the
/// struct is `#[non_exhaustive]` so that options can be added; its fields stay
/// public to read and change).
///
/// ```
/// use carcassonne_safari::{Animal, GameState, Pos, Setup};
/// let setup = Setup::new(3)
///     .with_rangers([Pos::new(-1, -1), Pos::new(2, 0)])
///     .with_hands(vec![vec![Animal::Lion, Animal::Zebra], vec![], vec![Animal::Monkey]]);
/// assert!(GameState::new(&setup).is_ok());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[non_exhaustive]
pub struct Setup {
    /// Number of players, 2..=5.
    pub players: usize,
    /// The rangers' start cells; `None` is R-SETUP-2's (0,-1) and (0,1).
    pub rangers: Option<[Pos; 2]>,
    /// Fixed starting hands, one per seat, of any size; `None` deals 2 tokens to
    /// each player by chance (R-SETUP-3).
    pub hands: Option<Vec<Vec<Animal>>>,
    /// Land tiles drawn first, in this order (tournaments, tests, replaying a
    /// physical game): each `draw` chance node then has this one outcome. Tiles
    /// after the list are drawn by chance; empty (the default) draws all by chance.
    #[cfg_attr(feature = "serde", serde(default))]
    pub tile_order: Vec<Design>,
    /// Whether tokens drawn for a completed baobab in the scoring step may boost a
    /// trail or bush completed by the same tile (R-BAOBAB-3's decision: yes, the
    /// default). `false` plays the other reading of the interim rule: those
    /// tokens can be used from the next scoring on.
    #[cfg_attr(feature = "serde", serde(default = "default_true"))]
    pub baobab_tokens_boost: bool,
}

/// R-SETUP-2's ranger start cells.
const DEFAULT_RANGERS: [Pos; 2] = [Pos::new(0, -1), Pos::new(0, 1)];

#[cfg(feature = "serde")]
fn default_true() -> bool {
    true
}

impl Setup {
    /// `players` players with the rulebook's defaults.
    pub fn new(players: usize) -> Setup {
        Setup {
            players,
            rangers: None,
            hands: None,
            tile_order: Vec::new(),
            baobab_tokens_boost: true,
        }
    }

    /// Starts the rangers on these cells instead of (0,-1) and (0,1).
    pub fn with_rangers(mut self, cells: [Pos; 2]) -> Setup {
        self.rangers = Some(cells);
        self
    }

    /// Fixes the starting hands (one list per seat); no token is dealt by chance.
    pub fn with_hands(mut self, hands: Vec<Vec<Animal>>) -> Setup {
        self.hands = Some(hands);
        self
    }

    /// Fixes the first land tiles drawn, in order (see [`Setup::tile_order`]).
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Move, Setup};
    /// let first = "CS26:E,G".parse().unwrap();
    /// let state = GameState::new(&Setup::new(2).with_hands(vec![vec![], vec![]]).with_tile_order(vec![first]))
    ///     .unwrap();
    /// assert_eq!(state.legal_moves().to_vec(), vec![Move::Draw(first)]);
    /// ```
    pub fn with_tile_order(mut self, order: Vec<Design>) -> Setup {
        self.tile_order = order;
        self
    }

    /// Sets [`Setup::baobab_tokens_boost`].
    pub fn with_baobab_tokens_boost(mut self, allowed: bool) -> Setup {
        self.baobab_tokens_boost = allowed;
        self
    }
    /// Checks that a game can start from this setup, as [`GameState::new`]
    /// does first: what a client, a lobby or a form asks before it stores or
    /// plays a setup.
    ///
    /// ```
    /// use carcassonne_safari::{Setup, SetupError};
    /// assert_eq!(Setup::new(4).validate(), Ok(()));
    /// assert_eq!(Setup::new(6).validate(), Err(SetupError::Players(6)));
    /// assert_eq!(SetupError::Players(6).to_string(), "6 players: the game takes 2 to 5");
    /// ```
    ///
    /// # Errors
    /// [`SetupError`] for a player count outside 2..=5 (R-COMP-3), rangers
    /// sharing a cell or not next to the start tile, fixed hands of the wrong
    /// number or holding more than 10 tokens of an animal, or a tile order
    /// naming a start part or more copies of a design than the game has.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(SetupError::Players(self.players));
        }
        self.check(&Board::new())
    }

    /// [`Setup::validate`] on `board`, the start board: [`GameState::new`]
    /// checks on the board it starts from, built once.
    fn check(&self, board: &Board) -> Result<(), SetupError> {
        let n = self.players;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(SetupError::Players(n));
        }
        let rangers = self.rangers.unwrap_or(DEFAULT_RANGERS);
        if rangers[0] == rangers[1] {
            return Err(SetupError::RangersShareCell(rangers[0]));
        }
        if let Some(&bad) = rangers.iter().find(|&&r| !board.is_frontier(r)) {
            return Err(SetupError::RangerCell(bad));
        }
        if let Some(fixed) = &self.hands {
            if fixed.len() != n {
                return Err(SetupError::HandsCount {
                    given: fixed.len(),
                    players: n,
                });
            }
            for a in Animal::ALL {
                let count = fixed.iter().flatten().filter(|&&t| t == a).count();
                if count > TOKENS_PER_ANIMAL as usize {
                    return Err(SetupError::TooManyTokens { animal: a, count });
                }
            }
        }
        let mut left = [0u8; DESIGN_COUNT];
        for d in Design::land() {
            left[d.index()] = d.copies();
        }
        for (index, &design) in self.tile_order.iter().enumerate() {
            match left.get_mut(design.index()) {
                Some(n) if *n > 0 => *n -= 1,
                _ => return Err(SetupError::TileOrder { index, design }),
            }
        }
        Ok(())
    }
}

impl GameState {
    /// The position before the first decision.
    ///
    /// # Errors
    /// [`SetupError`] for a player count outside 2..=5, rangers sharing a cell or
    /// not next to the start tile, fixed hands of the wrong number or holding
    /// more than 10 tokens of an animal, or a tile order naming a start part or
    /// more copies of a design than the game has.
    pub fn new(setup: &Setup) -> Result<GameState, SetupError> {
        let board = Board::new();
        setup.check(&board)?;
        let n = setup.players;
        let rangers = setup.rangers.unwrap_or(DEFAULT_RANGERS);
        let mut supply = AnimalCounts([TOKENS_PER_ANIMAL; SPECIES]);
        let mut hands = [AnimalCounts::default(); MAX_PLAYERS];
        if let Some(fixed) = &setup.hands {
            for (hand, tokens) in hands.iter_mut().zip(fixed) {
                for &a in tokens {
                    hand.add(a);
                }
            }
            for a in Animal::ALL {
                let count: usize = hands.iter().map(|h| h.get(a) as usize).sum();
                supply.0[a.index()] -= count as u8;
            }
        }
        let mut pile = [0u8; DESIGN_COUNT];
        for d in Design::land() {
            pile[d.index()] = d.copies();
        }
        let mut state = GameState {
            players: n as u8,
            scores: [0; MAX_PLAYERS],
            meeples: [MEEPLES; MAX_PLAYERS],
            hands,
            supply,
            discard: AnimalCounts::default(),
            pile,
            tiles_left: crate::tiles::LAND_TILES as u8,
            removed: 0,
            board: SharedBoard::new(board),
            rangers: rangers.map(Some),
            active: 0,
            turn: 0,
            placed: None,
            displaced: None,
            boosts: [None; MAX_PLAYERS],
            receiver: 0,
            tokens_due: 0,
            baobab_meeples: 0,
            tile_order: (!setup.tile_order.is_empty()).then(|| Arc::from(setup.tile_order.as_slice())),
            baobab_tokens_boost: setup.baobab_tokens_boost,
            baobab_won: [AnimalCounts::default(); MAX_PLAYERS],
            phase: Phase::DrawTile,
            stage: Stage::Deal(if setup.hands.is_some() { n as u8 } else { 0 }),
            key: 0,
        };
        state.key = state.tallies_key();
        state.run(&mut super::Events::new());
        Ok(state)
    }
}

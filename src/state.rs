//! The game state and the rules: the decision sequence of DESIGN.md ("Decisions,
//! in order") and every rule of RULES.md, each implemented once here.

use alloc::sync::Arc;
use alloc::vec::Vec;

use rand_core::RngCore;

use crate::board::{fitting_rotations, rotation_edges, Board, FIT_CHUNK};
use crate::error::{IllegalReason, MoveError, SetupError};
use crate::events::{Event, MeepleSpot, ScoreReason};
use crate::features::{FeatureData, Node};
use crate::geometry::{Corner, Pos, Rotation};
use crate::moves::{MeepleTarget, Move, MoveList, INLINE_MOVES};
use crate::player::{Actor, PlayerId, PlayerSet};
use crate::tiles::{Animal, AnimalCounts, Design, FeatureKind, DESIGN_COUNT, MAX_SEGMENTS};
use crate::water::Holes;

/// Points for 0..=5 different kinds (R-TRAIL-3).
pub const KIND_POINTS: [u8; 6] = [0, 1, 3, 6, 10, 15];
/// Meeples per player (R-COMP-3).
pub const MEEPLES: u8 = 6;
/// Tokens of each animal (R-COMP-2).
pub const TOKENS_PER_ANIMAL: u8 = 10;
/// Points for displacing a ranger (R-RANGER-2), digging (R-WATER-2) and for each
/// owner of a completed watering hole (R-WATER-4).
const THREE: u8 = 3;

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
}

/// The kind of the current decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// Chance: a token is drawn for `player` (setup deal, baobab meeple, baobab
    /// completion).
    DrawToken {
        /// The receiver.
        player: PlayerId,
    },
    /// Chance: a land tile is drawn.
    DrawTile,
    /// The active player places `design`.
    Place {
        /// The tile to place.
        design: Design,
    },
    /// The active player's action (meeple, ranger, dig, expand or pass).
    Action,
    /// `player` decides whether to boost the feature being scored.
    Boost {
        /// Who decides.
        player: PlayerId,
    },
    /// The active player puts the displaced ranger back.
    Return,
    /// The game is over.
    GameOver,
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

/// Steps of the scoring part of a turn (DESIGN.md, decision 5).
const STEP_RANGER: u8 = 0;
const STEP_BAOBAB: u8 = 1; // 1..=9: the placed tile, then its 8 neighbours
const STEP_FEATURE: u8 = STEP_BAOBAB + 9; // one per segment of the placed tile
const STEP_RETURN: u8 = STEP_FEATURE + MAX_SEGMENTS as u8;
const STEP_END: u8 = STEP_RETURN + 1;

/// Where the automatic part of the game continues after the current decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Stage {
    /// Dealing starting tokens to this seat next.
    Deal(u8),
    /// Inside the turn's scoring step; `ask` is 0 before a feature is looked at,
    /// else 1 + the offset from the active player of the next boost question.
    Score { step: u8, ask: u8 },
    /// Nothing pending (tile draw, placement, action, game over).
    Idle,
}

/// A complete game position. Immutable: [`GameState::apply`] returns a new one
/// ([`GameState::apply_mut`] changes it in place, for simulations).
///
/// `Eq` and `Hash` compare the whole internal state, including layout that
/// depends on the order of play (tile indices, union-find shape): two replays of
/// the same moves are equal, but the same position reached by different move
/// orders may compare unequal. Bots that need transpositions should key on the
/// public queries.
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
    scores: [u32; 5],
    meeples: [u8; 5],
    hands: [AnimalCounts; 5],
    supply: AnimalCounts,
    discard: AnimalCounts,
    pile: [u8; DESIGN_COUNT],
    tiles_left: u8,
    removed: u8,
    board: Board,
    rangers: [Option<Pos>; 2],
    holes: Holes,
    active: u8,
    /// Index of the tile placed this turn.
    placed: Option<u8>,
    /// Index of the ranger displaced this turn.
    displaced: Option<u8>,
    /// Boost tokens of the feature being scored, per player.
    boosts: [Option<Animal>; 5],
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
    baobab_won: [AnimalCounts; 5],
    phase: Phase,
    stage: Stage,
}

type Events = Vec<Event>;

/// For each set of rotations (bit `r` for rotation `r`), its rotations in order,
/// padded to four entries.
const ROTATION_LISTS: [[Rotation; 4]; 16] = {
    let mut out = [[Rotation::R0; 4]; 16];
    let mut set = 0;
    while set < 16 {
        let mut n = 0;
        let mut r = 0;
        while r < 4 {
            if set & (1 << r) != 0 {
                out[set][n] = Rotation::ALL[r];
                n += 1;
            }
            r += 1;
        }
        set += 1;
    }
    out
};

/// Where move generation writes: the inline [`MoveList`] for short lists, a
/// vector of known capacity for long ones.
trait Sink: Extend<Move> {
    fn put(&mut self, mv: Move);
    fn put_slice(&mut self, mvs: &[Move]);
}

impl Sink for MoveList {
    #[inline]
    fn put(&mut self, mv: Move) {
        self.push(mv);
    }
    #[inline]
    fn put_slice(&mut self, mvs: &[Move]) {
        self.extend_from_slice(mvs);
    }
}

impl Sink for Vec<Move> {
    #[inline]
    fn put(&mut self, mv: Move) {
        self.push(mv);
    }
    #[inline]
    fn put_slice(&mut self, mvs: &[Move]) {
        self.extend_from_slice(mvs);
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
        let n = setup.players;
        if !(2..=5).contains(&n) {
            return Err(SetupError::Players(n));
        }
        let board = Board::new();
        let rangers = setup.rangers.unwrap_or([Pos::new(0, -1), Pos::new(0, 1)]);
        if rangers[0] == rangers[1] {
            return Err(SetupError::RangersShareCell(rangers[0]));
        }
        if let Some(&bad) = rangers.iter().find(|&&r| !board.is_frontier(r)) {
            return Err(SetupError::RangerCell(bad));
        }
        let mut supply = AnimalCounts([TOKENS_PER_ANIMAL; 5]);
        let mut hands = [AnimalCounts::default(); 5];
        if let Some(fixed) = &setup.hands {
            if fixed.len() != n {
                return Err(SetupError::HandsCount {
                    given: fixed.len(),
                    players: n,
                });
            }
            for (hand, tokens) in hands.iter_mut().zip(fixed) {
                for &a in tokens {
                    hand.0[a.index()] = hand.0[a.index()].saturating_add(1);
                }
            }
            for a in Animal::ALL {
                let count: usize = hands.iter().map(|h| h.get(a) as usize).sum();
                if count > TOKENS_PER_ANIMAL as usize {
                    return Err(SetupError::TooManyTokens { animal: a, count });
                }
                supply.0[a.index()] -= count as u8;
            }
        }
        let mut pile = [0u8; DESIGN_COUNT];
        for d in Design::land() {
            pile[d.index()] = d.copies();
        }
        let mut left = pile;
        for (index, &design) in setup.tile_order.iter().enumerate() {
            match left.get_mut(design.index()) {
                Some(n) if *n > 0 => *n -= 1,
                _ => return Err(SetupError::TileOrder { index, design }),
            }
        }
        let mut state = GameState {
            players: n as u8,
            scores: [0; 5],
            meeples: [MEEPLES; 5],
            hands,
            supply,
            discard: AnimalCounts::default(),
            pile,
            tiles_left: crate::tiles::LAND_TILES as u8,
            removed: 0,
            board,
            rangers: rangers.map(Some),
            holes: Holes::default(),
            active: 0,
            placed: None,
            displaced: None,
            boosts: [None; 5],
            receiver: 0,
            tokens_due: 0,
            baobab_meeples: 0,
            tile_order: (!setup.tile_order.is_empty()).then(|| Arc::from(setup.tile_order.as_slice())),
            baobab_tokens_boost: setup.baobab_tokens_boost,
            baobab_won: [AnimalCounts::default(); 5],
            phase: Phase::DrawTile,
            stage: Stage::Deal(if setup.hands.is_some() { n as u8 } else { 0 }),
        };
        state.run(&mut Vec::new());
        Ok(state)
    }

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

    /// The player whose turn it is.
    pub fn active_player(&self) -> PlayerId {
        PlayerId(self.active)
    }

    /// Every player's score, by seat.
    pub fn scores(&self) -> &[u32] {
        &self.scores[..self.players()]
    }

    /// The players with the highest score (R-END-5); meaningful once the game is over.
    pub fn leaders(&self) -> PlayerSet {
        let best = self.scores().iter().copied().max().unwrap_or(0);
        let mut set = PlayerSet::default();
        for (i, &s) in self.scores().iter().enumerate() {
            if s == best {
                set.insert(PlayerId(i as u8));
            }
        }
        set
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

    /// Every tile on the board (the three start parts first), in placement order.
    pub fn tiles(&self) -> impl Iterator<Item = TileView> + '_ {
        self.board.tiles.iter().map(|t| TileView {
            pos: t.pos,
            design: t.design,
            rotation: t.rot,
        })
    }

    /// The tile at `pos`.
    pub fn tile_at(&self, pos: Pos) -> Option<TileView> {
        self.board.at(pos).map(|t| TileView {
            pos: t.pos,
            design: t.design,
            rotation: t.rot,
        })
    }

    /// Empty cells next to at least one tile (where tiles and rangers may go).
    pub fn frontier(&self) -> &[Pos] {
        &self.board.frontier
    }

    /// Every meeple on the board with its owner.
    pub fn meeples(&self) -> impl Iterator<Item = (PlayerId, MeepleSpot)> + '_ {
        let on_tiles = self.board.tiles.iter().flat_map(|t| {
            let baobab =
                (t.baobab_meeple != 0).then(|| (PlayerId(t.baobab_meeple - 1), MeepleSpot::Baobab(t.pos)));
            let segs = t
                .seg_meeple
                .iter()
                .enumerate()
                .filter(|(_, &m)| m != 0)
                .map(move |(s, &m)| {
                    (
                        PlayerId(m - 1),
                        MeepleSpot::Segment {
                            pos: t.pos,
                            seg: s as u8,
                        },
                    )
                });
            baobab.into_iter().chain(segs)
        });
        let on_holes = self.holes.vertices.iter().flat_map(|v| {
            (0..4u8)
                .filter(move |&s| v.meeples[s as usize] != 0)
                .map(move |s| {
                    let (cell, corner) = Corner::of_slot(v.at, s);
                    (
                        PlayerId(v.meeples[s as usize] - 1),
                        MeepleSpot::Hole(cell, corner),
                    )
                })
        });
        on_tiles.chain(on_holes)
    }

    /// Every watering-hole token: the tile cell, its corner and the animal.
    pub fn water_tokens(&self) -> impl Iterator<Item = (Pos, Corner, Animal)> + '_ {
        self.holes.vertices.iter().flat_map(|v| {
            (0..4u8).filter_map(move |s| {
                let a = v.tokens[s as usize]?;
                let (cell, corner) = Corner::of_slot(v.at, s);
                Some((cell, corner, a))
            })
        })
    }

    /// The feature of segment `seg` of the tile at `pos`.
    pub fn feature(&self, pos: Pos, seg: u8) -> Option<Feature> {
        let i = self.board.index_at(pos)?;
        let kind = self.board.tiles[i].design.kind();
        ((seg as usize) < kind.segments().len())
            .then(|| self.feature_of(self.board.tiles[i].node(seg as usize)))
    }

    /// Every trail and bush on the board, in the order of their first segment
    /// (tiles in placement order, the start parts first; segments in table order).
    pub fn features(&self) -> Vec<Feature> {
        let features = &self.board.features;
        let mut seen = alloc::vec![false; features.len()];
        (0..features.len() as Node)
            .filter(|&n| !core::mem::replace(&mut seen[features.find(n) as usize], true))
            .map(|n| self.feature_of(n))
            .collect()
    }

    /// The trail or bush being scored, during a [`Phase::Boost`] decision.
    pub fn scoring_feature(&self) -> Option<Feature> {
        match self.phase {
            Phase::Boost { .. } => self.scoring_node().map(|n| self.feature_of(n)),
            _ => None,
        }
    }

    fn feature_of(&self, n: Node) -> Feature {
        let f = self.board.features.get(n);
        let mut segments: Vec<(Pos, u8)> = self
            .board
            .features
            .members(n)
            .map(|m| {
                let (t, s) = self.board.features.owner(m);
                (self.board.tiles[t].pos, s as u8)
            })
            .collect();
        segments.sort_unstable();
        Feature {
            kind: f.kind,
            segments,
            animals: f.animals,
            birds: f.birds,
            meeples: f.meeples,
            open_ends: f.open,
        }
    }

    // ------------------------------------------------------------------
    // Moves

    /// Every legal move of the current decision, in a deterministic order, with
    /// no duplicates; at a chance node, its outcomes. Empty once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        match self.phase {
            // Lists longer than the inline capacity of `MoveList` are built in a
            // vector of about the right capacity (one allocation, plain pushes)
            // and handed over without copying.
            Phase::Place { design } => {
                // About 1.2 placements per frontier cell in random games.
                let expected = self.board.frontier.len() * 3 / 2;
                let edges = rotation_edges(design);
                if expected <= INLINE_MOVES {
                    let mut out = MoveList::new();
                    self.place_moves(edges, &mut out);
                    out
                } else {
                    let mut out = Vec::with_capacity(expected);
                    self.place_moves(edges, &mut out);
                    MoveList::from_vec(out)
                }
            }
            Phase::Action => {
                // An upper bound.
                let p = self.active as usize;
                let water = if self.hands[p].total() > 0 {
                    self.board.open_slots() * self.hands[p].kinds() as usize
                } else {
                    0
                };
                let bound = MAX_SEGMENTS + 2 + 2 * self.board.frontier.len() + water;
                if bound <= INLINE_MOVES {
                    let mut out = MoveList::new();
                    self.action_moves(&mut out);
                    out
                } else {
                    let mut out = Vec::with_capacity(bound);
                    self.action_moves(&mut out);
                    MoveList::from_vec(out)
                }
            }
            _ => {
                let mut out = MoveList::new();
                match self.phase {
                    Phase::DrawToken { .. } => {
                        out.extend(
                            Animal::ALL
                                .into_iter()
                                .filter(|&a| self.supply.contains(a))
                                .map(Move::Token),
                        );
                    }
                    Phase::DrawTile => match self.next_in_order() {
                        Some(d) => out.push(Move::Draw(d)),
                        None => out.extend(self.pile().map(|(d, _)| Move::Draw(d))),
                    },
                    Phase::Boost { player } => {
                        if let Some(n) = self.scoring_node() {
                            let f = self.board.features.get(n);
                            out.extend(self.boost_tokens(player, f).map(Move::Boost));
                        }
                        out.push(Move::NoBoost);
                    }
                    Phase::Return => {
                        let other = self.rangers.iter().flatten().copied().next();
                        out.extend(
                            self.board
                                .frontier
                                .iter()
                                .filter(|&&p| Some(p) != other)
                                .map(|&p| Move::Return(p)),
                        );
                    }
                    Phase::Place { .. } | Phase::Action | Phase::GameOver => {}
                }
                out
            }
        }
    }

    /// Every legal placement of a tile with edge codes `edges` (by rotation).
    ///
    /// Whether a cell takes the tile is hard to predict, so no step branches on
    /// it: the rotations that fit are computed for sixteen cells at a time
    /// ([`fitting_rotations`], vector code), the cells that take the tile are
    /// walked as the set bits of a mask, and all four rotation slots of each are
    /// written to a buffer whose length then advances by the number that fit.
    fn place_moves(&self, edges: u32, out: &mut impl Sink) {
        let mut buf = [Move::Pass; 4 * FIT_CHUNK];
        let (cells, constraints) = self.board.frontier_with_constraints();
        for (cells, reqs) in cells.chunks(FIT_CHUNK).zip(constraints.chunks(FIT_CHUNK)) {
            let fits = fitting_rotations(reqs, edges);
            let mut takes = 0u32;
            for (i, &fit) in fits.iter().enumerate() {
                takes |= ((fit != 0) as u32) << i;
            }
            let mut n = 0;
            while takes != 0 {
                let i = takes.trailing_zeros() as usize;
                takes &= takes - 1;
                let (p, fit) = (cells[i], fits[i]);
                // The fitting rotations in order, then padding: all four are
                // written, and the length advances past the fitting ones.
                let rots = &ROTATION_LISTS[fit as usize];
                for (slot, &r) in buf[n..n + 4].iter_mut().zip(rots) {
                    *slot = Move::Place(p, r);
                }
                n += fit.count_ones() as usize;
            }
            out.put_slice(&buf[..n]);
        }
    }

    fn action_moves(&self, out: &mut impl Sink) {
        let p = self.active as usize;
        let tile = self.placed.expect("a tile was placed") as usize;
        let kind = self.board.tiles[tile].design.kind();
        if self.meeples[p] > 0 {
            for s in 0..kind.segments().len() {
                if !self
                    .board
                    .features
                    .get(self.board.tiles[tile].node(s))
                    .has_meeples()
                {
                    out.put(Move::Meeple(MeepleTarget::Segment(s as u8)));
                }
            }
            if kind.baobab {
                out.put(Move::Meeple(MeepleTarget::Baobab));
            }
        }
        if self.displaced.is_none() {
            // Every frontier cell but the rangers' own: the runs between them.
            let frontier = &self.board.frontier[..];
            let mut cuts = [0; 2];
            let mut ncuts = 0;
            for &r in self.rangers.iter().flatten() {
                if let Some(i) = self.board.frontier_index(r) {
                    cuts[ncuts] = i;
                    ncuts += 1;
                }
            }
            if ncuts == 2 {
                // In frontier order (the rangers never share a cell).
                cuts.sort_unstable();
                ncuts -= (cuts[0] == cuts[1]) as usize;
            }
            for &from in self.rangers.iter().flatten() {
                let mut start = 0;
                for &cut in &cuts[..ncuts] {
                    out.extend(frontier[start..cut].iter().map(|&to| Move::Ranger { from, to }));
                    start = cut + 1;
                }
                out.extend(frontier[start..].iter().map(|&to| Move::Ranger { from, to }));
            }
        }
        let hand = self.hands[p];
        if hand.total() > 0 {
            // The distinct animals in hand, in notation order.
            let mut kinds = [Animal::Monkey; 5];
            let mut n = 0;
            for a in hand.iter_kinds() {
                kinds[n] = a;
                n += 1;
            }
            let kinds = &kinds[..n];
            let can_dig = self.meeples[p] > 0;
            // Open slots (savanna slots without a token) tile by tile, corner by
            // corner, walking the set bits; one touching a token can only be
            // expanded (R-WATER-2/3).
            let board = &self.board;
            for (w, (&open, &touch)) in board.open.iter().zip(&board.touch).enumerate() {
                let mut rest = open;
                while rest != 0 {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    let slot = 64 * w + b as usize;
                    let pos = board.tiles[slot / 4].pos;
                    let c = Corner::from_index(slot as u8);
                    if touch & (1 << b) == 0 {
                        if can_dig {
                            out.extend(kinds.iter().map(|&a| Move::Dig(pos, c, a)));
                        }
                    } else {
                        let (v, slot) = c.vertex(pos);
                        let at_hole = self
                            .holes
                            .get(v)
                            .expect("a touched slot has a token at its vertex")
                            .hole_animals(slot);
                        for &a in kinds {
                            if !at_hole.contains(a) {
                                out.put(Move::Expand(pos, c, a));
                            }
                        }
                    }
                }
            }
        }
        out.put(Move::Pass);
    }

    /// Whether `mv` is legal now; agrees exactly with [`GameState::legal_moves`].
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Why `mv` is illegal now, if it is.
    fn check(&self, mv: Move) -> Result<(), IllegalReason> {
        use IllegalReason as R;
        let p = self.active as usize;
        match (self.phase, mv) {
            (Phase::GameOver, _) => Err(R::GameOver),
            (Phase::DrawToken { .. }, Move::Token(a)) => {
                if self.supply.contains(a) {
                    Ok(())
                } else {
                    Err(R::TokenNotInSupply)
                }
            }
            (Phase::DrawTile, Move::Draw(d)) => match self.next_in_order() {
                Some(next) if next != d => Err(R::NotNextInOrder(next)),
                _ if self.pile[d.index()] == 0 => Err(R::TileNotInPile),
                _ => Ok(()),
            },
            (Phase::Place { design }, Move::Place(pos, rot)) => {
                if self.board.occupied(pos) {
                    Err(R::CellOccupied)
                } else if !self.board.is_frontier(pos) {
                    Err(R::NotAdjacent)
                } else if let Some(side) = self.board.mismatch(pos, design, rot) {
                    Err(R::EdgesDoNotMatch(side))
                } else {
                    Ok(())
                }
            }
            (Phase::Action, Move::Meeple(target)) => {
                let tile = self.placed.expect("a tile was placed") as usize;
                let kind = self.board.tiles[tile].design.kind();
                if self.meeples[p] == 0 {
                    return Err(R::NoMeepleLeft);
                }
                match target {
                    MeepleTarget::Baobab if !kind.baobab => Err(R::NoBaobab),
                    MeepleTarget::Baobab => Ok(()),
                    MeepleTarget::Segment(s) if s as usize >= kind.segments().len() => {
                        Err(R::NoSuchSegment(s))
                    }
                    MeepleTarget::Segment(s) => {
                        if self
                            .board
                            .features
                            .get(self.board.tiles[tile].node(s as usize))
                            .has_meeples()
                        {
                            Err(R::FeatureOccupied)
                        } else {
                            Ok(())
                        }
                    }
                }
            }
            (Phase::Action, Move::Ranger { from, to }) => {
                if self.displaced.is_some() {
                    Err(R::RangerDisplacedThisTurn)
                } else if !self.rangers.contains(&Some(from)) {
                    Err(R::NoRangerThere(from))
                } else {
                    self.check_ranger_cell(to)
                }
            }
            (Phase::Action, Move::Dig(pos, c, a)) => {
                if self.hands[p].get(a) == 0 {
                    return Err(R::TokenNotInHand(a));
                }
                if self.meeples[p] == 0 {
                    return Err(R::NoMeepleLeft);
                }
                let (v, slot) = self.open_slot(pos, c)?;
                if self.holes.get(v).is_some_and(|v| v.touches_token(slot)) {
                    Err(R::TouchesHole)
                } else {
                    Ok(())
                }
            }
            (Phase::Action, Move::Expand(pos, c, a)) => {
                if self.hands[p].get(a) == 0 {
                    return Err(R::TokenNotInHand(a));
                }
                let (v, slot) = self.open_slot(pos, c)?;
                match self.holes.get(v).filter(|v| v.touches_token(slot)) {
                    None => Err(R::NoHoleToExpand),
                    Some(v) if v.hole_animals(slot).contains(a) => Err(R::AnimalAlreadyAtHole(a)),
                    Some(_) => Ok(()),
                }
            }
            (Phase::Action, Move::Pass) => Ok(()),
            (Phase::Boost { player }, Move::Boost(a)) => {
                let f = self
                    .board
                    .features
                    .get(self.scoring_node().expect("a feature is scored"));
                if self.hands[player.index()].get(a) == 0 {
                    Err(R::TokenNotInHand(a))
                } else if self.boost_hand(player).get(a) == 0 {
                    Err(R::TokenWonThisStep(a))
                } else if f.animals.contains(a) {
                    Err(R::AnimalOnFeature(a))
                } else {
                    Ok(())
                }
            }
            (Phase::Boost { .. }, Move::NoBoost) => Ok(()),
            (Phase::Return, Move::Return(to)) => self.check_ranger_cell(to),
            (phase, _) => Err(R::WrongPhase(phase)),
        }
    }

    /// R-RANGER-1: an empty cell next to a tile without the other ranger.
    fn check_ranger_cell(&self, to: Pos) -> Result<(), IllegalReason> {
        if !self.board.is_frontier(to) {
            Err(IllegalReason::RangerCellInvalid(to))
        } else if self.rangers.contains(&Some(to)) {
            Err(IllegalReason::RangerOnRanger(to))
        } else {
            Ok(())
        }
    }

    /// R-WATER-1: the corner of a tile is a slot showing only savanna and holding
    /// no token. Returns its vertex and slot index.
    fn open_slot(&self, pos: Pos, c: Corner) -> Result<(Pos, u8), IllegalReason> {
        let t = self.board.at(pos).ok_or(IllegalReason::NoTile(pos))?;
        if !t.savanna_slot(c) {
            return Err(IllegalReason::SlotNotOpen);
        }
        let (v, slot) = c.vertex(pos);
        match self.holes.token(v, slot) {
            Some(_) => Err(IllegalReason::SlotTaken),
            None => Ok((v, slot)),
        }
    }

    /// The tokens `player` may boost with now: the hand, less the tokens won at
    /// a baobab in this scoring step when [`Setup::baobab_tokens_boost`] is off.
    fn boost_hand(&self, player: PlayerId) -> AnimalCounts {
        let (hand, won) = (self.hands[player.index()], self.baobab_won[player.index()]);
        AnimalCounts(core::array::from_fn(|i| hand.0[i] - won.0[i]))
    }

    /// R-TRAIL-4: the distinct animals `player` may boost feature `f` with (none
    /// when all five kinds are on it).
    fn boost_tokens(&self, player: PlayerId, f: &FeatureData) -> impl Iterator<Item = Animal> {
        let animals = f.animals;
        self.boost_hand(player)
            .iter_kinds()
            .filter(move |&a| !animals.contains(a))
    }

    /// The next design of [`Setup::tile_order`], while the order lasts.
    fn next_in_order(&self) -> Option<Design> {
        let drawn = crate::tiles::LAND_TILES - self.tiles_left as usize;
        self.tile_order.as_ref()?.get(drawn).copied()
    }

    fn scoring_node(&self) -> Option<Node> {
        match self.stage {
            Stage::Score { step, .. } if (STEP_FEATURE..STEP_RETURN).contains(&step) => {
                Some(self.board.tiles[self.placed? as usize].node((step - STEP_FEATURE) as usize))
            }
            _ => None,
        }
    }

    /// Applies `mv` for whoever is to move.
    ///
    /// # Errors
    /// [`MoveError`] naming the move and the [`IllegalReason`] when `mv` is not
    /// legal now; `self` is unchanged either way.
    pub fn apply(&self, mv: Move) -> Result<(GameState, Vec<Event>), MoveError> {
        self.check(mv).map_err(|reason| MoveError { mv, reason })?;
        let mut next = self.clone();
        let mut events = Vec::new();
        next.perform(mv, &mut events);
        Ok((next, events))
    }

    /// Applies `mv` for whoever is to move, changing this state in place, and
    /// appends the events to `events` (which is not cleared first). Legality,
    /// the resulting state and the events are exactly those of
    /// [`GameState::apply`]; this variant saves the copy of the state and lets a
    /// caller reuse one event buffer, for search and simulation loops.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Setup};
    /// let mut state = GameState::new(&Setup::new(2)).unwrap();
    /// let mv = state.legal_moves()[0];
    /// let (next, events) = state.apply(mv).unwrap();
    /// let mut buffer = Vec::new();
    /// state.apply_mut(mv, &mut buffer).unwrap();
    /// assert_eq!((state, buffer), (next, events));
    /// ```
    ///
    /// # Errors
    /// [`MoveError`] naming the move and the [`IllegalReason`] when `mv` is not
    /// legal now; then neither `self` nor `events` is changed.
    pub fn apply_mut(&mut self, mv: Move, events: &mut Vec<Event>) -> Result<(), MoveError> {
        self.check(mv).map_err(|reason| MoveError { mv, reason })?;
        self.perform(mv, events);
        Ok(())
    }

    /// Applies `mv` on behalf of `actor`, refusing it when another actor is to move
    /// (for UIs and servers that receive moves from several players).
    ///
    /// # Errors
    /// [`IllegalReason::NotYourTurn`] when `actor` is not [`GameState::to_move`],
    /// otherwise as [`GameState::apply`].
    pub fn apply_as(&self, actor: Actor, mv: Move) -> Result<(GameState, Vec<Event>), MoveError> {
        match self.to_move() {
            None => Err(MoveError {
                mv,
                reason: IllegalReason::GameOver,
            }),
            Some(a) if a != actor => Err(MoveError {
                mv,
                reason: IllegalReason::NotYourTurn(a),
            }),
            Some(_) => self.apply(mv),
        }
    }

    /// At a chance node, every outcome with its weight: the tiles of each design
    /// left in the pile (or the one next in [`Setup::tile_order`], weight 1), or
    /// the tokens of each animal left in the supply.
    pub fn chance_outcomes(&self) -> Vec<(Move, u32)> {
        match self.phase {
            Phase::DrawTile => match self.next_in_order() {
                Some(d) => alloc::vec![(Move::Draw(d), 1)],
                None => self.pile().map(|(d, n)| (Move::Draw(d), n as u32)).collect(),
            },
            Phase::DrawToken { .. } => Animal::ALL
                .into_iter()
                .filter(|&a| self.supply.contains(a))
                .map(|a| (Move::Token(a), self.supply.get(a) as u32))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// At a chance node, draws an outcome with probability proportional to its
    /// weight; `None` at a player's decision or when the game is over.
    pub fn sample_chance(&self, rng: &mut impl RngCore) -> Option<Move> {
        // The outcomes of `chance_outcomes`, walked without collecting them.
        fn pick<const N: usize>(rng: &mut impl RngCore, weights: &[u8; N]) -> Option<usize> {
            let total: u32 = weights.iter().map(|&w| w as u32).sum();
            if total == 0 {
                return None;
            }
            let mut r = ((rng.next_u64() as u128 * total as u128) >> 64) as u32;
            for (i, &w) in weights.iter().enumerate() {
                if r < w as u32 {
                    return Some(i);
                }
                r -= w as u32;
            }
            None
        }
        match self.phase {
            Phase::DrawTile => match self.next_in_order() {
                Some(d) => Some(Move::Draw(d)),
                None => pick(rng, &self.pile).and_then(Design::from_index).map(Move::Draw),
            },
            Phase::DrawToken { .. } => pick(rng, &self.supply.0).map(|i| Move::Token(Animal::ALL[i])),
            _ => None,
        }
    }

    // ------------------------------------------------------------------
    // Performing moves (legality already checked)

    fn score(&mut self, player: u8, points: u8, reason: ScoreReason, ev: &mut Events) {
        self.scores[player as usize] += points as u32;
        ev.push(Event::Scored {
            player: PlayerId(player),
            points,
            reason,
        });
    }

    fn perform(&mut self, mv: Move, ev: &mut Events) {
        let me = self.active;
        match mv {
            Move::Token(a) => {
                let r = self.receiver as usize;
                self.hands[r].0[a.index()] += 1;
                self.supply.0[a.index()] -= 1;
                self.tokens_due -= 1;
                // Draws in the scoring step past the ranger are baobab completions.
                if !self.baobab_tokens_boost
                    && matches!(self.stage, Stage::Score { step, .. } if step > STEP_BAOBAB)
                {
                    self.baobab_won[r].0[a.index()] += 1;
                }
                ev.push(Event::TokenDrawn {
                    player: PlayerId(self.receiver),
                    animal: a,
                });
                if !self.next_token(ev) {
                    self.run(ev);
                }
            }
            Move::Draw(d) => self.draw_tile(d, ev),
            Move::Place(pos, rot) => {
                let design = self.tile_to_place().expect("checked");
                let i = self.board.put(pos, design, rot, 0);
                self.placed = Some(i as u8);
                ev.push(Event::TilePlaced {
                    player: PlayerId(me),
                    design,
                    pos,
                    rot,
                });
                if let Some(r) = self.rangers.iter().position(|&r| r == Some(pos)) {
                    self.rangers[r] = None;
                    self.displaced = Some(r as u8);
                    ev.push(Event::RangerDisplaced { from: pos });
                }
                self.phase = Phase::Action;
            }
            Move::Meeple(target) => {
                let tile = self.placed.expect("checked") as usize;
                let t = &mut self.board.tiles[tile];
                let pos = t.pos;
                self.meeples[me as usize] -= 1;
                self.stage = Stage::Score {
                    step: STEP_RANGER,
                    ask: 0,
                };
                match target {
                    MeepleTarget::Segment(s) => {
                        t.seg_meeple[s as usize] = me + 1;
                        self.board
                            .features
                            .get_mut(self.board.tiles[tile].node(s as usize))
                            .meeples[me as usize] += 1;
                        ev.push(Event::MeeplePlaced {
                            player: PlayerId(me),
                            spot: MeepleSpot::Segment { pos, seg: s },
                        });
                    }
                    MeepleTarget::Baobab => {
                        // R-BAOBAB-1: draw 2 tokens at once.
                        t.baobab_meeple = me + 1;
                        self.baobab_meeples += 1;
                        ev.push(Event::MeeplePlaced {
                            player: PlayerId(me),
                            spot: MeepleSpot::Baobab(pos),
                        });
                        if self.start_tokens(me, 2, ev) {
                            return;
                        }
                    }
                }
                self.run(ev);
            }
            Move::Ranger { from, to } => {
                let r = self
                    .rangers
                    .iter()
                    .position(|&r| r == Some(from))
                    .expect("checked");
                self.rangers[r] = Some(to);
                ev.push(Event::RangerMoved { from, to });
                self.end_action(ev);
            }
            Move::Dig(pos, c, a) => {
                let t = self.board.index_at(pos).expect("checked");
                self.board.put_token(t, c);
                let (v, slot) = c.vertex(pos);
                let vertex = self.holes.entry(v);
                vertex.tokens[slot as usize] = Some(a);
                vertex.meeples[slot as usize] = me + 1;
                self.hands[me as usize].0[a.index()] -= 1;
                self.meeples[me as usize] -= 1;
                ev.push(Event::HoleDug {
                    player: PlayerId(me),
                    pos,
                    corner: c,
                    animal: a,
                });
                ev.push(Event::MeeplePlaced {
                    player: PlayerId(me),
                    spot: MeepleSpot::Hole(pos, c),
                });
                self.score(me, THREE, ScoreReason::Dig, ev);
                self.end_action(ev);
            }
            Move::Expand(pos, c, a) => self.expand(pos, c, a, ev),
            Move::Pass => self.end_action(ev),
            Move::Boost(a) => {
                let Phase::Boost { player } = self.phase else {
                    unreachable!("checked")
                };
                self.hands[player.index()].0[a.index()] -= 1;
                self.discard.0[a.index()] += 1; // R-TOKEN-3
                self.boosts[player.index()] = Some(a);
                ev.push(Event::BoostUsed { player, animal: a });
                self.run(ev);
            }
            Move::NoBoost => self.run(ev),
            Move::Return(to) => {
                let r = self.displaced.expect("checked") as usize;
                self.rangers[r] = Some(to);
                ev.push(Event::RangerReturned { to });
                self.run(ev);
            }
        }
    }

    fn end_action(&mut self, ev: &mut Events) {
        self.stage = Stage::Score {
            step: STEP_RANGER,
            ask: 0,
        };
        self.run(ev);
    }

    /// R-PLACE-2 and DESIGN decision 2.
    fn draw_tile(&mut self, d: Design, ev: &mut Events) {
        self.pile[d.index()] -= 1;
        self.tiles_left -= 1;
        ev.push(Event::TileDrawn {
            player: PlayerId(self.active),
            design: d,
        });
        if self.board.placeable(d) {
            self.phase = Phase::Place { design: d };
        } else {
            self.removed += 1;
            ev.push(Event::TileRemoved { design: d });
            if self.tiles_left == 0 {
                self.final_scoring(ev);
            } else {
                self.phase = Phase::DrawTile;
            }
        }
    }

    /// R-WATER-3 and R-WATER-4.
    fn expand(&mut self, pos: Pos, c: Corner, a: Animal, ev: &mut Events) {
        let me = self.active;
        let t = self.board.index_at(pos).expect("checked");
        self.board.put_token(t, c);
        let (v, slot) = c.vertex(pos);
        let vertex = self.holes.entry(v);
        vertex.tokens[slot as usize] = Some(a);
        let filled = vertex.filled() as u8;
        let vertex = *vertex;
        self.hands[me as usize].0[a.index()] -= 1;
        ev.push(Event::HoleExpanded {
            player: PlayerId(me),
            pos,
            corner: c,
            animal: a,
            tokens: filled,
        });
        // 2nd, 3rd, 4th token: 4, 5, 6 points.
        self.score(me, filled + 2, ScoreReason::Expand { nth: filled }, ev);
        if filled == 4 {
            ev.push(Event::HoleCompleted { vertex: v });
            let mut owners = PlayerSet::default();
            for s in 0..4u8 {
                let m = vertex.meeples[s as usize];
                if m != 0 {
                    owners.insert(PlayerId(m - 1));
                    self.meeples[m as usize - 1] += 1;
                    let (cell, corner) = Corner::of_slot(v, s);
                    ev.push(Event::MeepleReturned {
                        player: PlayerId(m - 1),
                        spot: MeepleSpot::Hole(cell, corner),
                    });
                }
            }
            self.holes.entry(v).meeples = [0; 4];
            for o in owners.iter() {
                self.score(o.0, THREE, ScoreReason::HoleCompleted, ev);
            }
        }
        self.end_action(ev);
    }

    /// Begins drawing `n` tokens for `player`; true when a draw decision is next.
    fn start_tokens(&mut self, player: u8, n: u8, ev: &mut Events) -> bool {
        self.receiver = player;
        self.tokens_due = n;
        self.next_token(ev)
    }

    /// R-TOKEN-2: the next token draw, reshuffling the discard pile into an empty
    /// supply; false when no draw is due or nothing is left to draw.
    fn next_token(&mut self, ev: &mut Events) -> bool {
        if self.tokens_due == 0 {
            return false;
        }
        if self.supply.total() == 0 {
            if self.discard.total() == 0 {
                self.tokens_due = 0;
                return false;
            }
            self.supply = core::mem::take(&mut self.discard);
            ev.push(Event::SupplyReshuffled {
                tokens: self.supply.total(),
            });
        }
        self.phase = Phase::DrawToken {
            player: PlayerId(self.receiver),
        };
        true
    }

    /// Runs the automatic steps from `self.stage` up to the next decision.
    fn run(&mut self, ev: &mut Events) {
        loop {
            match self.stage {
                Stage::Idle => return,
                Stage::Deal(seat) => {
                    if seat < self.players {
                        self.stage = Stage::Deal(seat + 1);
                        if self.start_tokens(seat, 2, ev) {
                            return;
                        }
                    } else {
                        self.stage = Stage::Idle;
                        self.phase = Phase::DrawTile;
                        return;
                    }
                }
                Stage::Score { step, ask } => {
                    self.score_steps(step, ask, ev);
                    return;
                }
            }
        }
    }

    /// The scoring part of the turn from `step` on (with `ask` for the feature
    /// being asked about, if any), in DESIGN.md's order, up to the next decision
    /// or the end of the turn. The steps run in one pass; `self.stage` records
    /// where to continue whenever a decision interrupts them.
    fn score_steps(&mut self, mut step: u8, mut ask: u8, ev: &mut Events) {
        let me = self.active;
        let tile = self.placed.expect("scoring follows a placement") as usize;
        if step == STEP_RANGER {
            step = STEP_BAOBAB;
            if self.displaced.is_some() {
                self.score(me, THREE, ScoreReason::Ranger, ev);
            }
        }
        // R-BAOBAB-2, placed tile first, then the ring row by row; only cells
        // whose tile carries a baobab meeple are looked at.
        if step < STEP_FEATURE && self.baobab_meeples > 0 {
            let (found, tiles) = self.board.baobab_meeples_round(tile);
            let mut rest = found & (u16::MAX << (step - STEP_BAOBAB));
            while rest != 0 {
                let k = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                step = STEP_BAOBAB + k + 1;
                let i = tiles[k as usize];
                let cell = self.board.tiles[i].pos;
                if !self.board.surrounded(cell) {
                    continue;
                }
                let owner = self.board.tiles[i].baobab_meeple - 1;
                self.board.tiles[i].baobab_meeple = 0;
                self.baobab_meeples -= 1;
                self.meeples[owner as usize] += 1;
                ev.push(Event::BaobabCompleted {
                    pos: cell,
                    player: PlayerId(owner),
                });
                ev.push(Event::MeepleReturned {
                    player: PlayerId(owner),
                    spot: MeepleSpot::Baobab(cell),
                });
                self.stage = Stage::Score { step, ask: 0 };
                if self.start_tokens(owner, 2, ev) {
                    return;
                }
            }
        }
        step = step.max(STEP_FEATURE);
        let segments = self.board.tiles[tile].design.kind().segments().len() as u8;
        while step < STEP_FEATURE + segments {
            if self.score_feature(tile, (step - STEP_FEATURE) as usize, ask, ev) {
                return;
            }
            ask = 0;
            step += 1;
        }
        if step <= STEP_RETURN && self.displaced.is_some() {
            self.stage = Stage::Score {
                step: STEP_END,
                ask: 0,
            };
            self.phase = Phase::Return; // R-RANGER-4
            return;
        }
        self.end_turn(ev);
    }

    /// R-MAJ, R-TRAIL-3/4, R-BUSH-2 for segment `seg` of the placed tile.
    fn score_feature(&mut self, tile: usize, seg: usize, mut ask: u8, ev: &mut Events) -> bool {
        let step = STEP_FEATURE + seg as u8;
        let next = Stage::Score {
            step: step + 1,
            ask: 0,
        };
        let t = self.board.tiles[tile];
        let node = t.node(seg);
        let features = &self.board.features;
        let f = *features.get(node);
        if ask == 0 {
            let root = features.find(node);
            let seen = (0..seg).any(|j| features.find(t.node(j)) == root);
            if seen || !f.complete() {
                self.stage = next;
                return false;
            }
            ev.push(Event::FeatureCompleted {
                kind: f.kind,
                pos: t.pos,
                seg: seg as u8,
                animals: f.animals,
                birds: f.birds,
            });
            if !f.has_meeples() {
                self.stage = next; // R-MAJ-3
                return false;
            }
            self.boosts = [None; 5];
            ask = 1;
        }
        let majority = f.majority();
        let n = self.players;
        for off in ask - 1..n {
            let p = (self.active + off) % n;
            if majority[p as usize] && self.boost_tokens(PlayerId(p), &f).next().is_some() {
                self.stage = Stage::Score { step, ask: off + 2 };
                self.phase = Phase::Boost { player: PlayerId(p) };
                return true;
            }
        }
        let kinds = f.animals.kinds();
        let birds = if f.kind == FeatureKind::Bush { f.birds } else { 0 };
        for off in 0..n {
            let p = (self.active + off) % n;
            if majority[p as usize] {
                let boost = self.boosts[p as usize];
                let table = KIND_POINTS[(kinds + boost.is_some() as u8).min(5) as usize];
                let reason = ScoreReason::Feature {
                    kind: f.kind,
                    kinds,
                    boost,
                    table,
                    birds,
                };
                self.score(p, table + birds, reason, ev);
            }
        }
        self.return_feature_meeples(node, ev);
        self.stage = next;
        false
    }

    /// R-MAJ-2: every meeple on the feature goes home.
    fn return_feature_meeples(&mut self, node: Node, ev: &mut Events) {
        let features = &self.board.features;
        for m in features.members(node) {
            let (t, s) = features.owner(m);
            let tile = &mut self.board.tiles[t];
            let owner = core::mem::take(&mut tile.seg_meeple[s]);
            if owner != 0 {
                self.meeples[owner as usize - 1] += 1;
                ev.push(Event::MeepleReturned {
                    player: PlayerId(owner - 1),
                    spot: MeepleSpot::Segment {
                        pos: tile.pos,
                        seg: s as u8,
                    },
                });
            }
        }
        self.board.features.get_mut(node).meeples = [0; 5];
    }

    /// R-END-1: next player's turn, or the end of the game.
    fn end_turn(&mut self, ev: &mut Events) {
        self.placed = None;
        self.displaced = None;
        self.baobab_won = [AnimalCounts::default(); 5];
        self.stage = Stage::Idle;
        if self.tiles_left == 0 {
            self.final_scoring(ev);
        } else {
            self.active = (self.active + 1) % self.players;
            self.phase = Phase::DrawTile;
        }
    }

    /// R-END-2..5.
    fn final_scoring(&mut self, ev: &mut Events) {
        self.stage = Stage::Idle;
        self.phase = Phase::GameOver;
        for n in 0..self.board.features.len() as Node {
            if self.board.features.find(n) != n {
                continue;
            }
            let f = *self.board.features.get(n);
            if f.complete() || !f.has_meeples() {
                continue;
            }
            let majority = f.majority();
            for p in 0..self.players {
                if majority[p as usize] {
                    let reason = ScoreReason::FinalFeature {
                        kind: f.kind,
                        animals: f.animals.total(),
                        birds: f.birds,
                    };
                    self.score(p, f.animals.total() + f.birds, reason, ev);
                }
            }
        }
        for p in 0..self.players {
            let tokens = self.hands[p as usize].total();
            if tokens > 0 {
                self.score(p, tokens, ScoreReason::FinalTokens { tokens }, ev);
            }
        }
        ev.push(Event::GameOver {
            winners: self.leaders(),
        });
    }
}

/// A tile on the board, as a UI draws it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TileView {
    /// Its cell.
    pub pos: Pos,
    /// Its design (kind and animals).
    pub design: Design,
    /// Its rotation (always 0 for the start tile).
    pub rotation: Rotation,
}

/// A trail or bush: where it is and what is on it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Feature {
    /// Trail or bush.
    pub kind: FeatureKind,
    /// Its segments as (tile cell, segment index), sorted.
    pub segments: Vec<(Pos, u8)>,
    /// Its animals.
    pub animals: AnimalCounts,
    /// Its birds (bush only).
    pub birds: u8,
    /// Meeples on it per seat.
    pub meeples: [u8; 5],
    /// Ends on a tile edge whose neighbouring cell is empty.
    pub open_ends: u8,
}

impl Feature {
    /// Whether it has no open end (R-TRAIL-2, R-BUSH-1).
    pub fn is_complete(&self) -> bool {
        self.open_ends == 0
    }

    /// The cells it covers, sorted, each once.
    pub fn cells(&self) -> Vec<Pos> {
        let mut c: Vec<Pos> = self.segments.iter().map(|s| s.0).collect();
        c.dedup();
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Side;
    use alloc::vec;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    /// Plays a seeded game of uniformly random legal moves, calling `f` on every
    /// position with the move about to be made.
    fn play(seed: u64, players: usize, mut f: impl FnMut(&GameState, Move)) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(players)).unwrap();
        while state.to_move().is_some() {
            let moves = state.legal_moves();
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            f(&state, mv);
            state = state.apply(mv).unwrap().0;
        }
    }

    /// Moves that are illegal in most positions, to compare the errors.
    fn probes(state: &GameState) -> Vec<Move> {
        let somewhere = state.frontier().first().copied().unwrap_or_default();
        vec![
            Move::Pass,
            Move::NoBoost,
            Move::Place(Pos::new(0, 0), Rotation::R0),
            Move::Place(somewhere, Rotation::R90),
            Move::Meeple(MeepleTarget::Baobab),
            Move::Dig(Pos::new(-1, 0), Corner::NW, Animal::Lion),
            Move::Return(Pos::new(40, 40)),
        ]
    }

    #[test]
    fn apply_mut_agrees_with_apply() {
        for seed in 0..12 {
            for players in 2..=5 {
                play(seed, players, |state, mv| {
                    for probe in probes(state).into_iter().chain([mv]) {
                        let mut in_place = state.clone();
                        let mut events = vec![Event::GameOver {
                            winners: PlayerSet(1),
                        }];
                        let result = in_place.apply_mut(probe, &mut events);
                        match state.apply(probe) {
                            Ok((next, new_events)) => {
                                assert_eq!(result, Ok(()), "{probe}");
                                assert_eq!(in_place, next, "{probe}");
                                assert_eq!(events[1..], new_events[..], "{probe}");
                            }
                            Err(e) => {
                                assert_eq!(result, Err(e), "{probe}");
                                assert_eq!(&in_place, state, "{probe}: unchanged");
                                assert_eq!(events.len(), 1, "{probe}: no events");
                            }
                        }
                    }
                });
            }
        }
    }

    /// R-PLACE-1 read directly off the neighbouring tiles.
    fn fits_directly(state: &GameState, p: Pos, design: Design, rot: Rotation) -> bool {
        let kind = design.kind();
        Side::ALL.into_iter().all(|s| match state.board.at(p.step(s)) {
            None => true,
            Some(n) => n.design.kind().edge(s.opposite(), n.rot) == kind.edge(s, rot),
        })
    }

    /// The dig and expand moves, read directly off the tiles and the holes.
    fn water_moves_directly(state: &GameState) -> Vec<Move> {
        let p = state.active as usize;
        let hand = state.hands[p];
        let mut out = Vec::new();
        for t in &state.board.tiles {
            for c in Corner::ALL {
                let [a, b] = c.sides();
                let seam = t.seams & (1 << a as u8 | 1 << b as u8) != 0;
                if seam || !t.design.kind().savanna_corner(c, t.rot) {
                    continue;
                }
                let (v, slot) = c.vertex(t.pos);
                let vertex = state.holes.get(v);
                if vertex.is_some_and(|v| v.tokens[slot as usize].is_some()) {
                    continue;
                }
                match vertex.filter(|v| v.touches_token(slot)) {
                    None if state.meeples[p] > 0 => {
                        out.extend(hand.iter_kinds().map(|a| Move::Dig(t.pos, c, a)));
                    }
                    None => {}
                    Some(v) => {
                        let at_hole = v.hole_animals(slot);
                        out.extend(
                            hand.iter_kinds()
                                .filter(|a| !at_hole.contains(*a))
                                .map(|a| Move::Expand(t.pos, c, a)),
                        );
                    }
                }
            }
        }
        out
    }

    #[test]
    fn fast_move_lists_agree_with_the_rules_read_directly() {
        for seed in 100..112 {
            for players in 2..=5 {
                play(seed, players, |state, _| {
                    let moves = state.legal_moves();
                    match state.phase {
                        Phase::Place { design } => {
                            let want: Vec<Move> = state
                                .frontier()
                                .iter()
                                .flat_map(|&p| Rotation::ALL.map(|r| (p, r)))
                                .filter(|&(p, r)| fits_directly(state, p, design, r))
                                .map(|(p, r)| Move::Place(p, r))
                                .collect();
                            assert_eq!(moves[..], want[..]);
                            for (i, &p) in state.frontier().iter().enumerate() {
                                assert_eq!(state.board.frontier_index(p), Some(i));
                                assert_eq!(state.board.constraint_of(p), state.board.constraint_directly(p));
                            }
                        }
                        Phase::Action => {
                            let water: Vec<Move> = moves
                                .iter()
                                .copied()
                                .filter(|m| matches!(m, Move::Dig(..) | Move::Expand(..)))
                                .collect();
                            assert_eq!(water, water_moves_directly(state));
                            let rangers = moves.iter().filter(|m| matches!(m, Move::Ranger { .. })).count();
                            let on_board = state.rangers.iter().flatten().count();
                            let want = if state.displaced.is_none() {
                                on_board * (state.frontier().len() - on_board)
                            } else {
                                0
                            };
                            assert_eq!(rangers, want);
                        }
                        _ => {}
                    }
                });
            }
        }
    }
}

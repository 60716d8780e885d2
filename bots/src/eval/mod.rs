//! The evaluation of a Safari position: each player's expected final score.
//!
//! A player's expected final score is the points already scored plus a
//! weighted sum of [`Term`]s, each an estimate in points (or a count) of what
//! the position still holds for that player: the trails and bushes it holds
//! the majority on, by their chance of completion (counted from the tiles left
//! in the pile that fit their open ends, as JCloisterZone's ranking AI does,
//! with the exact multiset of tiles this engine knows), its meeples on
//! baobabs and watering holes by the chance they complete, its tokens,
//! meeples and turns left. The weights ([`Weights`]) are learned from the
//! outcomes of self-play games (`examples/train.rs`, data in
//! `src/eval/weights.txt`).
//!
//! ```
//! use carcassonne_safari::{GameState, Setup};
//! use carcassonne_safari_bots::eval::{Evaluation, Term};
//! let state = GameState::new(&Setup::new(2)).unwrap();
//! let mut eval = Evaluation::learned();
//! let expected = eval.expected_scores(&state);
//! // Nothing scored yet; both players expect points from the turns to come.
//! assert!(expected[0] > 50.0 && expected[1] > 50.0);
//! let terms = eval.terms(&state);
//! assert_eq!(terms.get(0, Term::Turns), 36.0); // 72 tiles, two players
//! ```
//!
//! The evaluation never changes the state and never panics; it reads the
//! board through the engine's queries (`open_ends`, `fitting_tiles`,
//! `is_open_slot`, `feature`, `meeples`), so it agrees with the rules by
//! construction.

mod cells;
mod features;
mod forecast;
mod spots;
mod weights;

use alloc::vec::Vec;

use carcassonne_safari::events::MeepleSpot;
use carcassonne_safari::rules::{LAND_TILES, MAX_PLAYERS, RANGER_POINTS};
use carcassonne_safari::view::{FeatureId, OpenEnd};
use carcassonne_safari::{Corner, FeatureKind, GameState, Phase, PlayerId, Pos};

use cells::{AnyOf, CellCache, Geometry};
pub use features::draws_chance;
pub use forecast::{margin, Forecast, Scores};
pub use weights::{logit, ChanceKind, PlayerWeights, Reading, Weights, WeightsError};

/// One part of a player's expected final score. Every term is computed for
/// every player; the documentation of each says what it counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Term {
    /// Trails the player holds the majority on (R-MAJ-1): for each, the
    /// chance that it completes times its points when complete (R-TRAIL-3:
    /// the table value of its species, plus what a boost from the player's
    /// hand adds, R-TRAIL-4, less the token's end-of-game point). A trail
    /// completed by the tile just placed and not yet scored counts with
    /// chance 1.
    TrailCompletion,
    /// The same trails: the chance that they stay open times their points at
    /// the end of the game (R-END-2: one point per animal).
    TrailEnd,
    /// Bushes the player holds the majority on: chance of completion times
    /// the points when complete (R-BUSH-2: species, boost, one point per
    /// bird).
    BushCompletion,
    /// The same bushes: the chance that they stay open times their points at
    /// the end (R-END-2: one per animal and one per bird).
    BushEnd,
    /// The player's meeples on trails and bushes, each times the chance that
    /// its feature stays open: meeples that will not come home (a cost).
    StuckMeeples,
    /// The player's meeples on baobabs, each times the chance that the 8
    /// cells round its tile fill up (R-BAOBAB-2: 2 tokens and the meeple
    /// back).
    Baobabs,
    /// The player's meeples on watering holes, each times the chance that
    /// its vertex fills up (R-WATER-4: 3 points and the meeple back). A hole
    /// next to a bush corner can never complete.
    WateringHoles,
    /// Tokens in the player's hand: a point each at the end (R-END-3), or a
    /// boost, or a watering hole.
    Tokens,
    /// Meeples in the player's supply, at most one per turn the player has
    /// left.
    Meeples,
    /// Tiles the player will still place (turns left), counted from the
    /// tiles left in the pile and whose turn it is.
    Turns,
    /// 1 for the player whose action comes next (the tile is placed, the
    /// meeple, ranger, dig or expansion not yet chosen).
    Action,
}

impl Term {
    /// Number of terms.
    pub const COUNT: usize = 11;

    /// Every term, in the order of [`Weights`] and of `weights.txt`.
    pub const ALL: [Term; Term::COUNT] = [
        Term::TrailCompletion,
        Term::TrailEnd,
        Term::BushCompletion,
        Term::BushEnd,
        Term::StuckMeeples,
        Term::Baobabs,
        Term::WateringHoles,
        Term::Tokens,
        Term::Meeples,
        Term::Turns,
        Term::Action,
    ];

    /// The term's machine name (snake_case, as in `weights.txt`).
    pub const fn name(self) -> &'static str {
        match self {
            Term::TrailCompletion => "trail_completion",
            Term::TrailEnd => "trail_end",
            Term::BushCompletion => "bush_completion",
            Term::BushEnd => "bush_end",
            Term::StuckMeeples => "stuck_meeples",
            Term::Baobabs => "baobabs",
            Term::WateringHoles => "watering_holes",
            Term::Tokens => "tokens",
            Term::Meeples => "meeples",
            Term::Turns => "turns",
            Term::Action => "action",
        }
    }

    /// The term with this machine name.
    pub fn from_name(name: &str) -> Option<Term> {
        Term::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Its index in [`Term::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Every term for every seat of one position.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Terms {
    /// `values[seat][term index]`; seats past the game's players are 0.
    pub values: [[f32; Term::COUNT]; MAX_PLAYERS],
}

impl Terms {
    /// Term `term` of seat `seat`.
    pub fn get(&self, seat: usize, term: Term) -> f32 {
        self.values[seat][term.index()]
    }

    fn add(&mut self, seat: usize, term: Term, value: f32) {
        self.values[seat][term.index()] += value;
    }
}

/// One probability the evaluation counts in a position
/// ([`Evaluation::chances`]): what it is the chance of, and the chance.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Chance {
    /// A trail or bush with meeples completes (the chance of
    /// [`Term::TrailCompletion`] and [`Term::BushCompletion`]; 1 for a
    /// feature already complete, not yet scored).
    Feature {
        /// The feature's name in this position (names change as features
        /// join: `pos` and `seg` follow it for good).
        id: FeatureId,
        /// Trail or bush.
        kind: FeatureKind,
        /// The cell of a segment of it that holds a meeple.
        pos: Pos,
        /// That segment's index on its tile.
        seg: u8,
        /// What the chance was read from.
        reading: Reading,
        /// The chance.
        chance: f32,
    },
    /// The baobab of the tile at `pos`, with `player`'s meeple, is
    /// surrounded (R-BAOBAB-2; the chance of [`Term::Baobabs`]).
    Baobab {
        /// The baobab tile's cell.
        pos: Pos,
        /// The meeple's owner.
        player: PlayerId,
        /// What the chance was read from.
        reading: Reading,
        /// The chance.
        chance: f32,
    },
    /// The watering hole at corner `corner` of `pos`, with `player`'s
    /// meeple, fills its vertex (R-WATER-4; the chance of
    /// [`Term::WateringHoles`]).
    Hole {
        /// The cell of the meeple's hole.
        pos: Pos,
        /// Its corner.
        corner: Corner,
        /// The vertex, named as the engine's `Event::HoleCompleted` names
        /// it: the cell whose north-west corner it is.
        vertex: Pos,
        /// The meeple's owner.
        player: PlayerId,
        /// What the chance was read from.
        reading: Reading,
        /// The chance.
        chance: f32,
    },
}

impl Chance {
    /// The chance itself, in 0..=1.
    pub fn chance(&self) -> f32 {
        match *self {
            Chance::Feature { chance, .. } | Chance::Baobab { chance, .. } | Chance::Hole { chance, .. } => {
                chance
            }
        }
    }

    /// Whether it came true by `end`, a later position of the same game
    /// (its end, to settle a forecast): the feature of the meeple's segment
    /// (the one it joined, for good) has no open end; the 8 cells round the
    /// baobab hold tiles; the hole's vertex is among `holes`, the vertices
    /// of the engine's `Event::HoleCompleted` from the forecast to `end`.
    pub fn came_true(&self, end: &GameState, holes: &[Pos]) -> bool {
        match *self {
            Chance::Feature { pos, seg, .. } => end.feature(pos, seg).is_some_and(|f| f.is_complete()),
            Chance::Baobab { pos, .. } => pos.ring().into_iter().all(|c| end.tile_at(c).is_some()),
            Chance::Hole { vertex, .. } => holes.contains(&vertex),
        }
    }

    /// What it is the chance of.
    pub fn kind(&self) -> ChanceKind {
        match *self {
            Chance::Feature {
                kind: FeatureKind::Trail,
                ..
            } => ChanceKind::Trail,
            Chance::Feature { .. } => ChanceKind::Bush,
            Chance::Baobab { .. } => ChanceKind::Baobab,
            Chance::Hole { .. } => ChanceKind::Hole,
        }
    }

    /// What it was read from: the inputs of its calibration
    /// ([`PlayerWeights::calibrate`]).
    pub fn reading(&self) -> Reading {
        match *self {
            Chance::Feature { reading, .. }
            | Chance::Baobab { reading, .. }
            | Chance::Hole { reading, .. } => reading,
        }
    }
}

/// The evaluation: tile geometry, the weights, and buffers reused from one
/// position to the next (so evaluating allocates almost nothing).
#[derive(Clone, Debug)]
pub struct Evaluation {
    geometry: Geometry,
    weights: Weights,
    cells: CellCache,
    any_of: AnyOf,
    ends: Vec<OpenEnd>,
    seen: Vec<carcassonne_safari::view::FeatureId>,
    /// The meeples of the position being evaluated, read in one pass: on
    /// trail and bush segments, and on baobabs and watering holes.
    segments: Vec<(Pos, u8)>,
    spots: Vec<(usize, MeepleSpot)>,
}

impl Evaluation {
    /// An evaluation with `weights`.
    pub fn new(weights: Weights) -> Evaluation {
        Evaluation {
            geometry: Geometry::new(),
            weights,
            cells: CellCache::default(),
            any_of: AnyOf::new(0.5),
            ends: Vec::new(),
            seen: Vec::new(),
            segments: Vec::new(),
            spots: Vec::new(),
        }
    }

    /// An evaluation with the learned weights ([`Weights::learned`]).
    pub fn learned() -> Evaluation {
        Evaluation::new(Weights::learned())
    }

    /// The evaluation of version 0.3.0 ([`Weights::v0_3`]).
    pub fn v0_3() -> Evaluation {
        Evaluation::new(Weights::v0_3())
    }

    /// The weights of its terms, per number of players.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// What the terms of one evaluation of `state` share, the cell cache
    /// reset to its pile and no feature counted yet; with its open ends when
    /// `ends` (they are read only where a feature needs them).
    fn context<'a>(&'a mut self, state: &'a GameState, ends: bool) -> features::Context<'a> {
        self.cells.reset(state);
        self.ends.clear();
        if ends {
            self.ends.extend(state.open_ends());
        }
        self.seen.clear();
        let q = 1.0 / state.players() as f32;
        if self.any_of.q() != q {
            self.any_of = AnyOf::new(q);
        }
        features::Context {
            state,
            geometry: &self.geometry,
            cells: &mut self.cells,
            ends: &self.ends,
            segments: &self.segments,
            spots: &self.spots,
            seen: &mut self.seen,
            any_of: &self.any_of,
            weights: self.weights.for_players(state.players()),
            pile: pile(state),
            turns: turns_left(state),
        }
    }

    /// Reads the meeples of `state` in one pass: on trail and bush segments,
    /// and with their seat on baobabs and watering holes.
    fn read_meeples(&mut self, state: &GameState) {
        self.segments.clear();
        self.spots.clear();
        for m in state.meeples() {
            match m.spot {
                MeepleSpot::Segment { pos, seg } => self.segments.push((pos, seg)),
                spot => self.spots.push((m.player.index(), spot)),
            }
        }
    }

    /// Every term of every player of `state`.
    pub fn terms(&mut self, state: &GameState) -> Terms {
        let mut terms = Terms::default();
        let players = state.players();
        if state.is_over() {
            return terms;
        }
        self.read_meeples(state);
        // The open ends are read only for the features that hold a meeple.
        let mut ctx = self.context(state, !self.segments.is_empty());
        features::add(&mut ctx, &mut terms);
        spots::add(&mut ctx, &mut terms);
        let turns = turns_left(state);
        for (seat, &turns) in turns.iter().enumerate().take(players) {
            let p = PlayerId(seat as u8);
            terms.add(seat, Term::Tokens, state.hand(p).total() as f32);
            terms.add(
                seat,
                Term::Meeples,
                state.meeples_in_supply(p).min(turns as u8) as f32,
            );
            terms.add(seat, Term::Turns, turns as f32);
        }
        if state.phase() == Phase::Action {
            if let Some(p) = state.turn_player() {
                terms.add(p.index(), Term::Action, 1.0);
            }
        }
        terms
    }

    /// Every probability the terms of `state` count: for each trail or
    /// bush with meeples (once per feature, in the order of the meeples) the
    /// chance that it completes, then for each meeple on a baobab or a
    /// watering hole the chance that it completes; none once the game is
    /// over. What the evaluation forecasts, for measuring it against what
    /// happens (the `forecast` example); the chances are those the terms
    /// multiply, whatever the weights.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Setup};
    /// use carcassonne_safari_bots::eval::Evaluation;
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// assert!(Evaluation::learned().chances(&state).is_empty()); // no meeple out
    /// ```
    pub fn chances(&mut self, state: &GameState) -> Vec<Chance> {
        let mut out = Vec::new();
        if state.is_over() {
            return out;
        }
        self.read_meeples(state);
        let segments = core::mem::take(&mut self.segments);
        let spots = core::mem::take(&mut self.spots);
        {
            let mut ctx = self.context(state, !segments.is_empty());
            for &(pos, seg) in &segments {
                let Some(feature) = state.feature(pos, seg) else {
                    continue;
                };
                if ctx.seen.contains(&feature.id) {
                    continue;
                }
                ctx.seen.push(feature.id);
                let (chance, reading) = features::completion_chance(&mut ctx, &feature);
                out.push(Chance::Feature {
                    id: feature.id,
                    kind: feature.kind,
                    pos,
                    seg,
                    reading,
                    chance,
                });
            }
            for &(seat, spot) in &spots {
                let player = PlayerId(seat as u8);
                match spot {
                    MeepleSpot::Baobab { pos } => {
                        let (chance, reading) = spots::baobab_chance(&mut ctx, pos);
                        out.push(Chance::Baobab {
                            pos,
                            player,
                            reading,
                            chance,
                        })
                    }
                    MeepleSpot::Hole { pos, corner } => {
                        let (chance, reading) = spots::hole_chance(&mut ctx, pos, corner);
                        out.push(Chance::Hole {
                            pos,
                            corner,
                            vertex: cells::vertex_slots(pos, corner)
                                .into_iter()
                                .find(|&(_, c)| c == Corner::NW)
                                .map_or(pos, |(cell, _)| cell),
                            player,
                            reading,
                            chance,
                        })
                    }
                    _ => {}
                }
            }
        }
        self.segments = segments;
        self.spots = spots;
        out
    }

    /// What a meeple of `player` could claim on the tile just placed in
    /// `state`, by kind (trails first, then bushes): for each trail or bush
    /// of that tile nobody holds a meeple on, the points it would bring its
    /// sole holder as this evaluation sees them (its completion points times
    /// its chance of completion, plus its end points otherwise); per kind,
    /// the best such value, the second best, the best among the features
    /// already complete (0 where there is none), and the best change the
    /// claim makes to `player`'s expected score with this evaluation's
    /// weights (a complete feature scores its points at once and its meeple
    /// comes home; an open one adds its weighted completion and end terms,
    /// less the weighted chance that the meeple is stuck and, when the
    /// player's meeples are fewer than its turns left, a meeple of supply).
    /// All zeros when no tile waits for its action or `player` has no meeple
    /// in supply (R-ACTION-1). A description of the position for the learned
    /// policy's features (`learned::move_features`): no move is played.
    pub fn claim_values(&mut self, state: &GameState, player: PlayerId) -> [[f32; 4]; 2] {
        let mut out = [[0.0; 4]; 2];
        let w = *self.weights.for_players(state.players());
        let left = pile(state);
        let spare = u32::from(state.meeples_in_supply(player)) > turns_left(state)[player.index()];
        // Whether a free feature of each kind was seen (its best change may
        // be below 0).
        let mut any = [false; 2];
        let (Some(pos), Phase::Action) = (state.placed_tile(), state.phase()) else {
            return out;
        };
        if state.meeples_in_supply(player) == 0 {
            return out;
        }
        let Some(tile) = state.tile_at(pos) else {
            return out;
        };
        let mut ctx = self.context(state, true);
        for seg in tile.segments() {
            let Some(feature) = state.feature(pos, seg.index) else {
                continue;
            };
            if ctx.seen.contains(&feature.id) || feature.meeples.iter().any(|&m| m > 0) {
                continue;
            }
            ctx.seen.push(feature.id);
            let (chance, _) = features::completion_chance(&mut ctx, &feature);
            let points = features::completion_points(state, &feature, player);
            let value = chance * points + (1.0 - chance) * features::end_points(&feature);
            let weighted = if feature.is_complete() {
                points
            } else {
                let (complete, end) = match feature.kind {
                    FeatureKind::Trail => (Term::TrailCompletion, Term::TrailEnd),
                    FeatureKind::Bush => (Term::BushCompletion, Term::BushEnd),
                };
                let meeple = if spare { 0.0 } else { w.term(Term::Meeples, left) };
                w.term(complete, left) * chance * points
                    + w.term(end, left) * (1.0 - chance) * features::end_points(&feature)
                    + w.term(Term::StuckMeeples, left) * (1.0 - chance)
                    - meeple
            };
            let kind = usize::from(feature.kind == FeatureKind::Bush);
            let row = &mut out[kind];
            row[3] = if any[kind] { row[3].max(weighted) } else { weighted };
            any[kind] = true;
            if value > row[0] {
                row[1] = row[0];
                row[0] = value;
            } else if value > row[1] {
                row[1] = value;
            }
            if feature.is_complete() {
                row[2] = row[2].max(value);
            }
        }
        out
    }

    /// Each seat's expected final score (seats past the game's players are
    /// 0): its points plus the weighted terms, the weighted ranger points
    /// and the bias ([`PlayerWeights`]). Once the game is over, the final
    /// scores.
    pub fn expected_scores(&mut self, state: &GameState) -> [f32; MAX_PLAYERS] {
        let mut out = [0.0; MAX_PLAYERS];
        for (x, &score) in out.iter_mut().zip(state.scores()) {
            *x = score as f32;
        }
        if state.is_over() {
            return out;
        }
        let terms = self.terms(state);
        let left = pile(state);
        let w = *self.weights.for_players(state.players());
        let bias = w.bias(left);
        for (seat, x) in out.iter_mut().enumerate().take(state.players()) {
            let extra: f32 = Term::ALL
                .iter()
                .map(|&t| terms.values[seat][t.index()] * w.term(t, left))
                .sum();
            *x += extra + bias;
        }
        let rangers = w.rangers(left);
        if rangers != 0.0 {
            // `terms` has just read this position's pile.
            if let Some((seat, points)) = self.ranger_points_read(state) {
                out[seat.index()] += rangers * points;
            }
        }
        out
    }

    /// Each player's expected final score and chance to win in `state`
    /// ([`Forecast`]).
    pub fn forecast(&mut self, state: &GameState) -> Forecast {
        let expected = self.expected_scores(state);
        Forecast::from_expected(
            state,
            expected,
            self.weights.for_players(state.players()).win_scale(pile(state)),
        )
    }

    /// The points the rangers promise the player who places the next tile:
    /// 3 (R-RANGER-2) times the chance that the tile it draws fits a
    /// ranger's cell (the copies left that fit either cell, of the tiles
    /// left; after the draw, of the tiles left besides the drawn one). A
    /// displaced ranger not yet returned counts nothing (its returner puts
    /// it where it is hardest to reach). `None` when no tile is left to
    /// draw, once the game is over or while the starting tokens are dealt.
    ///
    /// Where a player puts a displaced ranger back and where it moves one
    /// are told apart by these points only: the evaluation's terms do not
    /// see the rangers.
    pub fn ranger_points(&mut self, state: &GameState) -> Option<(PlayerId, f32)> {
        if state.turn_player().is_some() && !state.is_over() {
            self.cells.reset(state);
        }
        self.ranger_points_read(state)
    }

    /// [`Evaluation::ranger_points`] once the cell cache has read the pile
    /// of `state`.
    fn ranger_points_read(&mut self, state: &GameState) -> Option<(PlayerId, f32)> {
        let active = state.turn_player()?;
        let players = state.players() as u8;
        let next = match state.phase() {
            Phase::DrawTile | Phase::Place { .. } => active,
            Phase::GameOver => return None,
            _ => PlayerId((active.0 + 1) % players),
        };
        let left = state.tiles_left();
        if left == 0 {
            return None;
        }
        let mut cells = [Pos::new(0, 0); 2];
        let mut n = 0;
        for cell in state.rangers().into_iter().flatten() {
            cells[n] = cell;
            n += 1;
        }
        let copies = self.cells.fitting_any(state, &cells[..n]);
        Some((
            next,
            f32::from(RANGER_POINTS) * (copies as f32 / left as f32).min(1.0),
        ))
    }
}

/// The fraction of the land tiles still in the pile: 1 before the first
/// draw, 0 once it is empty.
pub fn pile(state: &GameState) -> f32 {
    (state.tiles_left() as f32 / LAND_TILES as f32).min(1.0)
}

/// How many tiles each seat will still place: the tiles left in the pile
/// (and the one drawn, not yet placed) dealt round from the player whose
/// placement comes next. Removed tiles (R-PLACE-2) are not foreseen.
pub fn turns_left(state: &GameState) -> [u32; MAX_PLAYERS] {
    let mut out = [0; MAX_PLAYERS];
    let n = state.players() as u32;
    let left = state.tiles_left() as u32;
    let (start, count) = match (state.phase(), state.turn_player()) {
        (Phase::GameOver, _) => return out,
        (Phase::DrawTile, Some(p)) => (p.0 as u32, left),
        (Phase::Place { .. }, Some(p)) => (p.0 as u32, left + 1),
        (_, Some(p)) => (p.0 as u32 + 1, left),
        // The starting tokens are being dealt: seat 0 places first.
        (_, None) => (0, left),
    };
    for (seat, t) in out.iter_mut().enumerate().take(n as usize) {
        let offset = (seat as u32 + n - start % n) % n;
        *t = count / n + u32::from(offset < count % n);
    }
    out
}

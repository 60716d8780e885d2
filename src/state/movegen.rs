//! Listing the legal moves of the current decision, and the outcomes of a
//! chance node with their weights (`docs/decisions.md`, "Which moves are
//! listed").

use alloc::vec::Vec;

use rand_core::RngCore;

use super::{GameState, Phase};
use crate::animals::{Animal, SPECIES};
use crate::board::{fitting_rotations, rotation_edges, FIT_CHUNK};
use crate::geometry::{Corner, Rotation};
use crate::moves::{MeepleTarget, Move, MoveKind, MoveKinds, MoveList, INLINE_MOVES};
use crate::tiles::{Design, MAX_SEGMENTS};

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

/// Where move generation writes. `done` says that the writer wants no more
/// moves (a listener that stopped early): generation checks it between
/// batches and stops.
trait Sink {
    fn put(&mut self, mv: Move);
    fn put_slice(&mut self, mvs: &[Move]);
    fn put_all(&mut self, mvs: impl Iterator<Item = Move>);
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// The lists the moves are written into, pushed to: the engine's own
/// [`MoveList`] and the vectors it builds long lists and the policies' buffers
/// in (one allocation, plain pushes). One implementation for both.
macro_rules! list_sink {
    ($($list:ty),*) => {$(
        impl Sink for $list {
            #[inline]
            fn put(&mut self, mv: Move) {
                self.push(mv);
            }
            #[inline]
            fn put_slice(&mut self, mvs: &[Move]) {
                self.extend_from_slice(mvs);
            }
            #[inline]
            fn put_all(&mut self, mvs: impl Iterator<Item = Move>) {
                self.extend(mvs);
            }
        }
    )*};
}

list_sink!(MoveList, Vec<Move>);

/// A caller's listener ([`GameState::generate_moves`]): batches of moves,
/// until it returns `true`.
struct Listener<F> {
    listener: F,
    stopped: bool,
}

impl<F: FnMut(&[Move]) -> bool> Sink for Listener<F> {
    #[inline]
    fn put(&mut self, mv: Move) {
        self.put_slice(&[mv]);
    }
    #[inline]
    fn put_slice(&mut self, mvs: &[Move]) {
        if !self.stopped && !mvs.is_empty() {
            self.stopped = (self.listener)(mvs);
        }
    }
    #[inline]
    fn put_all(&mut self, mvs: impl Iterator<Item = Move>) {
        // In batches of up to 32, through a buffer on the stack.
        let mut buf = [Move::Pass; INLINE_MOVES];
        let mut n = 0;
        for mv in mvs {
            if self.stopped {
                return;
            }
            buf[n] = mv;
            n += 1;
            if n == buf.len() {
                self.put_slice(&buf);
                n = 0;
            }
        }
        self.put_slice(&buf[..n]);
    }
    #[inline]
    fn done(&self) -> bool {
        self.stopped
    }
}

/// Which moves [`GameState::generate_moves`] lists.
///
/// ```
/// use carcassonne_safari::movegen::MoveFilter;
/// use carcassonne_safari::MoveKind;
/// assert_eq!(MoveFilter::from(MoveKind::Dig), MoveFilter::Kind(MoveKind::Dig));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum MoveFilter {
    /// Every legal move of the current decision (its outcomes at a chance
    /// node): what [`GameState::legal_moves`] lists.
    #[default]
    All,
    /// The legal moves of one kind (the 300 moves of an action are mostly
    /// ranger moves, digs and expansions; a bot can list only the ones it wants).
    Kind(MoveKind),
    /// Where a tile of this design would fit now (R-PLACE-1), whatever the
    /// current decision: for UIs that show where the tiles still in the pile
    /// fit, and bots that look at a draw before it is made. Empty when it fits
    /// nowhere (R-PLACE-2).
    PlacementsOf(Design),
}

impl From<MoveKind> for MoveFilter {
    fn from(kind: MoveKind) -> MoveFilter {
        MoveFilter::Kind(kind)
    }
}

/// The action kinds, as bits of a filter.
const MEEPLE: u8 = 1;
const RANGER: u8 = 2;
const DIG: u8 = 4;
const EXPAND: u8 = 8;
const PASS: u8 = 16;
const ALL_ACTIONS: u8 = MEEPLE | RANGER | DIG | EXPAND | PASS;

/// The filter bit of an action kind (0 for other kinds).
const fn action_bit(kind: MoveKind) -> u8 {
    match kind {
        MoveKind::Meeple => MEEPLE,
        MoveKind::Ranger => RANGER,
        MoveKind::Dig => DIG,
        MoveKind::Expand => EXPAND,
        MoveKind::Pass => PASS,
        _ => 0,
    }
}

impl GameState {
    /// Every legal move of the current decision, in a deterministic order, with
    /// no duplicates; at a chance node, its outcomes. Empty once the game is over.
    ///
    /// The order is `docs/decisions.md`'s: placements by frontier cell (in the
    /// order the cells joined the frontier), then rotation; actions as meeples
    /// (segments, then the baobab), ranger moves, digs and expansions slot by
    /// slot, and `pass` last; boosts by animal, then `noboost`.
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
                    self.board.open_slots() * self.hands[p].species() as usize
                } else {
                    0
                };
                let bound = MAX_SEGMENTS + 2 + 2 * self.board.frontier.len() + water;
                if bound <= INLINE_MOVES {
                    let mut out = MoveList::new();
                    self.action_moves(ALL_ACTIONS, &mut out);
                    out
                } else {
                    let mut out = Vec::with_capacity(bound);
                    self.action_moves(ALL_ACTIONS, &mut out);
                    MoveList::from_vec(out)
                }
            }
            _ => {
                let mut out = MoveList::new();
                self.other_moves(&mut out);
                out
            }
        }
    }

    /// The one move generator: hands the moves selected by `filter` to
    /// `listener` in batches, in the order of [`GameState::legal_moves`],
    /// until the listener returns `true` (stop) or the moves run out. Returns
    /// whether the listener stopped it. Listing into a buffer that a search
    /// reuses, counting, looking for the first move of a kind: each is a
    /// listener.
    ///
    /// ```
    /// use carcassonne_safari::movegen::MoveFilter;
    /// use carcassonne_safari::{GameState, Move, MoveKind, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap(); // a token draw
    ///
    /// // Into a reused buffer.
    /// let mut buffer: Vec<Move> = Vec::with_capacity(512);
    /// state.generate_moves(MoveFilter::All, |moves| {
    ///     buffer.extend_from_slice(moves);
    ///     false
    /// });
    /// assert_eq!(buffer[..], state.legal_moves()[..]);
    ///
    /// // Counting one kind.
    /// let mut count = 0;
    /// state.generate_moves(MoveKind::Token.into(), |moves| {
    ///     count += moves.len();
    ///     false
    /// });
    /// assert_eq!(count, buffer.len());
    ///
    /// // Stopping at the first move.
    /// let mut first = None;
    /// let stopped = state.generate_moves(MoveFilter::All, |moves| {
    ///     first = Some(moves[0]);
    ///     true
    /// });
    /// assert!(stopped);
    /// assert_eq!(first, Some(buffer[0]));
    ///
    /// // Where a tile would fit, before it is drawn.
    /// let cs1 = "CS1:-".parse().unwrap(); // all savanna
    /// assert!(state.generate_moves(MoveFilter::PlacementsOf(cs1), |_| true));
    /// ```
    pub fn generate_moves(&self, filter: MoveFilter, listener: impl FnMut(&[Move]) -> bool) -> bool {
        let mut sink = Listener {
            listener,
            stopped: false,
        };
        match filter {
            MoveFilter::All => self.generate(None, &mut sink),
            MoveFilter::Kind(kind) => self.generate(Some(kind), &mut sink),
            MoveFilter::PlacementsOf(design) => self.place_moves(rotation_edges(design), &mut sink),
        }
        sink.stopped
    }

    /// Appends the legal moves of `kind` to `out`: the generator without a
    /// listener, for the crate's own policies.
    pub(crate) fn moves_of_kind_into(&self, kind: MoveKind, out: &mut Vec<Move>) {
        self.generate(Some(kind), out);
    }

    /// Whether a move of `kind` is legal now.
    fn has_move_of(&self, kind: MoveKind) -> bool {
        self.generate_moves(MoveFilter::Kind(kind), |_| true)
    }

    /// The kinds of the legal moves, each once, in the order in which
    /// [`GameState::legal_moves`] first lists them.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, MoveKind, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// assert_eq!(state.legal_kinds()[..], [MoveKind::Token]);
    /// ```
    pub fn legal_kinds(&self) -> MoveKinds {
        let mut kinds = MoveKinds::default();
        match self.phase {
            Phase::DrawTile => kinds.push(MoveKind::Draw),
            Phase::DrawToken { .. } => kinds.push(MoveKind::Token),
            Phase::Place { .. } => kinds.push(MoveKind::Place),
            Phase::Return => kinds.push(MoveKind::Return),
            Phase::Boost { .. } => {
                if self.has_move_of(MoveKind::Boost) {
                    kinds.push(MoveKind::Boost);
                }
                kinds.push(MoveKind::NoBoost);
            }
            Phase::Action => {
                let p = self.active as usize;
                if self.meeples[p] > 0 && self.meeple_spot_free() {
                    kinds.push(MoveKind::Meeple);
                }
                if self.displaced.is_none() {
                    // Any frontier cell without a ranger (R-RANGER-3).
                    let rangers = self.rangers.iter().flatten();
                    let on_frontier = rangers.clone().filter(|&&r| self.board.is_frontier(r)).count();
                    if rangers.count() > 0 && self.board.frontier.len() > on_frontier {
                        kinds.push(MoveKind::Ranger);
                    }
                }
                // Digs and expansions are listed slot by slot: the first slot
                // that offers a move says which kind comes first.
                let (first, other) = self.water_kinds();
                for kind in [first, other].into_iter().flatten() {
                    kinds.push(kind);
                }
                kinds.push(MoveKind::Pass);
            }
            Phase::GameOver => {}
        }
        kinds
    }

    /// Lists the moves of the current decision (of `only` that kind) into `out`.
    fn generate(&self, only: Option<MoveKind>, out: &mut impl Sink) {
        match self.phase {
            Phase::Place { design } => {
                if only.is_none_or(|k| k == MoveKind::Place) {
                    self.place_moves(rotation_edges(design), out);
                }
            }
            Phase::Action => {
                let filter = only.map_or(ALL_ACTIONS, action_bit);
                if filter != 0 {
                    self.action_moves(filter, out);
                }
            }
            _ => match only {
                None => self.other_moves(out),
                Some(kind) => {
                    let mut all = MoveList::new();
                    self.other_moves(&mut all);
                    out.put_all(all.into_iter().filter(|m| m.kind() == kind));
                }
            },
        }
    }

    /// The moves of chance nodes, boost questions and returns (short lists).
    fn other_moves(&self, out: &mut impl Sink) {
        match self.phase {
            Phase::DrawToken { .. } | Phase::DrawTile => {
                out.put_all(self.chance_outcomes().iter().map(|(mv, _)| mv));
            }
            Phase::Boost { player } => {
                if let Some(n) = self.scoring_node() {
                    let f = self.board.features.get(n);
                    out.put_all(self.boost_tokens(player, f).map(Move::Boost));
                }
                out.put(Move::NoBoost);
            }
            Phase::Return => {
                let other = self.rangers.iter().flatten().copied().next();
                out.put_all(
                    self.board
                        .frontier
                        .iter()
                        .filter(|&&p| Some(p) != other)
                        .map(|&p| Move::Return(p)),
                );
            }
            Phase::Place { .. } | Phase::Action | Phase::GameOver => {}
        }
    }

    /// Whether a meeple may go on a segment or the baobab of the placed tile
    /// (R-ACTION-1), supply aside.
    fn meeple_spot_free(&self) -> bool {
        let t = &self.board.tiles[self.placed.expect("a tile was placed") as usize];
        let kind = t.design.kind();
        kind.baobab || (0..kind.segments().len()).any(|s| !self.board.features.get(t.node(s)).has_meeples())
    }

    /// The kinds of the digs and expansions on offer, in the order the list
    /// shows them first (R-WATER-2/3).
    fn water_kinds(&self) -> (Option<MoveKind>, Option<MoveKind>) {
        let p = self.active as usize;
        let hand = self.hands[p];
        if hand.total() == 0 {
            return (None, None);
        }
        let can_dig = self.meeples[p] > 0;
        let board = &self.board;
        // Whether the open slot with bit `b` of word `w` takes an expansion:
        // some animal in hand is not at the hole(s) it touches.
        let expandable = |w: usize, b: u32| {
            let slot = 64 * w + b as usize;
            let (v, s) = Corner::from_index(slot as u8).vertex(board.tiles[slot / 4].pos);
            let at_hole = board
                .holes
                .get(v)
                .expect("a touched slot has a token at its vertex")
                .hole_animals(s);
            hand.distinct().any(|a| !at_hole.contains(a))
        };
        let any_expandable = || {
            board
                .open
                .iter()
                .zip(&board.touch)
                .enumerate()
                .any(|(w, (&open, &touch))| {
                    let mut rest = open & touch;
                    while rest != 0 {
                        let b = rest.trailing_zeros();
                        rest &= rest - 1;
                        if expandable(w, b) {
                            return true;
                        }
                    }
                    false
                })
        };
        let any_dig = || can_dig && board.open.iter().zip(&board.touch).any(|(&o, &t)| o & !t != 0);
        // The first slot that offers a move decides which kind comes first.
        for (w, (&open, &touch)) in board.open.iter().zip(&board.touch).enumerate() {
            let mut rest = open;
            while rest != 0 {
                let b = rest.trailing_zeros();
                rest &= rest - 1;
                if touch & (1 << b) == 0 {
                    if can_dig {
                        return (Some(MoveKind::Dig), any_expandable().then_some(MoveKind::Expand));
                    }
                } else if expandable(w, b) {
                    return (Some(MoveKind::Expand), any_dig().then_some(MoveKind::Dig));
                }
            }
        }
        (None, None)
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
            if out.done() {
                return;
            }
        }
    }

    /// The action moves of the kinds in `filter`, in list order.
    fn action_moves(&self, filter: u8, out: &mut impl Sink) {
        let p = self.active as usize;
        let tile = self.placed.expect("a tile was placed") as usize;
        let kind = self.board.tiles[tile].design.kind();
        if filter & MEEPLE != 0 && self.meeples[p] > 0 {
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
        if out.done() {
            return;
        }
        if filter & RANGER != 0 && self.displaced.is_none() {
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
                    out.put_all(frontier[start..cut].iter().map(|&to| Move::Ranger { from, to }));
                    start = cut + 1;
                }
                out.put_all(frontier[start..].iter().map(|&to| Move::Ranger { from, to }));
            }
        }
        let hand = self.hands[p];
        if filter & (DIG | EXPAND) != 0 && hand.total() > 0 {
            // The distinct animals in hand, in notation order.
            let mut species = [Animal::Monkey; SPECIES];
            let mut n = 0;
            for a in hand.distinct() {
                species[n] = a;
                n += 1;
            }
            let species = &species[..n];
            let can_dig = filter & DIG != 0 && self.meeples[p] > 0;
            let can_expand = filter & EXPAND != 0;
            // Open slots (savanna slots without a token) tile by tile, corner by
            // corner, walking the set bits; one touching a token can only be
            // expanded (R-WATER-2/3).
            let board = &self.board;
            for (w, (&open, &touch)) in board.open.iter().zip(&board.touch).enumerate() {
                if out.done() {
                    return;
                }
                let mut rest = open;
                while rest != 0 {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    let slot = 64 * w + b as usize;
                    let pos = board.tiles[slot / 4].pos;
                    let c = Corner::from_index(slot as u8);
                    if touch & (1 << b) == 0 {
                        if can_dig {
                            out.put_all(species.iter().map(|&a| Move::Dig(pos, c, a)));
                        }
                    } else if can_expand {
                        let (v, slot) = c.vertex(pos);
                        let at_hole = self
                            .board
                            .holes
                            .get(v)
                            .expect("a touched slot has a token at its vertex")
                            .hole_animals(slot);
                        for &a in species {
                            if !at_hole.contains(a) {
                                out.put(Move::Expand(pos, c, a));
                            }
                        }
                    }
                }
            }
        }
        if filter & PASS != 0 {
            out.put(Move::Pass);
        }
    }

    /// The outcomes of the current chance node with their weights: the tiles
    /// of each design left in the pile (or the one next in
    /// [`Setup::tile_order`](super::Setup::tile_order), weight 1), or the
    /// tokens of each animal left in the supply. Empty at a player's decision
    /// and once the game is over. The same outcomes, without their weights,
    /// are what [`GameState::legal_moves`] lists at a chance node.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Move, Setup};
    /// use carcassonne_safari::rand_core::SeedableRng;
    /// let state = GameState::new(&Setup::new(2)).unwrap(); // the first token draw
    /// let outcomes = state.chance_outcomes();
    /// assert_eq!(outcomes.total_weight(), 50); // ten tokens of each of five animals
    /// assert_eq!(outcomes.weight("token L".parse().unwrap()), 10);
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let drawn: Move = outcomes.sample(&mut rng).unwrap();
    /// assert!(state.legal_moves().contains(&drawn));
    /// ```
    pub fn chance_outcomes(&self) -> ChanceOutcomes<'_> {
        ChanceOutcomes {
            chance: match self.phase {
                Phase::DrawTile => Some(match self.next_in_order() {
                    Some(d) => Chance::Fixed(d),
                    None => Chance::Tiles(&self.pile),
                }),
                Phase::DrawToken { .. } => Some(Chance::Tokens(&self.supply.0)),
                _ => None,
            },
        }
    }
}

/// The outcomes of a chance node with their integer weights (exact: a
/// probability is a weight over [`ChanceOutcomes::total_weight`]), from
/// [`GameState::chance_outcomes`]. Empty at a player's decision.
#[derive(Clone, Copy, Debug)]
pub struct ChanceOutcomes<'a> {
    chance: Option<Chance<'a>>,
}

/// The outcomes of a chance node.
#[derive(Clone, Copy, Debug)]
enum Chance<'a> {
    /// The next tile of a fixed tile order: one outcome.
    Fixed(Design),
    /// A tile draw: the tiles left per design, indexed by design.
    Tiles(&'a [u8]),
    /// A token draw: the tokens left per animal, indexed by animal.
    Tokens(&'a [u8; SPECIES]),
}

impl Chance<'_> {
    /// The outcome with index `i` of the weights.
    fn outcome(&self, i: usize) -> Move {
        match *self {
            Chance::Fixed(d) => Move::Draw(d),
            Chance::Tiles(_) => Move::Draw(Design::from_index(i).expect("a design index")),
            Chance::Tokens(_) => Move::Token(Animal::ALL[i]),
        }
    }

    fn weights(&self) -> &[u8] {
        match self {
            Chance::Fixed(_) => &[1],
            Chance::Tiles(w) => w,
            Chance::Tokens(w) => &w[..],
        }
    }
}

impl<'a> ChanceOutcomes<'a> {
    fn weights(&self) -> &'a [u8] {
        match self.chance {
            None => &[],
            Some(Chance::Fixed(_)) => &[1],
            Some(Chance::Tiles(w)) => w,
            Some(Chance::Tokens(w)) => &w[..],
        }
    }

    /// Every outcome with its weight (greater than 0), in the order of
    /// [`GameState::legal_moves`].
    pub fn iter(&self) -> Outcomes<'a> {
        Outcomes {
            // No chance node: no weights, so no outcome is ever read.
            chance: self.chance.unwrap_or(Chance::Tiles(&[])),
            weights: self.weights().iter().enumerate(),
        }
    }

    /// The number of outcomes.
    pub fn len(&self) -> usize {
        self.weights().iter().filter(|&&w| w > 0).count()
    }

    /// Whether there is no outcome (not a chance node).
    pub fn is_empty(&self) -> bool {
        self.total_weight() == 0
    }

    /// The sum of the weights.
    pub fn total_weight(&self) -> u32 {
        self.weights().iter().map(|&w| w as u32).sum()
    }

    /// The weight of `outcome`; 0 when it is not an outcome of this node.
    pub fn weight(&self, outcome: Move) -> u32 {
        self.iter().find(|&(m, _)| m == outcome).map_or(0, |(_, w)| w)
    }

    /// An outcome drawn with probability proportional to its weight; `None`
    /// when there is none. Takes one `u64` from `rng` and maps it by
    /// multiply-shift (a fixed tile order's one outcome takes nothing), so
    /// the same generator draws the same outcomes in every tool.
    pub fn sample(&self, rng: &mut impl RngCore) -> Option<Move> {
        let chance = self.chance?;
        if let Chance::Fixed(d) = chance {
            return Some(Move::Draw(d));
        }
        let weights = chance.weights();
        let total = self.total_weight();
        if total == 0 {
            return None;
        }
        let mut r = ((rng.next_u64() as u128 * total as u128) >> 64) as u32;
        for (i, &w) in weights.iter().enumerate() {
            if r < w as u32 {
                return Some(chance.outcome(i));
            }
            r -= w as u32;
        }
        None
    }
}

impl<'a> IntoIterator for ChanceOutcomes<'a> {
    type Item = (Move, u32);
    type IntoIter = Outcomes<'a>;
    fn into_iter(self) -> Outcomes<'a> {
        self.iter()
    }
}

/// The outcomes of a chance node with their weights: [`ChanceOutcomes::iter`].
#[derive(Clone, Debug)]
pub struct Outcomes<'a> {
    chance: Chance<'a>,
    weights: core::iter::Enumerate<core::slice::Iter<'a, u8>>,
}

impl Iterator for Outcomes<'_> {
    type Item = (Move, u32);
    #[inline]
    fn next(&mut self) -> Option<(Move, u32)> {
        let chance = self.chance;
        self.weights
            .find(|&(_, &w)| w > 0)
            .map(|(i, &w)| (chance.outcome(i), w as u32))
    }
}

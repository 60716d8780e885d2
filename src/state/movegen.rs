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

/// Where move generation writes.
trait Sink {
    fn put(&mut self, mv: Move);
    fn put_slice(&mut self, mvs: &[Move]);
    fn put_all(&mut self, mvs: impl Iterator<Item = Move>);
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
    #[inline]
    fn put_all(&mut self, mvs: impl Iterator<Item = Move>) {
        self.extend(mvs);
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
    #[inline]
    fn put_all(&mut self, mvs: impl Iterator<Item = Move>) {
        self.extend(mvs);
    }
}

/// Any caller's collection.
struct Extending<'a, E>(&'a mut E);

impl<E: Extend<Move>> Sink for Extending<'_, E> {
    #[inline]
    fn put(&mut self, mv: Move) {
        self.0.extend(core::iter::once(mv));
    }
    #[inline]
    fn put_slice(&mut self, mvs: &[Move]) {
        self.0.extend(mvs.iter().copied());
    }
    #[inline]
    fn put_all(&mut self, mvs: impl Iterator<Item = Move>) {
        self.0.extend(mvs);
    }
}

/// Counts instead of listing.
struct Counting(usize);

impl Sink for Counting {
    #[inline]
    fn put(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline]
    fn put_slice(&mut self, mvs: &[Move]) {
        self.0 += mvs.len();
    }
    #[inline]
    fn put_all(&mut self, mvs: impl Iterator<Item = Move>) {
        self.0 += mvs.count();
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

    /// Appends every legal move of the current decision to `out`, in the order
    /// of [`GameState::legal_moves`]: a search can reuse one buffer for every
    /// position.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Move, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// let mut buffer: Vec<Move> = Vec::with_capacity(512);
    /// state.legal_moves_into(&mut buffer);
    /// assert_eq!(buffer[..], state.legal_moves()[..]);
    /// ```
    pub fn legal_moves_into(&self, out: &mut impl Extend<Move>) {
        self.generate(None, &mut Extending(out));
    }

    /// The legal moves of one kind, in the order of
    /// [`GameState::legal_moves`], without listing the others (the 300 moves
    /// of an action decision are mostly ranger moves, digs and expansions).
    ///
    /// ```
    /// use carcassonne_safari::{GameState, MoveKind, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap(); // a token draw
    /// assert_eq!(state.legal_moves_of(MoveKind::Token)[..], state.legal_moves()[..]);
    /// assert!(state.legal_moves_of(MoveKind::Pass).is_empty());
    /// ```
    pub fn legal_moves_of(&self, kind: MoveKind) -> MoveList {
        let mut out = MoveList::new();
        self.generate(Some(kind), &mut out);
        out
    }

    /// Where a tile of `design` could be placed now (R-PLACE-1), in the order
    /// of [`GameState::legal_moves`] for its placement: for UIs that show
    /// where the tiles still in the pile fit, and bots that look at the next
    /// draw without making it. Empty when it fits nowhere (R-PLACE-2).
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// let cs1 = "CS1:-".parse().unwrap(); // all savanna
    /// assert!(!state.placements(cs1).is_empty());
    /// ```
    pub fn placements(&self, design: Design) -> MoveList {
        let mut out = MoveList::new();
        self.place_moves(rotation_edges(design), &mut out);
        out
    }

    /// Appends the legal moves of one kind to `out`, in the order of
    /// [`GameState::legal_moves`]: [`GameState::legal_moves_of`] into a
    /// buffer the caller reuses.
    pub fn legal_moves_of_into(&self, kind: MoveKind, out: &mut impl Extend<Move>) {
        self.generate(Some(kind), &mut Extending(out));
    }

    /// How many legal moves of `kind` there are, without listing them.
    pub fn count_moves_of(&self, kind: MoveKind) -> usize {
        let mut count = Counting(0);
        self.generate(Some(kind), &mut count);
        count.0
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
                if self.count_moves_of(MoveKind::Boost) > 0 {
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
                if let Some(chance) = self.chance() {
                    out.put_all(chance.outcomes().map(|(mv, _)| mv));
                }
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

    /// At a chance node, every outcome with its weight: the tiles of each design
    /// left in the pile (or the one next in [`Setup::tile_order`](super::Setup::tile_order),
    /// weight 1), or the tokens of each animal left in the supply. Empty at a
    /// player's decision and once the game is over.
    pub fn chance_outcomes(&self) -> Vec<(Move, u32)> {
        self.chance().map_or_else(Vec::new, |c| c.outcomes().collect())
    }

    /// At a chance node, draws an outcome with probability proportional to its
    /// weight; `None` at a player's decision or when the game is over.
    pub fn sample_chance(&self, rng: &mut impl RngCore) -> Option<Move> {
        self.chance()?.pick(rng)
    }

    /// The current chance node, if it is one: the one reading of its outcomes
    /// behind `legal_moves`, `chance_outcomes` and `sample_chance`.
    fn chance(&self) -> Option<Chance<'_>> {
        match self.phase {
            Phase::DrawTile => Some(match self.next_in_order() {
                Some(d) => Chance::Fixed(d),
                None => Chance::Tiles(&self.pile),
            }),
            Phase::DrawToken { .. } => Some(Chance::Tokens(&self.supply.0)),
            _ => None,
        }
    }
}

/// The outcomes of a chance node.
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

    /// Every outcome with a weight, with its weight, in index order.
    fn outcomes(&self) -> impl Iterator<Item = (Move, u32)> + '_ {
        self.weights()
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w > 0)
            .map(|(i, &w)| (self.outcome(i), w as u32))
    }

    /// An outcome drawn with probability proportional to its weight (a fixed
    /// order's one outcome without touching `rng`).
    fn pick(&self, rng: &mut impl RngCore) -> Option<Move> {
        if let Chance::Fixed(d) = *self {
            return Some(Move::Draw(d));
        }
        let weights = self.weights();
        let total: u32 = weights.iter().map(|&w| w as u32).sum();
        if total == 0 {
            return None;
        }
        let mut r = ((rng.next_u64() as u128 * total as u128) >> 64) as u32;
        for (i, &w) in weights.iter().enumerate() {
            if r < w as u32 {
                return Some(self.outcome(i));
            }
            r -= w as u32;
        }
        None
    }
}

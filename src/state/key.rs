//! The position key: a 64-bit hash of a position that does not depend on the
//! order of play, kept up to date move by move, for transposition tables.
//!
//! A position is the XOR of one random-looking 64-bit key per fact: a tile of
//! a design at a cell in a rotation, a meeple of a player on a spot, a token
//! at a tile corner, a ranger at a cell, a player's count of an animal in hand,
//! a score, the count of a design in the pile, ... (Zobrist hashing). Each key
//! is [`zobrist`] of the fact's fields: a bijective mixer of their bits, so
//! distinct facts get independent-looking keys without any table. The facts
//! of the board are kept by the board itself (`Board::key`), the rest by the
//! state (`GameState::key`); the decision being made (phase, scoring step,
//! boosts chosen, tokens due) is hashed when the key is asked for.

use super::scoring::{Stage, Step};
use super::{GameState, Phase};
use alloc::vec::Vec;

use crate::animals::{Animal, AnimalCounts};
use crate::geometry::{Pos, Rotation};
use crate::player::Owner;
use crate::tiles::{Design, DESIGN_COUNT, MAX_SEGMENTS};
use crate::zobrist::{cell, zobrist, Fact};

/// The key of `count` of something (`who`, `what`) in a tally.
#[inline]
const fn tally(fact: Fact, who: u8, what: u8, count: u32) -> u64 {
    let [c0, c1, c2, c3] = count.to_le_bytes();
    zobrist(fact, [who, what, c0, c1, c2, c3, 0])
}

impl GameState {
    /// A 64-bit key of the position: equal for equal positions, however the
    /// game got there (the tiles, meeples, tokens and rangers where they are,
    /// the hands, scores, supply, discard and pile, and the decision to make),
    /// and, for different positions, equal only by chance (about one pair in
    /// 2^64). Kept up to date by every move, so reading it costs a few
    /// operations: a key for transposition tables.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// let mv = state.legal_moves()[0];
    /// let (next, _) = state.apply(mv).unwrap();
    /// assert_ne!(state.position_key(), next.position_key());
    /// assert_eq!(next.position_key(), state.apply(mv).unwrap().0.position_key());
    /// ```
    pub fn position_key(&self) -> u64 {
        self.board.key ^ self.key ^ self.decision_key()
    }

    /// Whether `self` and `other` are the same position, however each was
    /// reached: the same tiles, meeples, tokens and rangers where they are,
    /// the same hands, scores, supply, discard and pile, and the same
    /// decision with the same steps pending. Exact (unlike comparing
    /// [`GameState::position_key`]s, which may collide), and unlike `==` blind
    /// to the order in which the tiles were played.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// let moves = state.legal_moves();
    /// let a = state.play(moves[0]).unwrap();
    /// assert!(a.same_position(&state.play(moves[0]).unwrap()));
    /// assert!(!a.same_position(&state.play(moves[1]).unwrap()));
    /// ```
    pub fn same_position(&self, other: &GameState) -> bool {
        self.position_key() == other.position_key() && self.facts() == other.facts()
    }

    /// The facts of the position as sorted lists, independent of the order
    /// of play (what [`GameState::same_position`] compares).
    fn facts(&self) -> Facts {
        let n = self.players as usize;
        let board = &self.board;
        let mut tiles: Vec<TileFact> = board
            .tiles
            .iter()
            .map(|t| (t.pos, t.design, t.rot, t.baobab_meeple, t.seg_meeple))
            .collect();
        tiles.sort_unstable_by_key(|t| t.0);
        let mut holes: Vec<HoleFact> = board
            .holes
            .vertices
            .iter()
            .filter(|v| v.tokens.iter().any(Option::is_some))
            .map(|v| (v.at, v.tokens, v.meeples))
            .collect();
        holes.sort_unstable_by_key(|v| v.0);
        let mut rangers = self.rangers;
        rangers.sort_unstable();
        let drawn = crate::tiles::LAND_TILES - self.tiles_left as usize;
        let order = self
            .tile_order
            .as_deref()
            .map_or(&[][..], |o| o.get(drawn..).unwrap_or(&[]));
        Facts {
            players: self.players,
            scores: self.scores[..n].to_vec(),
            meeples: self.meeples[..n].to_vec(),
            hands: self.hands[..n].to_vec(),
            pools: [self.supply, self.discard],
            pile: self.pile,
            tiles_left: self.tiles_left,
            removed: self.removed,
            decision: (self.phase, self.stage, self.active, self.turn),
            placed: self.placed.map(|i| board.tiles[i as usize].pos),
            displaced: self.displaced.is_some(),
            boosts: self.boosts[..n].to_vec(),
            tokens: (self.receiver, self.tokens_due, self.baobab_tokens_boost),
            baobab_won: self.baobab_won[..n].to_vec(),
            order: order.to_vec(),
            rangers,
            tiles,
            holes,
        }
    }

    /// The decision being made and what the automatic steps have pending.
    fn decision_key(&self) -> u64 {
        let (phase, a, b) = match self.phase {
            Phase::DrawToken { player } => (1, player.0, 0),
            Phase::DrawTile => (2, 0, 0),
            Phase::Place { design } => (3, design.0, 0),
            Phase::Action => (4, 0, 0),
            Phase::Boost { player } => (5, player.0, 0),
            Phase::Return => (6, 0, 0),
            Phase::GameOver => (7, 0, 0),
        };
        let (stage, c, d) = match self.stage {
            Stage::Deal(seat) => (1, seat, 0),
            Stage::Score(Step::Ranger) => (2, 0, 0),
            Stage::Score(Step::Baobabs { from }) => (3, from, 0),
            Stage::Score(Step::Feature { seg, asking }) => (4, seg, asking.map_or(0, |o| o + 1)),
            Stage::Score(Step::Returned) => (5, 0, 0),
            Stage::Idle => (6, 0, 0),
        };
        let placed = self
            .placed
            .map_or([0x80, 0x80], |i| cell(self.board.tiles[i as usize].pos));
        let mut key = zobrist(Fact::Decision, [phase, a, b, stage, c, d, self.active])
            ^ zobrist(
                Fact::Decision,
                [
                    0x80 | self.players,
                    placed[0],
                    placed[1],
                    self.displaced.map_or(9, |r| r),
                    self.receiver,
                    self.tokens_due,
                    self.baobab_tokens_boost as u8,
                ],
            );
        for p in 0..self.players {
            let boost = self.boosts[p as usize].map_or(9, |a| a as u8);
            let won = self.baobab_won[p as usize].0;
            key ^= zobrist(
                Fact::Decision,
                [0x40 | p, boost, won[0], won[1], won[2], won[3], won[4]],
            );
        }
        if let Some(order) = &self.tile_order {
            // The fixed order still to come.
            let drawn = crate::tiles::LAND_TILES - self.tiles_left as usize;
            for (i, d) in order.iter().enumerate().skip(drawn) {
                key ^= zobrist(Fact::Decision, [0xC0, i as u8, d.0, 0, 0, 0, 0]);
            }
        }
        key
    }

    /// The key of everything the state (not the board) keeps, from scratch.
    pub(super) fn tallies_key(&self) -> u64 {
        let mut key = 0;
        for p in 0..self.players {
            key ^= tally(Fact::Score, p, 0, self.scores[p as usize]);
            for a in Animal::ALL {
                key ^= tally(Fact::Hand, p, a as u8, self.hands[p as usize].get(a) as u32);
            }
        }
        for a in Animal::ALL {
            key ^= tally(Fact::Supply, 0, a as u8, self.supply.get(a) as u32);
            key ^= tally(Fact::Discard, 0, a as u8, self.discard.get(a) as u32);
        }
        for d in Design::land() {
            key ^= tally(Fact::Pile, 0, d.0, self.pile[d.index()] as u32);
        }
        for r in self.rangers.iter().flatten() {
            key ^= ranger_key(*r);
        }
        key
    }

    /// Sets player `p`'s score, keeping the key.
    pub(super) fn set_score(&mut self, p: u8, score: u32) {
        self.key ^= tally(Fact::Score, p, 0, self.scores[p as usize]) ^ tally(Fact::Score, p, 0, score);
        self.scores[p as usize] = score;
    }

    /// Adds (`true`) or takes one `animal` to or from player `p`'s hand.
    pub(super) fn change_hand(&mut self, p: u8, animal: Animal, add: bool) {
        let hand = &mut self.hands[p as usize];
        self.key ^= tally(Fact::Hand, p, animal as u8, hand.get(animal) as u32);
        if add {
            hand.add(animal);
        } else {
            hand.take(animal);
        }
        self.key ^= tally(Fact::Hand, p, animal as u8, hand.get(animal) as u32);
    }

    /// Changes the supply (`discard` false) or the discard pile by one animal.
    pub(super) fn change_pool(&mut self, discard: bool, animal: Animal, add: bool) {
        let (fact, pool) = if discard {
            (Fact::Discard, &mut self.discard)
        } else {
            (Fact::Supply, &mut self.supply)
        };
        self.key ^= tally(fact, 0, animal as u8, pool.get(animal) as u32);
        if add {
            pool.add(animal);
        } else {
            pool.take(animal);
        }
        self.key ^= tally(fact, 0, animal as u8, pool.get(animal) as u32);
    }

    /// R-TOKEN-2: the discard pile becomes the supply.
    pub(super) fn reshuffle(&mut self) {
        for a in Animal::ALL {
            self.key ^= tally(Fact::Supply, 0, a as u8, self.supply.get(a) as u32)
                ^ tally(Fact::Discard, 0, a as u8, self.discard.get(a) as u32)
                ^ tally(Fact::Supply, 0, a as u8, self.discard.get(a) as u32)
                ^ tally(Fact::Discard, 0, a as u8, 0);
        }
        self.supply = core::mem::take(&mut self.discard);
    }

    /// Takes one tile of `design` from the pile.
    pub(super) fn take_from_pile(&mut self, design: Design) {
        let n = &mut self.pile[design.index()];
        self.key ^= tally(Fact::Pile, 0, design.0, *n as u32) ^ tally(Fact::Pile, 0, design.0, *n as u32 - 1);
        *n -= 1;
    }

    /// Puts ranger `r` on `to` (`None`: off the board).
    pub(super) fn set_ranger(&mut self, r: usize, to: Option<Pos>) {
        if let Some(from) = self.rangers[r] {
            self.key ^= ranger_key(from);
        }
        if let Some(to) = to {
            self.key ^= ranger_key(to);
        }
        self.rangers[r] = to;
    }

    /// The key computed from scratch, to check the kept one.
    #[cfg(test)]
    pub(crate) fn position_key_from_scratch(&self) -> u64 {
        self.board.key_from_scratch() ^ self.tallies_key() ^ self.decision_key()
    }
}

/// A tile with its meeples.
type TileFact = (Pos, Design, Rotation, Owner, [Owner; MAX_SEGMENTS]);
/// A vertex with its tokens and their meeples.
type HoleFact = (Pos, [Option<Animal>; 4], [Owner; 4]);

/// The facts of a position, in an order that does not depend on the order
/// of play.
#[derive(PartialEq)]
struct Facts {
    players: u8,
    scores: Vec<u32>,
    meeples: Vec<u8>,
    hands: Vec<AnimalCounts>,
    pools: [AnimalCounts; 2],
    pile: [u8; DESIGN_COUNT],
    tiles_left: u8,
    removed: u8,
    decision: (Phase, Stage, u8, u8),
    placed: Option<Pos>,
    displaced: bool,
    boosts: Vec<Option<Animal>>,
    tokens: (u8, u8, bool),
    baobab_won: Vec<AnimalCounts>,
    order: Vec<Design>,
    rangers: [Option<Pos>; 2],
    tiles: Vec<TileFact>,
    holes: Vec<HoleFact>,
}

/// The key of a ranger on `p` (rangers are alike: a set of cells).
const fn ranger_key(p: Pos) -> u64 {
    let [x, y] = cell(p);
    zobrist(Fact::Ranger, [x, y, 0, 0, 0, 0, 0])
}

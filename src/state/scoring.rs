//! The scoring step of a turn as a state machine (`docs/decisions.md`,
//! decision 5), the end of a turn and final scoring (R-END).
//!
//! After the action, the automatic part of the turn runs [`Step`] by step: the
//! ranger's points, completed baobabs, completed trails and bushes, the
//! ranger's return. A step that needs a decision (a token draw, a boost
//! question, the return) records where to continue in `GameState::stage` and
//! hands the decision to the caller; the move that answers it runs the steps on
//! from there ([`GameState::run`]).

use super::{Events, GameState, Phase};
use crate::animals::AnimalCounts;
use crate::events::{Event, MeepleSpot, ScoreReason};
use crate::features::Node;
use crate::player::{PlayerId, MAX_PLAYERS};
use crate::rules::{feature_points, BAOBAB_TOKENS, RANGER_POINTS, STARTING_TOKENS};
use crate::tiles::FeatureKind;

/// Where the automatic part of the game continues after the current decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Stage {
    /// Dealing the starting tokens; this seat is next (R-SETUP-3).
    Deal(u8),
    /// Inside the turn's scoring step, at this step.
    Score(Step),
    /// Nothing pending (tile draw, placement, action, game over).
    Idle,
}

/// The steps of a turn's scoring, in their order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Step {
    /// The displacing player's points for a ranger (R-RANGER-2). Also the stage
    /// of the action itself: tokens drawn for a baobab meeple come back here.
    Ranger,
    /// Completed baobabs carrying a meeple (R-BAOBAB-2), looked at from
    /// position `from` on: 0 is the placed tile, 1..=8 its neighbours in
    /// [`Pos::ring`](crate::Pos::ring) order.
    Baobabs {
        /// The first position still to look at.
        from: u8,
    },
    /// The trail or bush through segment `seg` of the placed tile (R-MAJ,
    /// R-TRAIL-3/4, R-BUSH-2).
    Feature {
        /// The segment.
        seg: u8,
        /// `None` before the feature is looked at; then the offset from the
        /// active player of the next player to ask about a boost.
        asking: Option<u8>,
    },
    /// The displaced ranger has been put back (R-RANGER-4): the turn ends.
    Returned,
}

impl GameState {
    /// Runs the automatic steps from `self.stage` up to the next decision.
    pub(super) fn run(&mut self, ev: &mut Events) {
        match self.stage {
            Stage::Idle => {}
            Stage::Deal(seat) => self.deal(seat, ev),
            Stage::Score(step) => self.score_from(step, ev),
        }
    }

    /// R-SETUP-3: the starting tokens of seat `seat` and the seats after it;
    /// then the first tile draw.
    fn deal(&mut self, mut seat: u8, ev: &mut Events) {
        while seat < self.players {
            self.stage = Stage::Deal(seat + 1);
            if self.start_tokens(seat, STARTING_TOKENS, ev) {
                return;
            }
            seat += 1;
        }
        self.stage = Stage::Idle;
        self.phase = Phase::DrawTile;
    }

    /// The scoring part of the turn from `step` on, up to the next decision or
    /// the end of the turn. The steps run in one pass; `self.stage` records
    /// where to continue whenever a decision interrupts them.
    fn score_from(&mut self, mut step: Step, ev: &mut Events) {
        let me = self.active;
        let tile = self.placed.expect("scoring follows a placement") as usize;
        if step == Step::Ranger {
            step = Step::Baobabs { from: 0 };
            if self.displaced.is_some() {
                self.score(me, RANGER_POINTS, ScoreReason::Ranger, ev);
            }
        }
        if let Step::Baobabs { from } = step {
            if self.score_baobabs(tile, from, ev) {
                return;
            }
            step = Step::Feature { seg: 0, asking: None };
        }
        if let Step::Feature { mut seg, mut asking } = step {
            let segments = self.board.tiles[tile].design.kind().segments().len() as u8;
            while seg < segments {
                if self.score_feature(tile, seg, asking, ev) {
                    return;
                }
                asking = None;
                seg += 1;
            }
            if self.displaced.is_some() {
                // R-RANGER-4: the player puts the ranger back.
                self.stage = Stage::Score(Step::Returned);
                self.phase = Phase::Return;
                return;
            }
        }
        self.end_turn(ev);
    }

    /// R-BAOBAB-2, the placed tile first, then the ring row by row, from
    /// position `from`; only cells whose tile carries a baobab meeple are
    /// looked at. True when a token draw interrupts.
    fn score_baobabs(&mut self, tile: usize, from: u8, ev: &mut Events) -> bool {
        if self.baobab_meeples == 0 {
            return false;
        }
        let (found, tiles) = self.board.baobab_meeples_round(tile);
        let mut rest = found & (u16::MAX << from);
        while rest != 0 {
            let k = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let i = tiles[k as usize];
            let cell = self.board.tiles[i].pos;
            if !self.board.surrounded(cell) {
                continue;
            }
            let owner = self
                .board_mut()
                .take_baobab_meeple(i)
                .expect("only baobabs with a meeple are looked at");
            self.baobab_meeples -= 1;
            self.meeples[owner.index()] += 1;
            ev.push(Event::BaobabCompleted {
                pos: cell,
                player: owner,
            });
            ev.push(Event::MeepleReturned {
                player: owner,
                spot: MeepleSpot::Baobab { pos: cell },
            });
            self.stage = Stage::Score(Step::Baobabs { from: k + 1 });
            if self.start_tokens(owner.0, BAOBAB_TOKENS, ev) {
                return true;
            }
        }
        false
    }

    /// R-MAJ, R-TRAIL-3/4, R-BUSH-2 for segment `seg` of the placed tile, from
    /// the boost question `asking` on. True when a boost question interrupts.
    fn score_feature(&mut self, tile: usize, seg: u8, asking: Option<u8>, ev: &mut Events) -> bool {
        let next = Stage::Score(Step::Feature {
            seg: seg + 1,
            asking: None,
        });
        let t = self.board.tiles[tile];
        let node = t.node(seg as usize);
        let features = &self.board.features;
        let f = *features.get(node);
        let first_asked = match asking {
            Some(offset) => offset,
            None => {
                let root = features.find(node);
                let seen = (0..seg as usize).any(|j| features.find(t.node(j)) == root);
                if seen || !f.complete() {
                    self.stage = next;
                    return false;
                }
                ev.push(Event::FeatureCompleted {
                    kind: f.kind,
                    pos: t.pos,
                    seg,
                    animals: f.animals,
                    birds: f.birds,
                });
                if !f.has_meeples() {
                    self.stage = next; // R-MAJ-3
                    return false;
                }
                self.boosts = [None; MAX_PLAYERS];
                0
            }
        };
        let majority = f.majority();
        let n = self.players;
        for offset in first_asked..n {
            let p = (self.active + offset) % n;
            if majority[p as usize] && self.boost_tokens(PlayerId(p), &f).next().is_some() {
                self.stage = Stage::Score(Step::Feature {
                    seg,
                    asking: Some(offset + 1),
                });
                self.phase = Phase::Boost { player: PlayerId(p) };
                return true;
            }
        }
        let species = f.animals.species();
        let birds = if f.kind == FeatureKind::Bush { f.birds } else { 0 };
        for offset in 0..n {
            let p = (self.active + offset) % n;
            if majority[p as usize] {
                let boost = self.boosts[p as usize];
                let table = feature_points(species, boost.is_some());
                let reason = ScoreReason::Feature {
                    kind: f.kind,
                    species,
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

    /// The node of the trail or bush being scored, during its boost questions.
    pub(crate) fn scoring_node(&self) -> Option<Node> {
        match self.stage {
            Stage::Score(Step::Feature { seg, .. }) => {
                Some(self.board.tiles[self.placed? as usize].node(seg as usize))
            }
            _ => None,
        }
    }

    /// R-MAJ-2: every meeple on the feature goes home.
    fn return_feature_meeples(&mut self, node: Node, ev: &mut Events) {
        let meeples = &mut self.meeples;
        self.board
            .make_mut()
            .take_feature_meeples(node, |player, pos, seg| {
                meeples[player.index()] += 1;
                ev.push(Event::MeepleReturned {
                    player,
                    spot: MeepleSpot::Segment { pos, seg },
                });
            });
    }

    /// R-END-1: next player's turn, or the end of the game.
    fn end_turn(&mut self, ev: &mut Events) {
        self.placed = None;
        self.displaced = None;
        self.baobab_won = [AnimalCounts::default(); MAX_PLAYERS];
        self.stage = Stage::Idle;
        if self.tiles_left == 0 {
            self.final_scoring(ev);
        } else {
            self.active = (self.active + 1) % self.players;
            self.turn += 1;
            self.phase = Phase::DrawTile;
        }
    }

    /// R-END-2..5.
    pub(super) fn final_scoring(&mut self, ev: &mut Events) {
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

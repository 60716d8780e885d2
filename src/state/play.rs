//! Applying a move: `apply`, `apply_mut`, `apply_as`, and each move's
//! immediate effects (legality is checked first, in [`legality`](super::legality)).

use alloc::vec::Vec;

use super::scoring::{Stage, Step};
use super::Events;
use super::{GameState, Phase};
use crate::animals::Animal;
use crate::error::{IllegalReason, MoveError};
use crate::events::{Event, MeepleSpot, ScoreReason};
use crate::geometry::{Corner, Pos};
use crate::moves::{MeepleTarget, Move};
use crate::player::Owner;
use crate::player::{Actor, PlayerId, PlayerSet};
use crate::rules::{expand_points, BAOBAB_TOKENS, DIG_POINTS, HOLE_OWNER_POINTS};
use crate::tiles::Design;

impl GameState {
    /// Applies `mv` for whoever is to move.
    ///
    /// # Errors
    /// [`MoveError`] naming the move and the [`IllegalReason`] when `mv` is not
    /// legal now; `self` is unchanged either way.
    #[inline]
    pub fn apply(&self, mv: Move) -> Result<(GameState, Vec<Event>), MoveError> {
        self.check(mv).map_err(|reason| MoveError { mv, reason })?;
        let mut next = self.clone();
        let mut events = Events::new();
        next.perform(mv, &mut events);
        // One allocation of the exact size, none when nothing happened.
        Ok((next, events.to_vec()))
    }

    /// Applies `mv` for whoever is to move and returns the next state,
    /// without the events: [`GameState::apply`] for callers that do not
    /// show what happened.
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// let mv = state.legal_moves()[0];
    /// assert_eq!(state.play(mv).unwrap(), state.apply(mv).unwrap().0);
    /// ```
    ///
    /// # Errors
    /// [`MoveError`] naming the move and the [`IllegalReason`] when `mv` is not
    /// legal now; `self` is unchanged either way.
    #[inline]
    pub fn play(&self, mv: Move) -> Result<GameState, MoveError> {
        self.check(mv).map_err(|reason| MoveError { mv, reason })?;
        let mut next = self.clone();
        next.perform(mv, &mut Events::new());
        Ok(next)
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
        let mut buffer = Events::new();
        self.perform(mv, &mut buffer);
        events.extend_from_slice(&buffer);
        Ok(())
    }

    /// Applies `mv`, a move of [`GameState::legal_moves`] (or of
    /// [`GameState::generate_moves`], or a chance outcome of
    /// [`GameState::chance_outcomes`]) of this very position, in place,
    /// without checking its legality again, and appends the events to
    /// `events`: for search and simulation loops that only apply moves the
    /// generator produced (as chess engines' `play_unchecked`).
    ///
    /// For a legal move the resulting state and events are exactly those of
    /// [`GameState::apply_mut`]. The caller promises the move is legal: in
    /// debug builds an illegal move panics (a `debug_assert!`); in release
    /// builds it is not detected, and the state it leaves is unspecified
    /// (it may panic, or break the game's invariants). Moves from anywhere
    /// else (users, the network, files) go through [`GameState::apply_mut`].
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Setup};
    /// let mut state = GameState::new(&Setup::new(2)).unwrap();
    /// let mv = state.legal_moves()[0];
    /// let (next, events) = state.apply(mv).unwrap();
    /// let mut buffer = Vec::new();
    /// state.apply_unchecked(mv, &mut buffer);
    /// assert_eq!((state, buffer), (next, events));
    /// ```
    pub fn apply_unchecked(&mut self, mv: Move, events: &mut Vec<Event>) {
        debug_assert!(
            self.check(mv).is_ok(),
            "apply_unchecked: {mv} is illegal here ({:?})",
            self.check(mv)
        );
        let mut buffer = Events::new();
        self.perform(mv, &mut buffer);
        events.extend_from_slice(&buffer);
    }

    /// The state after `mv`, a move the generator produced for this very
    /// position, without the events and without checking its legality again:
    /// [`GameState::play`] as [`GameState::apply_unchecked`] is
    /// [`GameState::apply_mut`] (the same promise, the same `debug_assert!`).
    ///
    /// ```
    /// use carcassonne_safari::{GameState, Setup};
    /// let state = GameState::new(&Setup::new(2)).unwrap();
    /// let mv = state.legal_moves()[0];
    /// assert_eq!(state.play_unchecked(mv), state.play(mv).unwrap());
    /// ```
    pub fn play_unchecked(&self, mv: Move) -> GameState {
        debug_assert!(
            self.check(mv).is_ok(),
            "play_unchecked: {mv} is illegal here ({:?})",
            self.check(mv)
        );
        let mut next = self.clone();
        next.perform(mv, &mut Events::new());
        next
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

    // ------------------------------------------------------------------
    // Performing moves (legality already checked)

    pub(super) fn score(&mut self, player: u8, points: u8, reason: ScoreReason, ev: &mut Events) {
        self.set_score(player, self.scores[player as usize] + points as u32);
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
                self.change_hand(r as u8, a, true);
                self.change_pool(false, a, false);
                self.tokens_due -= 1;
                // Draws in the scoring step past the ranger are baobab completions.
                if !self.baobab_tokens_boost && matches!(self.stage, Stage::Score(Step::Baobabs { .. })) {
                    self.baobab_won[r].add(a);
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
                let i = self.board_mut().put(pos, design, rot, 0);
                self.placed = Some(i as u8);
                ev.push(Event::TilePlaced {
                    player: PlayerId(me),
                    design,
                    pos,
                    rotation: rot,
                });
                if let Some(r) = self.rangers.iter().position(|&r| r == Some(pos)) {
                    self.set_ranger(r, None);
                    self.displaced = Some(r as u8);
                    ev.push(Event::RangerDisplaced { from: pos });
                }
                self.phase = Phase::Action;
            }
            Move::Meeple(target) => {
                let tile = self.placed.expect("checked") as usize;
                let pos = self.board.tiles[tile].pos;
                self.meeples[me as usize] -= 1;
                self.stage = Stage::Score(Step::Ranger);
                match target {
                    MeepleTarget::Segment(s) => {
                        self.board_mut().put_meeple(tile, Some(s), PlayerId(me));
                        ev.push(Event::MeeplePlaced {
                            player: PlayerId(me),
                            spot: MeepleSpot::Segment { pos, seg: s },
                        });
                    }
                    MeepleTarget::Baobab => {
                        // R-BAOBAB-1: draw 2 tokens at once.
                        self.board_mut().put_meeple(tile, None, PlayerId(me));
                        self.baobab_meeples += 1;
                        ev.push(Event::MeeplePlaced {
                            player: PlayerId(me),
                            spot: MeepleSpot::Baobab { pos },
                        });
                        if self.start_tokens(me, BAOBAB_TOKENS, ev) {
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
                self.set_ranger(r, Some(to));
                ev.push(Event::RangerMoved { from, to });
                self.end_action(ev);
            }
            Move::Dig(pos, c, a) => {
                let t = self.board.index_at(pos).expect("checked");
                self.board_mut().put_water_token(t, c, a, Owner::of(PlayerId(me)));
                self.change_hand(me, a, false);
                self.meeples[me as usize] -= 1;
                ev.push(Event::HoleDug {
                    player: PlayerId(me),
                    pos,
                    corner: c,
                    animal: a,
                });
                ev.push(Event::MeeplePlaced {
                    player: PlayerId(me),
                    spot: MeepleSpot::Hole { pos, corner: c },
                });
                self.score(me, DIG_POINTS, ScoreReason::Dig, ev);
                self.end_action(ev);
            }
            Move::Expand(pos, c, a) => self.expand(pos, c, a, ev),
            Move::Pass => self.end_action(ev),
            Move::Boost(a) => {
                let Phase::Boost { player } = self.phase else {
                    unreachable!("checked")
                };
                self.change_hand(player.0, a, false);
                self.change_pool(true, a, true); // R-TOKEN-3
                self.boosts[player.index()] = Some(a);
                ev.push(Event::BoostUsed { player, animal: a });
                self.run(ev);
            }
            Move::NoBoost => self.run(ev),
            Move::Return(to) => {
                let r = self.displaced.expect("checked") as usize;
                self.set_ranger(r, Some(to));
                ev.push(Event::RangerReturned { to });
                self.run(ev);
            }
        }
    }

    fn end_action(&mut self, ev: &mut Events) {
        self.stage = Stage::Score(Step::Ranger);
        self.run(ev);
    }

    /// R-PLACE-2 and DESIGN decision 2.
    fn draw_tile(&mut self, d: Design, ev: &mut Events) {
        self.take_from_pile(d);
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
        let vertex = self.board_mut().put_water_token(t, c, a, Owner::NOBODY);
        let (v, filled) = (vertex.at, vertex.filled() as u8);
        self.change_hand(me, a, false);
        ev.push(Event::HoleExpanded {
            player: PlayerId(me),
            pos,
            corner: c,
            animal: a,
            tokens: filled,
        });
        // 2nd, 3rd, 4th token: 4, 5, 6 points.
        self.score(me, expand_points(filled), ScoreReason::Expand { nth: filled }, ev);
        if filled == 4 {
            ev.push(Event::HoleCompleted { vertex: v });
            let mut owners = PlayerSet::default();
            for s in 0..4u8 {
                if let Some(player) = vertex.meeples[s as usize].player() {
                    owners.insert(player);
                    self.meeples[player.index()] += 1;
                    let (cell, corner) = Corner::of_slot(v, s);
                    ev.push(Event::MeepleReturned {
                        player,
                        spot: MeepleSpot::Hole { pos: cell, corner },
                    });
                }
            }
            self.board_mut().clear_hole_meeples(v);
            for o in owners.iter() {
                self.score(o.0, HOLE_OWNER_POINTS, ScoreReason::HoleCompleted, ev);
            }
        }
        self.end_action(ev);
    }

    /// Begins drawing `n` tokens for `player`; true when a draw decision is next.
    pub(super) fn start_tokens(&mut self, player: u8, n: u8, ev: &mut Events) -> bool {
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
            self.reshuffle();
            ev.push(Event::SupplyReshuffled {
                tokens: self.supply.total(),
            });
        }
        self.phase = Phase::DrawToken {
            player: PlayerId(self.receiver),
        };
        true
    }
}

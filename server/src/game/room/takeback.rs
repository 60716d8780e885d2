//! Take-backs (`docs/protocol.md`, *Take-backs*): a person asks to take back
//! their last move, the other people who play accept or decline, and once
//! every one of them accepted the move is taken back.
//!
//! Only the game's last move can be taken back, and only by the seat that
//! made it: a chance draw after a move (the next tile, a token) ends what
//! its player may take back, so no one takes back a move after seeing what
//! chance did next. Taking back is stored as a row of its own among the
//! moves (its notation is [`TAKEBACK`]), so that `seq` only grows and a
//! restart replays it; a request waiting for its answers lives in the room's
//! memory only (a restart, a move, a decline or the time limit drops it).

use std::sync::Arc;
use std::time::Duration;

use carcassonne_safari::{Actor, Move, PlayerId};

use crate::clock::now_ms;
use crate::game::protocol::{ErrorCode, Frame, Rejection, ServerMessage, TakebackMessage, TakebackOutcome};
use crate::store::{Append, Appended, Store};
use crate::tokens::GameId;

use super::game::Game;
use super::line::TAKEBACK;
use super::pending::Pending;
use super::{Broadcast, Room};

impl Game {
    /// Per seat, whether its answer to `seat`'s take-back is needed: the
    /// other people's seats that were taken and that no bot plays now.
    fn takeback_needed(&self, seat: u8) -> Vec<bool> {
        (0..self.seats.len())
            .map(|s| {
                s != usize::from(seat)
                    && self.hashes[s].is_some()
                    && self.seats[s].claimed
                    && self.seats[s].bot.is_none()
            })
            .collect()
    }

    fn takeback_message(&self, id: &GameId, outcome: TakebackOutcome, by: Option<u8>) -> Option<Frame> {
        let pending = self.takeback.as_ref()?;
        Some(
            ServerMessage::Takeback(TakebackMessage {
                game: id.as_str(),
                outcome,
                by,
                request: pending.state(),
            })
            .to_frame(),
        )
    }

    /// Why `seat` has nothing to take back, if so: its own move must be the
    /// last in play.
    fn nothing_to_take_back(&self, seat: u8) -> Option<String> {
        match self.line.last() {
            Some((_, Actor::Player(p))) if p == PlayerId(seat) => None,
            Some((_, Actor::Player(p))) => Some(format!(
                "the last move is seat {}'s, not seat {seat}'s: a seat takes back only its own last move",
                p.0
            )),
            Some((draw, Actor::Chance)) => Some(format!(
                "the last move is a chance draw (`{draw}`): a move is not taken back once a draw followed it"
            )),
            None => Some("no move has been made".into()),
        }
    }
}

impl Room {
    /// Seat `seat`'s person asks to take back its last move, seen at
    /// `seq`. Announced to every connection; when no one else's answer is
    /// needed (the others are bots), taken back at once. A request nobody
    /// finished answering lapses after `wait`.
    ///
    /// # Errors
    /// A [`Rejection`], the game unchanged: a bot plays the seat
    /// (`seat_is_bot`), the game is over (`game_over`), `seq` is not the
    /// game's (`stale`), a take-back is waiting already
    /// (`takeback_pending`), the last move is not the seat's
    /// (`nothing_to_take_back`), the database failed (`internal`).
    pub(crate) async fn ask_takeback(
        self: &Arc<Self>,
        store: &Store,
        seat: u8,
        seq: u64,
        wait: Duration,
    ) -> Result<(), Rejection> {
        let mut g = self.game.lock().await;
        let Some(info) = g.seats.get(usize::from(seat)) else {
            return Err(Rejection::new(ErrorCode::NotAsked, "no such seat"));
        };
        if info.bot.is_some() {
            return Err(Rejection::new(
                ErrorCode::SeatIsBot,
                "a bot plays this seat now: its moves are not taken back",
            ));
        }
        if g.line.state().is_over() {
            return Err(Rejection::new(
                ErrorCode::GameOver,
                "the game is over: its moves stay",
            ));
        }
        if seq != g.seq {
            return Err(Rejection::stale(g.seq));
        }
        if let Some(p) = &g.takeback {
            return Err(Rejection::new(
                ErrorCode::TakebackPending,
                format!(
                    "seat {} asked for a take-back already: it waits for its answers",
                    p.seat
                ),
            ));
        }
        if let Some(why) = g.nothing_to_take_back(seat) {
            return Err(Rejection::new(ErrorCode::NothingToTakeBack, why));
        }
        let needed = g.takeback_needed(seat);
        let mut agreed = vec![false; needed.len()];
        agreed[usize::from(seat)] = true;
        g.takeback_serial += 1;
        let serial = g.takeback_serial;
        g.takeback = Some(Pending {
            seat,
            seq,
            mv: g.line.moves().last().map(Move::to_string).unwrap_or_default(),
            agreed,
            needed,
            serial,
        });
        tracing::info!(game = %self.id, seat, seq, "a take-back was asked for");
        if g.takeback.as_ref().is_some_and(Pending::done) {
            // Nobody else's answer is needed (bots play every other seat):
            // taken back now, or nothing waits.
            let done = self.take_back(&mut g, store).await;
            g.takeback = None;
            return done;
        }
        g.snapshot = None;
        self.announce(&g, TakebackOutcome::Asked, None);
        let room = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let mut g = room.game.lock().await;
            if g.takeback.as_ref().is_some_and(|p| p.serial == serial) {
                tracing::info!(game = %room.id, seat, "a take-back was not answered in time");
                room.drop_takeback(&mut g, TakebackOutcome::Expired);
            }
        });
        Ok(())
    }

    /// Seat `seat`'s person accepts (`accept`) or declines the take-back
    /// asked for at `seq`. A decline drops it; the last acceptance needed
    /// takes the move back.
    ///
    /// # Errors
    /// A [`Rejection`], the game unchanged: no take-back waits at `seq`
    /// (`no_takeback`), the seat's answer is not needed (`not_asked`), the
    /// database failed (`internal`: the acceptance is counted; answer again)
    /// or another server stored a move first (`stale`).
    pub(crate) async fn answer_takeback(
        &self,
        store: &Store,
        seat: u8,
        seq: u64,
        accept: bool,
    ) -> Result<(), Rejection> {
        let mut g = self.game.lock().await;
        let Some(p) = g.takeback.as_mut() else {
            return Err(Rejection::new(
                ErrorCode::NoTakeback,
                "no take-back is waiting for an answer",
            ));
        };
        if p.seq != seq {
            return Err(Rejection::new(
                ErrorCode::NoTakeback,
                format!("the take-back waiting was asked for at seq {}, not {seq}", p.seq),
            ));
        }
        let i = usize::from(seat);
        if p.seat == seat {
            return Err(Rejection::new(
                ErrorCode::NotAsked,
                "a seat does not answer its own take-back",
            ));
        }
        if !p.needed.get(i).copied().unwrap_or(false) {
            return Err(Rejection::new(
                ErrorCode::NotAsked,
                "this seat's answer is not needed: only the people playing the other seats answer",
            ));
        }
        if !accept {
            tracing::info!(game = %self.id, seat, "a take-back was declined");
            self.drop_takeback_by(&mut g, TakebackOutcome::Declined, Some(seat));
            return Ok(());
        }
        p.agreed[i] = true;
        if p.done() {
            return self.take_back(&mut g, store).await;
        }
        g.snapshot = None;
        self.announce(&g, TakebackOutcome::Asked, None);
        Ok(())
    }

    /// Sends the `takeback` message of the request waiting.
    fn announce(&self, g: &Game, outcome: TakebackOutcome, by: Option<u8>) {
        if let Some(text) = g.takeback_message(&self.id, outcome, by) {
            let _ = self.updates.send(Arc::new(Broadcast::Takeback(text)));
        }
    }

    /// Drops the take-back waiting, if any, announcing why.
    pub(super) fn drop_takeback(&self, g: &mut Game, outcome: TakebackOutcome) {
        self.drop_takeback_by(g, outcome, None);
    }

    fn drop_takeback_by(&self, g: &mut Game, outcome: TakebackOutcome, by: Option<u8>) {
        if g.takeback.is_none() {
            return;
        }
        self.announce(g, outcome, by);
        g.takeback = None;
        g.snapshot = None;
    }

    /// Takes the last move back: stored, then applied and announced (the
    /// `takeback` message, then the whole state to every connection).
    async fn take_back(&self, g: &mut Game, store: &Store) -> Result<(), Rejection> {
        let from = g.seq;
        let mut line = g.line.clone();
        line.take_back().map_err(|e| {
            tracing::error!(game = %self.id, error = %e, "the last move could not be taken back");
            Rejection::new(ErrorCode::Internal, "the move could not be taken back")
        })?;
        let at_ms = now_ms();
        let append = Append {
            game: self.id.clone(),
            from,
            moves: vec![TAKEBACK.into()],
            at_ms,
            finished: false,
        };
        match store.append(append).await {
            Ok(Appended::Stored) => {}
            Ok(Appended::Conflict) => {
                // Another server stored a move first: the request lapses.
                self.catch_up_locked(g, store).await;
                return Err(Rejection::stale(g.seq));
            }
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "a take-back could not be stored");
                return Err(Rejection::new(
                    ErrorCode::Internal,
                    "the take-back could not be stored; nothing changed: answer again",
                ));
            }
        }
        g.line = line;
        g.seq += 1;
        g.last_move_ms = at_ms;
        tracing::info!(game = %self.id, seq = g.seq, "a move was taken back");
        self.drop_takeback(g, TakebackOutcome::Accepted);
        let _ = self.updates.send(Arc::new(Broadcast::Reset { seq: g.seq }));
        Ok(())
    }
}

//! Playing a move: checked by the engine, the chance draws after it
//! sampled, all stored in one commit, then applied and announced; and the
//! moves another server stored, taken.

use std::sync::Arc;

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::view::{GameView, LogEntry};
use carcassonne_safari::{Actor, Move, PlayerId};
use rand_core::{OsRng, UnwrapErr};

use crate::clock::now_ms;
use crate::game::protocol::{ErrorCode, Frame, Rejection, ServerMessage, TakebackOutcome, UpdateMessage};
use crate::store::{Append, Appended, Store};

use super::game::Game;
use super::{Broadcast, Mover, Room};

impl Room {
    /// Plays a move for `mover`, if it is `mover`'s decision at `seq` and the
    /// engine allows it; then the chance draws that follow, sampled from the
    /// operating system now. All are committed in one append before they are
    /// applied here and announced. Returns the seat of a bot that is to move
    /// next, if any.
    ///
    /// # Errors
    /// A [`Rejection`] saying why; the game is unchanged.
    pub async fn submit(
        &self,
        store: &Store,
        mover: Mover,
        seq: u64,
        mv: Move,
    ) -> Result<Option<u8>, Rejection> {
        let mut g = self.game.lock().await;
        let (seat, by_bot) = match mover {
            Mover::Person(s) => (s, false),
            Mover::Bot(s) => (s, true),
        };
        let Some(info) = g.seats.get(usize::from(seat)) else {
            return Err(Rejection::new(ErrorCode::NotYourTurn, "no such seat"));
        };
        if info.bot.is_some() != by_bot {
            return Err(if by_bot {
                Rejection::new(ErrorCode::NotYourTurn, "the seat is no longer a bot's")
            } else {
                Rejection::new(ErrorCode::SeatIsBot, "a bot plays this seat now")
            });
        }
        let state = g.line.state();
        if state.is_over() {
            return Err(Rejection::new(ErrorCode::GameOver, "the game is over"));
        }
        let current = g.seq;
        if seq != current {
            return Err(Rejection::stale(current));
        }
        let step = g.line.moves().len();
        let me = Actor::Player(PlayerId(seat));
        if state.to_move() != Some(me) {
            let who = match state.to_move() {
                Some(Actor::Player(p)) => format!("seat {}", p.0),
                _ => "chance".into(),
            };
            return Err(Rejection::new(
                ErrorCode::NotYourTurn,
                format!("it is {who}'s decision, not seat {seat}'s"),
            ));
        }
        let (state, events) = state
            .apply(mv)
            .map_err(|e| Rejection::new(ErrorCode::IllegalMove, e.to_string()))?;
        let mut entries = vec![LogEntry {
            step,
            actor: me,
            mv,
            events,
        }];
        let played = state.play_chance(Sampled(UnwrapErr(OsRng))).map_err(|e| {
            tracing::error!(game = %self.id, error = %e, "the draws after a move failed");
            Rejection::new(ErrorCode::Internal, "the server could not draw")
        })?;
        for (draw, events) in played.draws {
            entries.push(LogEntry {
                step: step + entries.len(),
                actor: Actor::Chance,
                mv: draw,
                events,
            });
        }
        let state = played.state;
        let at_ms = now_ms();
        let append = Append {
            game: self.id.clone(),
            from: current,
            moves: entries.iter().map(|e| e.mv.to_string()).collect(),
            at_ms,
            finished: state.is_over(),
        };
        match store.append(append).await {
            Ok(Appended::Stored) => {}
            Ok(Appended::Conflict) => {
                // Another server stored this step first: take its moves.
                self.catch_up_locked(&mut g, store).await;
                return Err(Rejection::stale(g.seq));
            }
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "a move could not be stored");
                return Err(Rejection::new(
                    ErrorCode::Internal,
                    "the move could not be stored; nothing changed, try again",
                ));
            }
        }
        tracing::debug!(game = %self.id, seat, step = current, moves = entries.len(), "moves stored");
        g.line.extend(&entries, state);
        g.seq += entries.len() as u64;
        g.last_move_ms = at_ms;
        if g.line.state().is_over() {
            tracing::info!(game = %self.id, moves = g.line.moves().len(), scores = ?g.line.state().scores(), "game over");
        }
        self.publish(&mut g, current, &entries);
        self.drop_takeback(&mut g, TakebackOutcome::Cancelled);
        Ok(g.bot_to_move())
    }

    /// Announces moves just applied.
    fn publish(&self, g: &mut Game, from: u64, entries: &[LogEntry]) {
        g.snapshot = None;
        let seq = g.seq;
        let status = g.status();
        let view = GameView::new(g.line.state());
        let message = |view| {
            Frame::from(
                ServerMessage::Update(UpdateMessage {
                    game: self.id.as_str(),
                    from,
                    seq,
                    status,
                    entries,
                    view,
                })
                .to_json(),
            )
        };
        let _ = self.updates.send(Arc::new(Broadcast::Update {
            from,
            seq,
            full: message(Some(&view)),
            lean: message(None),
        }));
    }

    /// Takes the moves another server stored since this room's last one
    /// (PostgreSQL), applies them and announces them. Returns the seat of a
    /// bot that is to move next, if any.
    pub async fn catch_up(&self, store: &Store) -> Option<u8> {
        let mut g = self.game.lock().await;
        self.catch_up_locked(&mut g, store).await;
        g.bot_to_move()
    }

    pub(super) async fn catch_up_locked(&self, g: &mut Game, store: &Store) {
        let from = g.seq;
        let texts = match store.moves_from(&self.id, from).await {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "could not read new moves");
                return;
            }
        };
        if texts.is_empty() {
            return;
        }
        let mut entries = Vec::with_capacity(texts.len());
        let mut line = g.line.clone();
        // A take-back among the rows: the connections are sent the whole
        // state instead of an update.
        let mut taken_back = false;
        let mut read = 0;
        for (i, text) in texts.iter().enumerate() {
            match line.apply_row(text) {
                Ok(Some(entry)) => entries.push(entry),
                Ok(None) => taken_back = true,
                Err(e) => {
                    tracing::error!(game = %self.id, row = from as usize + i, error = %e, "a stored row does not apply");
                    break;
                }
            }
            read = i + 1;
        }
        if read == 0 {
            return;
        }
        g.line = line;
        g.seq = from + read as u64;
        g.last_move_ms = now_ms();
        if taken_back {
            g.snapshot = None;
            let _ = self.updates.send(Arc::new(Broadcast::Reset { seq: g.seq }));
        } else {
            self.publish(g, from, &entries);
        }
        self.drop_takeback(g, TakebackOutcome::Cancelled);
    }
}

//! A finished game's rematch as its room keeps it: which people asked for
//! one (or agreed to it), and the new game once every one of them had.

use std::sync::Arc;

use crate::game::protocol::{
    ErrorCode, Frame, Handed, Rejection, RematchMessage, RematchState, Rules, ServerMessage,
};
use crate::store::{Store, StoredSeat};
use crate::tokens::GameId;

use super::game::Game;
use super::open::NewGame;
use super::{Broadcast, Room};

/// What a seat's request for a rematch came to.
pub(crate) enum Asked {
    /// Stored, or asked before: the `rematch` message for the asking
    /// connection alone when nothing changed (`None`: it went to every
    /// connection).
    Told(Option<Frame>),
    /// Every person has asked: the new game to open.
    Ready(NewGame),
}

impl Game {
    /// Whether a seat's person has a say: a person's seat that was taken,
    /// not handed to a bot by the host.
    fn must_agree(&self, seat: usize) -> bool {
        self.hashes[seat].is_some()
            && self.seats[seat].claimed
            && self.seats[seat].handed != Some(Handed::Host)
    }

    pub(super) fn rematch_message(&self, id: &GameId) -> Frame {
        ServerMessage::Rematch(RematchMessage {
            game: id.as_str(),
            rematch: RematchState {
                asked: &self.rematch,
                next: self.rematch_game.as_ref().map(GameId::as_str),
            },
        })
        .to_frame()
    }

    /// The rematch's new game: the same rules, seats (their names, tokens
    /// and bots) and options, none of its seats asking for a rematch yet,
    /// not listed; a new id (and a new deal).
    fn rematch_plan(&self) -> NewGame {
        let seats = self
            .seats
            .iter()
            .zip(&self.hashes)
            .map(|(s, hash)| {
                let for_host = s.handed == Some(Handed::Host);
                StoredSeat {
                    seat: s.seat,
                    name: s.name.clone(),
                    token_hash: hash.clone(),
                    // A seat created for a bot, or handed to one by the host,
                    // stays the bot's; a seat a bot played while its person
                    // was away is the person's again.
                    bot: if hash.is_none() || for_host {
                        s.bot.clone()
                    } else {
                        None
                    },
                    handed: for_host.then_some(Handed::Host),
                    claimed: s.claimed || hash.is_none(),
                    rematch: false,
                }
            })
            .collect();
        NewGame {
            id: GameId::random(),
            setup: Rules::of(self.line.setup()).setup(self.seats.len()),
            seats,
            host_hash: self.host_hash.clone(),
            listed: false,
            idle_secs: self.idle_secs,
            idle_bot: self.idle_bot.clone(),
        }
    }
}

impl Room {
    /// Seat `seat`'s person asks for a rematch (or agrees to one): stored,
    /// then announced.
    ///
    /// # Errors
    /// A [`Rejection`]: the game is not over (`not_over`), the host handed
    /// the seat to a bot (`seat_is_bot`), the database failed (`internal`).
    pub(crate) async fn ask_rematch(&self, store: &Store, seat: u8) -> Result<Asked, Rejection> {
        let mut g = self.game.lock().await;
        if !g.line.state().is_over() {
            return Err(Rejection::new(
                ErrorCode::NotOver,
                "the game is not over: a rematch follows a finished game",
            ));
        }
        let i = usize::from(seat);
        if !g.must_agree(i) {
            return Err(Rejection::new(
                ErrorCode::SeatIsBot,
                "the host handed this seat to a bot: its bot plays the rematch",
            ));
        }
        if g.rematch_game.is_some() {
            return Ok(Asked::Told(Some(g.rematch_message(&self.id))));
        }
        if !g.rematch[i] {
            if let Err(e) = store.ask_rematch(&self.id, seat).await {
                tracing::warn!(game = %self.id, seat, error = %e, "a rematch request could not be stored");
                return Err(Rejection::new(
                    ErrorCode::Internal,
                    "the request could not be stored: nothing changed, try again",
                ));
            }
            tracing::info!(game = %self.id, seat, "a rematch was asked for");
        }
        // The requests as stored: those made through another server count
        // too, so that whichever request comes last (and reads last) sees
        // them all.
        let asked: Vec<bool> = match store.seats(&self.id).await {
            Ok(seats) if seats.len() == g.seats.len() => seats.iter().map(|s| s.rematch).collect(),
            Ok(_) => return Err(Rejection::new(ErrorCode::Internal, "the seats do not read back")),
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "could not read the rematch requests");
                return Err(Rejection::new(
                    ErrorCode::Internal,
                    "the requests could not be read back: ask again",
                ));
            }
        };
        let changed = asked != g.rematch;
        if changed {
            g.rematch = asked;
            g.snapshot = None;
            let text = g.rematch_message(&self.id);
            let _ = self.updates.send(Arc::new(Broadcast::Rematch(text)));
        }
        if (0..g.seats.len()).all(|s| g.rematch[s] || !g.must_agree(s)) {
            return Ok(Asked::Ready(g.rematch_plan()));
        }
        Ok(Asked::Told((!changed).then(|| g.rematch_message(&self.id))))
    }

    /// The rematch exists (created here or by another server): announced
    /// once.
    pub(crate) async fn rematch_made(&self, next: GameId) {
        let mut g = self.game.lock().await;
        if g.rematch_game.is_some() {
            return;
        }
        tracing::info!(game = %self.id, next = %next, "a rematch was created");
        g.rematch_game = Some(next);
        g.snapshot = None;
        let text = g.rematch_message(&self.id);
        let _ = self.updates.send(Arc::new(Broadcast::Rematch(text)));
    }

    /// Reads the rematch's state again (after a change on another server):
    /// the seats' requests and the new game; announces a change.
    pub(super) async fn reload_rematch(&self, g: &mut Game, store: &Store, asked: Vec<bool>) {
        let mut next = g.rematch_game.clone();
        if next.is_none() && g.line.state().is_over() && asked.iter().any(|&a| a) {
            match store.rematch_game(&self.id).await {
                Ok(n) => next = n,
                Err(e) => tracing::warn!(game = %self.id, error = %e, "could not read the rematch"),
            }
        }
        if asked == g.rematch && next == g.rematch_game {
            return;
        }
        g.rematch = asked;
        g.rematch_game = next;
        g.snapshot = None;
        let text = g.rematch_message(&self.id);
        let _ = self.updates.send(Arc::new(Broadcast::Rematch(text)));
    }
}

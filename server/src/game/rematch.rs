//! A finished game's rematch (`docs/protocol.md`, `rematch`): each person
//! asks for one (or agrees to it); once every person has, the server deals
//! a new game of the same seats, stores it with the link from the finished
//! game in one commit, and announces where it is.

use std::sync::Arc;

use super::protocol::{ErrorCode, Frame, Rejection};
use super::room::open::OpenError;
use super::room::rematch::Asked;
use super::room::Room;
use super::Hub;

fn unavailable(message: &str) -> Rejection {
    Rejection::new(ErrorCode::Internal, message)
}

/// Seat `seat`'s person asks for a rematch of `room`'s finished game, or
/// agrees to it. Returns a `rematch` message for this connection alone
/// when nothing changed; a change goes to every connection of the game.
///
/// # Errors
/// A [`Rejection`]: the game is not over, the seat's person has no say, the
/// server holds as many games as it may or the database failed.
pub(crate) async fn ask(hub: &Arc<Hub>, room: &Arc<Room>, seat: u8) -> Result<Option<Frame>, Rejection> {
    let new = match room.ask_rematch(hub.store(), seat).await? {
        Asked::Told(text) => return Ok(text),
        Asked::Ready(new) => new,
    };
    if hub.at_capacity() {
        return Err(unavailable(
            "the server holds as many games as it may: ask again later",
        ));
    }
    let next = match hub.open_game(new, Some(room.id())).await {
        Ok(new) => new.id().clone(),
        // Another connection or server made it first.
        Err(OpenError::RematchMade) => match hub.store().rematch_game(room.id()).await {
            Ok(Some(id)) => id,
            Ok(None) => return Err(unavailable("the rematch could not be stored: try again")),
            Err(e) => {
                tracing::warn!(game = %room.id(), error = %e, "could not read a rematch");
                return Err(unavailable("the rematch could not be read: try again"));
            }
        },
        Err(OpenError::Store(_)) => return Err(unavailable("the rematch could not be stored: try again")),
        Err(_) => return Err(unavailable("the rematch could not be dealt")),
    };
    room.rematch_made(next).await;
    Ok(None)
}

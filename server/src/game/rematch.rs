//! A finished game's rematch (`docs/protocol.md`, `rematch`): each person
//! asks for one (or agrees to it); once every person has, the server deals
//! a new game of the same seats, stores it with the link from the finished
//! game in one commit, and announces where it is.

use std::sync::Arc;

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::GameState;
use rand_core::{OsRng, UnwrapErr};
use tungstenite::Utf8Bytes;

use crate::clock::now_ms;
use crate::store::StoredGame;
use crate::tokens::GameId;

use super::protocol::{ErrorCode, Rejection};
use super::room::{Asked, Room};
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
pub(crate) async fn ask(hub: &Arc<Hub>, room: &Arc<Room>, seat: u8) -> Result<Option<Utf8Bytes>, Rejection> {
    let plan = match room.ask_rematch(hub.store(), seat).await? {
        Asked::Told(text) => return Ok(text),
        Asked::Ready(plan) => plan,
    };
    if hub.unfinished_games() >= hub.config().max_games {
        return Err(unavailable(
            "the server holds as many games as it may: ask again later",
        ));
    }
    let state = GameState::new(&plan.setup).map_err(|e| {
        tracing::error!(game = %room.id(), error = %e, "a rematch's setup was refused");
        unavailable("the rematch could not be dealt")
    })?;
    // The draws before the first decision, from the operating system now.
    let played = state.play_chance(Sampled(UnwrapErr(OsRng))).map_err(|e| {
        tracing::error!(game = %room.id(), error = %e, "a rematch's first draws failed");
        unavailable("the rematch could not be dealt")
    })?;
    let now = now_ms();
    let stored = StoredGame {
        id: GameId::random(),
        created_ms: now,
        last_move_ms: now,
        setup: serde_json::to_string(&plan.setup).expect("a setup serialises"),
        host_hash: plan.host_hash,
        listed: false,
        idle_secs: plan.idle_secs,
        idle_bot: plan.idle_bot,
        finished: played.state.is_over(),
        seats: plan.seats,
        moves: played.moves().map(|draw| draw.to_string()).collect(),
        rematch_game: None,
    };
    let next = match hub.store().create_rematch(room.id(), &stored).await {
        Ok(true) => {
            let id = stored.id.clone();
            let new = Room::from_stored(stored, hub.config().send_queue).map_err(|e| {
                tracing::error!(error = %e, "a rematch does not replay");
                unavailable("the rematch could not be dealt")
            })?;
            hub.insert(new);
            id
        }
        // Another connection or server made it first.
        Ok(false) => match hub.store().rematch_game(room.id()).await {
            Ok(Some(id)) => id,
            Ok(None) => return Err(unavailable("the rematch could not be stored: try again")),
            Err(e) => {
                tracing::warn!(game = %room.id(), error = %e, "could not read a rematch");
                return Err(unavailable("the rematch could not be read: try again"));
            }
        },
        Err(e) => {
            tracing::warn!(game = %room.id(), error = %e, "a rematch could not be stored");
            return Err(unavailable("the rematch could not be stored: try again"));
        }
    };
    room.rematch_made(next).await;
    Ok(None)
}

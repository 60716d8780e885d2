//! The WebSocket endpoint of a game, `GET /api/games/{id}/ws`: checks the
//! origin and the limits, then runs a [`Session`] over the socket with
//! heartbeats.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::time::Instant;

use crate::game::protocol::Frame;
use crate::game::session::{Outgoing, Session, CLOSE_RESTART, CLOSE_SILENT};
use crate::game::Hub;

use super::error::ApiError;
use super::extract::{AllowedOrigin, GameRoom};

/// How long a closing connection's unread input is read and discarded,
/// waiting for the client's close frame.
const DRAIN: Duration = Duration::from_secs(5);

/// How long a connection whose input can no longer be read (a frame over the
/// limit, text that is not UTF-8) is kept open after its close frame, so
/// that the close frame leaves before the socket's unread input resets it.
const LINGER: Duration = Duration::from_secs(2);

/// The close code for a message over the frame limit (RFC 6455: too big).
pub const CLOSE_TOO_BIG: u16 = 1009;

/// The close code for a text frame that is not UTF-8 (RFC 6455: invalid
/// payload data).
pub const CLOSE_NOT_UTF8: u16 = 1007;

/// The close code for a frame that breaks the WebSocket protocol.
pub const CLOSE_PROTOCOL: u16 = 1002;

/// The close code and reason for an error reading the socket, when the
/// client caused it (and can still be told); `None` when the connection is
/// gone.
fn read_error_close(error: axum::Error) -> Option<(u16, &'static str)> {
    use tungstenite::Error;
    let inner = error.into_inner();
    match inner.downcast_ref::<Error>()? {
        Error::Capacity(_) => Some((CLOSE_TOO_BIG, "message too big")),
        Error::Utf8(_) => Some((CLOSE_NOT_UTF8, "text that is not UTF-8")),
        Error::Protocol(_) => Some((CLOSE_PROTOCOL, "protocol error")),
        _ => None,
    }
}

/// Upgrades to a WebSocket on a game: 403 for a foreign origin, 404 for no
/// such game, 503 over the connection limit.
pub(super) async fn upgrade(
    ws: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    _: AllowedOrigin,
    GameRoom(room): GameRoom,
) -> Response {
    if !hub.connect() {
        return ApiError::Busy.into_response();
    }
    let frame = hub.config().max_frame_bytes;
    ws.max_message_size(frame)
        .max_frame_size(frame)
        .on_failed_upgrade({
            let hub = hub.clone();
            move |_| hub.disconnect()
        })
        .on_upgrade(move |socket| async move {
            let session = Session::new(hub.clone(), room);
            run(socket, session, &hub).await;
            hub.disconnect();
        })
        .into_response()
}

/// Serves one socket until either side closes it, it goes silent past three
/// heartbeats, the client breaks the rate limit, or the server stops.
async fn run(socket: WebSocket, mut session: Session, hub: &Hub) {
    let (mut sink, mut stream) = socket.split();
    let beat = Duration::from_secs(hub.config().heartbeat_secs.max(1));
    let mut heartbeat = tokio::time::interval_at(Instant::now() + beat, beat);
    let mut last_heard = Instant::now();
    let mut stopping = hub.stopping();
    loop {
        let out = tokio::select! {
            frame = stream.next() => {
                let frame = match frame {
                    None => break,
                    Some(Ok(frame)) => frame,
                    Some(Err(e)) => {
                        // The stream ends at its first error: what the
                        // client still sends cannot be read (nor drained).
                        if let Some((code, reason)) = read_error_close(e) {
                            tracing::debug!(game = %session.game(), code, reason, "a connection's input broke the protocol");
                            let _ = sink
                                .send(Message::Close(Some(CloseFrame { code, reason: reason.into() })))
                                .await;
                            let _ = sink.close().await;
                            tokio::select! {
                                _ = tokio::time::sleep(LINGER) => {}
                                _ = stopping.changed() => {}
                            }
                        }
                        return;
                    }
                };
                last_heard = Instant::now();
                match frame {
                    Message::Text(text) => session.on_text(text.as_str()).await,
                    Message::Binary(bytes) => session.on_binary(bytes.len()),
                    // Pings are answered by the WebSocket layer; pongs only
                    // show that the client is alive.
                    Message::Ping(_) | Message::Pong(_) => Vec::new(),
                    Message::Close(_) => break,
                }
            }
            out = session.next_update() => out,
            _ = heartbeat.tick() => {
                if last_heard.elapsed() > beat * 3 {
                    vec![Outgoing::Close(CLOSE_SILENT, "no heartbeat")]
                } else {
                    let _ = sink.send(Message::Ping(Default::default())).await;
                    Vec::new()
                }
            }
            _ = stopping.changed() => vec![Outgoing::Close(CLOSE_RESTART, "server restarting")],
        };
        for o in out {
            match o {
                Outgoing::Text(frame) => {
                    let Some(text) = text_frame(frame) else {
                        // Never: a frame's text is a `str`.
                        return;
                    };
                    if sink.send(Message::Text(text)).await.is_err() {
                        return;
                    }
                }
                Outgoing::Close(code, reason) => {
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame {
                            code,
                            reason: reason.into(),
                        })))
                        .await;
                    let _ = sink.close().await;
                    // A silent client sends nothing to drain, nor its close
                    // frame.
                    if code != CLOSE_SILENT {
                        drain(&mut stream).await;
                    }
                    return;
                }
            }
        }
    }
}

/// The WebSocket's text of a game's [`Frame`]: its buffer is the frame
/// itself (shared, not copied). `None` never happens (a frame's text is a
/// `str`, so UTF-8).
fn text_frame(frame: Frame) -> Option<Utf8Bytes> {
    Utf8Bytes::try_from(tungstenite::Bytes::from_owner(frame)).ok()
}

/// Reads and discards what the client sent after the server's close frame,
/// until its own close frame or the end of the stream, for at most [`DRAIN`].
///
/// A socket dropped with input still unread is reset by the kernel, and a
/// reset discards what the client had not read yet: the close frame (and the
/// error before it) would never reach a client that was still sending, a
/// flooding one above all.
async fn drain<S>(stream: &mut S)
where
    S: futures_util::Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let _ = tokio::time::timeout(DRAIN, async {
        while let Some(Ok(frame)) = stream.next().await {
            if matches!(frame, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_is_sent_as_its_text() {
        let text = r#"{"type":"pong","t":7}"#;
        let sent = text_frame(Frame::from(text.to_owned())).unwrap();
        assert_eq!(sent.as_str(), text);
    }
}

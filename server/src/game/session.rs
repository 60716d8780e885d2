//! One client's connection to one game, apart from its transport: what the
//! server answers to each frame a client sends, and which of the game's
//! updates it forwards. The WebSocket glue (`ws`) and the fuzzing harness
//! (`harness`) both drive it.

use std::sync::Arc;

use tokio::sync::broadcast::{self, error::RecvError};

use super::protocol::{
    parse_client, ClientMessage, ErrorCode, ErrorMessage, Frame, Limits, Rejection, Role, ServerMessage,
    Welcome, PROTOCOL_VERSION,
};
use super::room::{Broadcast, Mover, Room};
use super::Hub;
use crate::limits::TokenBucket;

/// What the server sends on a connection.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outgoing {
    /// A protocol message (JSON text).
    Text(Frame),
    /// Closes the connection with this WebSocket close code and reason.
    Close(u16, &'static str),
}

/// The WebSocket close code for a client over the rate limit (policy
/// violation).
pub const CLOSE_RATE_LIMIT: u16 = 1008;

/// The close code when the server stops (service restart: reconnect).
pub const CLOSE_RESTART: u16 = 1012;

/// The close code for a connection silent past the heartbeat.
pub const CLOSE_SILENT: u16 = 1001;

/// A client's connection to a game.
pub struct Session {
    hub: Arc<Hub>,
    room: Arc<Room>,
    /// `None` until `hello`.
    joined: Option<Joined>,
    views: bool,
    /// The last seq this client was sent.
    seq: u64,
    bucket: TokenBucket,
    updates: Option<broadcast::Receiver<Arc<Broadcast>>>,
    closed: bool,
}

/// What a connection's `hello` opened: a seat, or a view of the game.
#[derive(Clone, Copy, Debug)]
enum Joined {
    Player(u8),
    Spectator,
}

impl Joined {
    /// The role the welcome announces.
    fn role(self) -> Role {
        match self {
            Joined::Player(_) => Role::Player,
            Joined::Spectator => Role::Spectator,
        }
    }
}

fn error(rejection: &Rejection, reference: Option<serde_json::Number>) -> Outgoing {
    let message = ErrorMessage {
        code: rejection.code,
        message: rejection.message.clone(),
        seq: rejection.seq,
        reference,
    };
    Outgoing::Text(ServerMessage::Error(&message).to_frame())
}

impl Session {
    /// A connection to `room`, before its `hello`.
    pub fn new(hub: Arc<Hub>, room: Arc<Room>) -> Session {
        let c = hub.config();
        let bucket = TokenBucket::new(f64::from(c.rate_limit), f64::from(c.rate_burst));
        Session {
            hub,
            room,
            joined: None,
            views: true,
            seq: 0,
            bucket,
            updates: None,
            closed: false,
        }
    }

    /// The seat this connection plays, once its `hello` opened one.
    pub fn seat(&self) -> Option<u8> {
        match self.joined {
            Some(Joined::Player(seat)) => Some(seat),
            _ => None,
        }
    }

    /// The game of this connection.
    pub fn game(&self) -> &crate::tokens::GameId {
        self.room.id()
    }

    /// Counts a frame against the rate limit; closes the connection when it
    /// is over.
    fn admit(&mut self, out: &mut Vec<Outgoing>) -> bool {
        if self.closed {
            return false;
        }
        if self.bucket.take() {
            return true;
        }
        let c = self.hub.config();
        tracing::info!(game = %self.room.id(), seat = ?self.seat(), "a connection went over the rate limit; closing it");
        out.push(error(
            &Rejection::new(
                ErrorCode::RateLimited,
                format!(
                    "more than {} messages a second (burst {}): closing the connection",
                    c.rate_limit, c.rate_burst
                ),
            ),
            None,
        ));
        out.push(Outgoing::Close(CLOSE_RATE_LIMIT, "rate limit"));
        self.closed = true;
        false
    }

    /// Answers a binary frame: the protocol is text only.
    pub fn on_binary(&mut self, len: usize) -> Vec<Outgoing> {
        let mut out = Vec::new();
        if self.admit(&mut out) {
            out.push(error(
                &Rejection::new(
                    ErrorCode::BadJson,
                    format!("a binary frame of {len} bytes: messages are JSON text frames"),
                ),
                None,
            ));
        }
        out
    }

    /// Answers a text frame.
    pub async fn on_text(&mut self, text: &str) -> Vec<Outgoing> {
        let mut out = Vec::new();
        if !self.admit(&mut out) {
            return out;
        }
        let max = self.hub.config().max_message_bytes;
        if text.len() > max {
            out.push(error(
                &Rejection::new(
                    ErrorCode::TooLarge,
                    format!("a message of {} bytes; the limit is {max}", text.len()),
                ),
                None,
            ));
            return out;
        }
        let message = match parse_client(text) {
            Ok(m) => m,
            Err(r) => {
                out.push(error(&r, None));
                return out;
            }
        };
        match message {
            ClientMessage::Ping { t } => out.push(Outgoing::Text(ServerMessage::Pong { t }.to_frame())),
            ClientMessage::Hello {
                protocol,
                token,
                views,
            } => {
                if self.joined.is_some() {
                    out.push(error(
                        &Rejection::new(ErrorCode::AlreadyGreeted, "this connection said hello already"),
                        None,
                    ));
                } else if protocol != PROTOCOL_VERSION {
                    out.push(error(
                        &Rejection::new(
                            ErrorCode::ProtocolVersion,
                            format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}"),
                        ),
                        None,
                    ));
                } else {
                    self.hello(token.map(|t| t.0), views, &mut out).await;
                }
            }
            ClientMessage::Rematch => match self.joined {
                None => out.push(error(&hello_first(), None)),
                Some(Joined::Spectator) => out.push(error(
                    &Rejection::new(ErrorCode::Spectator, "spectators have no say in a rematch"),
                    None,
                )),
                Some(Joined::Player(seat)) => match super::rematch::ask(&self.hub, &self.room, seat).await {
                    Ok(Some(text)) => out.push(Outgoing::Text(text)),
                    Ok(None) => {}
                    Err(r) => out.push(error(&r, None)),
                },
            },
            ClientMessage::Takeback { seq } => match self.joined {
                None => out.push(error(&hello_first(), None)),
                Some(Joined::Spectator) => out.push(error(
                    &Rejection::new(ErrorCode::Spectator, "spectators have no moves to take back"),
                    None,
                )),
                Some(Joined::Player(seat)) => {
                    let wait = std::time::Duration::from_secs(self.hub.config().takeback_secs);
                    if let Err(r) = self.room.ask_takeback(self.hub.store(), seat, seq, wait).await {
                        out.push(error(&r, None));
                    }
                }
            },
            ClientMessage::TakebackAnswer { seq, accept } => match self.joined {
                None => out.push(error(&hello_first(), None)),
                Some(Joined::Spectator) => out.push(error(
                    &Rejection::new(ErrorCode::Spectator, "spectators have no say in a take-back"),
                    None,
                )),
                Some(Joined::Player(seat)) => {
                    if let Err(r) = self
                        .room
                        .answer_takeback(self.hub.store(), seat, seq, accept)
                        .await
                    {
                        out.push(error(&r, None));
                    }
                }
            },
            ClientMessage::Sync => {
                if self.joined.is_none() {
                    out.push(error(&hello_first(), None));
                } else {
                    self.resync(&mut out).await;
                }
            }
            ClientMessage::Move { seq, mv, reference } => {
                let rejection = match self.joined {
                    None => Some(hello_first()),
                    Some(Joined::Spectator) => {
                        Some(Rejection::new(ErrorCode::Spectator, "spectators cannot move"))
                    }
                    Some(Joined::Player(seat)) => match mv.parse() {
                        Err(e) => Some(Rejection::new(
                            ErrorCode::BadMove,
                            format!("`{}`: {e}", shorten(&mv)),
                        )),
                        Ok(mv) => self
                            .hub
                            .submit(&self.room, Mover::Person(seat), seq, mv)
                            .await
                            .err(),
                    },
                };
                if let Some(r) = rejection {
                    out.push(error(&r, reference));
                }
            }
        }
        out
    }

    async fn hello(&mut self, token: Option<String>, views: bool, out: &mut Vec<Outgoing>) {
        let seat = match token {
            None => None,
            Some(token) => {
                let mut seat = self.room.seat_of(&token).await;
                if seat.is_none() {
                    // The seat may have been taken from the lobby on another
                    // server: read the tokens again once.
                    self.room.reload_seats(self.hub.store()).await;
                    seat = self.room.seat_of(&token).await;
                }
                match seat {
                    Some(s) => Some(s),
                    None => {
                        out.push(error(
                            &Rejection::new(ErrorCode::Unauthorized, "this token opens no seat of this game"),
                            None,
                        ));
                        return;
                    }
                }
            }
        };
        if let Some(seat) = seat {
            self.hub.take_seat(&self.room, seat).await;
            // Before subscribing: this connection's own state shows its seat
            // connected.
            self.room.arrive(seat);
            tracing::info!(game = %self.room.id(), seat, "a player connected");
        } else {
            tracing::debug!(game = %self.room.id(), "a spectator connected");
        }
        let joined = seat.map_or(Joined::Spectator, Joined::Player);
        self.joined = Some(joined);
        self.views = views;
        let c = self.hub.config();
        let welcome = Welcome {
            protocol: PROTOCOL_VERSION,
            game: self.room.id().to_string(),
            seat,
            role: joined.role(),
            limits: Limits {
                max_message_bytes: c.max_message_bytes,
                rate_limit: c.rate_limit,
                rate_burst: c.rate_burst,
                heartbeat_secs: c.heartbeat_secs,
            },
        };
        out.push(Outgoing::Text(ServerMessage::Welcome(&welcome).to_frame()));
        let (rx, seq, state) = self.room.subscribe(views).await;
        self.updates = Some(rx);
        self.seq = seq;
        out.push(Outgoing::Text(state));
    }

    async fn resync(&mut self, out: &mut Vec<Outgoing>) {
        let (seq, state) = self.room.state_message(self.views).await;
        self.seq = seq;
        out.push(Outgoing::Text(state));
    }

    /// Waits for the game's next update for this client (forever before
    /// `hello`).
    pub async fn next_update(&mut self) -> Vec<Outgoing> {
        let item = match self.updates.as_mut() {
            Some(rx) => rx.recv().await,
            None => std::future::pending().await,
        };
        self.deliver(item).await
    }

    /// The updates already waiting, without waiting (for the harness).
    #[cfg(feature = "harness")]
    pub async fn pending_updates(&mut self) -> Vec<Outgoing> {
        let mut out = Vec::new();
        loop {
            let item = match self.updates.as_mut() {
                None => break,
                Some(rx) => match rx.try_recv() {
                    Ok(b) => Ok(b),
                    Err(broadcast::error::TryRecvError::Empty) => break,
                    Err(broadcast::error::TryRecvError::Lagged(n)) => Err(RecvError::Lagged(n)),
                    Err(broadcast::error::TryRecvError::Closed) => Err(RecvError::Closed),
                },
            };
            out.extend(self.deliver(item).await);
        }
        out
    }

    /// Forwards an update: in order, it goes out as it is; one the client
    /// already has is skipped; after a gap, or when the client fell more
    /// than the send queue behind, the whole state goes out instead.
    async fn deliver(&mut self, item: Result<Arc<Broadcast>, RecvError>) -> Vec<Outgoing> {
        let mut out = Vec::new();
        match item {
            Ok(b) => match &*b {
                Broadcast::Update {
                    from,
                    seq,
                    full,
                    lean,
                } => {
                    if *seq <= self.seq {
                        // Already in the state this client was sent.
                    } else if *from == self.seq {
                        self.seq = *seq;
                        out.push(Outgoing::Text(if self.views {
                            full.clone()
                        } else {
                            lean.clone()
                        }));
                    } else {
                        self.resync(&mut out).await;
                    }
                }
                Broadcast::Seats(text)
                | Broadcast::Presence(text)
                | Broadcast::Rematch(text)
                | Broadcast::Takeback(text) => out.push(Outgoing::Text(text.clone())),
                Broadcast::Reset { seq } => {
                    if *seq > self.seq {
                        self.resync(&mut out).await;
                    }
                }
            },
            Err(RecvError::Lagged(_)) => {
                tracing::debug!(game = %self.room.id(), "a slow client is sent the whole state");
                self.resync(&mut out).await;
            }
            Err(RecvError::Closed) => self.updates = None,
        }
        out
    }
}

impl Drop for Session {
    /// A seat's connection that closes leaves the seat's presence.
    fn drop(&mut self) {
        if let Some(seat) = self.seat() {
            self.room.leave(seat);
        }
    }
}

fn hello_first() -> Rejection {
    Rejection::new(
        ErrorCode::HelloFirst,
        "say hello first: {\"type\":\"hello\",\"protocol\":1}",
    )
}

/// At most 40 characters of a client's text, for error messages.
fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

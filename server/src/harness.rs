//! A protocol harness for fuzzing: bytes become frames that clients send
//! to a server in this process (no sockets; an in-memory SQLite database),
//! and every frame is checked against what the server may do.
//!
//! After every frame the game may have changed only by a `move` message
//! that the engine finds legal, sent by the connection of the seat to move
//! with the game's seq, followed only by chance draws; every message the
//! server sends must be JSON of a known type; at the end the game in memory
//! must be its stored record replayed. A panic anywhere in the server is a
//! failure too. The cargo-fuzz target `server/fuzz` and the test
//! `tests/fuzz_quick.rs` run it.
//!
//! The bytes are read as: the number of players, then steps of an opcode, a
//! connection (a seat's, a spectator's, or a stranger's holding another
//! game's token), and the opcode's bytes: raw text frames, binary frames,
//! `hello` with good and bad tokens, legal moves at the game's seq, stale
//! moves, moves by the wrong seat, notation garbage, JSON with fields of
//! the wrong kind, `sync`, `ping`, and oversized messages.

use std::sync::Arc;

use carcassonne_safari::{Actor, GameRecord, GameState, Move, PlayerId};

use crate::config::Config;
use crate::game::lobby::{create_game, CreateGame, NewSeat};
use crate::game::protocol::{parse_client, ClientMessage};
use crate::game::session::{Outgoing, Session};
use crate::game::Hub;
use crate::game::Room;
use crate::store::Store;
use crate::tokens::GameId;

/// The `type`s the server may send.
pub const SERVER_TYPES: [&str; 8] = [
    "welcome", "state", "update", "seats", "presence", "rematch", "error", "pong",
];

/// A server in this process for the harness.
pub struct Harness {
    hub: Arc<Hub>,
    /// A seat token of another game (the stranger's).
    foreign_token: String,
}

/// What a run did, for tests that want to see that the inputs reach deep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Frames sent.
    pub frames: usize,
    /// Frames that changed the game (legal moves).
    pub moves: usize,
    /// `error` messages received.
    pub errors: usize,
}

struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }
    fn byte(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }
    fn take(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.0.len());
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        a
    }
}

/// A frame a client sends.
enum Frame {
    Text(String),
    Binary(usize),
}

impl Harness {
    /// A server on an in-memory SQLite database, without background tasks
    /// (no idle hand-over, no bots: every change comes from a frame).
    ///
    /// # Panics
    /// When the in-memory database cannot be opened.
    pub async fn new() -> Harness {
        let config = Config {
            database_url: "sqlite::memory:".into(),
            rate_limit: 1_000_000,
            rate_burst: 1_000_000,
            creates_per_minute: 1_000_000,
            max_message_bytes: 512,
            idle_secs: 0,
            ..Config::default()
        };
        let store = Store::connect(&config.database_url, 1, "harness".into())
            .await
            .expect("an in-memory database opens");
        let hub = Hub::new(config, store);
        let other = create_game(&hub, people(2)).await.expect("a game is created");
        let foreign_token = other.seats[0].token.clone().expect("a person's seat has a token");
        Harness { hub, foreign_token }
    }

    /// Runs one input: a new game, its clients, and the frames the bytes
    /// give.
    ///
    /// # Errors
    /// A sentence naming the frame and the rule the server broke.
    pub async fn run(&self, input: &[u8]) -> Result<Outcome, String> {
        let mut bytes = Bytes(input);
        let players = 2 + usize::from(bytes.byte() % 4);
        let created = create_game(&self.hub, people(players))
            .await
            .map_err(|_| "a game could not be created".to_owned())?;
        let id = GameId::parse(&created.game).ok_or("a bad game id")?;
        let room = self
            .hub
            .room(&id)
            .await
            .map_err(|e| e.to_string())?
            .ok_or("the new game is missing")?;
        let tokens: Vec<String> = created.seats.iter().filter_map(|s| s.token.clone()).collect();
        // Seats' connections, then a spectator's, then a stranger's.
        let mut sessions: Vec<Session> = (0..players + 2)
            .map(|_| Session::new(self.hub.clone(), room.clone()))
            .collect();
        let mut outcome = Outcome::default();
        while !bytes.0.is_empty() && outcome.frames < 256 {
            let op = bytes.byte();
            let who = usize::from(bytes.byte()) % sessions.len();
            let before_seq = room.seq().await;
            let before = room.state().await;
            let frame = self.frame(op, who, players, &tokens, &before, before_seq, &mut bytes);
            let out = match &frame {
                Frame::Text(t) => sessions[who].on_text(t).await,
                Frame::Binary(n) => sessions[who].on_binary(*n),
            };
            outcome.frames += 1;
            outcome.errors += check_output(&out)?;
            for s in sessions.iter_mut() {
                outcome.errors += check_output(&s.pending_updates().await)?;
            }
            let after_seq = room.seq().await;
            if after_seq != before_seq {
                check_change(
                    &room,
                    &frame,
                    sessions[who].seat(),
                    &before,
                    before_seq,
                    after_seq,
                )
                .await?;
                outcome.moves += 1;
            }
        }
        check_stored(&self.hub, &room).await?;
        Ok(outcome)
    }

    /// The frame of an opcode.
    #[allow(clippy::too_many_arguments)]
    fn frame(
        &self,
        op: u8,
        who: usize,
        players: usize,
        tokens: &[String],
        state: &GameState,
        seq: u64,
        bytes: &mut Bytes<'_>,
    ) -> Frame {
        let json = |v: serde_json::Value| Frame::Text(v.to_string());
        let legal = state.legal_moves();
        let pick = |b: u8| (!legal.is_empty()).then(|| legal[usize::from(b) % legal.len()]);
        match op % 12 {
            0 => {
                let n = usize::from(bytes.byte());
                Frame::Text(String::from_utf8_lossy(bytes.take(n)).into_owned())
            }
            1 => Frame::Binary(usize::from(bytes.byte())),
            2 => {
                let token = match bytes.byte() % 6 {
                    0 if who < players => Some(tokens[who].clone()),
                    0 if who == players + 1 => Some(self.foreign_token.clone()),
                    0 => None,
                    1 => Some(String::from_utf8_lossy(bytes.take(8)).into_owned()),
                    2 => Some(tokens[usize::from(bytes.byte()) % tokens.len()].clone()),
                    3 => return json(serde_json::json!({"type": "hello", "protocol": bytes.byte()})),
                    4 => {
                        return json(serde_json::json!({"type": "hello", "protocol": 1, "views": false,
                            "token": tokens.get(who)}))
                    }
                    _ => return json(serde_json::json!({"type": "hello", "protocol": 1, "token": 7})),
                };
                json(serde_json::json!({"type": "hello", "protocol": 1, "token": token}))
            }
            3 | 10 => match pick(bytes.byte()) {
                Some(mv) => json(serde_json::json!({"type": "move", "seq": seq, "move": mv.to_string()})),
                None => json(serde_json::json!({"type": "sync"})),
            },
            4 => match pick(bytes.byte()) {
                Some(mv) => {
                    let stale = if bytes.byte().is_multiple_of(2) {
                        seq.wrapping_sub(1)
                    } else {
                        seq + 1
                    };
                    json(serde_json::json!({"type": "move", "seq": stale, "move": mv.to_string(), "ref": 9}))
                }
                None => json(serde_json::json!({"type": "ping", "t": 1})),
            },
            5 => {
                let n = usize::from(bytes.byte() % 24);
                let text = String::from_utf8_lossy(bytes.take(n)).into_owned();
                json(serde_json::json!({"type": "move", "seq": seq, "move": text}))
            }
            6 => {
                let mv = pick(bytes.byte()).map(|m| m.to_string()).unwrap_or_default();
                json(match bytes.byte() % 5 {
                    0 => serde_json::json!({"type": "move", "seq": seq.to_string(), "move": mv}),
                    1 => serde_json::json!({"type": "move", "move": mv}),
                    2 => serde_json::json!({"type": "move", "seq": seq, "move": 17}),
                    3 => serde_json::json!({"type": "move", "seq": -1, "move": mv}),
                    _ => serde_json::json!({"type": "move", "seq": seq, "move": mv, "ref": "x"}),
                })
            }
            7 => json(serde_json::json!({"type": "sync"})),
            8 => json(serde_json::json!({"type": "ping"})),
            9 => {
                let pad = "x".repeat(self.hub.config().max_message_bytes + usize::from(bytes.byte()));
                json(serde_json::json!({"type": "sync", "pad": pad}))
            }
            _ => {
                let n = usize::from(bytes.byte() % 16);
                let kind = String::from_utf8_lossy(bytes.take(n)).into_owned();
                json(serde_json::json!({"type": kind, "seq": seq}))
            }
        }
    }
}

/// A request for a game of `n` people.
fn people(n: usize) -> CreateGame {
    CreateGame {
        seats: vec![NewSeat::default(); n],
        idle_secs: Some(0),
        ..CreateGame::default()
    }
}

/// Every message is JSON with a known `type`; returns the number of errors.
fn check_output(out: &[Outgoing]) -> Result<usize, String> {
    let mut errors = 0;
    for o in out {
        let Outgoing::Text(text) = o else { continue };
        let value: serde_json::Value =
            serde_json::from_str(text.as_str()).map_err(|e| format!("the server sent bad JSON: {e}"))?;
        let kind = value
            .get("type")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("");
        if !SERVER_TYPES.contains(&kind) {
            return Err(format!("the server sent a message of type `{kind}`"));
        }
        errors += usize::from(kind == "error");
    }
    Ok(errors)
}

/// A change of the game must be a legal move of the seat to move at the
/// game's seq, followed by chance draws only.
async fn check_change(
    room: &Room,
    frame: &Frame,
    seat: Option<u8>,
    before: &GameState,
    before_seq: u64,
    after_seq: u64,
) -> Result<(), String> {
    let Frame::Text(text) = frame else {
        return Err("a binary frame changed the game".into());
    };
    let Ok(ClientMessage::Move { seq, mv, .. }) = parse_client(text) else {
        return Err(format!("a frame that is no move changed the game: {text}"));
    };
    let mv: Move = mv
        .parse()
        .map_err(|_| format!("a move that does not parse changed the game: {text}"))?;
    if seq != before_seq {
        return Err(format!("a stale move changed the game: {text}"));
    }
    let Some(seat) = seat else {
        return Err(format!("a connection without a seat changed the game: {text}"));
    };
    if before.to_move() != Some(Actor::Player(PlayerId(seat))) {
        return Err(format!("seat {seat} moved out of turn: {text}"));
    }
    if !before.is_legal(mv) {
        return Err(format!("an illegal move changed the game: {text}"));
    }
    let record = room.record().await;
    if record.moves.get(before_seq as usize) != Some(&mv) {
        return Err(format!("the stored move is not the one sent: {text}"));
    }
    let mut state = before.play(mv).map_err(|e| e.to_string())?;
    for step in before_seq + 1..after_seq {
        if state.to_move() != Some(Actor::Chance) {
            return Err(format!("step {step} after a move was not a chance draw"));
        }
        state = state
            .play(record.moves[step as usize])
            .map_err(|e| format!("step {step}: {e}"))?;
    }
    Ok(())
}

/// The game in memory is its stored moves replayed.
async fn check_stored(hub: &Hub, room: &Room) -> Result<(), String> {
    let stored = hub
        .store()
        .load(room.id())
        .await
        .map_err(|e| e.to_string())?
        .ok_or("the game is not stored")?;
    let record = room.record().await;
    let texts: Vec<String> = record.moves.iter().map(Move::to_string).collect();
    if texts != stored.moves {
        return Err("the moves in memory are not the stored ones".into());
    }
    let (replayed, _) = GameRecord::new(record.setup.clone())
        .with_moves(record.moves.clone())
        .replay()
        .map_err(|e| format!("the stored record does not replay: {e}"))?;
    if replayed != room.state().await {
        return Err("the game in memory is not its record replayed".into());
    }
    Ok(())
}

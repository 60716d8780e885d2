//! A server in the test process and clients that speak the protocol over
//! real WebSockets. Each client keeps its own copy of the game, built by the
//! engine from what the server sends, and checks every view the server
//! sends against it.
//!
//! The database is a fresh SQLite file per server, or the PostgreSQL
//! database named by `SAFARI_TEST_DATABASE_URL` (server/ci.sh sets it for a
//! second run of the tests).

use std::time::Duration;

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::view::{GameView, LogEntry};
use carcassonne_safari::{Actor, GameRecord, GameState, Move, PlayerId};
use carcassonne_safari_server::{Config, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one message: generous, so that a slow
/// machine never fails a test (a lost message still fails it).
pub const WAIT: Duration = Duration::from_secs(60);

/// The seeded choices of the test clients.
pub type Rng = rand_pcg::Pcg64;

/// A generator for a test's choices.
pub fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// The database for a new test server: PostgreSQL when the environment
/// names one, else a new SQLite file in `dir`.
pub fn database_url(dir: &tempfile::TempDir) -> String {
    std::env::var("SAFARI_TEST_DATABASE_URL")
        .unwrap_or_else(|_| format!("sqlite:{}", dir.path().join("games.db").display()))
}

/// A server in this process.
pub struct TestServer {
    pub server: Server,
    pub base: String,
    pub http: reqwest::Client,
    pub dir: tempfile::TempDir,
}

/// The test defaults: any free port, no idle hand-over, a rate limit that
/// clients playing as fast as they can stay under.
pub fn test_config(dir: &tempfile::TempDir) -> Config {
    Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        database_url: database_url(dir),
        idle_secs: 0,
        rate_limit: 10_000,
        rate_burst: 10_000,
        static_dir: dir.path().join("www"),
        ..Config::default()
    }
}

/// A server with the test defaults changed by `change`.
pub async fn start_with(change: impl FnOnce(&mut Config)) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let mut config = test_config(&dir);
    change(&mut config);
    let server = Server::start(config).await.expect("the test server starts");
    let base = format!("http://{}", server.addr());
    TestServer {
        server,
        base,
        http: reqwest::Client::new(),
        dir,
    }
}

/// A server with the test defaults.
pub async fn start() -> TestServer {
    start_with(|_| {}).await
}

impl TestServer {
    /// `POST /api/games` with this body; the answer's status and JSON.
    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// `GET` a path; the status and JSON.
    pub async fn get(&self, path: &str) -> (u16, Value) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Creates a game; panics unless it is created.
    pub async fn create(&self, body: Value) -> Value {
        let (status, created) = self.post("/api/games", body).await;
        assert_eq!(status, 201, "{created}");
        created
    }

    /// The stored record of a game.
    pub async fn record(&self, game: &str) -> GameRecord {
        let (status, record) = self.get(&format!("/api/games/{game}/record")).await;
        assert_eq!(status, 200, "{record}");
        serde_json::from_value(record).unwrap()
    }

    /// A WebSocket client of a game, not yet greeted.
    pub async fn client(&self, game: &str) -> Client {
        Client::connect(&self.base, game).await
    }

    /// A client greeted with a token (or as a spectator).
    pub async fn join(&self, game: &str, token: Option<&str>) -> Client {
        let mut c = self.client(game).await;
        c.hello(token).await;
        c
    }
}

/// The token of seat `seat` in a creation's answer.
pub fn token(created: &Value, seat: usize) -> String {
    created["seats"][seat]["token"].as_str().unwrap().to_owned()
}

/// The game id in a creation's answer.
pub fn game_id(created: &Value) -> String {
    created["game"].as_str().unwrap().to_owned()
}

/// A protocol client with its own copy of the game.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub seat: Option<u8>,
    /// The game's seq as this client knows it.
    pub seq: u64,
    /// The game as this client knows it (replayed by the engine).
    pub state: Option<GameState>,
    /// The moves this client knows.
    pub moves: Vec<Move>,
    /// Whether this client checks the views it receives.
    pub check_views: bool,
    /// Messages received of each kind.
    pub updates: usize,
    pub states: usize,
    pub seats_messages: usize,
    /// The last `seats` list received.
    pub seats: Option<Value>,
}

impl Client {
    /// Connects to a game's WebSocket.
    pub async fn connect(base: &str, game: &str) -> Client {
        let url = format!("{}/api/games/{game}/ws", base.replace("http://", "ws://"));
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the WebSocket opens");
        Client {
            ws,
            seat: None,
            seq: 0,
            state: None,
            moves: Vec::new(),
            check_views: true,
            updates: 0,
            states: 0,
            seats_messages: 0,
            seats: None,
        }
    }

    /// Sends text.
    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::text(text))
            .await
            .expect("the message is sent");
    }

    /// Sends text; `false` when the connection is gone.
    pub async fn try_send(&mut self, text: &str) -> bool {
        self.ws.send(Message::text(text)).await.is_ok()
    }

    /// Sends JSON.
    pub async fn send(&mut self, value: Value) {
        self.send_text(&value.to_string()).await;
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws
            .send(Message::binary(bytes))
            .await
            .expect("the frame is sent");
    }

    /// The next frame: a message's JSON (state and updates applied to this
    /// client's copy of the game), or `Err` with the close frame's code when
    /// the server closes.
    pub async fn next(&mut self) -> Result<Value, Option<u16>> {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message within the wait");
            match frame {
                None => return Err(None),
                Some(Err(_)) => return Err(None),
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(text.as_str()).expect("the server sends JSON");
                    self.absorb(&value);
                    return Ok(value);
                }
                Some(Ok(Message::Close(frame))) => return Err(frame.map(|f| u16::from(f.code))),
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message as it comes, not applied to this client's copy (a
    /// client that misses it).
    pub async fn next_raw(&mut self) -> Value {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message within the wait");
            if let Some(Ok(Message::Text(text))) = frame {
                return serde_json::from_str(text.as_str()).expect("the server sends JSON");
            }
            assert!(matches!(frame, Some(Ok(_))), "the connection stays open");
        }
    }

    /// The next message; panics when the connection closes.
    pub async fn recv(&mut self) -> Value {
        self.next().await.expect("the connection stays open")
    }

    /// Reads messages until one of type `kind`; returns it.
    pub async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] == kind {
                return m;
            }
            assert_ne!(m["type"], "error", "expected {kind}, got {m}");
        }
    }

    /// Reads messages until an `error`; returns it.
    pub async fn expect_error(&mut self) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] == "error" {
                return m;
            }
        }
    }

    /// Says hello (with a seat token, or to watch) and reads `welcome` and
    /// `state`.
    pub async fn hello(&mut self, token: Option<&str>) -> Value {
        let mut hello = json!({"type": "hello", "protocol": 1});
        if let Some(t) = token {
            hello["token"] = json!(t);
        }
        self.send(hello).await;
        let welcome = self.expect("welcome").await;
        self.seat = welcome["seat"].as_u64().map(|s| s as u8);
        self.expect("state").await;
        welcome
    }

    /// Applies a state or an update to this client's copy, checking what the
    /// server says against the engine.
    fn absorb(&mut self, m: &Value) {
        match m["type"].as_str() {
            Some("state") => {
                let record: GameRecord = serde_json::from_value(m["record"].clone()).expect("a record");
                let (state, _) = record.replay().expect("the record replays");
                self.seq = m["seq"].as_u64().unwrap();
                // Each take-back is stored as a row of its own and removes a
                // move from the record: seq counts both.
                assert!(self.seq as usize >= record.moves.len());
                assert_eq!((self.seq as usize - record.moves.len()) % 2, 0);
                self.moves = record.moves;
                self.check_view(m, &state);
                self.state = Some(state);
                self.states += 1;
            }
            Some("update") => {
                let from = m["from"].as_u64().unwrap();
                assert_eq!(from, self.seq, "an update follows the last seq this client had");
                let mut state = self.state.clone().expect("an update after a state");
                let entries: Vec<LogEntry> = serde_json::from_value(m["entries"].clone()).expect("entries");
                for (i, entry) in entries.iter().enumerate() {
                    assert_eq!(entry.step, self.moves.len(), "entry {i} is the next step");
                    assert_eq!(Some(entry.actor), state.to_move());
                    let (next, events) = state.apply(entry.mv).expect("an announced move is legal");
                    assert_eq!(events, entry.events, "the events are the engine's");
                    state = next;
                    self.moves.push(entry.mv);
                }
                self.seq = m["seq"].as_u64().unwrap();
                assert_eq!(self.seq, from + entries.len() as u64);
                self.check_view(m, &state);
                self.state = Some(state);
                self.updates += 1;
            }
            Some("seats") => {
                self.seats = Some(m["seats"].clone());
                self.seats_messages += 1;
            }
            _ => {}
        }
    }

    fn check_view(&self, m: &Value, state: &GameState) {
        if self.check_views && !m["view"].is_null() {
            let view: GameView = serde_json::from_value(m["view"].clone()).expect("a view");
            assert_eq!(view, GameView::new(state), "the view is the position's");
        }
    }

    /// The game as this client knows it.
    pub fn state(&self) -> &GameState {
        self.state.as_ref().expect("a state")
    }

    /// Whether it is this client's seat's decision.
    pub fn my_turn(&self) -> bool {
        matches!((self.seat, self.state().to_move()), (Some(s), Some(Actor::Player(p))) if p == PlayerId(s))
    }

    /// Plays a random legal move (the client's seat must be to move).
    pub async fn play_random(&mut self, rng: &mut Rng) -> Move {
        use carcassonne_safari::rand_core::RngCore;
        let moves = self.state().legal_moves();
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        let seq = self.seq;
        self.send(json!({"type": "move", "seq": seq, "move": mv.to_string()}))
            .await;
        mv
    }

    /// Reads until this client's copy reaches seq `seq` at least.
    pub async fn wait_seq(&mut self, seq: u64) {
        while self.seq < seq {
            let m = self.recv().await;
            assert_ne!(m["type"], "error", "{m}");
        }
    }

    /// Reads until something happens: an update, a state or seats.
    pub async fn wait_change(&mut self) -> Value {
        loop {
            let m = self.recv().await;
            assert_ne!(m["type"], "error", "{m}");
            if m["type"] != "pong" {
                return m;
            }
        }
    }

    /// Sends a ping and reads up to its pong: the connection is usable.
    pub async fn assert_usable(&mut self) {
        self.send(json!({"type": "ping", "t": 42})).await;
        loop {
            let m = self.recv().await;
            if m["type"] == "pong" {
                assert_eq!(m["t"], 42);
                return;
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Plays a game to its end: each person's client plays random legal moves
/// when its seat is to move, bots move on the server; every client reads
/// every message. Returns the number of moves the people made.
pub async fn play_out(clients: &mut [Client], rng: &mut Rng) -> usize {
    play_some(clients, rng, usize::MAX).await
}

/// Plays as [`play_out`] does, until the game is over or the people made
/// `limit` moves.
pub async fn play_some(clients: &mut [Client], rng: &mut Rng, limit: usize) -> usize {
    let mut moves = 0;
    loop {
        let over = clients.iter().all(|c| c.state().is_over());
        if over || moves >= limit {
            return moves;
        }
        // The client whose turn it is moves; then everyone catches up with
        // the update.
        let target_seq;
        if let Some(i) = clients.iter().position(|c| c.my_turn()) {
            let before = clients[i].seq;
            clients[i].play_random(rng).await;
            moves += 1;
            clients[i].wait_seq(before + 1).await;
            target_seq = clients[i].seq;
        } else {
            // A bot (or chance) is to move: wait for anyone's next change.
            clients[0].wait_change().await;
            target_seq = clients[0].seq;
        }
        for c in clients.iter_mut() {
            c.wait_seq(target_seq).await;
        }
    }
}

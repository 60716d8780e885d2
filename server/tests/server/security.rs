//! Nobody gets in where they do not belong (issue 17, item 6): every refusal
//! is answered with its error code, changes nothing (the stored record and
//! the game's seq are compared before and after) and leaves the connection
//! usable; floods and frames over the hard limit close the connection;
//! foreign origins are refused; tokens are stored hashed.

use crate::support::*;
use carcassonne_safari::{Actor, GameRecord, GameState, Move};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use sha2::Digest;
use tokio::io::AsyncWriteExt;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::MaybeTlsStream;

/// A move that parses but that the rules refuse in `state`.
fn illegal_move(state: &GameState) -> Move {
    [
        "pass",
        "noboost",
        "token L",
        "place 40,40 0",
        "return 9,9",
        "meeple baobab",
        "boost L",
    ]
    .iter()
    .map(|t| t.parse::<Move>().unwrap())
    .find(|mv| !state.is_legal(*mv))
    .expect("one of them is illegal")
}

/// The game's stored record, to compare before and after a refusal.
async fn snapshot(server: &TestServer, game: &str) -> GameRecord {
    server.record(game).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_has_its_error_changes_nothing_and_keeps_the_connection() {
    let server = start().await;
    let created = server.create(json!({"seats": [{}, {}]})).await;
    let other = server.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    // Find the seat to move.
    let probe = server.join(&game, None).await;
    let Some(Actor::Player(p)) = probe.state().to_move() else {
        panic!("a person is to move")
    };
    let (mover, idle) = (p.index(), 1 - p.index());
    let before = snapshot(&server, &game).await;
    let seq = probe.seq;
    let state = probe.state().clone();
    let legal = state.legal_moves()[0].to_string();

    // Before hello.
    let mut m = server.client(&game).await;
    let cases_before_hello: Vec<(Value, &str)> = vec![
        (json!({"type": "move", "seq": seq, "move": legal}), "hello_first"),
        (json!({"type": "sync"}), "hello_first"),
        (
            json!({"type": "hello", "protocol": 2, "token": token(&created, mover)}),
            "protocol_version",
        ),
        (
            json!({"type": "hello", "protocol": 1, "token": token(&other, 0)}),
            "unauthorized",
        ),
        (
            json!({"type": "hello", "protocol": 1, "token": "x".repeat(43)}),
            "unauthorized",
        ),
        (
            json!({"type": "hello", "protocol": 1, "token": ""}),
            "unauthorized",
        ),
    ];
    for (message, code) in cases_before_hello {
        m.send(message.clone()).await;
        let e = m.expect_error().await;
        assert_eq!(e["code"], code, "{message}");
        assert_eq!(
            snapshot(&server, &game).await,
            before,
            "{message} changed nothing"
        );
        m.assert_usable().await;
    }
    // The same connection now opens the mover's seat.
    m.hello(Some(&token(&created, mover))).await;
    assert_eq!(m.seat, Some(mover as u8));

    let mut o = server.join(&game, Some(&token(&created, idle))).await;
    let mut watcher = server.join(&game, None).await;
    let max = 4096;
    let raw_cases: Vec<(String, &str)> = vec![
        ("{".into(), "bad_json"),
        ("null".into(), "bad_json"),
        ("[\"move\"]".into(), "bad_json"),
        ("{\"type\": 3}".into(), "bad_json"),
        ("\u{0}\u{1}garbage".into(), "bad_json"),
        (json!({"type": "resign"}).to_string(), "unknown_type"),
        (
            json!({"type": "Move", "seq": seq, "move": legal}).to_string(),
            "unknown_type",
        ),
        (
            json!({"type": "move", "seq": "zero", "move": legal}).to_string(),
            "bad_message",
        ),
        (json!({"type": "move", "move": legal}).to_string(), "bad_message"),
        (json!({"type": "move", "seq": seq}).to_string(), "bad_message"),
        (
            json!({"type": "hello", "protocol": 1}).to_string(),
            "already_greeted",
        ),
        (
            json!({"type": "move", "seq": seq, "move": "x".repeat(max)}).to_string(),
            "too_large",
        ),
        (
            json!({"type": "move", "seq": seq, "move": "dance 1,1"}).to_string(),
            "bad_move",
        ),
        (
            json!({"type": "move", "seq": seq, "move": ""}).to_string(),
            "bad_move",
        ),
        (
            json!({"type": "move", "seq": seq + 1, "move": legal}).to_string(),
            "stale",
        ),
        (
            json!({"type": "move", "seq": seq.wrapping_sub(1), "move": legal}).to_string(),
            "stale",
        ),
        (
            json!({"type": "move", "seq": seq, "move": illegal_move(&state).to_string()}).to_string(),
            "illegal_move",
        ),
    ];
    for (text, code) in raw_cases {
        m.send_text(&text).await;
        let e = m.expect_error().await;
        assert_eq!(e["code"], code, "{text}");
        assert!(!e["message"].as_str().unwrap().is_empty());
        if code == "stale" {
            assert_eq!(e["seq"], seq, "a stale move's error names the game's seq");
        }
        assert_eq!(snapshot(&server, &game).await, before, "{text} changed nothing");
        m.assert_usable().await;
    }
    // A binary frame.
    m.send_binary(vec![0, 1, 2]).await;
    assert_eq!(m.expect_error().await["code"], "bad_json");
    m.assert_usable().await;
    // The `ref` of a refused move comes back.
    m.send(json!({"type": "move", "seq": seq + 5, "move": legal, "ref": 77}))
        .await;
    assert_eq!(m.expect_error().await["ref"], 77);
    // The other seat, a spectator: the mover's legal move is not theirs.
    o.send(json!({"type": "move", "seq": seq, "move": legal})).await;
    assert_eq!(o.expect_error().await["code"], "not_your_turn");
    watcher
        .send(json!({"type": "move", "seq": seq, "move": legal}))
        .await;
    assert_eq!(watcher.expect_error().await["code"], "spectator");
    assert_eq!(snapshot(&server, &game).await, before);
    o.assert_usable().await;
    watcher.assert_usable().await;

    // After all that, the mover's legal move is played, once.
    m.send(json!({"type": "move", "seq": seq, "move": legal})).await;
    m.wait_seq(seq + 1).await;
    let after = snapshot(&server, &game).await;
    assert_eq!(after.moves[seq as usize].to_string(), legal);
    m.send(json!({"type": "move", "seq": seq, "move": legal})).await;
    let e = m.expect_error().await;
    assert_eq!(e["code"], "stale", "the same move sent twice is played once");
    assert_eq!(snapshot(&server, &game).await, after);
    // A seat's token opens its seat only: the mover's token cannot move for
    // the other seat even when that seat is to move.
    o.wait_seq(m.seq).await;
    watcher.wait_seq(m.seq).await;
    assert_eq!(o.moves, m.moves);
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_over_refuses_moves() {
    let server = start().await;
    let created = server
        .create(json!({"seats": [{"bot": "greedy"}, {"bot": "greedy"}]}))
        .await;
    let game = game_id(&created);
    let mut watcher = server.join(&game, None).await;
    while !watcher.state().is_over() {
        watcher.wait_change().await;
    }
    // A host hands nothing in a finished game either; a spectator's move is
    // still a spectator's.
    let seq = watcher.seq;
    watcher
        .send(json!({"type": "move", "seq": seq, "move": "pass"}))
        .await;
    assert_eq!(watcher.expect_error().await["code"], "spectator");
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_over_the_rate_limit_closes_the_connection_and_nothing_else() {
    // No refill (a rate of 0): the burst alone decides, whatever the time the
    // server takes to read the flood on a busy machine.
    let server = start_with(|c| {
        c.rate_limit = 0;
        c.rate_burst = 10;
    })
    .await;
    let created = server.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    let before = snapshot(&server, &game).await;
    let mut flood = server.join(&game, Some(&token(&created, 0))).await;
    let mut calm = server.join(&game, Some(&token(&created, 1))).await;
    // The burst of 10, less the hello, then one over it: the server answers
    // with the error and its close frame.
    for _ in 0..10 {
        assert!(flood.try_send(r#"{"type":"ping"}"#).await);
    }
    let mut pongs = 0;
    loop {
        let m = flood
            .next()
            .await
            .expect("the error comes before the close frame");
        match m["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") => {
                assert_eq!(m["code"], "rate_limited");
                break;
            }
            // The other seat's person arriving: their seat taken, connected.
            Some("seats" | "presence") => {}
            _ => panic!("{m}"),
        }
    }
    // The flood goes on as the server closes: a server that dropped the
    // socket with this input unread would have it reset, and this client's
    // next read would fail on the reset instead of reading the close frame.
    let mut sent = 0;
    while sent < 100 && flood.try_send(r#"{"type":"ping"}"#).await {
        sent += 1;
    }
    assert_eq!(sent, 100, "the server reads the flood until the client closes");
    let close = match flood.next().await {
        Ok(m) => panic!("nothing after the error but the close frame: {m}"),
        Err(code) => code,
    };
    assert_eq!(close, Some(1008), "closed for policy");
    // The burst of 10, less the hello, was answered.
    assert_eq!(pongs, 9, "{pongs} pongs");
    calm.assert_usable().await;
    assert_eq!(snapshot(&server, &game).await, before);
    // The flooder's seat is still theirs on a new connection.
    let again = server.join(&game, Some(&token(&created, 0))).await;
    assert_eq!(again.seat, Some(0));
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_over_the_hard_limit_closes_the_connection() {
    let server = start_with(|c| c.max_frame_bytes = 8192).await;
    let created = server.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    let before = snapshot(&server, &game).await;
    let mut big = server.join(&game, Some(&token(&created, 0))).await;
    big.send_text(&json!({"type": "ping", "pad": "x".repeat(10_000)}).to_string())
        .await;
    assert!(big.next().await.is_err(), "the connection is closed");
    // Others are served.
    let mut other = server.join(&game, Some(&token(&created, 1))).await;
    other.assert_usable().await;
    assert_eq!(snapshot(&server, &game).await, before);
    server.server.stop().await;
}

/// What a test client writes to a fresh connection.
enum Writes {
    /// WebSocket messages (or raw frames), from a task of their own: the
    /// server may never read them whole, and a write it does not read must
    /// not keep the close frame from being read.
    Messages(Vec<WsMessage>),
    /// Bytes written to the TCP connection as they are.
    Raw(Vec<u8>),
}

/// The close code the server answers `writes` with (`None`: no close frame,
/// the connection dropped).
async fn close_code_after(server: &TestServer, game: &str, writes: Writes) -> Option<u16> {
    let url = format!("{}/api/games/{game}/ws", server.base.replace("http://", "ws://"));
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("the WebSocket opens");
    match writes {
        Writes::Raw(bytes) => {
            let MaybeTlsStream::Plain(tcp) = ws.get_mut() else {
                panic!("a plain TCP connection")
            };
            tcp.write_all(&bytes).await.expect("the bytes are sent");
        }
        Writes::Messages(messages) => {
            let (mut sink, stream) = ws.split();
            let task = tokio::spawn(async move {
                for m in messages {
                    if sink.send(m).await.is_err() {
                        break;
                    }
                }
            });
            let code = read_close(stream).await;
            task.abort();
            return code;
        }
    }
    read_close(ws).await
}

/// Reads until the close frame; its code.
async fn read_close<S>(mut stream: S) -> Option<u16>
where
    S: futures_util::Stream<Item = Result<WsMessage, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let frame = tokio::time::timeout(WAIT, stream.next())
            .await
            .expect("an answer within the wait");
        match frame {
            Some(Ok(WsMessage::Close(frame))) => return frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => continue,
            None | Some(Err(_)) => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_over_the_frame_limit_is_closed_with_1009_and_text_not_utf8_with_1007() {
    // docs/protocol.md: a message over the hard limit (64 KiB) closes the
    // connection with 1009; RFC 6455: text that is not UTF-8 with 1007.
    let server = start().await;
    let created = server.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    let before = snapshot(&server, &game).await;
    for size in [70_000, 1 << 20, 16 << 20] {
        let text = "x".repeat(size);
        let code = close_code_after(&server, &game, Writes::Messages(vec![WsMessage::text(text)])).await;
        assert_eq!(code, Some(1009), "a text frame of {size} bytes");
    }
    // A frame announced by its header alone (16 MiB, nothing after it).
    let mut header = vec![0x81, 0x80 | 127];
    header.extend_from_slice(&(16u64 << 20).to_be_bytes());
    header.extend_from_slice(&[1, 2, 3, 4]);
    let code = close_code_after(&server, &game, Writes::Raw(header)).await;
    assert_eq!(code, Some(1009), "a frame announced by its header");
    // A message of many small frames, over the limit together.
    let fragments = (0..40)
        .map(|i| {
            let opcode = OpCode::Data(if i == 0 { Data::Text } else { Data::Continue });
            WsMessage::Frame(Frame::message(vec![b'x'; 4000], opcode, false))
        })
        .collect();
    let code = close_code_after(&server, &game, Writes::Messages(fragments)).await;
    assert_eq!(code, Some(1009), "a message of fragments over the limit");
    // Invalid UTF-8 in a text frame.
    let frame = Frame::message(vec![b'{', 0xff, 0xfe, b'}'], OpCode::Data(Data::Text), true);
    let code = close_code_after(&server, &game, Writes::Messages(vec![WsMessage::Frame(frame)])).await;
    assert_eq!(code, Some(1007), "a text frame that is not UTF-8");
    // Nothing changed, and others are served.
    let mut other = server.join(&game, Some(&token(&created, 1))).await;
    other.assert_usable().await;
    assert_eq!(snapshot(&server, &game).await, before);
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_origins_are_refused() {
    let server = start_with(|c| c.allowed_origins = vec!["https://friends.example".into()]).await;
    let created = server.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    let ws = format!("{}/api/games/{game}/ws", server.base.replace("http://", "ws://"));
    for (origin, ok) in [
        ("https://evil.example", false),
        ("null", false),
        ("http://127.0.0.1:1", false),
        ("https://friends.example", true),
        (server.base.as_str(), true),
    ] {
        let mut request = ws.clone().into_client_request().unwrap();
        request.headers_mut().insert("origin", origin.parse().unwrap());
        let opened = tokio_tungstenite::connect_async(request).await;
        assert_eq!(opened.is_ok(), ok, "{origin}");
        if let Ok((mut socket, _)) = opened {
            let _ = socket.close(None).await;
        }
        let r = server
            .http
            .post(format!("{}/api/games", server.base))
            .header("origin", origin)
            .json(&json!({"seats": [{}, {}]}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16() == 201, ok, "{origin} creating a game");
    }
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_stored_only_as_digests() {
    let server = start().await;
    let created = server.create(json!({"seats": [{}, {}, {"bot": "greedy"}]})).await;
    let game = game_id(&created);
    let url = database_url(&server.dir);
    let mut stored: Vec<Option<String>> = Vec::new();
    let query = "SELECT token_hash FROM seats WHERE game_id = $1 ORDER BY seat";
    if url.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
        for row in sqlx::query(query)
            .bind(game.clone())
            .fetch_all(&pool)
            .await
            .unwrap()
        {
            stored.push(sqlx::Row::get(&row, "token_hash"));
        }
        let host: String = sqlx::Row::get(
            &sqlx::query("SELECT host_hash FROM games WHERE id = $1")
                .bind(game.clone())
                .fetch_one(&pool)
                .await
                .unwrap(),
            "host_hash",
        );
        assert_ne!(host, created["host_token"].as_str().unwrap());
        pool.close().await;
    } else {
        let pool = sqlx::PgPool::connect(&url).await.unwrap();
        for row in sqlx::query(query)
            .bind(game.clone())
            .fetch_all(&pool)
            .await
            .unwrap()
        {
            stored.push(sqlx::Row::get(&row, "token_hash"));
        }
        pool.close().await;
    }
    assert_eq!(stored.len(), 3);
    for (seat, kept) in stored.iter().enumerate().take(2) {
        let t = token(&created, seat);
        let kept = kept.clone().expect("a person's seat has a digest");
        let digest: String = sha2::Sha256::digest(t.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(kept, digest, "the database keeps the token's SHA-256");
    }
    assert_eq!(stored[2], None, "a bot's seat has no token");
    // And no token is anywhere in the SQLite files.
    if url.starts_with("sqlite:") {
        let mut bytes = Vec::new();
        for entry in std::fs::read_dir(server.dir.path()).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                bytes.extend(std::fs::read(path).unwrap());
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains(&game), "the files hold the game");
        for seat in 0..2 {
            assert!(
                !text.contains(&token(&created, seat)),
                "no seat token in the database files"
            );
        }
        assert!(!text.contains(created["host_token"].as_str().unwrap()));
    }
    server.server.stop().await;
}

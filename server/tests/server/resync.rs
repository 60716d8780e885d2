//! Sequence numbers, resync and reconnects: a client that missed updates is
//! told so by `from` and gets the whole state with `sync`; a client that falls
//! more than the send queue behind is sent the whole state by the server; a
//! reconnect with the seat's token resumes the seat; heartbeats close silent
//! connections; a stopping server tells its clients to reconnect.

use std::time::Duration;

use crate::support::*;
use carcassonne_safari_server::testing::{GameId, Outgoing, Session};
use serde_json::{json, Value};

/// The player clients of a two-person game, and its id.
async fn two_people(server: &TestServer) -> (String, Vec<Client>) {
    let created = server.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    let a = server.join(&game, Some(&token(&created, 0))).await;
    let b = server.join(&game, Some(&token(&created, 1))).await;
    (game, vec![a, b])
}

/// Plays `n` moves with the clients (people only), everyone catching up.
async fn play(clients: &mut [Client], n: usize, rng: &mut Rng) {
    for _ in 0..n {
        let i = clients
            .iter()
            .position(|c| c.my_turn())
            .expect("a person is to move");
        let seq = clients[i].seq;
        clients[i].play_random(rng).await;
        for c in clients.iter_mut() {
            c.wait_seq(seq + 1).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_missed_an_update_sees_the_gap_and_syncs() {
    let server = start().await;
    let (game, mut players) = two_people(&server).await;
    let mut watcher = server.join(&game, None).await;
    let mut rng = rng(4);
    play(&mut players, 1, &mut rng).await;
    // The watcher misses that update.
    let missed = watcher.next_raw().await;
    assert_eq!(missed["type"], "update");
    play(&mut players, 1, &mut rng).await;
    let next = watcher.next_raw().await;
    assert_eq!(next["type"], "update");
    assert_ne!(next["from"], watcher.seq, "the update says it does not follow");
    watcher.send(json!({"type": "sync"})).await;
    let state = watcher.expect("state").await;
    assert_eq!(state["seq"], players[0].seq);
    assert_eq!(watcher.moves, players[0].moves);
    // And it follows the game again.
    play(&mut players, 3, &mut rng).await;
    watcher.wait_seq(players[0].seq).await;
    assert_eq!(watcher.moves, players[0].moves);
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_behind_by_more_than_the_queue_is_sent_the_state() {
    let server = start_with(|c| c.send_queue = 2).await;
    let (game, mut players) = two_people(&server).await;
    let hub = server.server.hub().clone();
    let room = hub.room(&GameId::parse(&game).unwrap()).await.unwrap().unwrap();
    let mut slow = Session::new(hub.clone(), room.clone());
    let hello = slow
        .on_text(r#"{"type":"hello","protocol":1,"views":false}"#)
        .await;
    assert_eq!(hello.len(), 2, "welcome and state");
    // Six updates while the slow client reads nothing.
    play(&mut players, 6, &mut rng(5)).await;
    let out = slow.pending_updates().await;
    let messages: Vec<Value> = out
        .iter()
        .map(|o| match o {
            Outgoing::Text(t) => serde_json::from_str(t.as_str()).unwrap(),
            Outgoing::Close(..) => panic!("not closed"),
        })
        .collect();
    let kinds: Vec<&str> = messages.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["state"],
        "the whole state once, and no update it already holds"
    );
    assert_eq!(messages[0]["seq"], players[0].seq);
    assert!(messages[0].get("view").is_none(), "views: false holds");
    assert_eq!(room.seq().await, players[0].seq);
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_with_the_token_resumes_the_seat() {
    let server = start().await;
    let created = server.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    let mut clients = vec![
        server.join(&game, Some(&token(&created, 0))).await,
        server.join(&game, Some(&token(&created, 1))).await,
    ];
    let mut rng = rng(6);
    play(&mut clients, 4, &mut rng).await;
    // One player drops; the game goes on while the other can move.
    let gone = clients.pop().unwrap();
    let seat = gone.seat.unwrap() as usize;
    gone.close().await;
    while clients[0].my_turn() {
        let seq = clients[0].seq;
        clients[0].play_random(&mut rng).await;
        clients[0].wait_seq(seq + 1).await;
    }
    let back = server.join(&game, Some(&token(&created, seat))).await;
    assert_eq!(back.seat, Some(seat as u8), "the same seat");
    assert_eq!(back.seq, clients[0].seq, "where the game is");
    assert_eq!(back.moves, clients[0].moves);
    clients.push(back);
    play(&mut clients, 6, &mut rng).await;
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_connections_are_closed_and_live_ones_kept() {
    let server = start_with(|c| c.heartbeat_secs = 1).await;
    let created = server.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    let mut silent = server.join(&game, Some(&token(&created, 0))).await;
    let mut lively = server.join(&game, Some(&token(&created, 1))).await;
    // The lively client reads (and so answers the pings) until the server
    // has let the silent one go.
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reading = tokio::spawn({
        let done = done.clone();
        async move {
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                lively.send(json!({"type": "ping"})).await;
                lively.expect("pong").await;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            lively
        }
    });
    // After three heartbeats of silence the server lets the silent one go
    // (however long a busy machine takes, within the wait).
    let deadline = tokio::time::Instant::now() + WAIT;
    while server.server.hub().connections() != 1 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the silent connection is closed"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    // With close code 1001; the client may see the reset first, as it
    // answers the pings it reads late.
    let code = loop {
        match silent.next().await {
            Ok(_) => continue,
            Err(code) => break code,
        }
    };
    assert!(matches!(code, None | Some(1001)), "{code:?}");
    let mut lively = reading.await.unwrap();
    lively.assert_usable().await;
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_tells_clients_to_reconnect() {
    let server = start().await;
    let (_, mut clients) = two_people(&server).await;
    server.server.stop().await;
    for c in clients.iter_mut() {
        let code = loop {
            match c.next().await {
                Ok(_) => continue,
                Err(code) => break code,
            }
        };
        assert_eq!(code, Some(1012), "service restart");
    }
}

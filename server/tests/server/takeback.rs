//! Take-backs (docs/protocol.md, *Take-backs*): a person asks to take back
//! their last move, the other people accept or decline; a move, a decline or
//! the time limit drops the request; every refusal leaves the game as it
//! was; a take-back done is stored and survives a restart.

use crate::support::*;
use carcassonne_safari::{Move, MoveKind};
use serde_json::{json, Value};

/// A game of two people, both connected, and a spectator.
async fn two_people(server: &TestServer) -> (String, Client, Client, Client) {
    let created = server
        .create(json!({"seats": [{"name": "Ann"}, {"name": "Ben"}]}))
        .await;
    let game = game_id(&created);
    let a = server.join(&game, Some(&token(&created, 0))).await;
    let b = server.join(&game, Some(&token(&created, 1))).await;
    let watcher = server.join(&game, None).await;
    (game, a, b, watcher)
}

/// Seat 0 places its first tile (the first placement the engine lists);
/// every client reads the update. Returns the placement.
async fn place_first(clients: &mut [&mut Client]) -> Move {
    let a = &mut *clients[0];
    assert!(a.my_turn(), "seat 0 makes the first decision");
    let mv = *a
        .state()
        .legal_moves()
        .iter()
        .find(|m| m.kind() == MoveKind::Place)
        .expect("a placement is legal");
    let seq = a.seq;
    a.send(json!({"type": "move", "seq": seq, "move": mv.to_string()}))
        .await;
    for c in clients.iter_mut() {
        let update = c.expect("update").await;
        // The rules: after a placement the same player decides on (a
        // meeple, a ranger, ...), and no chance draw follows.
        assert_eq!(update["entries"].as_array().unwrap().len(), 1, "{update}");
        assert_eq!(update["entries"][0]["actor"], 0);
    }
    mv
}

/// The stored record's moves, in notation.
async fn stored_moves(server: &TestServer, game: &str) -> Vec<String> {
    server
        .record(game)
        .await
        .moves
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The game's card's seq.
async fn card_seq(server: &TestServer, game: &str) -> u64 {
    let (status, card) = server.get(&format!("/api/games/{game}")).await;
    assert_eq!(status, 200, "{card}");
    card["seq"].as_u64().unwrap()
}

fn notation(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accepted_take_back_undoes_the_move_for_everyone() {
    let server = start().await;
    let (game, mut a, mut b, mut watcher) = two_people(&server).await;
    let before = a.moves.clone();
    let seq0 = a.seq;
    let placed = place_first(&mut [&mut a, &mut b, &mut watcher]).await;
    assert_eq!(a.seq, seq0 + 1);

    a.send(json!({"type": "takeback", "seq": seq0 + 1})).await;
    for c in [&mut a, &mut b, &mut watcher] {
        let m = c.expect("takeback").await;
        assert_eq!(m["outcome"], "asked", "{m}");
        assert_eq!(m["seat"], 0);
        assert_eq!(m["seq"], seq0 + 1);
        assert_eq!(m["move"], placed.to_string());
        assert_eq!(m["agreed"], json!([true, false]));
        assert_eq!(m["needed"], json!([false, true]));
    }
    // A client that connects now sees the request in its state.
    let (_, late) = {
        let mut c = server.client(&game).await;
        c.send(json!({"type": "hello", "protocol": 1})).await;
        c.expect("welcome").await;
        let state = c.expect("state").await;
        (c, state)
    };
    assert_eq!(late["takeback"]["seat"], 0, "{}", late["takeback"]);
    assert_eq!(late["takeback"]["move"], placed.to_string());

    b.send(json!({"type": "takeback_answer", "seq": seq0 + 1, "accept": true}))
        .await;
    for c in [&mut a, &mut b, &mut watcher] {
        let m = c.expect("takeback").await;
        assert_eq!(m["outcome"], "accepted", "{m}");
        let state = c.expect("state").await;
        // One row more was stored: seq only grows.
        assert_eq!(state["seq"], seq0 + 2);
        assert_eq!(state["takeback"], Value::Null);
        assert_eq!(c.moves, before, "the placement is gone from the record");
        assert!(c.my_turn() == (c.seat == Some(0)), "seat 0 decides again");
    }
    assert_eq!(stored_moves(&server, &game).await, notation(&before));
    assert_eq!(card_seq(&server, &game).await, seq0 + 2);
    // The same tile is still to place: the same placement is legal again,
    // and the game goes on from seq0 + 2.
    a.send(json!({"type": "move", "seq": seq0 + 2, "move": placed.to_string()}))
        .await;
    for c in [&mut a, &mut b, &mut watcher] {
        let update = c.expect("update").await;
        assert_eq!(update["from"], seq0 + 2);
        assert_eq!(update["entries"][0]["step"], before.len());
        assert_eq!(update["entries"][0]["move"], placed.to_string());
    }
    let mut after = before.clone();
    after.push(placed);
    assert_eq!(stored_moves(&server, &game).await, notation(&after));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_take_back_keeps_the_move() {
    let server = start().await;
    let (game, mut a, mut b, mut watcher) = two_people(&server).await;
    let seq0 = a.seq;
    let placed = place_first(&mut [&mut a, &mut b, &mut watcher]).await;
    let mut after = a.moves.clone();
    a.send(json!({"type": "takeback", "seq": seq0 + 1})).await;
    for c in [&mut a, &mut b, &mut watcher] {
        assert_eq!(c.expect("takeback").await["outcome"], "asked");
    }
    b.send(json!({"type": "takeback_answer", "seq": seq0 + 1, "accept": false}))
        .await;
    for c in [&mut a, &mut b, &mut watcher] {
        let m = c.expect("takeback").await;
        assert_eq!(m["outcome"], "declined", "{m}");
        assert_eq!(m["by"], 1);
    }
    assert_eq!(a.seq, seq0 + 1);
    assert_eq!(*a.moves.last().unwrap(), placed);
    assert_eq!(card_seq(&server, &game).await, seq0 + 1);
    assert_eq!(stored_moves(&server, &game).await, notation(&a.moves));
    // Nothing waits any more: an answer now is refused.
    b.send(json!({"type": "takeback_answer", "seq": seq0 + 1, "accept": true}))
        .await;
    assert_eq!(b.expect_error().await["code"], "no_takeback");
    // Seat 0 plays on from where it was.
    let next = a.state().legal_moves()[0];
    a.send(json!({"type": "move", "seq": seq0 + 1, "move": next.to_string()}))
        .await;
    a.expect("update").await;
    after.push(next);
    assert_eq!(a.moves[..after.len()], after[..]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_cancels_the_take_back() {
    let server = start().await;
    let (game, mut a, mut b, mut watcher) = two_people(&server).await;
    let seq0 = a.seq;
    place_first(&mut [&mut a, &mut b, &mut watcher]).await;
    a.send(json!({"type": "takeback", "seq": seq0 + 1})).await;
    for c in [&mut a, &mut b, &mut watcher] {
        assert_eq!(c.expect("takeback").await["outcome"], "asked");
    }
    let next = a.state().legal_moves()[0];
    a.send(json!({"type": "move", "seq": seq0 + 1, "move": next.to_string()}))
        .await;
    for c in [&mut a, &mut b, &mut watcher] {
        let m = c.expect("takeback").await;
        assert_eq!(m["outcome"], "cancelled", "{m}");
    }
    assert!(b.moves.contains(&next), "everyone has the move");
    b.send(json!({"type": "takeback_answer", "seq": seq0 + 1, "accept": true}))
        .await;
    assert_eq!(b.expect_error().await["code"], "no_takeback");
    let stored = stored_moves(&server, &game).await;
    assert_eq!(stored, notation(&a.moves));
    assert!(stored.contains(&next.to_string()), "the move stays");
}

/// Sends `message` from `client` and reads the error it is refused with.
async fn refused(client: &mut Client, message: Value) -> Value {
    client.send(message).await;
    client.expect_error().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_take_backs_are_refused_and_change_nothing() {
    let server = start().await;
    let (game, mut a, mut b, mut watcher) = two_people(&server).await;
    let seq0 = a.seq;
    let mut stranger = server.client(&game).await;
    // Before hello, from a spectator, with fields missing.
    let e = refused(&mut stranger, json!({"type": "takeback", "seq": seq0})).await;
    assert_eq!(e["code"], "hello_first");
    let e = refused(&mut watcher, json!({"type": "takeback", "seq": seq0})).await;
    assert_eq!(e["code"], "spectator");
    let e = refused(
        &mut watcher,
        json!({"type": "takeback_answer", "seq": seq0, "accept": true}),
    )
    .await;
    assert_eq!(e["code"], "spectator");
    let e = refused(&mut a, json!({"type": "takeback"})).await;
    assert_eq!(e["code"], "bad_message");
    let e = refused(&mut a, json!({"type": "takeback_answer", "seq": seq0})).await;
    assert_eq!(e["code"], "bad_message");
    // Nothing of seat 0's to take back yet: the last moves are the draws.
    let e = refused(&mut a, json!({"type": "takeback", "seq": seq0})).await;
    assert_eq!(e["code"], "nothing_to_take_back", "{e}");
    // An answer with no request.
    let e = refused(
        &mut b,
        json!({"type": "takeback_answer", "seq": seq0, "accept": true}),
    )
    .await;
    assert_eq!(e["code"], "no_takeback");

    place_first(&mut [&mut a, &mut b, &mut watcher]).await;
    let seq = seq0 + 1;
    // Seat 1 cannot take back seat 0's move; an old seq is stale.
    let e = refused(&mut b, json!({"type": "takeback", "seq": seq})).await;
    assert_eq!(e["code"], "nothing_to_take_back", "{e}");
    let e = refused(&mut a, json!({"type": "takeback", "seq": seq0})).await;
    assert_eq!(e["code"], "stale");
    assert_eq!(e["seq"], seq);

    a.send(json!({"type": "takeback", "seq": seq})).await;
    for c in [&mut a, &mut b, &mut watcher] {
        assert_eq!(c.expect("takeback").await["outcome"], "asked");
    }
    // Asked twice; answered by its own seat; answered for another seq.
    let e = refused(&mut a, json!({"type": "takeback", "seq": seq})).await;
    assert_eq!(e["code"], "takeback_pending");
    let e = refused(
        &mut a,
        json!({"type": "takeback_answer", "seq": seq, "accept": true}),
    )
    .await;
    assert_eq!(e["code"], "not_asked");
    let e = refused(
        &mut b,
        json!({"type": "takeback_answer", "seq": seq0, "accept": true}),
    )
    .await;
    assert_eq!(e["code"], "no_takeback");
    // Seat 1 may not move while seat 0 decides, request or not.
    let any = b.state().legal_moves()[0];
    let e = refused(
        &mut b,
        json!({"type": "move", "seq": seq, "move": any.to_string()}),
    )
    .await;
    assert_eq!(e["code"], "not_your_turn");

    // None of it changed the game, and the request still waits.
    assert_eq!(card_seq(&server, &game).await, seq);
    assert_eq!(stored_moves(&server, &game).await, notation(&a.moves));
    let (_, state) = {
        let mut c = server.client(&game).await;
        c.send(json!({"type": "hello", "protocol": 1})).await;
        c.expect("welcome").await;
        let s = c.expect("state").await;
        (c, s)
    };
    assert_eq!(state["seq"], seq);
    assert_eq!(state["takeback"]["agreed"], json!([true, false]));
    a.assert_usable().await;
    b.assert_usable().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_bots_a_take_back_needs_no_answer() {
    let server = start().await;
    let created = server
        .create(json!({"seats": [{"name": "Ann"}, {"bot": "random"}]}))
        .await;
    let game = game_id(&created);
    let mut a = server.join(&game, Some(&token(&created, 0))).await;
    let before = a.moves.clone();
    let seq0 = a.seq;
    place_first(&mut [&mut a]).await;
    a.send(json!({"type": "takeback", "seq": seq0 + 1})).await;
    let m = a.expect("takeback").await;
    assert_eq!(m["outcome"], "accepted", "{m}");
    assert_eq!(m["needed"], json!([false, false]));
    let state = a.expect("state").await;
    assert_eq!(state["seq"], seq0 + 2);
    assert_eq!(a.moves, before);
    assert_eq!(stored_moves(&server, &game).await, notation(&before));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_take_back_lapses() {
    let server = start_with(|c| c.takeback_secs = 1).await;
    let (game, mut a, mut b, mut watcher) = two_people(&server).await;
    let seq0 = a.seq;
    place_first(&mut [&mut a, &mut b, &mut watcher]).await;
    a.send(json!({"type": "takeback", "seq": seq0 + 1})).await;
    for c in [&mut a, &mut b, &mut watcher] {
        assert_eq!(c.expect("takeback").await["outcome"], "asked");
    }
    for c in [&mut a, &mut b, &mut watcher] {
        let m = c.expect("takeback").await;
        assert_eq!(m["outcome"], "expired", "{m}");
    }
    let e = refused(
        &mut b,
        json!({"type": "takeback_answer", "seq": seq0 + 1, "accept": true}),
    )
    .await;
    assert_eq!(e["code"], "no_takeback");
    assert_eq!(card_seq(&server, &game).await, seq0 + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_back_survives_a_restart() {
    let first = start().await;
    let url = database_url(&first.dir);
    let (game, mut a, mut b, mut watcher) = two_people(&first).await;
    let before = a.moves.clone();
    let seq0 = a.seq;
    let placed = place_first(&mut [&mut a, &mut b, &mut watcher]).await;
    a.send(json!({"type": "takeback", "seq": seq0 + 1})).await;
    b.expect("takeback").await;
    b.send(json!({"type": "takeback_answer", "seq": seq0 + 1, "accept": true}))
        .await;
    b.expect("state").await;
    assert_eq!(b.moves, before);
    // A request waiting when the server stops is not kept: ask one again.
    a.close().await;
    b.close().await;
    watcher.close().await;
    let dir = first.dir;
    first.server.stop().await;

    let second = start_with(|c| c.database_url = url.clone()).await;
    let mut c = second.join(&game, None).await;
    assert_eq!(c.seq, seq0 + 2, "the take-back's row is still stored");
    assert_eq!(c.moves, before, "the replay takes the move back again");
    assert_eq!(stored_moves(&second, &game).await, notation(&before));
    assert_eq!(card_seq(&second, &game).await, seq0 + 2);
    // The position is the one before the placement: it is legal again.
    assert!(c.state().legal_moves().contains(&placed));
    c.assert_usable().await;
    drop(dir);
}

//! Complete games over real WebSockets against a server in this process:
//! people, bots, spectators; the lobby (open games, free seats, the host
//! handing a seat to a bot, idle seats going to bots and coming back); the
//! page and the health check.

use crate::support::*;
use serde_json::{json, Value};

/// Every client saw the same game, and the stored record replays to it.
async fn assert_same_end(server: &TestServer, game: &str, clients: &[Client]) {
    let record = server.record(game).await;
    let (replayed, _) = record.replay().expect("the stored record replays");
    assert!(replayed.is_over());
    for c in clients {
        assert_eq!(
            c.state().scores(),
            replayed.scores(),
            "every client saw the stored scores"
        );
        assert_eq!(c.moves, record.moves, "every client saw every stored move, once");
    }
    let (_, summary) = server.get(&format!("/api/games/{game}")).await;
    assert_eq!(summary["status"], "over");
    assert_eq!(summary["seq"], record.moves.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_a_spectator_play_a_complete_game() {
    let server = start().await;
    let created = server
        .create(json!({"seats": [{"name": "Ann"}, {"name": "Ben"}]}))
        .await;
    let game = game_id(&created);
    assert_eq!(created["spectate"], format!("/#game={game}"));
    assert_eq!(
        created["seats"][1]["invite"],
        format!("/#game={game}&seat=1&token={}", token(&created, 1))
    );
    let a = server.join(&game, Some(&token(&created, 0))).await;
    let b = server.join(&game, Some(&token(&created, 1))).await;
    let watcher = server.join(&game, None).await;
    assert_eq!((a.seat, b.seat, watcher.seat), (Some(0), Some(1), None));
    let mut clients = vec![a, b, watcher];
    let moves = play_out(&mut clients, &mut rng(1)).await;
    assert!(moves > 50, "a whole game is many decisions ({moves})");
    assert_same_end(&server, &game, &clients).await;
    // The spectator received the same stream: every move as an update.
    assert!(clients[2].updates >= moves);
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_complete_game_against_two_bots() {
    let server = start().await;
    let created = server
        .create(
            json!({"seats": [{"bot": "greedy"}, {"name": "Cleo"}, {"bot": "mcts:it=30", "name": "Monty"}]}),
        )
        .await;
    let game = game_id(&created);
    assert_eq!(created["seats"][0]["token"], Value::Null);
    assert_eq!(created["seats"][2]["name"], "Monty");
    let mut clients = vec![server.join(&game, Some(&token(&created, 1))).await];
    play_out(&mut clients, &mut rng(2)).await;
    assert_same_end(&server, &game, &clients).await;
    let record = server.record(&game).await;
    assert_eq!(record.seats[0].bot.as_deref(), Some("greedy"));
    assert_eq!(record.seats[1].bot, None);
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_alone_play_a_complete_game_for_a_spectator() {
    let server = start().await;
    let created = server
        .create(json!({"seats": [{"bot": "random"}, {"bot": "greedy"}, {"bot": "kindrandom"}]}))
        .await;
    let game = game_id(&created);
    let mut watcher = server.join(&game, None).await;
    while !watcher.state().is_over() {
        watcher.wait_change().await;
    }
    assert_same_end(&server, &game, &[watcher]).await;
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_games_are_listed_and_their_free_seats_taken() {
    let server = start().await;
    let listed = server
        .create(json!({"seats": [{"name": "Host"}, {}, {"bot": "greedy"}], "listed": true}))
        .await;
    let hidden = server.create(json!({"seats": [{}, {}]})).await;
    let (game, hidden_game) = (game_id(&listed), game_id(&hidden));
    let (_, list) = server.get("/api/games").await;
    let ids: Vec<&str> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&game.as_str()));
    assert!(
        !ids.contains(&hidden_game.as_str()),
        "an unlisted game is not listed"
    );
    // Seat 0's person comes by the invite link; the lobby gives seat 1.
    server.join(&game, Some(&token(&listed, 0))).await;
    let (status, joined) = server
        .post(&format!("/api/games/{game}/join"), json!({"name": "Dora"}))
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], 1);
    let new_token = joined["token"].as_str().unwrap();
    assert_ne!(
        new_token,
        token(&listed, 1),
        "a seat taken from the lobby gets a new token"
    );
    // The old invite of the seat no longer opens it; the new token does.
    let mut old = server.client(&game).await;
    old.send(json!({"type": "hello", "protocol": 1, "token": token(&listed, 1)}))
        .await;
    assert_eq!(old.expect_error().await["code"], "unauthorized");
    let dora = server.join(&game, Some(new_token)).await;
    assert_eq!(dora.seat, Some(1));
    // Every seat is taken: no more joins, and the game leaves the list.
    let (status, full) = server.post(&format!("/api/games/{game}/join"), json!({})).await;
    assert_eq!(
        (status, full["error"]["code"].as_str()),
        (409, Some("no_free_seat"))
    );
    let (_, list) = server.get("/api/games").await;
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .all(|g| g["game"] != game.as_str()));
    let (_, card) = server.get(&format!("/api/games/{game}")).await;
    assert_eq!(card["status"], "playing");
    assert_eq!(card["seats"][1]["name"], "Dora");
    // An unlisted game is joined by invite only.
    let (status, refused) = server
        .post(&format!("/api/games/{hidden_game}/join"), json!({}))
        .await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (403, Some("not_listed"))
    );
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_hands_a_seat_to_a_bot() {
    let server = start().await;
    let created = server.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    let host = created["host_token"].as_str().unwrap();
    let mut a = server.join(&game, Some(&token(&created, 0))).await;
    let mut b = server.join(&game, Some(&token(&created, 1))).await;
    let url = format!("{}/api/games/{game}/seats/1/bot", server.base);
    // Not without the host's token: not with a seat's, not with none.
    for auth in [None, Some(token(&created, 1)), Some("nonsense".to_owned())] {
        let mut request = server.http.post(&url).json(&json!({"bot": "greedy"}));
        if let Some(t) = auth {
            request = request.bearer_auth(t);
        }
        let r = request.send().await.unwrap();
        assert_eq!(r.status().as_u16(), 403);
    }
    // A seat that is not a number: the documented JSON error.
    let r = server
        .http
        .post(format!("{}/api/games/{game}/seats/one/bot", server.base))
        .bearer_auth(host)
        .json(&json!({"bot": "greedy"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);
    let answer: Value = r.json().await.unwrap();
    assert_eq!(answer["error"]["code"], "bad_request", "{answer}");
    let r = server
        .http
        .post(&url)
        .bearer_auth(host)
        .json(&json!({"bot": "mcts:threads=8"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.status().as_u16(),
        400,
        "a bot over the server's budget is refused"
    );
    let r = server
        .http
        .post(&url)
        .bearer_auth(host)
        .json(&json!({"bot": "greedy"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let card: Value = r.json().await.unwrap();
    assert_eq!(card["seats"][1]["bot"], "greedy");
    assert_eq!(card["seats"][1]["handed"], "host");
    // Both connections hear of it; seat 1's person can no longer move.
    a.expect("seats").await;
    b.expect("seats").await;
    let seq = b.seq;
    b.send(json!({"type": "move", "seq": seq, "move": "pass"})).await;
    assert_eq!(b.expect_error().await["code"], "seat_is_bot");
    // Seat 0 plays the game out against the bot.
    let mut clients = vec![a, b];
    clients[1].seat = None;
    play_out(&mut clients, &mut rng(3)).await;
    assert!(clients[0].state().is_over());
    server.server.stop().await;
}

/// Says hello on a new connection and returns its `state`.
async fn state_of_hello(server: &TestServer, game: &str, token: Option<&str>) -> (Client, Value) {
    let mut client = Client::connect(&server.base, game).await;
    let mut hello = json!({"type": "hello", "protocol": 1});
    if let Some(t) = token {
        hello["token"] = json!(t);
    }
    client.send(hello).await;
    client.expect("welcome").await;
    let state = client.expect("state").await;
    (client, state)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_sees_each_seat_connect_and_disconnect() {
    let server = start().await;
    let created = server.create(json!({"seats": [{}, {}, {"bot": "random"}]})).await;
    let game = game_id(&created);
    // Nobody plays yet: no seat is connected (a bot's seat never is).
    let (mut watcher, state) = state_of_hello(&server, &game, None).await;
    assert_eq!(state["connected"], json!([false, false, false]), "{state}");
    // Seat 0's person connects: their own state shows it, the watcher is told.
    let (a, state) = state_of_hello(&server, &game, Some(&token(&created, 0))).await;
    assert_eq!(state["connected"], json!([true, false, false]), "{state}");
    let m = watcher.expect("presence").await;
    assert_eq!(
        m,
        json!({"type": "presence", "game": game, "connected": [true, false, false]})
    );
    // Seat 1's person connects, then leaves.
    let b = server.join(&game, Some(&token(&created, 1))).await;
    let m = watcher.expect("presence").await;
    assert_eq!(m["connected"], json!([true, true, false]), "{m}");
    b.close().await;
    let m = watcher.expect("presence").await;
    assert_eq!(m["connected"], json!([true, false, false]), "{m}");
    // A later state says the same; a spectator's connection counts for no seat.
    watcher.send(json!({"type": "sync"})).await;
    let state = watcher.expect("state").await;
    assert_eq!(state["connected"], json!([true, false, false]), "{state}");
    // Seat 0 on two connections: disconnected once both have closed.
    let (a2, _) = state_of_hello(&server, &game, Some(&token(&created, 0))).await;
    a.close().await;
    a2.close().await;
    let m = watcher.expect("presence").await;
    assert_eq!(m["connected"], json!([false, false, false]), "{m}");
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_dealt_once_every_person_asked_and_their_tokens_open_it() {
    let server = start().await;
    let created = server
        .create(json!({"seats": [{"name": "Ann"}, {"name": "Ben"}, {"bot": "random"}], "idle_secs": 120}))
        .await;
    let game = game_id(&created);
    let a = server.join(&game, Some(&token(&created, 0))).await;
    let b = server.join(&game, Some(&token(&created, 1))).await;
    let (watcher, state) = state_of_hello(&server, &game, None).await;
    assert_eq!(
        state["rematch"],
        json!({"asked": [false, false, false], "next": null}),
        "{state}"
    );
    let mut clients = vec![a, b, watcher];
    // Not before the end.
    clients[0].send(json!({"type": "rematch"})).await;
    let refused = clients[0].expect_error().await;
    assert_eq!(refused["code"], "not_over", "{refused}");
    play_out(&mut clients, &mut rng(5)).await;
    let [mut a, mut b, mut watcher]: [Client; 3] = clients.try_into().ok().unwrap();
    assert!(a.state().is_over());
    // A spectator has no say.
    watcher.send(json!({"type": "rematch"})).await;
    assert_eq!(watcher.expect_error().await["code"], "spectator");
    // Ann asks: every connection is told, nothing is created yet.
    a.send(json!({"type": "rematch"})).await;
    for c in [&mut a, &mut b, &mut watcher] {
        let m = c.expect("rematch").await;
        assert_eq!(
            m,
            json!({"type": "rematch", "game": game, "asked": [true, false, false], "next": null})
        );
    }
    // Asking again changes nothing: the answer goes to Ann alone.
    a.send(json!({"type": "rematch"})).await;
    assert_eq!(a.expect("rematch").await["asked"], json!([true, false, false]));
    // Ben agrees: the new game is dealt and every connection told where it is.
    b.send(json!({"type": "rematch"})).await;
    let mut next = None;
    for c in [&mut a, &mut b, &mut watcher] {
        let m = c.expect("rematch").await;
        assert_eq!(m["asked"], json!([true, true, false]), "{m}");
        let m = if m["next"].is_null() {
            c.expect("rematch").await
        } else {
            m
        };
        let id = m["next"].as_str().expect("the new game's id").to_owned();
        assert_eq!(*next.get_or_insert(id.clone()), id, "one new game for all");
    }
    let next = next.unwrap();
    assert_ne!(next, game);
    watcher.send(json!({"type": "sync"})).await;
    let state = watcher.expect("state").await;
    assert_eq!(
        state["rematch"],
        json!({"asked": [true, true, false], "next": next}),
        "{state}"
    );
    // Asked after it exists: told where it is.
    a.send(json!({"type": "rematch"})).await;
    assert_eq!(a.expect("rematch").await["next"], next);
    // The new game: the same seats, names, bot and options, a new deal; each person's token opens their seat.
    let (_, card) = server.get(&format!("/api/games/{next}")).await;
    assert_eq!(card["status"], "playing", "{card}");
    assert_eq!(card["idle_secs"], 120);
    assert_eq!(card["listed"], false);
    let names: Vec<&str> = card["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Ben", "random"]);
    assert_eq!(card["seats"][2]["bot"], "random");
    assert_eq!(card["seats"][0]["bot"], Value::Null);
    let mut again = vec![
        server.join(&next, Some(&token(&created, 0))).await,
        server.join(&next, Some(&token(&created, 1))).await,
    ];
    assert_eq!((again[0].seat, again[1].seat), (Some(0), Some(1)));
    assert!(!again[0].state().is_over());
    play_some(&mut again, &mut rng(6), 4).await;
    // The finished game is as it was.
    assert_eq!(server.record(&game).await.moves, a.moves);
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_seat_goes_to_a_bot_and_its_token_takes_it_back() {
    let server = start().await;
    let created = server
        .create(json!({"seats": [{}, {}], "idle_secs": 1, "idle_bot": "random"}))
        .await;
    let game = game_id(&created);
    let mut watcher = server.join(&game, None).await;
    // Nobody moves: within a few seconds a bot has the seat to move and plays.
    let seats = loop {
        let m = watcher.wait_change().await;
        if m["type"] == "seats" {
            break m["seats"].clone();
        }
    };
    let handed: Vec<&Value> = seats
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["handed"] == "idle")
        .collect();
    // One seat, or both when this connection's hello came after the first
    // hand-over (a busy machine): each to the idle bot.
    assert!(!handed.is_empty(), "{seats}");
    assert!(handed.iter().all(|s| s["bot"] == "random"), "{seats}");
    let seat = handed[0]["seat"].as_u64().unwrap() as usize;
    let seq = watcher.seq;
    loop {
        watcher.wait_change().await;
        if watcher.seq > seq {
            break;
        }
    }
    // The person comes back with the seat's token: the seat is theirs again.
    let back = server.join(&game, Some(&token(&created, seat))).await;
    assert_eq!(back.seat, Some(seat as u8));
    let (_, card) = server.get(&format!("/api/games/{game}")).await;
    assert_eq!(card["seats"][seat]["bot"], Value::Null);
    assert_eq!(card["seats"][seat]["handed"], Value::Null);
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_creations_are_refused_with_a_reason() {
    let server = start().await;
    let bad = [
        json!({"seats": [{}]}),
        json!({"seats": [{}, {}, {}, {}, {}, {}]}),
        json!({"seats": [{}, {"bot": "deep-blue"}]}),
        json!({"seats": [{}, {"bot": "mcts:threads=4"}]}),
        json!({"seats": [{}, {"bot": "mcts:ms=999999"}]}),
        json!({"seats": [{}, {"name": "x".repeat(33)}]}),
        json!({"seats": [{}, {"name": "bell\u{7}"}]}),
        json!({"seats": [{}, {}], "rules": {"rangers": [{"x": 0, "y": 1}, {"x": 0, "y": 1}]}}),
        json!({"seats": [{}, {}], "rules": {"tile_order": ["CS26:E,G"]}}),
        json!({"seats": [{}, {}], "idle_secs": 99999999}),
        json!({"seats": [{}, {}], "idle_bot": "nobody"}),
        json!({"seats": [{}, {}], "colour": "red"}),
        json!({"players": 2}),
        json!([1, 2]),
    ];
    for body in bad {
        let (status, answer) = server.post("/api/games", body.clone()).await;
        assert_eq!(status, 400, "{body} -> {answer}");
        assert_eq!(answer["error"]["code"], "bad_request", "{body}");
        assert!(!answer["error"]["message"].as_str().unwrap().is_empty());
    }
    // The seat count and the rules are the engine's checks (R-COMP-3), with
    // its message.
    for (body, message) in [
        (json!({"seats": [{}]}), "1 players: the game takes 2 to 5"),
        (
            json!({"seats": [{}, {}, {}, {}, {}, {}]}),
            "6 players: the game takes 2 to 5",
        ),
        (
            json!({"seats": [{}, {}], "rules": {"rangers": [{"x": 0, "y": 1}, {"x": 0, "y": 1}]}}),
            "both rangers start on 0,1",
        ),
    ] {
        let (_, answer) = server.post("/api/games", body.clone()).await;
        assert_eq!(answer["error"]["message"], message, "{body}");
    }
    let r = server
        .http
        .post(format!("{}/api/games", server.base))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);
    let big = json!({"seats": [{"name": "x".repeat(20_000)}, {}]});
    let (status, _) = server.post("/api/games", big).await;
    assert_eq!(status, 413, "a body over the limit is refused");
    server.server.stop().await;
}

/// docs/protocol.md's names and content type: a person's name is trimmed and
/// has at most 32 characters; absent or empty, it is `Player N`, N the seat's
/// number plus one (for a seat taken with `join`, answered 200, too); a body
/// without `content-type: application/json` is 400 `bad_request`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_and_content_types_are_as_documented() {
    let server = start().await;
    let longest = "é".repeat(32);
    let created = server
        .create(json!({
            "seats": [{}, {"name": ""}, {"name": "  Ann  "}, {"name": longest}, {"bot": "greedy"}],
            "listed": true,
        }))
        .await;
    let names: Vec<&str> = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Player 1", "Player 2", "Ann", longest.as_str(), "greedy"]);
    let game = game_id(&created);
    let (status, joined) = server
        .post(&format!("/api/games/{game}/join"), json!({"name": " "}))
        .await;
    assert_eq!((status, &joined["seat"]), (200, &json!(0)), "{joined}");
    let (_, card) = server.get(&format!("/api/games/{game}")).await;
    assert_eq!(
        card["seats"][0]["name"], "Player 1",
        "a blank name joins as the default"
    );
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let mut request = server
            .http
            .post(format!("{}/api/games", server.base))
            .body(json!({"seats": [{}, {}]}).to_string());
        if let Some(t) = content_type {
            request = request.header("content-type", t);
        }
        let r = request.send().await.unwrap();
        let status = r.status().as_u16();
        let answer: Value = r.json().await.unwrap();
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (400, Some("bad_request")),
            "content type {content_type:?}: {answer}"
        );
    }
    server.server.stop().await;
}

/// A bot's budget is the one the bots crate builds it with: `mcts` names no
/// budget but searches 2,000 iterations, over a server's 500.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_default_budget_counts_against_the_server_limit() {
    let server = start_with(|c| c.bot_max_iterations = 500).await;
    for bot in ["mcts", "mcts-0.1", "mcts:c=0.5", "mcts:it=501"] {
        let (status, answer) = server
            .post("/api/games", json!({"seats": [{}, {"bot": bot}]}))
            .await;
        assert_eq!(status, 400, "{bot} -> {answer}");
        assert_eq!(answer["error"]["code"], "bad_request", "{bot}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains("at most 500 iterations"), "{bot}: {message}");
    }
    let (status, answer) = server
        .post("/api/games", json!({"seats": [{}, {}], "idle_bot": "mcts"}))
        .await;
    assert_eq!(status, 400, "the idle bot too: {answer}");
    let (status, answer) = server
        .post("/api/games", json!({"seats": [{}, {"bot": "mcts:it=500"}]}))
        .await;
    assert_eq!(status, 201, "within the limit: {answer}");
    server.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_health_check_the_page_and_unknown_routes() {
    let server = start().await;
    let (status, health) = server.get("/api/health").await;
    assert_eq!(status, 200);
    assert_eq!(health["status"], "ok");
    assert!(health["database"] == "sqlite" || health["database"] == "postgres");
    // Without a built page, `/` says how to build it.
    let page = server
        .http
        .get(format!("{}/", server.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("bash web/build.sh"), "{page}");
    // With one, it is served.
    let www = server.dir.path().join("www");
    std::fs::create_dir_all(www.join("pkg")).unwrap();
    std::fs::write(www.join("index.html"), "<title>the game</title>").unwrap();
    std::fs::write(www.join("pkg/x.wasm"), [0, 97, 115, 109]).unwrap();
    let page = server
        .http
        .get(format!("{}/", server.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(page, "<title>the game</title>");
    let wasm = server
        .http
        .get(format!("{}/pkg/x.wasm", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(wasm.headers()["content-type"], "application/wasm");
    for path in [
        "/api/nothing",
        "/api/games/short",
        "/api/games/AAAAAAAAAAAAAAAAAAAAAA",
    ] {
        let (status, answer) = server.get(path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(answer["error"]["code"], "not_found");
    }
    let r = server
        .http
        .get(format!("{}/../../etc/passwd", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 404);
    server.server.stop().await;
}

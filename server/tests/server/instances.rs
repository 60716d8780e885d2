//! Two servers on one PostgreSQL database (issue 17, item 7): clients on
//! different servers play one game; each move reaches the other server's
//! clients through LISTEN/NOTIFY; a bot's seat is played once; both servers
//! end with the same stored record; a rematch asked for on one server and
//! agreed to on the other is dealt once; a take-back done on one reaches the
//! other's clients. Needs `SAFARI_TEST_DATABASE_URL` naming
//! a PostgreSQL database: `bash server/ci.sh` starts one and runs this.

use crate::support::*;
use serde_json::json;

fn postgres_url() -> String {
    let url = std::env::var("SAFARI_TEST_DATABASE_URL")
        .expect("SAFARI_TEST_DATABASE_URL names the PostgreSQL database (server/ci.sh sets it)");
    assert!(
        url.starts_with("postgres"),
        "two servers share a PostgreSQL database, not {url:.8}..."
    );
    url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: run by server/ci.sh"]
async fn clients_on_two_servers_play_one_game() {
    let url = postgres_url();
    let a = start_with(|c| c.database_url = url.clone()).await;
    let b = start_with(|c| c.database_url = url.clone()).await;
    let created = a
        .create(json!({"seats": [{"name": "on A"}, {"name": "on B"}, {"bot": "greedy"}]}))
        .await;
    let game = game_id(&created);
    // The game was created on A; B finds it in the database.
    let (status, card) = b.get(&format!("/api/games/{game}")).await;
    assert_eq!(status, 200, "{card}");
    let on_a = a.join(&game, Some(&token(&created, 0))).await;
    let on_b = b.join(&game, Some(&token(&created, 1))).await;
    let watcher_a = a.join(&game, None).await;
    let watcher_b = b.join(&game, None).await;
    let mut clients = vec![on_a, on_b, watcher_a, watcher_b];
    play_out(&mut clients, &mut rng(8)).await;
    let record_a = a.record(&game).await;
    let record_b = b.record(&game).await;
    assert_eq!(record_a, record_b, "both servers hold the same game");
    let (end, _) = record_a.replay().unwrap();
    assert!(end.is_over());
    for c in &clients {
        assert_eq!(
            c.moves, record_a.moves,
            "every client saw every move once, in order"
        );
        assert_eq!(c.state().scores(), end.scores());
    }
    // A rematch across the servers: the person on A asks, every client (on B
    // too) is told; the person on B agrees; one new game, on both servers.
    clients[0].send(json!({"type": "rematch"})).await;
    for c in clients.iter_mut() {
        assert_eq!(c.expect("rematch").await["asked"], json!([true, false, false]));
    }
    clients[1].send(json!({"type": "rematch"})).await;
    let mut next = None;
    for c in clients.iter_mut() {
        let m = loop {
            let m = c.expect("rematch").await;
            if !m["next"].is_null() {
                break m;
            }
        };
        assert_eq!(m["asked"], json!([true, true, false]), "{m}");
        let id = m["next"].as_str().unwrap().to_owned();
        assert_eq!(
            *next.get_or_insert(id.clone()),
            id,
            "one rematch for every client"
        );
    }
    let next = next.unwrap();
    for server in [&a, &b] {
        let (status, card) = server.get(&format!("/api/games/{next}")).await;
        assert_eq!(status, 200, "{card}");
    }
    let again = b.join(&next, Some(&token(&created, 0))).await;
    assert_eq!(
        again.seat,
        Some(0),
        "the token of A's person opens their seat on B"
    );
    a.server.stop().await;
    b.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: run by server/ci.sh"]
async fn the_same_move_sent_to_two_servers_is_played_once() {
    let url = postgres_url();
    let a = start_with(|c| c.database_url = url.clone()).await;
    let b = start_with(|c| c.database_url = url.clone()).await;
    let created = a.create(json!({"seats": [{}, {}]})).await;
    let game = game_id(&created);
    let mut probe = a.join(&game, None).await;
    let Some(carcassonne_safari::Actor::Player(p)) = probe.state().to_move() else {
        panic!()
    };
    let t = token(&created, p.index());
    let mut x = a.join(&game, Some(&t)).await;
    let mut y = b.join(&game, Some(&t)).await;
    let seq = x.seq;
    let mv = x.state().legal_moves()[0].to_string();
    // Both connections of the seat send the move for the same seq at once.
    let message = json!({"type": "move", "seq": seq, "move": mv});
    tokio::join!(x.send(message.clone()), y.send(message.clone()));
    let mut stale = 0;
    for c in [&mut x, &mut y] {
        while c.seq < seq + 1 {
            let m = c.recv().await;
            if m["type"] == "error" {
                assert_eq!(m["code"], "stale", "{m}");
                stale += 1;
            }
        }
    }
    assert_eq!(stale, 1, "one of the two was told it came too late");
    probe.wait_seq(seq + 1).await;
    let record = b.record(&game).await;
    assert_eq!(record.moves[seq as usize].to_string(), mv);
    assert_eq!(record.moves, x.moves);
    assert_eq!(record.moves, y.moves);
    let stored = a.record(&game).await;
    assert_eq!(stored, record);
    a.server.stop().await;
    b.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: run by server/ci.sh"]
async fn a_take_back_on_one_server_reaches_the_other() {
    let url = postgres_url();
    let a = start_with(|c| c.database_url = url.clone()).await;
    let b = start_with(|c| c.database_url = url.clone()).await;
    let created = a
        .create(json!({"seats": [{"name": "Ann"}, {"name": "Ben"}]}))
        .await;
    let game = game_id(&created);
    // Both people on A (a request waiting lives on its server); a watcher on B.
    let mut ann = a.join(&game, Some(&token(&created, 0))).await;
    let mut ben = a.join(&game, Some(&token(&created, 1))).await;
    let mut watcher = b.join(&game, None).await;
    let before = ann.moves.clone();
    let seq = ann.seq;
    let mv = *ann
        .state()
        .legal_moves()
        .iter()
        .find(|m| m.kind() == carcassonne_safari::MoveKind::Place)
        .unwrap();
    ann.send(json!({"type": "move", "seq": seq, "move": mv.to_string()}))
        .await;
    for c in [&mut ann, &mut ben, &mut watcher] {
        c.wait_seq(seq + 1).await;
    }
    ann.send(json!({"type": "takeback", "seq": seq + 1})).await;
    ben.expect("takeback").await;
    ben.send(json!({"type": "takeback_answer", "seq": seq + 1, "accept": true}))
        .await;
    // B reads the take-back's row and sends its connections the whole state.
    let state = watcher.expect("state").await;
    assert_eq!(state["seq"], seq + 2);
    assert_eq!(watcher.moves, before);
    assert_eq!(b.record(&game).await.moves, before);
    // The game goes on, on both servers.
    ann.expect("state").await;
    ann.send(json!({"type": "move", "seq": seq + 2, "move": mv.to_string()}))
        .await;
    let update = watcher.expect("update").await;
    assert_eq!(update["from"], seq + 2);
    assert_eq!(update["entries"][0]["step"], before.len());
    a.server.stop().await;
    b.server.stop().await;
}

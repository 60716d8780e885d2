//! The binary, killed: start it, play part of a game (and let bots play
//! another), SIGKILL it, start it again on the same database, finish both
//! games. Every move a client was told of is still there, the games go on
//! from where they were, and the stored records replay to the scores the
//! clients saw. The logs (at debug level) hold no token and no database path.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::support::*;
use serde_json::json;

/// The server binary, running.
struct Process {
    child: Child,
    base: String,
}

/// Starts the binary on a free port with this database; its log goes to
/// `log`.
fn spawn(database_url: &str, log: &Path, www: &Path) -> Process {
    let log = std::fs::File::create(log).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne-safari-server"))
        .args(["--addr", "127.0.0.1:0", "--idle-secs", "0", "--static-dir"])
        .arg(www)
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "debug")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .expect("the server binary starts");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(WAIT).expect("the server says where it listens");
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .expect("the address line")
        .to_owned();
    Process { child, base: addr }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_starts_again_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let url = database_url(&dir);
    let www = dir.path().join("www");
    let http = reqwest::Client::new();
    let first = spawn(&url, &dir.path().join("first.log"), &www);
    let post = |base: String, body: serde_json::Value| {
        let http = http.clone();
        async move {
            let r = http
                .post(format!("{base}/api/games"))
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(r.status().as_u16(), 201);
            r.json::<serde_json::Value>().await.unwrap()
        }
    };
    let created = post(first.base.clone(), json!({"seats": [{}, {"bot": "greedy"}, {}]})).await;
    let game = game_id(&created);
    let mut clients = vec![
        Client::connect(&first.base, &game).await,
        Client::connect(&first.base, &game).await,
    ];
    clients[0].hello(Some(&token(&created, 0))).await;
    clients[1].hello(Some(&token(&created, 2))).await;
    let mut rng = rng(7);
    play_some(&mut clients, &mut rng, 25).await;
    // Bots alone, thinking a little, killed in the middle of their game.
    let bots = post(
        first.base.clone(),
        json!({"seats": [{"bot": "mcts:it=200"}, {"bot": "mcts:it=200"}]}),
    )
    .await;
    let bots_game = game_id(&bots);
    let mut watcher = Client::connect(&first.base, &bots_game).await;
    watcher.hello(None).await;
    watcher.wait_seq(watcher.seq + 10).await;
    // A move sent just before the kill may or may not be stored.
    if let Some(i) = clients.iter().position(|c| c.my_turn()) {
        clients[i].play_random(&mut rng).await;
    }
    let mut first = first;
    first.child.kill().unwrap(); // SIGKILL
    first.child.wait().unwrap();
    let seen: Vec<_> = clients[0].moves.clone();
    let bots_seen = watcher.moves.clone();
    assert!(!seen.is_empty() && !bots_seen.is_empty());

    let second = spawn(&url, &dir.path().join("second.log"), &www);
    let mut clients = vec![
        Client::connect(&second.base, &game).await,
        Client::connect(&second.base, &game).await,
    ];
    clients[0].hello(Some(&token(&created, 0))).await;
    clients[1].hello(Some(&token(&created, 2))).await;
    assert_eq!(
        (clients[0].seat, clients[1].seat),
        (Some(0), Some(2)),
        "the seats resume"
    );
    assert!(clients[0].moves.len() >= seen.len());
    assert_eq!(
        clients[0].moves[..seen.len()],
        seen[..],
        "every move announced was kept"
    );
    let mut watcher = Client::connect(&second.base, &bots_game).await;
    watcher.hello(None).await;
    assert_eq!(
        watcher.moves[..bots_seen.len()],
        bots_seen[..],
        "the bots' moves were kept"
    );
    play_out(&mut clients, &mut rng).await;
    while !watcher.state().is_over() {
        watcher.wait_change().await;
    }
    for (id, client) in [(&game, &clients[0]), (&bots_game, &watcher)] {
        let r = http
            .get(format!("{}/api/games/{id}/record", second.base))
            .send()
            .await
            .unwrap();
        let record: carcassonne_safari::GameRecord = r.json().await.unwrap();
        let (end, _) = record.replay().expect("the record replays");
        assert!(end.is_over());
        assert_eq!(
            end.scores(),
            client.state().scores(),
            "the record replays to the scores seen"
        );
        assert_eq!(record.moves, client.moves);
    }
    // A polite stop (SIGTERM) ends the process with success.
    let mut second = second;
    let pid = second.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let status = wait_exit(&mut second.child, Duration::from_secs(30));
    assert!(status.success(), "{status:?}");

    // The logs: no secret, no database path.
    let mut logs = String::new();
    for name in ["first.log", "second.log"] {
        logs += &std::fs::read_to_string(dir.path().join(name)).unwrap();
    }
    assert!(
        logs.contains("game created") && logs.contains(&game),
        "the logs say what happened"
    );
    for t in [
        token(&created, 0),
        token(&created, 2),
        created["host_token"].as_str().unwrap().to_owned(),
    ] {
        assert!(!logs.contains(&t), "a token in the logs");
    }
    assert!(
        !logs.contains(dir.path().to_str().unwrap()),
        "the database path in the logs"
    );
    if let Some(secret) = url.split('@').next().and_then(|s| s.rsplit(':').next()) {
        if url.starts_with("postgres") {
            assert!(
                !logs.contains(&format!(":{secret}@")),
                "the database password in the logs"
            );
        }
    }
}

/// Waits for a process to exit.
fn wait_exit(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let end = std::time::Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(std::time::Instant::now() < end, "the server did not stop");
        std::thread::sleep(Duration::from_millis(50));
    }
}

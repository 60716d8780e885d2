//! A load generator for a running server on this machine: N games at once,
//! each with its players' WebSocket clients making random legal moves after
//! a think time, for a bounded time. It reports the moves accepted per
//! second, the round trip of a move (sent to announced back), the server's
//! memory, and checks every game it played: the stored record must be the
//! moves its clients were told of, each once, and replay to the scores they
//! saw.
//!
//! ```sh
//! cargo run --release -p carcassonne-safari-server &      # the server
//! cargo run --release -p carcassonne-safari-server --example load -- \
//!     --url http://127.0.0.1:8080 --games 100 --seconds 60
//! ```
//!
//! It talks only to a server on the loopback address (127.0.0.0/8, ::1,
//! localhost) and refuses any other; its loops are bounded in count and
//! time and stop by themselves.

use std::net::IpAddr;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use carcassonne_safari::chance::mix_seed;
use carcassonne_safari::rand_core::{RngCore, SeedableRng};
use carcassonne_safari::view::LogEntry;
use carcassonne_safari::{Actor, GameRecord, GameState, Move, PlayerId};
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// The most games at once.
const MAX_GAMES: usize = 5000;
/// The longest measured run.
const MAX_SECONDS: u64 = 600;

/// Runs N concurrent games of random legal moves against a server on this
/// machine and reports throughput, round trips and memory.
#[derive(Parser, Clone, Debug)]
#[command(name = "load")]
struct Args {
    /// The server (loopback only).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// Games at once (at most 5000); a finished game is replaced by a new one.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// People per game (2..=5).
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Seconds of play measured (at most 600).
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// A player's mean think time before a move, in ms (drawn uniformly
    /// from half to one and a half times it).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Clients ask for no views (`views: false`): the moves only.
    #[arg(long)]
    lean: bool,
    /// The seed of the clients' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// What a client reads of a message (the view, when there is one, is
/// skipped unread).
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    from: u64,
    #[serde(default)]
    seq: u64,
    #[serde(default)]
    entries: Vec<LogEntry>,
    #[serde(default)]
    record: Option<GameRecord>,
    #[serde(default)]
    code: Option<String>,
}

/// The totals of a run.
#[derive(Default)]
struct Totals {
    round_trips_us: Vec<u32>,
    accepted: u64,
    errors: u64,
    games_finished: u64,
    records_checked: u64,
    mismatches: u64,
    failures: Vec<String>,
}

struct Context {
    args: Args,
    http: reqwest::Client,
    ws_base: String,
    start: Instant,
    deadline: Instant,
    totals: Mutex<Totals>,
    stored_moves: AtomicU64,
    stopping: AtomicBool,
}

fn loopback(url: &str) -> Option<(String, String)> {
    let rest = url.strip_prefix("http://")?;
    let authority = rest.split('/').next()?;
    let host = match authority.rsplit_once(':') {
        Some((h, p)) if p.parse::<u16>().is_ok() => h,
        _ => authority,
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let ok =
        host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback());
    ok.then(|| (format!("http://{authority}"), format!("ws://{authority}")))
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let Some((base, ws_base)) = loopback(&args.url) else {
        eprintln!(
            "load: {} is not a loopback address (127.0.0.0/8, ::1, localhost)",
            args.url
        );
        return ExitCode::from(2);
    };
    if args.games == 0 || args.games > MAX_GAMES || !(2..=5).contains(&args.players) {
        eprintln!("load: --games 1..={MAX_GAMES}, --players 2..=5");
        return ExitCode::from(2);
    }
    if args.seconds == 0 || args.seconds > MAX_SECONDS {
        eprintln!("load: --seconds 1..={MAX_SECONDS}");
        return ExitCode::from(2);
    }
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("an HTTP client");
    let health = |http: reqwest::Client, base: String| async move {
        let r = http.get(format!("{base}/api/health")).send().await.ok()?;
        r.json::<serde_json::Value>().await.ok()
    };
    let Some(before) = health(http.clone(), base.clone()).await else {
        eprintln!("load: no server answers at {base}");
        return ExitCode::from(1);
    };
    let rss_before = before["rss_kib"].as_u64().unwrap_or(0);
    let start = Instant::now();
    let ctx = Arc::new(Context {
        deadline: start + Duration::from_secs(args.seconds),
        args: args.clone(),
        http: http.clone(),
        ws_base,
        start,
        totals: Mutex::new(Totals::default()),
        stored_moves: AtomicU64::new(0),
        stopping: AtomicBool::new(false),
    });
    let base = Arc::new(base);
    // The server's memory, once a second.
    let sampler = {
        let (http, base, ctx) = (http.clone(), base.clone(), ctx.clone());
        tokio::spawn(async move {
            let mut peak = 0;
            let mut last = 0;
            while !ctx.stopping.load(Ordering::SeqCst) {
                if let Some(h) = health(http.clone(), (*base).clone()).await {
                    last = h["rss_kib"].as_u64().unwrap_or(0);
                    peak = peak.max(last);
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            (peak, last)
        })
    };
    let mut tasks = Vec::with_capacity(args.games);
    for i in 0..args.games {
        let (ctx, base) = (ctx.clone(), base.clone());
        tasks.push(tokio::spawn(async move { play_games(ctx, base, i).await }));
        // Games start over the first second, not all in the same instant.
        if i % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    for t in tasks {
        if let Err(e) = t.await {
            ctx.totals
                .lock()
                .unwrap()
                .failures
                .push(format!("a game task failed: {e}"));
        }
    }
    ctx.stopping.store(true, Ordering::SeqCst);
    let (peak, last) = sampler.await.unwrap_or((0, 0));
    let elapsed = ctx.deadline.saturating_duration_since(ctx.start).as_secs_f64();
    let mut t = ctx.totals.lock().unwrap();
    t.round_trips_us.sort_unstable();
    let pct = |p: f64| {
        if t.round_trips_us.is_empty() {
            0.0
        } else {
            let i = ((t.round_trips_us.len() as f64 - 1.0) * p).round() as usize;
            f64::from(t.round_trips_us[i]) / 1000.0
        }
    };
    println!(
        "games {} at once ({} players, think {} ms ±50%, views {}), {} s measured",
        args.games,
        args.players,
        args.think_ms,
        if args.lean { "off" } else { "on" },
        args.seconds
    );
    println!(
        "accepted moves: {} ({:.1}/s); moves stored with chance draws: {}",
        t.accepted,
        t.accepted as f64 / elapsed,
        ctx.stored_moves.load(Ordering::SeqCst)
    );
    println!(
        "round trip: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} moves)",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0),
        t.round_trips_us.len()
    );
    println!(
        "server memory: {:.1} MiB before, {:.1} MiB peak, {:.1} MiB at the end",
        rss_before as f64 / 1024.0,
        peak as f64 / 1024.0,
        last as f64 / 1024.0
    );
    println!(
        "games finished: {}; records checked: {}; lost or doubled moves: {}; errors: {}",
        t.games_finished, t.records_checked, t.mismatches, t.errors
    );
    for f in t.failures.iter().take(10) {
        println!("failure: {f}");
    }
    if t.mismatches > 0 || !t.failures.is_empty() || t.accepted == 0 {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// One client's copy of its game.
struct Mirror {
    seat: u8,
    state: Option<GameState>,
    moves: Vec<Move>,
    seq: u64,
    /// The seq of the move sent and not yet announced, with when it was sent.
    pending: Option<(u64, Instant)>,
}

/// Plays games in slot `slot` until the deadline: a finished game is
/// checked and replaced by a new one.
async fn play_games(ctx: Arc<Context>, base: Arc<String>, slot: usize) {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(mix_seed(ctx.args.seed, slot as u64));
    // Bounded: at most one game per second of the run in each slot.
    for _ in 0..ctx.args.seconds.max(1) {
        if Instant::now() >= ctx.deadline {
            return;
        }
        match play_one(&ctx, &base, &mut rng).await {
            Ok(true) => continue,
            Ok(false) => return,
            Err(e) => {
                ctx.totals.lock().unwrap().failures.push(e);
                return;
            }
        }
    }
}

/// Plays one game until it is over (`true`: start another) or the deadline
/// (`false`), then checks its stored record.
async fn play_one(ctx: &Context, base: &str, rng: &mut rand_pcg::Pcg64) -> Result<bool, String> {
    let seats: Vec<serde_json::Value> = (0..ctx.args.players).map(|_| json!({})).collect();
    // A server over its creation rate says 429: wait and try again (bounded).
    let mut created = serde_json::Value::Null;
    for _ in 0..100 {
        let r = ctx
            .http
            .post(format!("{base}/api/games"))
            .json(&json!({"seats": seats, "idle_secs": 0}))
            .send()
            .await
            .map_err(|e| format!("create: {e}"))?;
        if r.status().as_u16() == 429 {
            tokio::time::sleep(Duration::from_millis(200 + rng.next_u64() % 300)).await;
            continue;
        }
        created = r.json().await.map_err(|e| format!("create: {e}"))?;
        break;
    }
    let game = created["game"]
        .as_str()
        .ok_or(format!("create: {created}"))?
        .to_owned();
    let (tx, mut rx) = mpsc::channel::<(usize, String)>(1024);
    let mut sinks = Vec::new();
    let mut mirrors = Vec::new();
    for seat in 0..ctx.args.players {
        let url = format!("{}/api/games/{game}/ws", ctx.ws_base);
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let (mut sink, mut stream) = socket.split();
        let token = created["seats"][seat]["token"].as_str().unwrap_or_default();
        let hello = json!({"type": "hello", "protocol": 1, "token": token, "views": !ctx.args.lean});
        sink.send(Message::text(hello.to_string()))
            .await
            .map_err(|e| format!("hello: {e}"))?;
        let tx = tx.clone();
        tokio::spawn(async move {
            while let Some(Ok(frame)) = stream.next().await {
                if let Message::Text(text) = frame {
                    if tx.send((seat, text.as_str().to_owned())).await.is_err() {
                        return;
                    }
                }
            }
        });
        sinks.push(sink);
        mirrors.push(Mirror {
            seat: seat as u8,
            state: None,
            moves: Vec::new(),
            seq: 0,
            pending: None,
        });
    }
    drop(tx);
    let mut next_move: Option<(usize, Instant)> = None;
    let grace = ctx.deadline + Duration::from_secs(10);
    let finished = loop {
        let over = mirrors
            .iter()
            .all(|m| m.state.as_ref().is_some_and(GameState::is_over));
        // Waiting for an announcement: a move sent, or a client behind another.
        let waiting = mirrors.iter().any(|m| m.pending.is_some())
            || mirrors
                .iter()
                .any(|m| m.seq != mirrors[0].seq || m.state.is_none());
        let past = Instant::now() >= ctx.deadline;
        if over && !waiting {
            break true;
        }
        if past && !waiting && next_move.is_none() {
            break false;
        }
        if next_move.is_none() && !waiting && !past {
            if let Some(i) = mirrors.iter().position(my_turn) {
                let think = ctx.args.think_ms / 2 + rng.next_u64() % (ctx.args.think_ms + 1);
                next_move = Some((i, Instant::now() + Duration::from_millis(think)));
            }
        }
        let wake = next_move.map_or(ctx.deadline.max(Instant::now()), |(_, at)| at);
        tokio::select! {
            message = rx.recv() => {
                let Some((seat, text)) = message else {
                    return Err(format!("game {game}: the connections closed"));
                };
                absorb(ctx, &mut mirrors[seat], &text).map_err(|e| format!("game {game}: {e}"))?;
            }
            _ = tokio::time::sleep_until(wake) => {
                if let Some((i, _)) = next_move.take() {
                    if Instant::now() < ctx.deadline && my_turn(&mirrors[i]) {
                        let m = &mut mirrors[i];
                        let moves = m.state.as_ref().map(GameState::legal_moves).unwrap_or_default();
                        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                        let message = json!({"type": "move", "seq": m.seq, "move": mv.to_string()});
                        m.pending = Some((m.seq, Instant::now()));
                        sinks[i].send(Message::text(message.to_string())).await.map_err(|e| format!("send: {e}"))?;
                    }
                }
            }
            _ = tokio::time::sleep_until(grace) => {
                return Err(format!("game {game}: a move was not announced within 10 s of the end"));
            }
        }
    };
    for mut s in sinks {
        let _ = s.close().await;
    }
    // Every client saw the same moves; the stored record is exactly them.
    let record: GameRecord = ctx
        .http
        .get(format!("{base}/api/games/{game}/record"))
        .send()
        .await
        .map_err(|e| format!("record: {e}"))?
        .json()
        .await
        .map_err(|e| format!("record: {e}"))?;
    let mut t = ctx.totals.lock().unwrap();
    t.records_checked += 1;
    t.games_finished += u64::from(finished);
    ctx.stored_moves
        .fetch_add(record.moves.len() as u64, Ordering::SeqCst);
    let replayed = record
        .replay()
        .map_err(|e| format!("game {game}: the record does not replay: {e}"))?;
    for m in &mirrors {
        let scores_ok = m
            .state
            .as_ref()
            .is_some_and(|s| s.scores() == replayed.0.scores());
        if m.moves != record.moves || !scores_ok {
            t.mismatches += 1;
            t.failures.push(format!(
                "game {game}: seat {} saw {} moves, the record has {}",
                m.seat,
                m.moves.len(),
                record.moves.len()
            ));
        }
    }
    Ok(finished)
}

fn my_turn(m: &Mirror) -> bool {
    m.pending.is_none()
        && m.state.as_ref().and_then(GameState::to_move) == Some(Actor::Player(PlayerId(m.seat)))
}

/// Applies a message to a client's copy; an update must follow the last
/// seq, and its moves must be the engine's legal moves.
fn absorb(ctx: &Context, m: &mut Mirror, text: &str) -> Result<(), String> {
    let message: Incoming = serde_json::from_str(text).map_err(|e| format!("bad message: {e}"))?;
    match message.kind.as_str() {
        "state" => {
            let record = message.record.ok_or("a state without its record")?;
            let (state, _) = record.replay().map_err(|e| e.to_string())?;
            m.moves = record.moves;
            m.seq = message.seq;
            m.state = Some(state);
        }
        "update" => {
            if message.from != m.seq {
                return Err(format!("an update from {} after seq {}", message.from, m.seq));
            }
            let mut state = m.state.take().ok_or("an update before the state")?;
            for entry in &message.entries {
                state = state
                    .play(entry.mv)
                    .map_err(|e| format!("an announced move is illegal: {e}"))?;
                m.moves.push(entry.mv);
            }
            m.state = Some(state);
            if let Some((seq, sent)) = m.pending {
                if seq == message.from {
                    let mut t = ctx.totals.lock().unwrap();
                    t.round_trips_us
                        .push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
                    t.accepted += 1;
                    m.pending = None;
                }
            }
            m.seq = message.seq;
        }
        "error" => {
            ctx.totals.lock().unwrap().errors += 1;
            m.pending = None;
            if let Some(code) = message.code {
                ctx.totals.lock().unwrap().failures.push(format!("error {code}"));
            }
        }
        _ => {}
    }
    Ok(())
}

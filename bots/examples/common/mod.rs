//! What the arena and the ladder share: deals, one game between bots, the
//! 95% interval of a win rate, Elo from a win rate, a progress bar.

#![allow(dead_code)]

use std::io::Write;
use std::time::{Duration, Instant};

use carcassonne_safari::chance::Deal;
use carcassonne_safari::{rules, Actor, GameState, Setup};
use carcassonne_safari_bots::{from_spec, Bot};

/// One finished game.
pub struct GameResult {
    /// The spec of each seat.
    pub seats: Vec<String>,
    pub scores: Vec<u32>,
    pub decisions: Vec<u32>,
    pub thinking: Vec<Duration>,
    /// Search iterations run (searching bots).
    pub iterations: Vec<u64>,
}

/// Plays one game of `seats` (one spec per seat) on the deal of `seed`
/// (`Deal::new(seed)`): the caller is the chance player (tiles from the
/// deal's order, tokens from the deal's stream), so that no bot sees the order; the bot of seat `s` is
/// seeded from `seed` and `s`.
pub fn play(seats: &[String], seed: u64) -> Result<GameResult, String> {
    let bots = seats
        .iter()
        .enumerate()
        .map(|(seat, spec)| from_spec(spec, bot_seed(seed, seat)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    play_bots(seats, bots, seed)
}

/// The seed of seat `seat`'s bot in the game of `seed`.
pub fn bot_seed(seed: u64, seat: usize) -> u64 {
    seed.wrapping_mul(31).wrapping_add(seat as u64)
}

/// Plays one game of `bots` (one per seat, named by `seats`) on the deal of
/// `seed`, as [`play`] does.
pub fn play_bots(
    seats: &[String],
    mut bots: Vec<Box<dyn Bot + Send>>,
    seed: u64,
) -> Result<GameResult, String> {
    let players = seats.len();
    let mut deal = Deal::new(seed);
    let mut state = GameState::new(&Setup::new(players)).map_err(|e| e.to_string())?;
    let mut decisions = vec![0u32; players];
    let mut thinking = vec![Duration::ZERO; players];
    let mut iterations = vec![0u64; players];
    let (mut draws, mut events) = (Vec::new(), Vec::new());
    loop {
        draws.clear();
        events.clear();
        state
            .play_chance_mut(&mut deal, &mut draws, &mut events)
            .map_err(|e| format!("seed {seed}: {e}"))?;
        let Some(Actor::Player(p)) = state.to_move() else {
            break;
        };
        let start = Instant::now();
        let mv = bots[p.index()].choose(&state).map_err(|e| e.to_string())?;
        thinking[p.index()] += start.elapsed();
        decisions[p.index()] += 1;
        if let Some(stats) = bots[p.index()].last_search() {
            iterations[p.index()] += stats.iterations as u64;
        }
        state = state.apply(mv).map_err(|e| format!("seed {seed}: {e}"))?.0;
    }
    Ok(GameResult {
        seats: seats.to_vec(),
        scores: state.scores().to_vec(),
        decisions,
        thinking,
        iterations,
    })
}

/// Seat `seat`'s share of the first place in `scores`: 1 for a win, 1/k for
/// a first place shared by k, 0 otherwise (`rules::win_shares`).
pub fn win_share(scores: &[u32], seat: usize) -> f64 {
    rules::win_shares(scores).get(seat).copied().unwrap_or(0.0)
}

/// Mean of per-game win shares and its 95% Wilson score interval (which stays
/// inside 0..=1 and is sensible at 0% and 100%).
pub fn interval(shares: &[f64]) -> (f64, f64, f64) {
    let n = shares.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let p = shares.iter().sum::<f64>() / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference that gives win rate `p`.
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// A progress bar on stderr.
pub fn progress(done: usize, total: usize, start: Instant) {
    let width = 30;
    let filled = done * width / total.max(1);
    let elapsed = start.elapsed().as_secs_f64();
    let eta = if done > 0 {
        elapsed / done as f64 * (total - done) as f64
    } else {
        0.0
    };
    let mut err = std::io::stderr().lock();
    let _ = write!(
        err,
        "\r[{}{}] {done}/{total} games, {:.0} s elapsed, about {:.0} s left ",
        "=".repeat(filled),
        " ".repeat(width - filled),
        elapsed,
        eta
    );
    if done == total {
        let _ = writeln!(err);
    }
}

/// Runs `job(i)` for every `i` in `0..total` on `threads` threads, with a
/// progress bar; the results in order, or the first error.
pub fn run_all<T: Send>(
    total: usize,
    threads: usize,
    job: impl Fn(usize) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..total).map(|_| None).collect());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let done = AtomicUsize::new(0);
    let start = Instant::now();
    progress(0, total, start);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(total).max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= total || failure.lock().expect("no poisoned lock").is_some() {
                    break;
                }
                match job(g) {
                    Ok(r) => results.lock().expect("no poisoned lock")[g] = Some(r),
                    Err(e) => *failure.lock().expect("no poisoned lock") = Some(e),
                }
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(d, total, start);
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("no poisoned lock") {
        return Err(e);
    }
    Ok(results
        .into_inner()
        .expect("no poisoned lock")
        .into_iter()
        .flatten()
        .collect())
}

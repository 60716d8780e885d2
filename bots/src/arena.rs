//! Bots against bots, as the crate measures them: a game on a seeded deal,
//! games on threads, the 95% interval of a win rate and its Elo difference.
//!
//! A game is played on the deal of a seed
//! ([`Deal`]: the tiles' order and the token stream), the arena drawing
//! chance, so that no bot sees the order and two games on the same seed
//! deal the same tiles: paired deals with the seats rotated compare bots on
//! the same luck. The crate's `arena`, `ladder` and `tune` examples and the
//! `rl` crate's tools are built on it.
//!
//! ```
//! use carcassonne_safari_bots::arena::{play, wilson, win_share};
//! let game = play(&["greedy", "random"], 7).unwrap();
//! assert_eq!(game.scores.len(), 2);
//! let shares: Vec<f64> = (0..4)
//!     .map(|deal| play(&["greedy", "random"], deal).map(|g| win_share(&g.scores, 0)))
//!     .collect::<Result<_, _>>()
//!     .unwrap();
//! let rate = wilson(&shares);
//! assert!(rate.low <= rate.mean && rate.mean <= rate.high);
//! ```

use std::boxed::Box;
use std::string::{String, ToString};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use std::vec::Vec;

use carcassonne_safari::chance::{mix_seed, Deal};
use carcassonne_safari::{rules, Actor, ChanceError, GameState, MoveError, Setup, SetupError};

use crate::{Bot, BotError, BotSpec, SpecError};

/// Why a game of the arena could not be played.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// A seat's specification was refused.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The number of seats is not a game's (2 to 5).
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The deal could not draw (a bug of the engine's deal: never seen).
    #[error("deal {seed}: {error}")]
    Chance {
        /// The deal's seed.
        seed: u64,
        /// What the engine said.
        error: ChanceError,
    },
    /// A tournament's lineup cannot be played: no bots, more bots than
    /// seats, or no games.
    #[error(
        "{bots} bots for {players} seats and {games} games: give one to {players} bots and at least one game"
    )]
    Lineup {
        /// The bots given.
        bots: usize,
        /// The seats of a game.
        players: usize,
        /// The games asked for.
        games: usize,
    },
    /// A bot failed to choose, or chose a move the engine refused.
    #[error("deal {seed}: seat {seat}: {why}")]
    Bot {
        /// The deal's seed.
        seed: u64,
        /// The seat whose bot failed.
        seat: usize,
        /// What went wrong.
        why: String,
    },
}

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The deal's seed.
    pub seed: u64,
    /// Each seat's final score.
    pub scores: Vec<u32>,
    /// Each seat's decisions.
    pub decisions: Vec<u32>,
    /// Each seat's time spent choosing.
    pub thinking: Vec<Duration>,
    /// Each seat's search iterations (0 for bots that do not search).
    pub iterations: Vec<u64>,
}

/// The seed of seat `seat`'s bot in the game of deal `seed`: the engine's
/// [`mix_seed`] of the two.
pub fn bot_seed(seed: u64, seat: usize) -> u64 {
    mix_seed(seed, seat as u64)
}

/// Plays one game of `seats` (one bot specification per seat,
/// [`from_spec`](crate::from_spec)'s form) on the deal of `seed`; the bot of
/// seat `s` is seeded with [`bot_seed`]`(seed, s)`.
///
/// # Errors
/// [`ArenaError`]: a specification refused, a number of seats outside 2 to
/// 5, or a bot that failed.
pub fn play<S: AsRef<str>>(seats: &[S], seed: u64) -> Result<GameResult, ArenaError> {
    let bots = seats
        .iter()
        .enumerate()
        .map(|(seat, spec)| Ok(spec.as_ref().parse::<BotSpec>()?.build(bot_seed(seed, seat))))
        .collect::<Result<Vec<_>, ArenaError>>()?;
    play_bots(bots, seed)
}

/// Plays one game of `bots` (one per seat) on the deal of `seed`, as
/// [`play`] does.
///
/// # Errors
/// As [`play`].
pub fn play_bots(mut bots: Vec<Box<dyn Bot + Send>>, seed: u64) -> Result<GameResult, ArenaError> {
    let players = bots.len();
    let mut deal = Deal::new(seed);
    let mut state = GameState::new(&Setup::new(players))?;
    let mut result = GameResult {
        seed,
        scores: Vec::new(),
        decisions: std::vec![0; players],
        thinking: std::vec![Duration::ZERO; players],
        iterations: std::vec![0; players],
    };
    let (mut draws, mut events) = (Vec::new(), Vec::new());
    loop {
        draws.clear();
        events.clear();
        state
            .play_chance_mut(&mut deal, &mut draws, &mut events)
            .map_err(|error| ArenaError::Chance { seed, error })?;
        let Some(Actor::Player(p)) = state.to_move() else {
            break;
        };
        let seat = p.index();
        let failed = |why: String| ArenaError::Bot { seed, seat, why };
        let start = Instant::now();
        let mv = bots[seat]
            .choose(&state)
            .map_err(|e: BotError| failed(e.to_string()))?;
        result.thinking[seat] += start.elapsed();
        result.decisions[seat] += 1;
        if let Some(stats) = bots[seat].last_search() {
            result.iterations[seat] += u64::from(stats.iterations);
        }
        events.clear();
        state
            .apply_mut(mv, &mut events)
            .map_err(|e: MoveError| failed(e.to_string()))?;
    }
    result.scores = state.scores().to_vec();
    Ok(result)
}

/// Seat `seat`'s share of the first place in `scores`: 1 for a win, 1/k for
/// a first place shared by k, 0 otherwise (the engine's
/// [`rules::win_shares`], R-END-5).
pub fn win_share(scores: &[u32], seat: usize) -> f64 {
    rules::win_shares(scores).get(seat).copied().unwrap_or(0.0)
}

/// A win rate and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The mean of the games' win shares.
    pub mean: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// The mean of per-game win shares and its 95% Wilson score interval (which
/// stays inside 0..=1 and is sensible at 0% and 100%); all 0 for no games.
///
/// ```
/// use carcassonne_safari_bots::arena::wilson;
/// let rate = wilson(&[1.0; 10]);
/// assert_eq!(rate.mean, 1.0);
/// assert!((rate.low - 0.722).abs() < 1e-3); // ten wins of ten
/// ```
pub fn wilson(shares: &[f64]) -> Interval {
    let n = shares.len() as f64;
    if n == 0.0 {
        return Interval {
            mean: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let p = shares.iter().sum::<f64>() / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    Interval {
        mean: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The Elo difference that gives win rate `p` (clamped to 0.01% – 99.99%).
///
/// ```
/// use carcassonne_safari_bots::arena::elo;
/// assert_eq!(elo(0.5), 0.0);
/// assert!((elo(0.76) - 200.0).abs() < 1.0);
/// ```
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// One bot's results in a [`tournament`].
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Its specification, as given.
    pub bot: String,
    /// The seats it played (a game where it held two seats counts two).
    pub seats: usize,
    /// Its win shares summed over its seats.
    pub wins: f64,
    /// Its win rate: the mean over the games it played of its seats' mean
    /// win share, with the 95% [`wilson`] interval.
    pub win_rate: Interval,
    /// Its mean final score.
    pub mean_score: f64,
    /// Its mean final margin ([`rules::margins`]: its score minus the best
    /// other seat's).
    pub mean_margin: f64,
    /// Its mean time per decision, in milliseconds.
    pub ms_per_decision: f64,
    /// Its mean search iterations per decision (0 for bots that do not
    /// search).
    pub iterations_per_decision: f64,
}

/// The results of a [`tournament`].
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// The players of each game.
    pub players: usize,
    /// The games played: a whole number of deals, each from every rotation
    /// of the seats.
    pub games: usize,
    /// The first deal's seed (the deals are `seed`, `seed + 1`, ...).
    pub seed: u64,
    /// Each bot's results, in the order of first mention.
    pub standings: Vec<Standing>,
}

impl Tournament {
    /// For two bots at two players, the [`elo`] difference of the first
    /// over the second, with its 95% interval (from the first's win rate);
    /// `None` otherwise.
    pub fn elo(&self) -> Option<Interval> {
        match &self.standings[..] {
            [first, _] if self.players == 2 => Some(Interval {
                mean: elo(first.win_rate.mean),
                low: elo(first.win_rate.low),
                high: elo(first.win_rate.high),
            }),
            _ => None,
        }
    }
}

/// The bots of seat `0..players` in rotation `rotation` of `bots` (the
/// list repeated to fill the seats, then turned by `rotation` seats).
fn lineup<S: AsRef<str>>(bots: &[S], players: usize, rotation: usize) -> Vec<&str> {
    (0..players)
        .map(|seat| bots[(seat + players - rotation) % players % bots.len()].as_ref())
        .collect()
}

/// Plays `bots` (one to `players` specifications, [`from_spec`](crate::from_spec)'s
/// form, repeated to fill the seats) against each other at `players` players:
/// `games` rounded up to a whole number of deals, every deal (`seed`,
/// `seed + 1`, ...) played from every rotation of the seats so that each bot
/// meets the same luck from each seat, on `threads` threads (calling
/// `progress` as [`run`] does). Every specification is checked before a game
/// starts.
///
/// ```
/// use carcassonne_safari_bots::arena::tournament;
/// let t = tournament(&["greedy", "random"], 2, 4, 1, 1, |_, _| {}).unwrap();
/// assert_eq!((t.games, t.standings.len()), (4, 2));
/// assert_eq!(t.standings[0].seats, 4);
/// assert!(t.standings[0].win_rate.mean > t.standings[1].win_rate.mean);
/// assert!(t.elo().is_some());
/// ```
///
/// # Errors
/// [`ArenaError::Spec`] for a specification refused; [`ArenaError::Setup`]
/// for `players` outside 2 to 5; [`ArenaError::Lineup`] for no bots, more
/// bots than seats or no games; the first game's error otherwise.
pub fn tournament<S: AsRef<str> + Sync>(
    bots: &[S],
    players: usize,
    games: usize,
    seed: u64,
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Tournament, ArenaError> {
    Setup::new(players).validate()?;
    if bots.is_empty() || bots.len() > players || games == 0 {
        return Err(ArenaError::Lineup {
            bots: bots.len(),
            players,
            games,
        });
    }
    for spec in bots {
        spec.as_ref().parse::<BotSpec>()?;
    }
    let total = games.div_ceil(players) * players;
    let results = run(
        total,
        threads,
        |g| {
            let deal = seed.wrapping_add((g / players) as u64);
            play(&lineup(bots, players, g % players), deal)
        },
        progress,
    )?;
    let mut names: Vec<&str> = Vec::new();
    for spec in bots {
        if !names.contains(&spec.as_ref()) {
            names.push(spec.as_ref());
        }
    }
    // Each game's seats, win shares and margins, for every bot's standing.
    let games: Vec<_> = results
        .iter()
        .enumerate()
        .map(|(g, r)| {
            let seats = lineup(bots, players, g % players);
            (r, seats, rules::win_shares(&r.scores), rules::margins(&r.scores))
        })
        .collect();
    let mut standings = Vec::new();
    for name in names {
        let mut t = Standing {
            bot: name.to_string(),
            seats: 0,
            wins: 0.0,
            win_rate: wilson(&[]),
            mean_score: 0.0,
            mean_margin: 0.0,
            ms_per_decision: 0.0,
            iterations_per_decision: 0.0,
        };
        let (mut shares, mut decisions, mut thinking) = (Vec::new(), 0u64, Duration::ZERO);
        let mut iterations = 0u64;
        for (r, seats, win, margin) in &games {
            let mine: Vec<usize> = (0..players).filter(|&s| seats[s] == name).collect();
            for &s in &mine {
                t.seats += 1;
                t.wins += win[s];
                t.mean_score += f64::from(r.scores[s]);
                t.mean_margin += margin[s] as f64;
                decisions += u64::from(r.decisions[s]);
                thinking += r.thinking[s];
                iterations += r.iterations[s];
            }
            if !mine.is_empty() {
                shares.push(mine.iter().map(|&s| win[s]).sum::<f64>() / mine.len() as f64);
            }
        }
        let seats = t.seats.max(1) as f64;
        t.win_rate = wilson(&shares);
        t.mean_score /= seats;
        t.mean_margin /= seats;
        t.ms_per_decision = thinking.as_secs_f64() * 1000.0 / decisions.max(1) as f64;
        t.iterations_per_decision = iterations as f64 / decisions.max(1) as f64;
        standings.push(t);
    }
    Ok(Tournament {
        players,
        games: total,
        seed,
        standings,
    })
}

/// Runs `job(i)` for every `i` in `0..total` on `threads` threads (at least
/// one), calling `progress(done, total)` after each; the results in order,
/// or the first error (the jobs not yet started are then not run).
///
/// # Errors
/// The first error a job returned.
pub fn run<T: Send, E: Send>(
    total: usize,
    threads: usize,
    job: impl Fn(usize) -> Result<T, E> + Sync,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Vec<T>, E> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..total).map(|_| None).collect());
    let failure: Mutex<Option<E>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(total).max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= total || lock(&failure).is_some() {
                    break;
                }
                match job(g) {
                    Ok(r) => lock(&results)[g] = Some(r),
                    Err(e) => {
                        lock(&failure).get_or_insert(e);
                    }
                }
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    Ok(results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect())
}

/// The guard of `m`: a job that panicked while it held the lock poisons
/// nothing the next holder reads wrongly (the slot it was writing stays
/// empty), and its panic goes on to [`run`]'s caller through the thread
/// scope.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A progress bar on standard error for [`run`]: `[=====     ] 12/40
/// games, 31 s elapsed, about 72 s left`.
pub fn progress_bar(start: Instant) -> impl Fn(usize, usize) + Sync {
    move |done, total| {
        use std::io::Write;
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
            "\r[{}{}] {done}/{total} games, {elapsed:.0} s elapsed, about {eta:.0} s left ",
            "=".repeat(filled),
            " ".repeat(width - filled),
        );
        if done == total {
            let _ = writeln!(err);
        }
    }
}

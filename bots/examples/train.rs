//! Learns the evaluation's weights from self-play and writes them as
//! `src/eval/weights.txt`: the calibration of its chances, the weights of
//! its terms, and the scale of its win chances.
//!
//! ```text
//! cargo run --release -p carcassonne-safari-bots --example train -- \
//!     [--games 400] [--rounds 1] [--explore 0.05] [--every 2] [--seed 1] \
//!     [--threads 2] [--ridge 1] [--players 2,3,4,5] [--keep NAMES] \
//!     [--tune 60] [--tune-games 100] [--check 400] [--tune-players 2] \
//!     [--final-games 400] \
//!     [--out bots/src/eval/weights.txt]
//! ```
//!
//! Round 0 starts from the weights of version 0.3.0. In each round and for
//! each number of players from 2 to 5, the one-ply bot with the round's
//! weights plays `--games` games in every seat (each decision, with chance
//! `--explore`, is the engine's kind-first random policy's instead, so that
//! the positions include the odd moves a look-ahead weighs). Every
//! `--every`-th player decision is a sample. Four fifths of the games are
//! learned from, each fit on what happened by the end of the games
//! (`--players` limits the player counts learned, `--keep` keeps named
//! weights of the expected scores as they were):
//!
//! 1. **Calibration.** Every chance the evaluation reads off the board (a
//!    trail or bush with meeples completes, a baobab with a meeple is
//!    surrounded, a hole with a meeple fills), as read, is fitted to whether
//!    it came true: a logistic regression per kind on the chance's logit,
//!    how much is still missing and the fraction of the pile left.
//! 2. **Expected scores.** With the calibrated chances, the points each seat
//!    scored from the sample to the end are fitted on its terms (each term
//!    and its product with the pile left), the ranger points promised to it
//!    and a bias in the pile left: a ridge least-squares fit (ridge
//!    `--ridge`) of the points of each seat and of the difference between
//!    every two seats, so that the fit forecasts both the scores and the
//!    margins a player chooses between moves by.
//! 3. **Tuning by play** (the last round, for `--tune-players`): the
//!    weights of the terms and of the ranger points move by a simultaneous
//!    perturbation stochastic approximation of the one-ply bot's win share
//!    (`--tune` rounds of `--tune-games` games, the bot with the weights
//!    moved up against the bot with them moved down), then play the fitted
//!    ones on `--check` games of other deals; the bias is fitted again under
//!    them. The fit forecasts, the tuning decides: the bias and the win
//!    scale do not change which move a player of margins prefers, so the
//!    expected scores stay unbiased and the win chances calibrated.
//! 4. **The forecast on the new weights' own games** (the last round): the
//!    new weights play `--final-games` games without exploration, and the
//!    bias is fitted again on four fifths of them, the terms kept: the
//!    forecast is read on such games, and explored games end lower.
//! 5. **Win chances.** The scale of the softmax of the expected scores,
//!    linear in the pile left, that gives the least log loss against the
//!    win shares (on the games of step 4 when it ran).
//!
//! The last fifth (of step 4's games when it ran) measures the round: the RMSE of the final margin and the
//! bias of the expected score under the weights that played the round and
//! under the new ones, written into the output's header. The new weights
//! play the next round. The same arguments give the same weights, byte for
//! byte: deals, seats, bots and explorations are seeded, games are collected
//! in order whatever the threads, and the fits run in that order in `f64`.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::events::Event;
use carcassonne_safari::policy::KindFirstRandom;
use carcassonne_safari::rand_core::{RngCore, SeedableRng};
use carcassonne_safari::rules::{self, MAX_PLAYERS};
use carcassonne_safari::{Actor, GameState, Pos, Setup};
use carcassonne_safari_bots::arena::{self, bot_seed};
use carcassonne_safari_bots::eval::{
    logit, pile, ChanceKind, Evaluation, PlayerWeights, Reading, Term, Weights,
};
use carcassonne_safari_bots::{Bot, BotRng, OnePly};

const USAGE: &str = "usage: train [--games N] [--rounds R] [--explore P] [--every K] [--seed S] \
[--threads T] [--ridge L] [--players 2,3,4,5] [--keep NAMES] [--tune N] [--tune-games N] \
[--check N] [--tune-players 2,3] [--final-games N] [--out PATH]";

struct Args {
    games: usize,
    rounds: usize,
    explore: f64,
    every: usize,
    seed: u64,
    threads: usize,
    ridge: f64,
    out: String,
    /// The player counts to learn (the others keep version 0.3.0's weights).
    players: Vec<usize>,
    /// Columns of the expected-score fit kept at the round's weights.
    keep: Vec<usize>,
    /// Rounds of tuning by play (0: none), games per round, and the games
    /// of the check.
    tune: usize,
    tune_games: usize,
    check: usize,
    /// Games of the new weights the bias and the win scale are fitted on.
    final_games: usize,
    /// The player counts tuned by play.
    tune_players: Vec<usize>,
}

/// A list of player counts such as `2,3`.
fn players_list(text: &str) -> Result<Vec<usize>, String> {
    text.split(',')
        .map(|p| p.parse::<usize>().ok().filter(|n| (2..=MAX_PLAYERS).contains(n)))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| format!("`{text}`: a list of player counts from 2 to 5, such as 2,3"))
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        games: 400,
        rounds: 1,
        explore: 0.05,
        every: 2,
        seed: 1,
        threads: 2,
        ridge: 1.0,
        out: "bots/src/eval/weights.txt".into(),
        players: (2..=MAX_PLAYERS).collect(),
        keep: Vec::new(),
        tune: 60,
        tune_games: 100,
        check: 400,
        final_games: 400,
        tune_players: vec![2],
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("games") => args.games = parser.value()?.parse()?,
            Long("rounds") => args.rounds = parser.value()?.parse()?,
            Long("explore") => args.explore = parser.value()?.parse()?,
            Long("every") => args.every = parser.value()?.parse()?,
            Long("seed") => args.seed = parser.value()?.parse()?,
            Long("threads") => args.threads = parser.value()?.parse()?,
            Long("ridge") => args.ridge = parser.value()?.parse()?,
            Long("out") => args.out = parser.value()?.string()?,
            Long("keep") => {
                for name in parser.value()?.string()?.split(',') {
                    let i = PlayerWeights::PARAMS[..COLUMNS]
                        .iter()
                        .position(|&p| p == name)
                        .ok_or_else(|| format!("--keep {name}: not a weight of the expected scores"))?;
                    args.keep.push(i);
                }
            }
            Long("tune") => args.tune = parser.value()?.parse()?,
            Long("tune-games") => args.tune_games = parser.value()?.parse()?,
            Long("check") => args.check = parser.value()?.parse()?,
            Long("final-games") => args.final_games = parser.value()?.parse()?,
            Long("tune-players") => args.tune_players = players_list(&parser.value()?.string()?)?,
            Long("players") => args.players = players_list(&parser.value()?.string()?)?,
            Short('h') | Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    if args.games < 5 || args.every == 0 || args.threads == 0 || args.rounds == 0 {
        return Err("--games must be at least 5, --rounds, --every and --threads at least 1".into());
    }
    if !(0.0..=1.0).contains(&args.explore) || args.ridge.is_nan() || args.ridge < 0.0 {
        return Err("--explore must be in 0..=1 and --ridge at least 0".into());
    }
    Ok(args)
}

/// One chance read at a sample: what it was read from, and what happened.
struct Read {
    kind: ChanceKind,
    reading: Reading,
    pile: f64,
    happened: bool,
}

/// One sample: the position, each seat's points then, at the end, and its
/// win share.
struct Sample {
    state: GameState,
    now: Vec<f64>,
    finals: Vec<f64>,
    shares: Vec<f64>,
}

/// One game: its samples and the chances read at them.
struct Game {
    samples: Vec<Sample>,
    reads: Vec<Read>,
}

/// Plays game `game` of round `round` with `players` and `weights`.
fn play(
    args: &Args,
    weights: &Weights,
    explore: f64,
    round: usize,
    players: usize,
    game: usize,
) -> Result<Game, String> {
    let seed = args
        .seed
        .wrapping_mul(1_000_003)
        .wrapping_add(((round as u64) << 40) | ((players as u64) << 32) | game as u64);
    let mut bots: Vec<OnePly> = (0..players)
        .map(|s| OnePly::with_evaluation(Evaluation::new(*weights), bot_seed(seed, s)))
        .collect();
    let mut rng = BotRng::seed_from_u64(seed);
    let mut policy = KindFirstRandom::new();
    let mut eval = Evaluation::new(*weights);
    let mut state = GameState::new(&Setup::new(players)).map_err(|e| e.to_string())?;
    let (mut draws, mut events, mut holes) = (Vec::new(), Vec::new(), Vec::<Pos>::new());
    let mut kept = Vec::new();
    let mut pending = Vec::new();
    let mut decisions = 0;
    loop {
        draws.clear();
        events.clear();
        state
            .play_chance_mut(&mut Sampled(&mut rng), &mut draws, &mut events)
            .map_err(|e| e.to_string())?;
        holes.extend(events.iter().filter_map(|e| match e {
            Event::HoleCompleted { vertex } => Some(*vertex),
            _ => None,
        }));
        let Some(Actor::Player(p)) = state.to_move() else {
            break;
        };
        decisions += 1;
        if decisions % args.every == 0 {
            let left = f64::from(pile(&state));
            for c in eval.chances(&state) {
                let (kind, reading) = (c.kind(), c.reading());
                // Chance 0 stays 0 and a complete feature's 1 stays 1: only
                // the others are calibrated.
                let complete = matches!(kind, ChanceKind::Trail | ChanceKind::Bush) && reading.open == 0;
                if reading.any_of > 0.0 && !complete {
                    pending.push((c, left));
                }
            }
            kept.push((
                state.clone(),
                state.scores().iter().map(|&s| f64::from(s)).collect::<Vec<_>>(),
            ));
        }
        let explore = ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < explore;
        let mv = if explore {
            policy.choose(&state, &mut rng).ok_or("no move")?
        } else {
            bots[p.index()].choose(&state).map_err(|e| e.to_string())?
        };
        events.clear();
        state.apply_mut(mv, &mut events).map_err(|e| e.to_string())?;
        holes.extend(events.iter().filter_map(|e| match e {
            Event::HoleCompleted { vertex } => Some(*vertex),
            _ => None,
        }));
    }
    let finals: Vec<f64> = state.scores().iter().map(|&s| f64::from(s)).collect();
    let shares = rules::win_shares(state.scores());
    Ok(Game {
        samples: kept
            .into_iter()
            .map(|(s, now)| Sample {
                state: s,
                now,
                finals: finals.clone(),
                shares: shares.clone(),
            })
            .collect(),
        reads: pending
            .into_iter()
            .map(|(c, pile)| Read {
                kind: c.kind(),
                reading: c.reading(),
                pile,
                happened: c.came_true(&state, &holes),
            })
            .collect(),
    })
}

/// Solves `a x = b` (`a` square, symmetric positive definite after the
/// ridge) by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, rest) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (k, row) in rest.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[col + 1 + k] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}

/// The calibration of one kind: a logistic regression of what happened on
/// (1, logit(any_of), logit(draws), open, pile), by Newton's method from the
/// chances as read (`any_of`),
/// each step halved until the log loss falls, with a ridge of 1 towards the
/// chances as read (it keeps a kind seldom seen, as holes are with two
/// players, from fitting its few outcomes exactly).
fn calibrate(reads: &[&Read]) -> [f64; K] {
    const RIDGE: f64 = 1.0;
    let identity = [0.0, 1.0, 0.0, 0.0, 0.0];
    if reads.len() < 50 {
        return identity;
    }
    let rows: Vec<([f64; K], f64)> = reads
        .iter()
        .map(|r| {
            (
                [
                    1.0,
                    f64::from(logit(r.reading.any_of)),
                    f64::from(logit(r.reading.draws)),
                    f64::from(r.reading.open),
                    r.pile,
                ],
                f64::from(u8::from(r.happened)),
            )
        })
        .collect();
    let z = |w: &[f64; K], x: &[f64; K]| -> f64 { x.iter().zip(w).map(|(a, b)| a * b).sum() };
    let loss = |w: &[f64; K]| -> f64 {
        let mut l = 0.0;
        for (x, y) in &rows {
            let z = z(w, x);
            // log(1 + e^z) - y z, computed without overflow.
            l += z.max(0.0) + (-z.abs()).exp().ln_1p() - y * z;
        }
        l + 0.5 * RIDGE * w.iter().zip(&identity).map(|(a, b)| (a - b).powi(2)).sum::<f64>()
    };
    let mut w = identity;
    let mut current = loss(&w);
    for _ in 0..50 {
        let mut h = vec![vec![0.0; K]; K];
        let mut g = vec![0.0; K];
        for (x, y) in &rows {
            let p = 1.0 / (1.0 + (-z(&w, x)).exp());
            for i in 0..K {
                g[i] += (p - y) * x[i];
                for j in 0..K {
                    h[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        for i in 0..K {
            h[i][i] += RIDGE;
            g[i] += RIDGE * (w[i] - identity[i]);
        }
        let Some(step) = solve(h, g) else { break };
        let mut scale = 1.0;
        let mut improved = false;
        for _ in 0..30 {
            let mut next = w;
            for i in 0..K {
                next[i] -= scale * step[i];
            }
            let l = loss(&next);
            if l < current {
                w = next;
                current = l;
                improved = true;
                break;
            }
            scale /= 2.0;
        }
        if !improved || step.iter().map(|s| s.abs()).fold(0.0, f64::max) * scale < 1e-9 {
            break;
        }
    }
    w
}

/// Calibration weights per kind: base, logit, draws, open, pile.
const K: usize = 5;

/// Columns of the expected-score fit: each term and its product with the
/// pile left, the ranger points and theirs, and the bias's three.
const COLUMNS: usize = 2 * Term::COUNT + 2 + 3;

/// Each seat's columns at `sample` under `eval` (its chances calibrated).
fn columns(eval: &mut Evaluation, sample: &Sample) -> Vec<[f64; COLUMNS]> {
    let state = &sample.state;
    let terms = eval.terms(state);
    let left = f64::from(pile(state));
    let rangers = eval.ranger_points(state);
    (0..state.players())
        .map(|seat| {
            let mut row = [0.0; COLUMNS];
            for t in Term::ALL {
                let x = f64::from(terms.values[seat][t.index()]);
                row[2 * t.index()] = x;
                row[2 * t.index() + 1] = x * left;
            }
            if let Some((p, points)) = rangers {
                if p.index() == seat {
                    row[2 * Term::COUNT] = f64::from(points);
                    row[2 * Term::COUNT + 1] = f64::from(points) * left;
                }
            }
            row[2 * Term::COUNT + 2] = 1.0;
            row[2 * Term::COUNT + 3] = left;
            row[2 * Term::COUNT + 4] = left * left;
            row
        })
        .collect()
}

/// The ridge least-squares fit of each seat's points to come, and of every
/// two seats' difference, on their columns. The bias's columns are not
/// shrunk.
fn fit_scores(
    rows: &[(Vec<[f64; COLUMNS]>, &Sample)],
    ridge: f64,
    keep: &[usize],
    kept: &[f32],
) -> Option<[f64; COLUMNS]> {
    // A kept column's part is taken out of the target; its row and column
    // of the system are the identity, its right-hand side its weight.
    let fixed = |x: &[f64; COLUMNS]| -> f64 { keep.iter().map(|&i| x[i] * f64::from(kept[i])).sum() };
    let mut a = vec![vec![0.0; COLUMNS]; COLUMNS];
    let mut b = vec![0.0; COLUMNS];
    let mut add = |x: &[f64; COLUMNS], y: f64| {
        for i in 0..COLUMNS {
            b[i] += x[i] * y;
            for j in 0..COLUMNS {
                a[i][j] += x[i] * x[j];
            }
        }
    };
    for (cols, sample) in rows {
        let gain: Vec<f64> = sample
            .finals
            .iter()
            .zip(&sample.now)
            .map(|(f, n)| f - n)
            .collect();
        for (s, x) in cols.iter().enumerate() {
            add(x, gain[s] - fixed(x));
            for (t, y) in cols.iter().enumerate().skip(s + 1) {
                let mut d = [0.0; COLUMNS];
                for i in 0..COLUMNS {
                    d[i] = x[i] - y[i];
                }
                add(&d, gain[s] - gain[t] - fixed(&d));
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate().take(2 * Term::COUNT + 2) {
        row[i] += ridge;
    }
    for &k in keep {
        a[k].fill(0.0);
        for row in a.iter_mut() {
            row[k] = 0.0;
        }
        a[k][k] = 1.0;
        b[k] = f64::from(kept[k]);
    }
    solve(a, b).map(|x| x.try_into().unwrap_or([0.0; COLUMNS]))
}

/// Every sample of `games` with its columns under `weights`.
fn rows_of(weights: Weights, games: &[Game]) -> Vec<(Vec<[f64; COLUMNS]>, &Sample)> {
    let mut eval = Evaluation::new(weights);
    games
        .iter()
        .flat_map(|g| &g.samples)
        .map(|s| (columns(&mut eval, s), s))
        .collect()
}

/// [`fit_scores`] with the columns outside `keep` written into `out`.
fn refit(
    out: &mut PlayerWeights,
    rows: &[(Vec<[f64; COLUMNS]>, &Sample)],
    ridge: f64,
    keep: &[usize],
    what: &str,
) -> Result<(), String> {
    let fit = fit_scores(rows, ridge, keep, &out.params).ok_or(format!("the {what} fit is singular"))?;
    for (k, v) in fit.iter().enumerate() {
        out.params[k] = *v as f32;
    }
    Ok(())
}

/// The log loss of win chances at scale `a + b × pile` against the shares.
fn log_loss(expected: &[(Vec<f64>, f64, &Sample)], a: f64, b: f64) -> f64 {
    let mut loss = 0.0;
    for (e, left, sample) in expected {
        let s = (a + b * left).max(1.0);
        let top = e.iter().copied().fold(f64::MIN, f64::max);
        let z: f64 = e.iter().map(|x| ((x - top) / s).exp()).sum();
        for (x, share) in e.iter().zip(&sample.shares) {
            if *share > 0.0 {
                loss -= share * (((x - top) / s).exp() / z).ln();
            }
        }
    }
    loss / expected.len().max(1) as f64
}

/// The win chances' scale: a grid over `a + b × pile`, then finer grids
/// round the best.
fn fit_win(expected: &[(Vec<f64>, f64, &Sample)]) -> [f64; 2] {
    let (mut best, mut at) = (f64::MAX, [10.0, 10.0]);
    let mut step = 4.0;
    let mut centre = [20.0, 20.0];
    for _ in 0..6 {
        for i in -5..=5 {
            for j in -5..=5 {
                let a = centre[0] + f64::from(i) * step;
                let b = centre[1] + f64::from(j) * step;
                if a < 1.0 {
                    continue;
                }
                let l = log_loss(expected, a, b);
                if l < best {
                    best = l;
                    at = [a, b];
                }
            }
        }
        centre = at;
        step /= 3.0;
    }
    at
}

/// The win share of the one-ply bot with `a` over the one with `b` on
/// `games` games from deal `first_seed` on (every deal played from every
/// rotation of the seats; seats past the first two alternate `a` and `b`),
/// one share of `a`'s seats per game.
fn duel(
    args: &Args,
    a: &Weights,
    b: &Weights,
    players: usize,
    games: usize,
    first_seed: u64,
) -> Result<Vec<f64>, String> {
    let deals = games.div_ceil(players);
    arena::run(
        deals * players,
        args.threads,
        |g| {
            let deal = first_seed + (g / players) as u64;
            let rotation = g % players;
            let side_a = |seat: usize| (seat + rotation).is_multiple_of(2);
            let bots: Vec<Box<dyn Bot + Send>> = (0..players)
                .map(|seat| {
                    let w = if side_a(seat) { a } else { b };
                    Box::new(OnePly::with_evaluation(Evaluation::new(*w), bot_seed(deal, seat)))
                        as Box<dyn Bot + Send>
                })
                .collect();
            let r = arena::play_bots(bots, deal)?;
            let seats: Vec<usize> = (0..players).filter(|&s| side_a(s)).collect();
            Ok::<f64, arena::ArenaError>(
                seats.iter().map(|&s| arena::win_share(&r.scores, s)).sum::<f64>() / seats.len() as f64,
            )
        },
        |_, _| {},
    )
    .map_err(|e| e.to_string())
}

/// Tunes the weights of the terms and of the ranger points of `players`
/// (the calibration, the bias and the win scale left) by play: a
/// simultaneous-perturbation stochastic approximation (SPSA) of the one-ply
/// bot's win share, as chess engines tune their evaluation. Each of
/// `--tune` rounds moves every weight by a random sign times a step
/// relative to its size (at least 1), plays the bot with the weights moved
/// up against the bot with them moved down on `--tune-games` games, and
/// moves the weights towards the side that won more. The tuned weights
/// then play the fitted ones on `--check` games of other deals; returns
/// them with a line for the header.
fn tune(args: &Args, fitted: &Weights, players: usize) -> Result<(PlayerWeights, String), String> {
    let start = *fitted.for_players(players);
    let n = 2 * Term::COUNT + 2;
    let scale: Vec<f64> = start.params[..n]
        .iter()
        .map(|w| f64::from(w.abs()).max(1.0))
        .collect();
    let mut u: Vec<f64> = start.params[..n]
        .iter()
        .zip(&scale)
        .map(|(&w, s)| f64::from(w) / s)
        .collect();
    let weights_of = |u: &[f64]| {
        let mut w = *fitted;
        for (k, (x, s)) in u.iter().zip(&scale).enumerate() {
            w.by_players[players - 2].params[k] = (x * s) as f32;
        }
        w
    };
    let mut rng = BotRng::seed_from_u64(args.seed ^ 0x5E5A ^ ((players as u64) << 8));
    let (c, a, big_a) = (0.25f64, 0.5f64, 6.0f64);
    let clock = Instant::now();
    for k in 0..args.tune {
        let ck = c / ((k + 1) as f64).powf(0.101);
        let ak = a / ((k + 1) as f64 + big_a).powf(0.602);
        let delta: Vec<f64> = (0..n)
            .map(|_| if rng.next_u32() & 1 == 0 { 1.0 } else { -1.0 })
            .collect();
        let up: Vec<f64> = u.iter().zip(&delta).map(|(x, d)| x + ck * d).collect();
        let down: Vec<f64> = u.iter().zip(&delta).map(|(x, d)| x - ck * d).collect();
        let seed = args
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(500_000_000 + k as u64 * 10_000);
        let shares = duel(
            args,
            &weights_of(&up),
            &weights_of(&down),
            players,
            args.tune_games,
            seed,
        )?;
        let y = shares.iter().sum::<f64>() / shares.len() as f64 - 0.5;
        for (x, d) in u.iter_mut().zip(&delta) {
            *x += ak * y / (2.0 * ck) * d;
        }
        eprint!(
            "\rtuning {players} players: round {}/{} ({:.0} s)   ",
            k + 1,
            args.tune,
            clock.elapsed().as_secs_f64()
        );
    }
    eprintln!();
    let tuned = weights_of(&u);
    let mut line = format!(
        "; then tuned by play: {} rounds of {} games",
        args.tune, args.tune_games
    );
    if args.check > 0 {
        let shares = duel(args, &tuned, fitted, players, args.check, 900_000_000 + args.seed)?;
        let i = arena::wilson(&shares);
        line += &format!(
            ", tuned over fitted {:.1}% ({:.1}-{:.1}%) of {} games",
            100.0 * i.mean,
            100.0 * i.low,
            100.0 * i.high,
            shares.len()
        );
    }
    eprintln!("{line}");
    Ok((*tuned.for_players(players), line))
}

/// RMSE of the final margin and mean bias of the expected scores of
/// `games` under `weights`.
fn measure(weights: &Weights, games: &[Game]) -> (f64, f64, usize) {
    let mut eval = Evaluation::new(*weights);
    let (mut sq, mut bias, mut n, mut m) = (0.0, 0.0, 0usize, 0usize);
    for sample in games.iter().flat_map(|g| &g.samples) {
        let e = eval.expected_scores(&sample.state);
        let players = sample.state.players();
        for seat in 0..players {
            let other = |v: &dyn Fn(usize) -> f64| {
                (0..players)
                    .filter(|&q| q != seat)
                    .map(v)
                    .fold(f64::MIN, f64::max)
            };
            let forecast = f64::from(e[seat]) - other(&|q| f64::from(e[q]));
            let real = sample.finals[seat] - other(&|q| sample.finals[q]);
            sq += (forecast - real).powi(2);
            bias += f64::from(e[seat]) - sample.finals[seat];
            n += 1;
        }
        m += 1;
    }
    ((sq / n.max(1) as f64).sqrt(), bias / n.max(1) as f64, m)
}

/// One round for `players`: plays, fits, measures; returns the new weights
/// of that player count and a line for the header.
fn round(
    args: &Args,
    weights: &Weights,
    round: usize,
    players: usize,
) -> Result<(PlayerWeights, String), String> {
    let start = Instant::now();
    let games = arena::run(
        args.games,
        args.threads,
        |i| play(args, weights, args.explore, round, players, i),
        arena::progress_bar(start),
    )?;
    eprintln!();
    let learn = args.games * 4 / 5;
    let (train, test) = games.split_at(learn);
    let mut out = *weights.for_players(players);
    // 1. Calibration.
    for kind in ChanceKind::ALL {
        let reads: Vec<&Read> = train
            .iter()
            .flat_map(|g| &g.reads)
            .filter(|r| r.kind == kind)
            .collect();
        let c = calibrate(&reads);
        if std::env::var_os("TRAIN_DEBUG").is_some() {
            let hit = reads.iter().filter(|r| r.happened).count();
            let mean: f64 =
                reads.iter().map(|r| f64::from(r.reading.any_of)).sum::<f64>() / reads.len().max(1) as f64;
            eprintln!(
                "{}: {} reads, {} happened, mean raw {mean:.3}, fit {c:?}",
                kind.name(),
                reads.len(),
                hit
            );
        }
        let i = PlayerWeights::PARAMS
            .iter()
            .position(|&p| p == format!("{}.base", kind.name()))
            .ok_or("no calibration weights")?;
        for (k, v) in c.iter().enumerate() {
            out.params[i + k] = *v as f32;
        }
    }
    // 2. Expected scores, on the calibrated chances.
    let mut calibrated = *weights;
    calibrated.by_players[players - 2] = out;
    let rows = rows_of(calibrated, train);
    refit(&mut out, &rows, args.ridge, &args.keep, "expected-score")?;
    // The bias's columns: every term's weight is kept when the bias is
    // fitted again.
    let terms: Vec<usize> = (0..2 * Term::COUNT + 2).collect();
    // 2b. On the last round, the terms' weights tuned by play, and the bias
    // fitted again under them.
    let mut tuned_line = String::new();
    if round + 1 == args.rounds && args.tune > 0 && args.tune_players.contains(&players) {
        calibrated.by_players[players - 2] = out;
        let (tuned, line) = tune(args, &calibrated, players)?;
        tuned_line = line;
        out = tuned;
        refit(&mut out, &rows, args.ridge, &terms, "bias")?;
    }
    // 3. On the last round, the bias fitted again on games of the new
    // weights (no exploration): the forecast is read on such games.
    calibrated.by_players[players - 2] = out;
    let own;
    let (mut train, mut test) = (train, test);
    if round + 1 == args.rounds && args.final_games > 0 {
        own = arena::run(
            args.final_games,
            args.threads,
            |i| play(args, &calibrated, 0.0, args.rounds, players, i),
            arena::progress_bar(Instant::now()),
        )?;
        eprintln!();
        (train, test) = own.split_at(args.final_games * 4 / 5);
        refit(&mut out, &rows_of(calibrated, train), args.ridge, &terms, "bias")?;
        tuned_line += &format!(
            "; the bias and the win scale fitted on {} games of the new weights, measured on the last {}",
            args.final_games,
            test.len()
        );
    }
    // 4. Win chances.
    calibrated.by_players[players - 2] = out;
    let mut eval = Evaluation::new(calibrated);
    let expected: Vec<_> = train
        .iter()
        .flat_map(|g| &g.samples)
        .map(|s| {
            let e = eval.expected_scores(&s.state);
            (
                e[..players].iter().map(|&x| f64::from(x)).collect::<Vec<_>>(),
                f64::from(pile(&s.state)),
                s,
            )
        })
        .collect();
    let win = fit_win(&expected);
    let i = PlayerWeights::PARAMS
        .iter()
        .position(|&p| p == "win.scale")
        .ok_or("no win weights")?;
    out.params[i] = win[0] as f32;
    out.params[i + 1] = win[1] as f32;
    calibrated.by_players[players - 2] = out;
    let (before, bias_before, n) = measure(weights, test);
    let (after, bias_after, _) = measure(&calibrated, test);
    let line = format!(
        "round {round}, {players} players: {} games ({} samples learned from); on the last {} games ({n} samples): \
         RMSE of the final margin {before:.2} -> {after:.2}, bias {bias_before:+.2} -> {bias_after:+.2}",
        args.games,
        rows.len(),
        test.len()
    ) + &tuned_line;
    eprintln!("{line} ({:.0} s)", start.elapsed().as_secs_f64());
    Ok((out, line))
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("train: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut weights = Weights::v0_3();
    let mut log = String::new();
    let command: Vec<String> = std::env::args().skip(1).collect();
    for r in 0..args.rounds {
        let mut next = weights;
        for &players in &args.players {
            match round(&args, &weights, r, players) {
                Ok((w, line)) => {
                    next.by_players[players - 2] = w;
                    let _ = writeln!(log, "#   {line}");
                }
                Err(e) => {
                    eprintln!("train: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        weights = next;
        // Written after every round: a long run can be stopped and its last
        // round kept.
        let text = format!(
            "# The evaluation's weights (src/eval/weights.rs has their meaning), learned\n\
             # from self-play by examples/train.rs:\n\
             #   cargo run --release -p carcassonne-safari-bots --example train -- {}\n\
             # Each round, the one-ply bot with the round's weights (round 0: version\n\
             # 0.3.0's) played the games; the weights were fitted on four fifths of them\n\
             # and measured on the last fifth, under the weights that played and the new:\n\
             {log}{weights}",
            command.join(" ")
        );
        if let Err(e) = std::fs::write(&args.out, text) {
            eprintln!("train: {}: {e}", args.out);
            return ExitCode::FAILURE;
        }
    }
    eprintln!("wrote {}", args.out);
    ExitCode::SUCCESS
}

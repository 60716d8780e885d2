//! Learns the weights of the evaluation's terms from self-play games and
//! writes them as `src/eval/weights.txt`.
//!
//! ```text
//! cargo run --release -p carcassonne-safari-bots --example train -- \
//!     [--games 600] [--bots oneply] [--explore 0.05] [--every 3] [--seed 1] \
//!     [--threads 1] [--ridge 10] [--out bots/src/eval/weights.txt]
//! ```
//!
//! For each number of players from 2 to 5, `--games` games are played by
//! `--bots` in every seat (each decision, with chance `--explore`, is the
//! engine's kind-first random policy's instead, so the positions include
//! the odd moves a search tries). Every `--every`-th player decision of a
//! game is a sample: for each seat, the evaluation's terms then and the
//! points it went on to score until the end. The weights are the ridge
//! least-squares fit (ridge `--ridge`, towards 0), for every two seats of a
//! sample, of the difference of the points they went on to score on the
//! difference of their terms: a player chooses between moves by margins, so
//! the fit predicts margins (a fit of each seat's points alone lets terms
//! that track the stage of the game, such as meeples in supply, stand in for
//! it, and a bot then hoards meeples). Four fifths of the games are learned
//! from; the last fifth measures the fit (the error of the predicted final
//! margin between seats, learned weights against hand-set ones). The
//! same arguments give the same weights: deals, seats and bots are seeded, and
//! games are collected in order whatever the threads.

use std::io::Write as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::policy::KindFirstRandom;
use carcassonne_safari::rand_core::{RngCore, SeedableRng};
use carcassonne_safari::{Actor, GameState, Setup};
use carcassonne_safari_bots::eval::{Evaluation, Term, Weights};
use carcassonne_safari_bots::{from_spec, BotRng};

const USAGE: &str = "usage: train [--games N] [--bots SPEC] [--explore P] [--every K] [--seed S] \
[--threads T] [--ridge L] [--out PATH] [--save SAMPLES | --load SAMPLES]";

struct Args {
    games: usize,
    bots: String,
    explore: f64,
    every: usize,
    seed: u64,
    threads: usize,
    ridge: f64,
    out: String,
    /// Where to write the samples (text, one seat per line), or read them
    /// from instead of playing.
    save: Option<String>,
    load: Option<String>,
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        games: 600,
        bots: "oneply".into(),
        explore: 0.05,
        every: 3,
        seed: 1,
        threads: 1,
        ridge: 10.0,
        out: "bots/src/eval/weights.txt".into(),
        save: None,
        load: None,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("games") => args.games = parser.value()?.parse()?,
            Long("bots") => args.bots = parser.value()?.string()?,
            Long("explore") => args.explore = parser.value()?.parse()?,
            Long("every") => args.every = parser.value()?.parse()?,
            Long("seed") => args.seed = parser.value()?.parse()?,
            Long("threads") => args.threads = parser.value()?.parse()?,
            Long("ridge") => args.ridge = parser.value()?.parse()?,
            Long("out") => args.out = parser.value()?.string()?,
            Long("save") => args.save = Some(parser.value()?.string()?),
            Long("load") => args.load = Some(parser.value()?.string()?),
            Short('h') | Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    if args.games < 5 || args.every == 0 || args.threads == 0 {
        return Err("--games must be at least 5, --every and --threads at least 1".into());
    }
    if !(0.0..=1.0).contains(&args.explore) || args.ridge.is_nan() || args.ridge < 0.0 {
        return Err("--explore must be in 0..=1 and --ridge at least 0".into());
    }
    from_spec(&args.bots, 0).map_err(|e| e.to_string())?;
    Ok(args)
}

/// One sample: a seat's terms at a position and the points it scored from
/// there to the end; samples of one position share `position`.
struct Sample {
    position: usize,
    terms: [f64; Term::COUNT],
    gain: f64,
}

/// Plays game `game` of `players` and returns its samples (positions
/// numbered from 0 within the game).
fn play(args: &Args, players: usize, game: usize) -> Result<Vec<Sample>, String> {
    let seed = args
        .seed
        .wrapping_mul(1_000_003)
        .wrapping_add((players as u64) << 32 | game as u64);
    let mut bots = (0..players)
        .map(|s| from_spec(&args.bots, carcassonne_safari_bots::arena::bot_seed(seed, s)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let mut rng = BotRng::seed_from_u64(seed);
    let mut policy = KindFirstRandom::new();
    let mut eval = Evaluation::learned();
    let mut state = GameState::new(&Setup::new(players)).map_err(|e| e.to_string())?;
    let mut kept: Vec<(Vec<[f64; Term::COUNT]>, Vec<u32>)> = Vec::new();
    let mut decisions = 0;
    loop {
        state = state
            .play_chance(Sampled(&mut rng))
            .map_err(|e| e.to_string())?
            .state;
        let Some(Actor::Player(p)) = state.to_move() else {
            break;
        };
        decisions += 1;
        if decisions % args.every == 0 {
            let terms = eval.terms(&state);
            let rows = (0..players).map(|s| terms.values[s].map(|x| x as f64)).collect();
            kept.push((rows, state.scores().to_vec()));
        }
        let explore = ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < args.explore;
        let mv = if explore {
            policy.choose(&state, &mut rng).ok_or("no move")?
        } else {
            bots[p.index()].choose(&state).map_err(|e| e.to_string())?
        };
        state = state.play(mv).map_err(|e| e.to_string())?;
    }
    let finals = state.scores();
    let mut out = Vec::new();
    for (position, (rows, scores)) in kept.into_iter().enumerate() {
        for (s, terms) in rows.into_iter().enumerate() {
            out.push(Sample {
                position,
                terms,
                gain: finals[s] as f64 - scores[s] as f64,
            });
        }
    }
    Ok(out)
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
        let pivot_row = a[col].clone();
        for row in col + 1..n {
            let f = a[row][col] / pivot_row[col];
            for (x, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}

/// The ridge least-squares weights that predict, for every two seats at a
/// position, the difference of their gains from the difference of their
/// terms: what a player's choice between moves depends on.
fn fit(games: &[Vec<Sample>], players: usize, ridge: f64) -> Option<[f64; Term::COUNT]> {
    let n = Term::COUNT;
    let mut a = vec![vec![0.0; n]; n];
    let mut b = vec![0.0; n];
    for pos in games.iter().flat_map(|g| g.chunks(players)) {
        for p in 0..pos.len() {
            for q in p + 1..pos.len() {
                let x: Vec<f64> = (0..n).map(|k| pos[p].terms[k] - pos[q].terms[k]).collect();
                let y = pos[p].gain - pos[q].gain;
                for i in 0..n {
                    b[i] += x[i] * y;
                    for j in 0..n {
                        a[i][j] += x[i] * x[j];
                    }
                }
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += ridge;
    }
    let x = solve(a, b)?;
    let mut out = [0.0; Term::COUNT];
    out.copy_from_slice(&x);
    Some(out)
}

/// Root mean square error of the predicted final margin of each seat over
/// each other seat at the same position, with weights `w`.
fn margin_error(games: &[Vec<Sample>], players: usize, w: &[f64; Term::COUNT]) -> f64 {
    let predict = |s: &Sample| -> f64 { s.terms.iter().zip(w).map(|(x, w)| x * w).sum() };
    let (mut sum, mut n) = (0.0f64, 0.0f64);
    for game in games {
        for pos in game.chunks(players) {
            for a in 0..pos.len() {
                for b in a + 1..pos.len() {
                    debug_assert_eq!(pos[a].position, pos[b].position);
                    let truth = pos[a].gain - pos[b].gain;
                    let guess = predict(&pos[a]) - predict(&pos[b]);
                    sum += (truth - guess) * (truth - guess);
                    n += 1.0;
                }
            }
        }
    }
    (sum / n.max(1.0)).sqrt()
}

/// Plays the games of `players` (in parallel with `--threads`), in order.
fn play_all(args: &Args, players: usize) -> Result<Vec<Vec<Sample>>, String> {
    let next = AtomicUsize::new(0);
    let games: Mutex<Vec<Option<Vec<Sample>>>> = Mutex::new((0..args.games).map(|_| None).collect());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.min(args.games) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= args.games {
                    break;
                }
                match play(args, players, g) {
                    Ok(s) => games.lock().expect("no poisoned lock")[g] = Some(s),
                    Err(e) => *failure.lock().expect("no poisoned lock") = Some(e),
                }
                eprint!("\r{players} players: game {}/{} ", g + 1, args.games);
            });
        }
    });
    eprintln!();
    if let Some(e) = failure.into_inner().expect("no poisoned lock") {
        return Err(e);
    }
    Ok(games
        .into_inner()
        .expect("no poisoned lock")
        .into_iter()
        .flatten()
        .collect())
}

/// The samples of `players` saved by `--save` in `path`.
fn load(path: &str, players: usize) -> Result<Vec<Vec<Sample>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut games: Vec<Vec<Sample>> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let bad = || {
            format!(
                "line {}: expected players, game, position, gain and {} terms",
                i + 1,
                Term::COUNT
            )
        };
        let v: Vec<f64> = line
            .split_whitespace()
            .map(|w| w.parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        if v.len() != 4 + Term::COUNT {
            return Err(bad());
        }
        if v[0] as usize != players {
            continue;
        }
        let game = v[1] as usize;
        if games.len() <= game {
            games.resize_with(game + 1, Vec::new);
        }
        let mut terms = [0.0; Term::COUNT];
        terms.copy_from_slice(&v[4..]);
        games[game].push(Sample {
            position: v[2] as usize,
            terms,
            gain: v[3],
        });
    }
    Ok(games)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("train: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut weights = Weights::learned();
    let mut report = Vec::new();
    for players in 2..=5 {
        let games = match &args.load {
            Some(path) => match load(path, players) {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("train: {path}: {e}");
                    return ExitCode::FAILURE;
                }
            },
            None => match play_all(&args, players) {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("train: {e}");
                    return ExitCode::FAILURE;
                }
            },
        };
        if let Some(path) = &args.save {
            let mut text = String::new();
            for (g, game) in games.iter().enumerate() {
                for s in game {
                    text.push_str(&format!("{players} {g} {} {}", s.position, s.gain));
                    for x in s.terms {
                        text.push_str(&format!(" {x}"));
                    }
                    text.push('\n');
                }
            }
            let append = std::fs::OpenOptions::new()
                .create(true)
                .append(players > 2)
                .write(true)
                .truncate(players == 2)
                .open(path)
                .and_then(|mut f| f.write_all(text.as_bytes()));
            if let Err(e) = append {
                eprintln!("train: {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
        let split = games.len() * 4 / 5;
        let (learn, test) = games.split_at(split);
        let positions: usize = learn.iter().map(|g| g.len() / players).sum();
        let Some(w) = fit(learn, players, args.ridge) else {
            eprintln!("train: the fit for {players} players is singular");
            return ExitCode::FAILURE;
        };
        let before: [f64; Term::COUNT] = hand_set().map(|x| x as f64);
        let line = format!(
            "{players} players: {} positions of {} games learned from; margin error on {} held-out games {:.2} points (hand-set weights {:.2})",
            positions,
            learn.len(),
            test.len(),
            margin_error(test, players, &w),
            margin_error(test, players, &before)
        );
        eprintln!("{line}");
        report.push(line);
        for t in Term::ALL {
            weights.set(players, t, w[t.index()] as f32);
        }
    }
    let mut text = String::new();
    text.push_str(
        "# The weights of the evaluation's terms (src/eval/mod.rs): one line per\n\
         # term, its name, then its weight for 2, 3, 4 and 5 players. Written by\n",
    );
    let command: Vec<String> = std::env::args().skip(1).collect();
    text.push_str(&format!(
        "#   cargo run --release -p carcassonne-safari-bots --example train -- {}\n",
        command.join(" ")
    ));
    for line in &report {
        text.push_str(&format!("# {line}\n"));
    }
    text.push_str(&weights.to_string());
    if let Err(e) = std::fs::File::create(&args.out).and_then(|mut f| f.write_all(text.as_bytes())) {
        eprintln!("train: {}: {e}", args.out);
        return ExitCode::FAILURE;
    }
    print!("{text}");
    ExitCode::SUCCESS
}

/// Weights set by hand, each term at its face value in points: what the
/// fit is compared with.
fn hand_set() -> [f32; Term::COUNT] {
    Term::ALL.map(|t| match t {
        Term::TrailCompletion | Term::TrailEnd | Term::BushCompletion | Term::BushEnd => 1.0,
        Term::StuckMeeples => -1.0,
        Term::Baobabs => 2.5,
        Term::WateringHoles => 4.0,
        Term::Tokens => 1.5,
        Term::Meeples => 1.0,
        // Turns, Action and any later term.
        _ => 2.0,
    })
}

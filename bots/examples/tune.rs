//! Tunes the evaluation's weights for one number of players by playing: a
//! simultaneous-perturbation stochastic approximation (SPSA) of the one-ply
//! bot's win rate, as chess engines tune their evaluation.
//!
//! ```text
//! cargo run --release -p carcassonne-safari-bots --example tune -- \
//!     [--players 2] [--rounds 60] [--games 100] [--check 400] [--seed 1] \
//!     [--threads 2] [--from learned|fit|hand|FILE] [--out FILE]
//! ```
//!
//! Each round moves every weight (of `--players` players) by a random sign
//! times a step, plays the one-ply bot with the weights moved up against the
//! one-ply bot with them moved down on `--games` games (paired deals, both
//! seatings), and moves the weights towards the side that won more. The step
//! is relative to each weight's size (at least 1 point). At the end the
//! tuned weights play the starting ones on `--check` games of other deals
//! (the win rate with its 95% interval) and are written to `--out` in the
//! text form of `weights.txt` (the other player counts' columns unchanged).
//! A round's line on stdout: its number, the win share of the upper side,
//! and the weights.

use std::process::ExitCode;

use carcassonne_safari::rand_core::{RngCore, SeedableRng};
use carcassonne_safari_bots::arena::{self, bot_seed, elo, play_bots, wilson, win_share};
use carcassonne_safari_bots::eval::{Evaluation, Term, Weights};
use carcassonne_safari_bots::{Bot, BotRng, OnePly};

const USAGE: &str = "usage: tune [--players N] [--rounds R] [--games G] [--check G] [--seed S] \
[--threads T] [--from learned|fit|hand|FILE] [--out FILE]";

struct Args {
    players: usize,
    rounds: usize,
    games: usize,
    check: usize,
    seed: u64,
    threads: usize,
    from: String,
    out: Option<String>,
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        players: 2,
        rounds: 60,
        games: 100,
        check: 400,
        seed: 1,
        threads: 2,
        from: "learned".into(),
        out: None,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("players") => args.players = parser.value()?.parse()?,
            Long("rounds") => args.rounds = parser.value()?.parse()?,
            Long("games") => args.games = parser.value()?.parse()?,
            Long("check") => args.check = parser.value()?.parse()?,
            Long("seed") => args.seed = parser.value()?.parse()?,
            Long("threads") => args.threads = parser.value()?.parse()?,
            Long("from") => args.from = parser.value()?.string()?,
            Long("out") => args.out = Some(parser.value()?.string()?),
            Short('h') | Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    // The engine's own check and message (R-COMP-3).
    carcassonne_safari::Setup::new(args.players)
        .validate()
        .map_err(|e| format!("--players {}: {e}", args.players))?;
    if args.games < 2 {
        return Err("--games must be at least 2".into());
    }
    Ok(args)
}

fn load(from: &str) -> Result<Weights, String> {
    match from {
        "learned" => return Ok(Weights::learned()),
        "fit" => return Ok(Weights::fit()),
        _ => {}
    }
    let text = std::fs::read_to_string(from).map_err(|e| format!("{from}: {e}"))?;
    text.parse().map_err(|e| format!("{from}: {e}"))
}

/// The win share of the one-ply bot with `a` over the one with `b` on
/// `games` games from deal `first_seed` on (every deal played from every
/// rotation of the seats; seats past the first two alternate `a` and `b`).
fn duel(
    a: &Weights,
    b: &Weights,
    players: usize,
    games: usize,
    first_seed: u64,
    threads: usize,
) -> Result<Vec<f64>, String> {
    let deals = games.div_ceil(players);
    let progress = arena::progress_bar(std::time::Instant::now());
    let results = arena::run(
        deals * players,
        threads,
        |g| {
            let deal = first_seed + (g / players) as u64;
            let rotation = g % players;
            let mut names = Vec::new();
            let mut bots: Vec<Box<dyn Bot + Send>> = Vec::new();
            for seat in 0..players {
                let side_a = (seat + rotation).is_multiple_of(2);
                let w = if side_a { a } else { b };
                names.push(if side_a { "a".to_string() } else { "b".to_string() });
                bots.push(Box::new(OnePly::with_evaluation(
                    Evaluation::new(*w),
                    bot_seed(deal, seat),
                )));
            }
            let r = play_bots(bots, deal)?;
            // The mean share of a's seats.
            let seats: Vec<usize> = (0..players).filter(|&s| names[s] == "a").collect();
            let share = seats.iter().map(|&s| win_share(&r.scores, s)).sum::<f64>() / seats.len() as f64;
            Ok::<f64, arena::ArenaError>(share)
        },
        progress,
    )
    .map_err(|e| e.to_string())?;
    Ok(results)
}

fn run(args: Args) -> Result<(), String> {
    let start = load(&args.from)?;
    let p = args.players;
    let scale: Vec<f32> = Term::ALL
        .iter()
        .map(|&t| start.get(p, t).abs().max(1.0))
        .collect();
    let mut u: Vec<f64> = Term::ALL
        .iter()
        .zip(&scale)
        .map(|(&t, &s)| (start.get(p, t) / s) as f64)
        .collect();
    let mut rng = BotRng::seed_from_u64(args.seed ^ 0x5E5A);
    let weights_of = |u: &[f64]| {
        let mut w = start;
        for ((&t, &s), &x) in Term::ALL.iter().zip(&scale).zip(u) {
            w.set(p, t, (x as f32) * s);
        }
        w
    };
    let (c, a, big_a) = (0.25f64, 0.5f64, 6.0f64);
    for k in 0..args.rounds {
        let ck = c / ((k + 1) as f64).powf(0.101);
        let ak = a / ((k + 1) as f64 + big_a).powf(0.602);
        let delta: Vec<f64> = (0..u.len())
            .map(|_| if rng.next_u32() & 1 == 0 { 1.0 } else { -1.0 })
            .collect();
        let up: Vec<f64> = u.iter().zip(&delta).map(|(x, d)| x + ck * d).collect();
        let down: Vec<f64> = u.iter().zip(&delta).map(|(x, d)| x - ck * d).collect();
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(k as u64 * 10_000);
        let shares = duel(
            &weights_of(&up),
            &weights_of(&down),
            p,
            args.games,
            seed,
            args.threads,
        )?;
        let y = shares.iter().sum::<f64>() / shares.len() as f64 - 0.5;
        for (x, d) in u.iter_mut().zip(&delta) {
            *x += ak * y / (2.0 * ck) * d;
        }
        let w = weights_of(&u);
        let line: Vec<String> = Term::ALL.iter().map(|&t| format!("{:.3}", w.get(p, t))).collect();
        println!("round {k} upper {:.3} weights {}", y + 0.5, line.join(" "));
    }
    let tuned = weights_of(&u);
    if args.check > 0 {
        let shares = duel(
            &tuned,
            &start,
            p,
            args.check,
            900_000_000 + args.seed,
            args.threads,
        )?;
        let arena::Interval {
            mean: rate,
            low: lo,
            high: hi,
        } = wilson(&shares);
        println!(
            "check: tuned over start {:.1}% ({:.1}-{:.1}%) of {} games, Elo {:+.0} ({:+.0} to {:+.0})",
            100.0 * rate,
            100.0 * lo,
            100.0 * hi,
            shares.len(),
            elo(rate),
            elo(lo),
            elo(hi)
        );
    }
    if let Some(out) = &args.out {
        std::fs::write(out, tuned.to_string()).map_err(|e| format!("{out}: {e}"))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tune: {e}");
            ExitCode::FAILURE
        }
    }
}

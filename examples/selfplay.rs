//! Plays seeded random games of Carcassonne: Safari.
//!
//! ```text
//! cargo run --release --example selfplay -- --seed S --players N [--trace] [--games G]
//! ```
//!
//! The policy is DESIGN.md's: chance outcomes by their weight; a player picks a
//! move kind (the first word of the notation) uniformly among the kinds of the
//! legal moves, then a move of that kind uniformly. `--trace` prints one JSON line
//! per decision before applying it, then the final line; `--games G` plays G games
//! from seed S on and prints only aggregates.

use std::process::ExitCode;
use std::time::Instant;

use carcassonne_safari::{Actor, GameState, Move, Setup};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

struct Args {
    seed: u64,
    players: usize,
    trace: bool,
    games: Option<u64>,
}

const USAGE: &str = "usage: selfplay --seed S --players N [--trace] [--games G]";

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seed: 0,
        players: 2,
        trace: false,
        games: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--seed" => args.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--players" => {
                args.players = value("--players")?
                    .parse()
                    .map_err(|e| format!("--players: {e}"))?
            }
            "--games" => args.games = Some(value("--games")?.parse().map_err(|e| format!("--games: {e}"))?),
            "--trace" => args.trace = true,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if args.trace && args.games.is_some() {
        return Err("--trace traces one game; it cannot be combined with --games".into());
    }
    Ok(args)
}

/// A uniform index below `n` (n > 0).
fn below(rng: &mut impl RngCore, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// The move kind of `m`: an index standing for the first word of its notation
/// (`Move::keyword`), one per `Move` variant.
fn kind(m: &Move) -> usize {
    match m {
        Move::Draw(_) => 0,
        Move::Token(_) => 1,
        Move::Place(..) => 2,
        Move::Meeple(_) => 3,
        Move::Ranger { .. } => 4,
        Move::Dig(..) => 5,
        Move::Expand(..) => 6,
        Move::Pass => 7,
        Move::Boost(_) => 8,
        Move::NoBoost => 9,
        Move::Return(_) => 10,
    }
}

/// DESIGN.md's random policy for a player decision: a kind uniformly among the
/// kinds present (in order of first appearance), then a move of that kind
/// uniformly (in list order). Allocation-free: one pass over the moves records
/// the runs of equal kinds (legal moves mostly come grouped by kind), and the
/// chosen move is found from the runs.
fn pick(rng: &mut impl RngCore, moves: &[Move]) -> Move {
    const RUNS: usize = 24;
    // (kind, end) of each run, while they fit.
    let mut runs = [(0u8, 0u32); RUNS];
    let mut nruns = 0;
    let mut order = [0u8; 11];
    let mut count = [0u32; 11];
    let (mut n, mut seen) = (0, 0u16);
    let mut prev = u8::MAX;
    let mut start = 0;
    for (i, m) in moves.iter().enumerate() {
        let k = kind(m) as u8;
        if k != prev {
            if i > 0 {
                count[prev as usize] += (i - start) as u32;
                if nruns < RUNS {
                    runs[nruns] = (prev, i as u32);
                }
                nruns += 1;
            }
            if seen & (1 << k) == 0 {
                seen |= 1 << k;
                order[n] = k;
                n += 1;
            }
            (prev, start) = (k, i);
        }
    }
    if !moves.is_empty() {
        count[prev as usize] += (moves.len() - start) as u32;
        if nruns < RUNS {
            runs[nruns] = (prev, moves.len() as u32);
        }
        nruns += 1;
    }
    let k = order[below(rng, n)];
    let mut i = below(rng, count[k as usize] as usize);
    if nruns <= RUNS {
        let mut start = 0;
        for &(kind, end) in &runs[..nruns] {
            let end = end as usize;
            if kind == k {
                if i < end - start {
                    return moves[start + i];
                }
                i -= end - start;
            }
            start = end;
        }
        unreachable!("i < count[k]");
    }
    *moves
        .iter()
        .filter(|m| kind(m) == k as usize)
        .nth(i)
        .expect("i < count")
}

struct Outcome {
    scores: Vec<u32>,
    winners: Vec<usize>,
    turns: usize,
    decisions: usize,
}

fn play(seed: u64, players: usize, trace: bool) -> Result<Outcome, String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(players)).map_err(|e| e.to_string())?;
    let (mut turns, mut decisions) = (0, 0);
    // In place: the game needs no earlier state, and one event buffer serves all.
    let mut events = Vec::new();
    while let Some(actor) = state.to_move() {
        let mv = match actor {
            Actor::Chance => state
                .sample_chance(&mut rng)
                .ok_or("a chance node without outcomes")?,
            Actor::Player(_) => pick(&mut rng, &state.legal_moves()),
        };
        if trace {
            let scores: Vec<String> = state.scores().iter().map(|s| s.to_string()).collect();
            println!(
                "{{\"step\":{decisions},\"actor\":\"{actor}\",\"legal\":{},\"move\":\"{mv}\",\"scores\":[{}]}}",
                state.legal_moves().len(),
                scores.join(",")
            );
        }
        turns += matches!(mv, Move::Place(..)) as usize;
        decisions += 1;
        events.clear();
        state.apply_mut(mv, &mut events).map_err(|e| e.to_string())?;
    }
    let winners: Vec<usize> = state.leaders().iter().map(|p| p.index()).collect();
    Ok(Outcome {
        scores: state.scores().to_vec(),
        winners,
        turns,
        decisions,
    })
}

fn join<T: ToString>(v: &[T]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("selfplay: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match args.games {
        None => match play(args.seed, args.players, args.trace) {
            Ok(o) if args.trace => {
                println!(
                    "{{\"final\":[{}],\"winners\":[{}]}}",
                    join(&o.scores),
                    join(&o.winners)
                );
                ExitCode::SUCCESS
            }
            Ok(o) => {
                println!(
                    "seed {} players {}: scores [{}] winners [{}] turns {} decisions {}",
                    args.seed,
                    args.players,
                    join(&o.scores),
                    join(&o.winners),
                    o.turns,
                    o.decisions
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("selfplay: {e}");
                ExitCode::FAILURE
            }
        },
        Some(games) => {
            let start = Instant::now();
            let mut totals = vec![0u64; args.players];
            let mut wins = vec![0u64; args.players];
            for g in 0..games {
                match play(args.seed.wrapping_add(g), args.players, false) {
                    Ok(o) => {
                        for (t, s) in totals.iter_mut().zip(&o.scores) {
                            *t += *s as u64;
                        }
                        for w in o.winners {
                            wins[w] += 1;
                        }
                    }
                    Err(e) => {
                        eprintln!("selfplay: game {}: {e}", args.seed.wrapping_add(g));
                        return ExitCode::FAILURE;
                    }
                }
            }
            let secs = start.elapsed().as_secs_f64();
            let means: Vec<String> = totals
                .iter()
                .map(|t| format!("{:.2}", *t as f64 / games.max(1) as f64))
                .collect();
            println!(
                "games {games} players {} seeds {}..{}",
                args.players,
                args.seed,
                args.seed.wrapping_add(games)
            );
            println!("mean scores [{}]", means.join(","));
            println!("wins per seat [{}] (ties count for every winner)", join(&wins));
            println!("{:.0} games/s ({:.3} s)", games as f64 / secs, secs);
            ExitCode::SUCCESS
        }
    }
}

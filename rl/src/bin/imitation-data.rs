//! Records labelled decisions for the learned policy.
//!
//! ```text
//! imitation-data --out DIR --games G [--seed S] [--threads T] [--epsilon E]
//!     [--seats teacher,greedy | teacher,MODEL.txt ...] [--teacher oneply | twoply[:W]]
//! ```
//!
//! Seats: `teacher` (the teacher plays: the move it values most), `greedy`,
//! or the path of a model's text (the policy being trained plays). The
//! teacher labels every decision: `oneply` (the default, the one-ply bot's
//! values) or `twoply` (the two-ply bot's, `twoply:W` weighing its `W` best
//! moves against the replies; see `Teacher`). Writes DIR/{features,values,moves,played,
//! outcome}.bin (see `Decisions::write`).

use std::process::ExitCode;

use carcassonne_safari::Setup;
use carcassonne_safari_bots::learned::{Model, FEATURES};
use carcassonne_safari_rl::imitation::{record_games, Seat, Teacher};

fn main() -> ExitCode {
    let mut out = None;
    let mut games = 0u64;
    let mut seed = 0u64;
    let mut threads = 1usize;
    let mut epsilon = 0.0f64;
    let mut seats = vec![Seat::Teacher, Seat::Teacher];
    let mut teacher = Teacher::OnePly;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().cloned().unwrap_or_default();
        match a.as_str() {
            "--out" => out = Some(std::path::PathBuf::from(v)),
            "--games" => games = v.parse().unwrap_or(0),
            "--seed" => seed = v.parse().unwrap_or(0),
            "--threads" => threads = v.parse().unwrap_or(1),
            "--epsilon" => epsilon = v.parse().unwrap_or(0.0),
            "--teacher" => match Teacher::parse(&v) {
                Some(t) => teacher = t,
                None => {
                    eprintln!("--teacher {v}: the teachers are oneply, twoply and twoply:W (W at least 1)");
                    return ExitCode::FAILURE;
                }
            },
            "--seats" => {
                let mut parsed = Vec::new();
                for s in v.split(',') {
                    parsed.push(match s {
                        "teacher" => Seat::Teacher,
                        "greedy" => Seat::Greedy,
                        path => {
                            let text = match std::fs::read_to_string(path) {
                                Ok(t) => t,
                                Err(e) => {
                                    eprintln!("{path}: {e}");
                                    return ExitCode::FAILURE;
                                }
                            };
                            match Model::parse(&text, FEATURES) {
                                Ok(m) => Seat::Learner(m),
                                Err(e) => {
                                    eprintln!("{path}: {e}");
                                    return ExitCode::FAILURE;
                                }
                            }
                        }
                    });
                }
                seats = parsed;
            }
            _ => {
                eprintln!("unknown argument {a}");
                return ExitCode::FAILURE;
            }
        }
    }
    let (Some(out), true) = (out, games > 0) else {
        eprintln!("usage: imitation-data --out DIR --games G [--seed S] [--threads T] [--epsilon E] [--seats teacher,greedy|MODEL,...] [--teacher oneply|twoply[:W]]");
        return ExitCode::FAILURE;
    };
    if let Err(e) = Setup::new(seats.len()).validate() {
        eprintln!("--seats: {e}");
        return ExitCode::FAILURE;
    }
    let t0 = std::time::Instant::now();
    let d = record_games(&seats, &teacher, seed..seed + games, epsilon, threads);
    let secs = t0.elapsed().as_secs_f64();
    if let Err(e) = d.write(&out) {
        eprintln!("{}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "{games} games, {} decisions, {} moves, in {secs:.1} s ({:.0} decisions/s) -> {}",
        d.moves.len(),
        d.values.len(),
        d.moves.len() as f64 / secs,
        out.display()
    );
    ExitCode::SUCCESS
}

//! Records labelled decisions for the learned policy.
//!
//! ```text
//! imitation-data --out DIR --games G [--seed S] [--threads T] [--epsilon E]
//!     [--seats teacher,greedy | teacher,MODEL.txt ...] [--teacher twoply[:W] | oneply]
//! ```
//!
//! Seats: `teacher` (the teacher plays: the move it values most), `greedy`,
//! or the path of a model's text (the policy being trained plays). The
//! teacher labels every decision: `twoply` (the default, the two-ply bot's
//! values; `twoply:W` weighs its `W` best moves against the replies) or
//! `oneply` (the one-ply bot's; see `Teacher`). Writes
//! DIR/{features,values,moves,played,outcome}.bin (see `Decisions::write`).
//! A bad argument is refused with exit code 2 and a message naming it.

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

use carcassonne_safari::Setup;
use carcassonne_safari_rl::imitation::{record_games, Seat, Teacher};
use clap::{CommandFactory, Parser};

/// Records games labelled by a teacher bot: each decision's move features
/// and the teacher's value of each move.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The directory the five arrays are written to.
    #[arg(long)]
    out: PathBuf,
    /// The number of games (at least 1).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// The first game's seed; game `i` has seed `S + i`.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0)]
    seed: u64,
    /// Threads recording games.
    #[arg(long, allow_negative_numbers = true, default_value = "1")]
    threads: NonZeroUsize,
    /// The probability of a uniformly random move at a decision (0 to 1).
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.0, value_parser = probability)]
    epsilon: f64,
    /// Who plays each seat, comma-separated: `teacher`, `greedy` or the path
    /// of a model's text file; rotated from game to game.
    #[arg(long, value_delimiter = ',', default_value = "teacher,teacher")]
    seats: Vec<Seat>,
    /// Who labels the decisions: `twoply`, `twoply:W` or `oneply`.
    #[arg(long, default_value = "twoply")]
    teacher: Teacher,
}

/// Text that is not a probability.
#[derive(Debug, thiserror::Error)]
#[error("`{0}` is not a probability (a number from 0 to 1)")]
struct NotAProbability(String);

/// A probability: a number from 0 to 1.
fn probability(text: &str) -> Result<f64, NotAProbability> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(NotAProbability(text.to_string())),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Err(e) = Setup::new(args.seats.len()).validate() {
        Args::command()
            .error(clap::error::ErrorKind::ValueValidation, format!("--seats: {e}"))
            .exit();
    }
    let games = args.games;
    let t0 = std::time::Instant::now();
    let d = record_games(
        &args.seats,
        &args.teacher,
        args.seed..args.seed.saturating_add(games),
        args.epsilon,
        args.threads.get(),
    );
    let secs = t0.elapsed().as_secs_f64();
    if let Err(e) = d.write(&args.out) {
        eprintln!("error: {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "{games} games, {} decisions, {} moves, in {secs:.1} s ({:.0} decisions/s) -> {}",
        d.moves.len(),
        d.values.len(),
        d.moves.len() as f64 / secs,
        args.out.display()
    );
    ExitCode::SUCCESS
}

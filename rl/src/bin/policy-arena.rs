//! Plays a policy model (a text file, as `learned::Model::parse` reads)
//! against a bot on paired two-player deals (each deal from both seats) and
//! prints its win rate with a 95% Wilson interval, as one JSON line. The deals
//! are those of the bots' arena with the same `--seed`
//! (`carcassonne_safari_rl::deal`: deal `k` is `Deal::new(seed + k)`). For
//! models being trained; the shipped model is rated by the bots' arena
//! (`--bots net,...`).
//!
//! ```text
//! policy-arena --model MODEL.txt --opponent greedy [--deals 50] [--seed 1] [--threads 1]
//! ```
//!
//! A bad argument is refused with exit code 2 and a message naming it.

use std::num::NonZeroU64;
use std::path::PathBuf;

use carcassonne_safari::rules;
use carcassonne_safari_bots::arena::{self, ArenaError};
use carcassonne_safari_bots::learned::Model;
use carcassonne_safari_bots::{Bot, BotSpec, PolicyNet, SpecError};
use carcassonne_safari_rl::imitation::read_model;
use clap::{CommandFactory, Parser};

/// Rates a policy model against a bot on paired two-player deals.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The model's text file.
    #[arg(long)]
    model: PathBuf,
    /// The opponent's bot specification (as the bots' arena takes it).
    #[arg(long, value_parser = opponent)]
    opponent: String,
    /// Paired deals (at least 1): each is played from both seats.
    #[arg(long, allow_negative_numbers = true, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..))]
    deals: u64,
    /// The deals' seed: deal `k` is the engine's `Deal::new(seed + k)`.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
    seed: u64,
    /// Threads playing deals.
    #[arg(long, allow_negative_numbers = true, default_value = "1")]
    threads: NonZeroU64,
}

/// A bot specification the bots crate takes.
fn opponent(spec: &str) -> Result<String, SpecError> {
    spec.parse::<BotSpec>().map(|_| spec.to_string())
}

/// The policy's result in one game on deal `seed` (both bots seeded with
/// it), the policy in seat `policy_seat`: its share of the first place and
/// its margin over the other player.
fn play(model: &Model, opponent: &str, seed: u64, policy_seat: usize) -> Result<(f64, f64), ArenaError> {
    let policy: Box<dyn Bot + Send> = Box::new(PolicyNet::with_model(model.clone(), seed));
    let other = opponent.parse::<BotSpec>()?.build(seed);
    let bots = if policy_seat == 0 {
        vec![policy, other]
    } else {
        vec![other, policy]
    };
    let game = arena::play_bots(bots, seed)?;
    Ok((
        arena::win_share(&game.scores, policy_seat),
        rules::margins(&game.scores)[policy_seat] as f64,
    ))
}

fn main() {
    let args = Args::parse();
    let model = read_model(&args.model).unwrap_or_else(|e| {
        Args::command()
            .error(clap::error::ErrorKind::ValueValidation, format!("--model {e}"))
            .exit()
    });
    let (deals, seed) = (args.deals as usize, args.seed);
    // Game g: deal g / 2, the policy in seat g % 2.
    let results = arena::run(
        2 * deals,
        args.threads.get() as usize,
        |g| play(&model, &args.opponent, seed.wrapping_add((g / 2) as u64), g % 2),
        |_, _| {},
    )
    .unwrap_or_else(|e| {
        eprintln!("policy-arena: {e}");
        std::process::exit(1)
    });
    let n = results.len() as f64;
    let shares: Vec<f64> = results.iter().map(|r| r.0).collect();
    let margin: f64 = results.iter().map(|r| r.1).sum::<f64>() / n;
    let rate = arena::wilson(&shares);
    println!(
        "{{\"model\":\"{}\",\"opponent\":\"{}\",\"games\":{n},\"win_rate\":{:.4},\"ci95\":[{:.4},{:.4}],\"mean_margin\":{margin:.2}}}",
        args.model.display(),
        args.opponent,
        rate.mean,
        rate.low,
        rate.high
    );
}

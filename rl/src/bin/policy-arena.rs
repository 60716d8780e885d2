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

use carcassonne_safari::chance::Deal;
use carcassonne_safari::{Actor, GameState, Setup};
use carcassonne_safari_bots::learned::Model;
use carcassonne_safari_bots::{from_spec, Bot, PolicyNet, SpecError};
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

/// A bot specification the bots crate builds.
fn opponent(spec: &str) -> Result<String, SpecError> {
    from_spec(spec, 0).map(|_| spec.to_string())
}

/// The policy's result in one game on `deal` (its tiles and token draws;
/// both bots seeded with the deal's seed): 1 for a win, 1/k for a first place
/// shared by k, 0 for a loss; and its margin over the other player.
fn play(model: &Model, opponent: &str, mut deal: Deal, policy_seat: usize) -> (f64, f64) {
    let mut policy = PolicyNet::with_model(model.clone(), deal.seed());
    let mut other = from_spec(opponent, deal.seed()).expect("the opponent's spec was checked");
    let mut state = GameState::new(&Setup::new(2)).expect("two players");
    let (mut draws, mut events) = (Vec::new(), Vec::new());
    loop {
        draws.clear();
        events.clear();
        state
            .play_chance_mut(&mut deal, &mut draws, &mut events)
            .expect("a deal has an outcome for every chance node of a game");
        let Some(Actor::Player(p)) = state.to_move() else {
            break;
        };
        let mv = if p.index() == policy_seat {
            policy.choose(&state)
        } else {
            other.choose(&state)
        }
        .expect("a decision");
        state = state.play(mv).expect("bots play legal moves");
    }
    let win = state
        .win_shares()
        .unwrap_or_default()
        .get(policy_seat)
        .copied()
        .unwrap_or(0.0);
    let s = state.scores();
    (win, s[policy_seat] as f64 - s[1 - policy_seat] as f64)
}

fn main() {
    let args = Args::parse();
    let model = read_model(&args.model).unwrap_or_else(|e| {
        Args::command()
            .error(clap::error::ErrorKind::ValueValidation, format!("--model {e}"))
            .exit()
    });
    let (deals, seed, threads) = (args.deals, args.seed, args.threads.get());
    let results: Vec<(f64, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (model, opponent) = (&model, &args.opponent);
                scope.spawn(move || {
                    (0..deals)
                        .filter(|k| k % threads == t)
                        .flat_map(|k| {
                            let deal = carcassonne_safari_rl::deal(seed, k);
                            [
                                play(model, opponent, deal.clone(), 0),
                                play(model, opponent, deal, 1),
                            ]
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a game thread"))
            .collect()
    });
    let n = results.len() as f64;
    let wins: f64 = results.iter().map(|r| r.0).sum();
    let margin: f64 = results.iter().map(|r| r.1).sum::<f64>() / n;
    let (low, high) = wilson(wins, n);
    println!(
        "{{\"model\":\"{}\",\"opponent\":\"{}\",\"games\":{n},\"win_rate\":{:.4},\"ci95\":[{low:.4},{high:.4}],\"mean_margin\":{margin:.2}}}",
        args.model.display(),
        args.opponent,
        wins / n
    );
}

/// The 95% Wilson score interval of `wins` successes in `n` trials.
fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let z = 1.96f64;
    let p = wins / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

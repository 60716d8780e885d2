//! Plays a policy model (a text file, as `learned::Model::parse` reads)
//! against a bot on paired two-player deals (each deal from both seats) and
//! prints its win rate with a 95% Wilson interval, as one JSON line. The deals
//! are those of the bots' arena with the same `--seed`
//! (`carcassonne_safari_rl::deal`: deal `k` is `Deal::new(seed + k)`). For
//! models being trained; the shipped model is rated by the bots' arena
//! (`--bots net,...`).
//!
//! ```text
//! policy-arena --model MODEL.txt --opponent greedy --deals 100 [--seed S] [--threads T]
//! ```

use std::process::ExitCode;

use carcassonne_safari::chance::Deal;
use carcassonne_safari::{Actor, GameState, Setup};
use carcassonne_safari_bots::learned::{Model, FEATURES};
use carcassonne_safari_bots::{from_spec, Bot, PolicyNet};

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

fn main() -> ExitCode {
    let (mut model, mut opponent, mut deals, mut seed, mut threads) = (None, None, 50u64, 1u64, 1u64);
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let v = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--model" => model = Some(v),
            "--opponent" => opponent = Some(v),
            "--deals" => deals = v.parse().unwrap_or(50),
            "--seed" => seed = v.parse().unwrap_or(1),
            "--threads" => threads = v.parse().unwrap_or(1).max(1),
            a => {
                eprintln!("unknown argument {a}");
                return ExitCode::FAILURE;
            }
        }
    }
    let (Some(path), Some(opponent)) = (model, opponent) else {
        eprintln!(
            "usage: policy-arena --model MODEL.txt --opponent SPEC [--deals N] [--seed S] [--threads T]"
        );
        return ExitCode::FAILURE;
    };
    let parsed = std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| Model::parse(&t, FEATURES).map_err(|e| e.to_string()));
    let model = match parsed {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = from_spec(&opponent, 0) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    let results: Vec<(f64, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (model, opponent) = (&model, &opponent);
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
        "{{\"model\":\"{path}\",\"opponent\":\"{opponent}\",\"games\":{n},\"win_rate\":{:.4},\"ci95\":[{low:.4},{high:.4}],\"mean_margin\":{margin:.2}}}",
        wins / n
    );
    ExitCode::SUCCESS
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

//! Plays bots against each other on paired deals and reports their strength.
//!
//! ```text
//! cargo run --release -p carcassonne-safari-bots --example arena -- \
//!     --players 2 --games 400 --bots mcts,greedy [--budget-ms 200 | --iterations 2000] \
//!     [--seed S] [--threads T]
//! ```
//!
//! `--bots` lists bot specifications (`greedy`, `mcts:it=500,c=0.5`, ...; see
//! `from_spec`), separated by commas; with fewer than `--players`, they fill
//! the seats in turn
//! (`mcts,greedy` in a 4-player game is mcts, greedy, mcts, greedy). Each deal
//! (a seed: one order of the 72 tiles and one stream of token draws) is played
//! once per rotation of the seats, so every bot meets the same luck from every
//! seat; `--games` is rounded up to a whole number of deals. `--budget-ms` and
//! `--iterations` set the budget of every `mcts` bot whose specification does
//! not. `--threads` plays that many games at once (default: 1; the bots' own
//! threads come on top).
//!
//! Output: a progress bar on stderr; per bot its games, wins (a shared first
//! place counts 1/k for each of the k leaders), win rate with a 95% interval,
//! mean score, mean margin over the best other player, mean time per decision;
//! in two-player arenas of two bots, the Elo difference with its interval. The
//! last line is one JSON object with those figures.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use carcassonne_safari::rules;
use carcassonne_safari_bots::arena::{self, elo, wilson, GameResult};
use carcassonne_safari_bots::{from_spec, BOT_NAMES};

const USAGE: &str = "usage: arena --players N --games G --bots SPEC,SPEC[,...] \
[--budget-ms MS | --iterations N] [--seed S] [--threads T]";

struct Args {
    players: usize,
    games: usize,
    bots: Vec<String>,
    seed: u64,
    threads: usize,
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut players = None;
    let mut games = None;
    let mut bots = None;
    let mut seed = 1;
    let mut threads = 1;
    let mut budget: Option<String> = None;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("players") => players = Some(parser.value()?.parse::<usize>()?),
            Long("games") => games = Some(parser.value()?.parse::<usize>()?),
            Long("bots") => bots = Some(parser.value()?.string()?),
            Long("seed") => seed = parser.value()?.parse()?,
            Long("threads") => threads = parser.value()?.parse()?,
            Long("budget-ms") => {
                let ms: u64 = parser.value()?.parse()?;
                if ms == 0 || budget.is_some() {
                    return Err("--budget-ms: give one budget, above 0".into());
                }
                budget = Some(format!("ms={ms}"));
            }
            Long("iterations") => {
                let n: u32 = parser.value()?.parse()?;
                if n == 0 || budget.is_some() {
                    return Err("--iterations: give one budget, above 0".into());
                }
                budget = Some(format!("it={n}"));
            }
            Short('h') | Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    let players = players.ok_or("--players is required")?;
    // The engine's own check and message (R-COMP-3).
    carcassonne_safari::Setup::new(players)
        .validate()
        .map_err(|e| format!("--players {players}: {e}"))?;
    let games = games.ok_or("--games is required")?;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    if threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    // Specs are separated by commas, and so are a spec's options: a piece
    // that does not start with a bot's name is an option of the spec before.
    let list = bots.ok_or("--bots is required")?;
    let mut bots: Vec<String> = Vec::new();
    for piece in list.split(',') {
        let name = piece.split(':').next().unwrap_or(piece);
        match bots.last_mut() {
            Some(spec) if !BOT_NAMES.contains(&name) && piece.contains('=') => {
                spec.push(',');
                spec.push_str(piece);
            }
            _ => bots.push(piece.to_string()),
        }
    }
    if bots.iter().any(String::is_empty) || bots.len() > players {
        return Err("--bots: one to --players specifications, separated by commas".into());
    }
    if let Some(b) = &budget {
        for spec in &mut bots {
            let has_budget = spec.contains("it=") || spec.contains("ms=");
            if spec.starts_with("mcts") && !has_budget {
                spec.push(if spec.contains(':') { ',' } else { ':' });
                spec.push_str(b);
            }
        }
    }
    for spec in &bots {
        from_spec(spec, 0).map_err(|e| e.to_string())?;
    }
    Ok(Args {
        players,
        games,
        bots,
        seed,
        threads,
    })
}

/// The seats' bot specifications in rotation `rotation`: the base lineup fills
/// the seats with the `--bots` in turn, and rotation `r` moves every bot `r`
/// seats on.
fn lineup(args: &Args, rotation: usize) -> Vec<String> {
    (0..args.players)
        .map(|seat| {
            let base = (seat + args.players - rotation) % args.players;
            args.bots[base % args.bots.len()].clone()
        })
        .collect()
}

/// Plays game `game`: deal `game / players`, seats rotated by `game % players`.
fn play(args: &Args, game: usize) -> Result<(Vec<String>, GameResult), String> {
    let deal = game / args.players;
    let rotation = game % args.players;
    let seed = args.seed.wrapping_add(deal as u64);
    let seats = lineup(args, rotation);
    let result = arena::play(&seats, seed).map_err(|e| format!("game {game}: {e}"))?;
    Ok((seats, result))
}

#[derive(Default)]
struct Tally {
    games: f64,
    wins: f64,
    score: f64,
    margin: f64,
    decisions: u64,
    thinking: Duration,
    iterations: u64,
    /// Per-game win shares, for the interval.
    shares: Vec<f64>,
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("arena: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let total = args.games.div_ceil(args.players) * args.players;
    let results = match arena::run(
        total,
        args.threads,
        |g| play(&args, g),
        arena::progress_bar(Instant::now()),
    ) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("\narena: {e}");
            return ExitCode::FAILURE;
        }
    };

    // Per bot name: shares per game in which it sits (a bot in several seats of
    // one game gets the mean of its seats).
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for (seats, r) in &results {
        let shares = rules::win_shares(&r.scores);
        let mut per_game: BTreeMap<&str, (f64, f64)> = BTreeMap::new();
        let margins = rules::margins(&r.scores);
        for (seat, name) in seats.iter().enumerate() {
            let s = r.scores[seat];
            let share = shares[seat];
            let t = tallies.entry(name.clone()).or_default();
            t.games += 1.0;
            t.wins += share;
            t.score += s as f64;
            t.margin += margins[seat] as f64;
            t.decisions += r.decisions[seat] as u64;
            t.thinking += r.thinking[seat];
            t.iterations += r.iterations[seat];
            let e = per_game.entry(name).or_default();
            e.0 += share;
            e.1 += 1.0;
        }
        for (name, (share, seats)) in per_game {
            tallies
                .get_mut(name)
                .expect("tallied above")
                .shares
                .push(share / seats);
        }
    }
    println!(
        "{} games ({} deals x {} seatings), {} players, seeds {}..{}",
        results.len(),
        total / args.players,
        args.players,
        args.players,
        args.seed,
        args.seed + (total / args.players) as u64
    );
    println!(
        "{:<28} {:>7} {:>8} {:>8} {:>17} {:>8} {:>8} {:>10} {:>8}",
        "bot", "seats", "wins", "win%", "95% interval", "score", "margin", "ms/move", "it/move"
    );
    let mut json = Vec::new();
    for (name, t) in &tallies {
        let arena::Interval {
            mean: rate,
            low: lo,
            high: hi,
        } = wilson(&t.shares);
        let ms = t.thinking.as_secs_f64() * 1000.0 / t.decisions.max(1) as f64;
        let it = t.iterations as f64 / t.decisions.max(1) as f64;
        println!(
            "{:<28} {:>7} {:>8.1} {:>7.1}% {:>7.1}% - {:>5.1}% {:>8.1} {:>8.1} {:>10.2} {:>8.0}",
            name,
            t.games,
            t.wins,
            100.0 * rate,
            100.0 * lo,
            100.0 * hi,
            t.score / t.games,
            t.margin / t.games,
            ms,
            it
        );
        json.push(format!(
            "\"{}\":{{\"seats\":{},\"wins\":{:.1},\"win_rate\":{:.4},\"ci95\":[{:.4},{:.4}],\"mean_score\":{:.2},\"mean_margin\":{:.2},\"ms_per_decision\":{:.3},\"iterations_per_decision\":{:.1}}}",
            name.replace('"', "'"),
            t.games,
            t.wins,
            rate,
            lo,
            hi,
            t.score / t.games,
            t.margin / t.games,
            ms,
            it
        ));
    }
    let mut elo_json = String::from("null");
    if args.players == 2 && tallies.len() == 2 {
        let first = &args.bots[0];
        let arena::Interval {
            mean: rate,
            low: lo,
            high: hi,
        } = wilson(&tallies[first].shares);
        let other = tallies.keys().find(|k| *k != first).expect("two bots");
        println!(
            "Elo of {first} over {other}: {:+.0} (95% interval {:+.0} to {:+.0})",
            elo(rate),
            elo(lo),
            elo(hi)
        );
        elo_json = format!(
            "{{\"bot\":\"{}\",\"over\":\"{}\",\"diff\":{:.1},\"ci95\":[{:.1},{:.1}]}}",
            first.replace('"', "'"),
            other.replace('"', "'"),
            elo(rate),
            elo(lo),
            elo(hi)
        );
    }
    println!(
        "{{\"players\":{},\"games\":{},\"seed\":{},\"bots\":{{{}}},\"elo\":{}}}",
        args.players,
        results.len(),
        args.seed,
        json.join(","),
        elo_json
    );
    ExitCode::SUCCESS
}

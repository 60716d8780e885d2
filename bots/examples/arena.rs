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

use std::process::ExitCode;
use std::time::Instant;

use carcassonne_safari_bots::arena;
use carcassonne_safari_bots::{BotSpec, BOT_NAMES};

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
        spec.parse::<BotSpec>().map_err(|e| e.to_string())?;
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
fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("arena: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let t = match arena::tournament(
        &args.bots,
        args.players,
        args.games,
        args.seed,
        args.threads,
        arena::progress_bar(Instant::now()),
    ) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("\narena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let deals = t.games / t.players;
    println!(
        "{} games ({} deals x {} seatings), {} players, seeds {}..{}",
        t.games,
        deals,
        t.players,
        t.players,
        t.seed,
        t.seed + deals as u64
    );
    println!(
        "{:<28} {:>7} {:>8} {:>8} {:>17} {:>8} {:>8} {:>10} {:>8}",
        "bot", "seats", "wins", "win%", "95% interval", "score", "margin", "ms/move", "it/move"
    );
    let mut json = Vec::new();
    for b in &t.standings {
        let rate = b.win_rate;
        println!(
            "{:<28} {:>7} {:>8.1} {:>7.1}% {:>7.1}% - {:>5.1}% {:>8.1} {:>8.1} {:>10.2} {:>8.0}",
            b.bot,
            b.seats,
            b.wins,
            100.0 * rate.mean,
            100.0 * rate.low,
            100.0 * rate.high,
            b.mean_score,
            b.mean_margin,
            b.ms_per_decision,
            b.iterations_per_decision
        );
        json.push(format!(
            "\"{}\":{{\"seats\":{},\"wins\":{:.1},\"win_rate\":{:.4},\"ci95\":[{:.4},{:.4}],\"mean_score\":{:.2},\"mean_margin\":{:.2},\"ms_per_decision\":{:.3},\"iterations_per_decision\":{:.1}}}",
            b.bot.replace('"', "'"),
            b.seats,
            b.wins,
            rate.mean,
            rate.low,
            rate.high,
            b.mean_score,
            b.mean_margin,
            b.ms_per_decision,
            b.iterations_per_decision
        ));
    }
    let mut elo_json = String::from("null");
    if let (Some(elo), [first, other]) = (t.elo(), &t.standings[..]) {
        println!(
            "Elo of {} over {}: {:+.0} (95% interval {:+.0} to {:+.0})",
            first.bot, other.bot, elo.mean, elo.low, elo.high
        );
        elo_json = format!(
            "{{\"bot\":\"{}\",\"over\":\"{}\",\"diff\":{:.1},\"ci95\":[{:.1},{:.1}]}}",
            first.bot.replace('"', "'"),
            other.bot.replace('"', "'"),
            elo.mean,
            elo.low,
            elo.high
        );
    }
    println!(
        "{{\"players\":{},\"games\":{},\"seed\":{},\"bots\":{{{}}},\"elo\":{}}}",
        t.players,
        t.games,
        t.seed,
        json.join(","),
        elo_json
    );
    ExitCode::SUCCESS
}

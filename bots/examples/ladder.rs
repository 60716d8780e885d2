//! Plays every pair of bots on the same paired deals and rates them: Elo
//! with 95% intervals, written into the bots README.
//!
//! ```text
//! cargo run --release -p carcassonne-safari-bots --example ladder -- \
//!     [--games 40] [--bots SPEC,SPEC,...] [--seed 1] [--threads 1] [--readme bots/README.md]
//! ```
//!
//! Every pair of `--bots` (default: the bots the crate ships, with the
//! budgets the browser game offers) plays `--games` two-player games (rounded
//! up to whole deals): each deal once with each seating. Every pair meets the
//! same deals. The ratings are the Bradley-Terry maximum-likelihood fit of
//! all the games at once (a shared first place counts half a win each), with
//! one virtual drawn game per pair so that a clean sweep gives a finite
//! rating, on the Elo scale with the first bot at 0. The 95% intervals are
//! 1.96 standard errors from the observed information of the fit, relative
//! to the first bot. With `--readme`, the table replaces the one
//! between `<!-- ladder -->` and `<!-- /ladder -->` in that file.

use std::process::ExitCode;
use std::time::Duration;

use carcassonne_safari_bots::arena::{self, win_share, GameResult};
use carcassonne_safari_bots::{from_spec, BOT_NAMES};

const USAGE: &str =
    "usage: ladder [--games G] [--bots SPEC,SPEC,...] [--seed S] [--threads T] [--readme PATH]";

/// The shipped bots, weakest first as expected, with the budgets the
/// browser game offers (iteration budgets: the same games on every machine).
const SHIPPED: &[&str] = &[
    "random",
    "kindfirstrandom",
    "greedy",
    "net",
    "oneply",
    "mcts-0.1:it=400",
    "mcts:it=400",
    "mcts:it=1000",
];

struct Args {
    games: usize,
    bots: Vec<String>,
    seed: u64,
    threads: usize,
    readme: Option<String>,
}

/// Splits a comma-separated list of specs whose options are separated by
/// commas too: a piece that is not a bot's name but has `=` belongs to the
/// spec before.
fn split_specs(list: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for piece in list.split(',') {
        let name = piece.split(':').next().unwrap_or(piece);
        match out.last_mut() {
            Some(spec) if !BOT_NAMES.contains(&name) && piece.contains('=') => {
                spec.push(',');
                spec.push_str(piece);
            }
            _ => out.push(piece.to_string()),
        }
    }
    out
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        games: 40,
        bots: SHIPPED.iter().map(|s| s.to_string()).collect(),
        seed: 1,
        threads: 1,
        readme: None,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("games") => args.games = parser.value()?.parse()?,
            Long("bots") => args.bots = split_specs(&parser.value()?.string()?),
            Long("seed") => args.seed = parser.value()?.parse()?,
            Long("threads") => args.threads = parser.value()?.parse()?,
            Long("readme") => args.readme = Some(parser.value()?.string()?),
            Short('h') | Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    if args.games == 0 || args.threads == 0 {
        return Err("--games and --threads must be at least 1".into());
    }
    if args.bots.len() < 2 {
        return Err("--bots: at least two specifications".into());
    }
    for spec in &args.bots {
        from_spec(spec, 0).map_err(|e| e.to_string())?;
    }
    Ok(args)
}

/// The games of one pair: per deal, the first bot's win shares from both
/// seatings.
struct Pair {
    a: usize,
    b: usize,
    /// Per deal: the first bot's share of the two games (0..=2).
    deals: Vec<f64>,
}

/// Bradley-Terry ratings (Elo scale, bot 0 at 0) of `bots` bots from the
/// pairs' results, each pair with one virtual draw, by minorization-
/// maximization (Hunter 2004).
fn ratings(bots: usize, pairs: &[(usize, usize, f64, f64)]) -> Vec<f64> {
    // (a, b, wins of a, games); one virtual draw per pair.
    let mut gamma = vec![1.0f64; bots];
    for _ in 0..2000 {
        let mut next = vec![0.0; bots];
        for (i, g) in next.iter_mut().enumerate() {
            let mut wins = 0.0;
            let mut denominator = 0.0;
            for &(a, b, w, n) in pairs {
                let (mine, other) = match (a == i, b == i) {
                    (true, _) => (w + 0.5, b),
                    (_, true) => (n - w + 0.5, a),
                    _ => continue,
                };
                wins += mine;
                denominator += (n + 1.0) / (gamma[i] + gamma[other]);
            }
            *g = if denominator > 0.0 {
                wins / denominator
            } else {
                gamma[i]
            };
        }
        let anchor = next[0];
        for g in &mut next {
            *g /= anchor;
        }
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(x, y)| (x.ln() - y.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-10 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

/// The standard errors (Elo) of the ratings `elo` of the fit of `ratings`,
/// relative to bot 0: the inverse of the observed information of the
/// likelihood (virtual draws included), bot 0 held fixed.
fn standard_errors(bots: usize, pairs: &[(usize, usize, f64, f64)], elo: &[f64]) -> Vec<f64> {
    let scale = 400.0 / std::f64::consts::LN_10;
    let k = bots - 1;
    // Information in natural-log units, without bot 0.
    let mut info = vec![vec![0.0f64; k]; k];
    for &(a, b, _, n) in pairs {
        let p = 1.0 / (1.0 + (-(elo[a] - elo[b]) / scale).exp());
        let h = (n + 1.0) * p * (1.0 - p);
        for (x, y) in [(a, b), (b, a)] {
            if x > 0 {
                info[x - 1][x - 1] += h;
                if y > 0 {
                    info[x - 1][y - 1] -= h;
                }
            }
        }
    }
    // Gauss-Jordan inverse.
    let mut inv = vec![vec![0.0f64; k]; k];
    for (i, row) in inv.iter_mut().enumerate() {
        row[i] = 1.0;
    }
    for col in 0..k {
        let pivot = (col..k)
            .max_by(|&i, &j| info[i][col].abs().total_cmp(&info[j][col].abs()))
            .unwrap_or(col);
        info.swap(col, pivot);
        inv.swap(col, pivot);
        let d = info[col][col];
        if d.abs() < 1e-12 {
            return vec![f64::NAN; bots];
        }
        for j in 0..k {
            info[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..k {
            if row != col {
                let f = info[row][col];
                for j in 0..k {
                    info[row][j] -= f * info[col][j];
                    inv[row][j] -= f * inv[col][j];
                }
            }
        }
    }
    let mut out = vec![0.0; bots];
    for i in 1..bots {
        out[i] = scale * inv[i - 1][i - 1].max(0.0).sqrt();
    }
    out
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("ladder: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let deals = args.games.div_ceil(2);
    let n = args.bots.len();
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();
    // Game g: pair g / (2 deals), deal (g / 2) % deals, seating g % 2.
    let total = pairs.len() * deals * 2;
    let progress = arena::progress_bar(std::time::Instant::now());
    let results = match arena::run(
        total,
        args.threads,
        |g| {
            let (a, b) = pairs[g / (2 * deals)];
            let deal = (g / 2) % deals;
            let seats = if g % 2 == 0 {
                vec![args.bots[a].clone(), args.bots[b].clone()]
            } else {
                vec![args.bots[b].clone(), args.bots[a].clone()]
            };
            arena::play(&seats, args.seed.wrapping_add(deal as u64)).map(|r| (seats, r))
        },
        progress,
    ) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("\nladder: {e}");
            return ExitCode::FAILURE;
        }
    };

    // Per pair and deal, the first bot's share; per bot, its time and scores.
    let mut tallies: Vec<Pair> = pairs
        .iter()
        .map(|&(a, b)| Pair {
            a,
            b,
            deals: vec![0.0; deals],
        })
        .collect();
    let mut thinking = vec![(Duration::ZERO, 0u64, 0.0f64, 0.0f64); n];
    for (g, (seats, r)) in results.iter().enumerate() {
        let GameResult {
            scores,
            decisions,
            thinking: t,
            ..
        } = r;
        let pair = &mut tallies[g / (2 * deals)];
        let first = &args.bots[pair.a];
        let seat_of_a = if &seats[0] == first { 0 } else { 1 };
        pair.deals[(g / 2) % deals] += win_share(scores, seat_of_a);
        for (seat, spec) in seats.iter().enumerate() {
            let i = if seat == seat_of_a { pair.a } else { pair.b };
            debug_assert_eq!(&args.bots[i], spec);
            thinking[i].0 += t[seat];
            thinking[i].1 += decisions[seat] as u64;
            thinking[i].2 += scores[seat] as f64;
            thinking[i].3 += 1.0;
        }
    }
    let observed: Vec<(usize, usize, f64, f64)> = tallies
        .iter()
        .map(|p| (p.a, p.b, p.deals.iter().sum::<f64>(), 2.0 * p.deals.len() as f64))
        .collect();
    let elo = ratings(n, &observed);
    let se = standard_errors(n, &observed, &elo);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&x, &y| elo[y].total_cmp(&elo[x]));
    let mut table = String::new();
    table.push_str(
        "| rank | bot | Elo (95% interval) | games | mean score | time per decision |\n|---|---|---|---|---|---|\n",
    );
    for (rank, &i) in order.iter().enumerate() {
        let (lo, hi) = (elo[i] - 1.96 * se[i], elo[i] + 1.96 * se[i]);
        let (t, decisions, score, games) = thinking[i];
        let ms = t.as_secs_f64() * 1000.0 / decisions.max(1) as f64;
        table.push_str(&format!(
            "| {} | `{}` | {:+.0} ({:+.0} to {:+.0}) | {} | {:.1} | {} |\n",
            rank + 1,
            args.bots[i],
            elo[i],
            lo,
            hi,
            games,
            score / games.max(1.0),
            if ms < 1.0 {
                format!("{ms:.2} ms")
            } else {
                format!("{ms:.0} ms")
            }
        ));
    }
    println!(
        "{} bots, {} pairs, {} deals x 2 seatings per pair ({} games), deal seeds {}..{}",
        n,
        pairs.len(),
        deals,
        total,
        args.seed,
        args.seed + deals as u64
    );
    print!("{table}");
    println!("\nwin rate of the row's bot against the column's (both seatings of every deal):");
    let width = 6;
    print!("{:>4}", "");
    for j in 0..n {
        print!(" {:>width$}", j + 1);
    }
    println!();
    for i in 0..n {
        print!("{:>4}", i + 1);
        for j in 0..n {
            let cell = tallies
                .iter()
                .find_map(|p| match (p.a == i && p.b == j, p.a == j && p.b == i) {
                    (true, _) => Some(p.deals.iter().sum::<f64>() / (2.0 * deals as f64)),
                    (_, true) => Some(1.0 - p.deals.iter().sum::<f64>() / (2.0 * deals as f64)),
                    _ => None,
                });
            match cell {
                Some(x) => print!(" {:>width$.0}%", 100.0 * x, width = width - 1),
                None => print!(" {:>width$}", "-"),
            }
        }
        println!("  {}", args.bots[i]);
    }
    if let Some(path) = &args.readme {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("ladder: {path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let (Some(start), Some(end)) = (text.find("<!-- ladder -->"), text.find("<!-- /ladder -->")) else {
            eprintln!("ladder: {path} has no <!-- ladder --> ... <!-- /ladder --> markers");
            return ExitCode::FAILURE;
        };
        let command: Vec<String> = std::env::args().skip(1).collect();
        let block = format!(
            "<!-- ladder -->\n{table}\n{} two-player games: every pair of {} bots on the same {} deals, each \
             with both seatings (`cargo run --release -p carcassonne-safari-bots --example ladder -- {}`).\n",
            total,
            n,
            deals,
            command.join(" ")
        );
        let updated = format!("{}{}{}", &text[..start], block, &text[end..]);
        if let Err(e) = std::fs::write(path, updated) {
            eprintln!("ladder: {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

//! Measures the evaluation as a forecast: plays seeded games of one bot in
//! every seat and compares, at every player decision, what the evaluation
//! foresees with what happens by the end of the game.
//!
//! ```text
//! cargo run --release -p carcassonne-safari-bots --example forecast -- \
//!     --bots oneply --players 2 --games 100 [--seed 50000] [--threads T] \
//!     [--weights learned|0.3] [--fit-games G] [--fit-seed F]
//! ```
//!
//! Game `i` is played on seed `seed + i`: chance is sampled by weight
//! (`chance::Sampled`) from a PCG generator seeded with it, and the bot of
//! seat `s` is built with `arena::bot_seed(seed + i, s)`. The games run on
//! `--threads` threads (`arena::run`).
//!
//! Printed, as Markdown:
//!
//! 1. **The score forecast by stage** (tiles placed 0–12, ..., 60–72, read
//!    at each decision): the evaluation (`--weights`: `learned`, today's, or
//!    `0.3`, version 0.3.0's) gives each seat's expected final score; bias
//!    (forecast − final) and RMSE over every seat; the RMSE of the naive
//!    forecast (points now plus the mean points still to come at that number
//!    of tiles placed, over the same games); the RMSE of the final margin
//!    (a seat's expected score less the best other seat's, against the final
//!    margin, over every seat) and of "score now" (today's margin on the
//!    scoreboard as the forecast of the final margin).
//! 2. **Reliability** of every probability the evaluation counts
//!    (`Evaluation::chances`): a trail or bush with meeples completes, a
//!    baobab with a meeple is surrounded, a watering hole with a meeple
//!    fills its vertex. Each chance is read at every decision and compared
//!    with what happened by the end of the game, in tenths of the
//!    prediction (0–0.1, ..., 0.9–1), with the Brier score (and the Brier
//!    score of always predicting the observed rate). A feature is followed
//!    by a segment that holds a meeple at the decision, not by its id (ids
//!    change as features join): it completed if the feature of that segment
//!    is complete at the end. Features already complete at the decision
//!    (chance 1 by definition) are left out. A baobab was surrounded if its
//!    8 neighbours are tiles at the end; a hole filled if the engine told
//!    `HoleCompleted` for its vertex.
//! 3. **The win chances** of the evaluation's forecast
//!    (`Evaluation::forecast`): their reliability by tenth and Brier score
//!    against the win shares (R-END-5: a first place shared by k counts
//!    1/k); beside them the Brier score of "the highest expected score wins"
//!    (1, shared among ties) and of a softmax of the points now (the
//!    scoreboard, `p_i = exp(n_i/s) / sum_j exp(n_j/s)`, its scale `s`
//!    fitted for least log loss against the win shares on `--fit-games`
//!    other games, seeds from `--fit-seed`, default 50 games from 40,000).
//!
//! The last line is one JSON object with the main figures. Bad arguments: a
//! message and exit code 2.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::events::Event;
use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::rules::{self, LAND_TILES, MAX_PLAYERS};
use carcassonne_safari::{Actor, GameState, Phase, Pos, Setup};
use carcassonne_safari_bots::arena::{self, bot_seed};
use carcassonne_safari_bots::eval::{Chance, Evaluation};
use carcassonne_safari_bots::BotSpec;

const USAGE: &str = "usage: forecast --bots SPEC [--players N] [--games G] [--seed S] \
[--threads T] [--weights learned|0.3] [--fit-games G] [--fit-seed F]";

/// Stages of the game, by tiles placed.
const STAGES: usize = 6;
const STAGE_TILES: usize = LAND_TILES / STAGES;

/// The kinds of probability the evaluation counts.
const KINDS: [&str; 4] = [
    "trail completes",
    "bush completes",
    "baobab surrounded",
    "hole fills",
];

struct Args {
    bot: String,
    players: usize,
    games: usize,
    seed: u64,
    threads: usize,
    fit_games: usize,
    fit_seed: u64,
    /// Version 0.3.0's weights instead of today's.
    v0_3: bool,
}

fn parse_args() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut bot = None;
    let mut players = 2;
    let mut games = 100;
    let mut seed = 50_000;
    let mut threads = 1;
    let mut fit_games = 50;
    let mut fit_seed = 40_000;
    let mut v0_3 = false;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("bots") => bot = Some(parser.value()?.string()?),
            Long("players") => players = parser.value()?.parse()?,
            Long("games") => games = parser.value()?.parse()?,
            Long("seed") => seed = parser.value()?.parse()?,
            Long("threads") => threads = parser.value()?.parse()?,
            Long("fit-games") => fit_games = parser.value()?.parse()?,
            Long("fit-seed") => fit_seed = parser.value()?.parse()?,
            Long("weights") => {
                v0_3 = match parser.value()?.string()?.as_str() {
                    "learned" => false,
                    "0.3" => true,
                    other => return Err(format!("--weights {other}: expected learned or 0.3").into()),
                }
            }
            Short('h') | Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    // The engine's own check and message (R-COMP-3).
    Setup::new(players)
        .validate()
        .map_err(|e| format!("--players {players}: {e}"))?;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    if threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    if fit_games == 0 {
        return Err("--fit-games must be at least 1".into());
    }
    let seeds = |from: u64, n: usize| from..from.saturating_add(n as u64);
    let (held, fit) = (seeds(seed, games), seeds(fit_seed, fit_games));
    if held.start < fit.end && fit.start < held.end {
        return Err("--fit-seed: the fitting games' seeds overlap the measured games'".into());
    }
    let bot = bot.ok_or("--bots is required (one bot specification, for every seat)")?;
    bot.parse::<BotSpec>().map_err(|e| format!("--bots {bot}: {e}"))?;
    Ok(Args {
        bot,
        players,
        games,
        seed,
        threads,
        fit_games,
        fit_seed,
        v0_3,
    })
}

/// One player decision: what was known and forecast then.
struct Decision {
    /// Tiles placed so far.
    placed: usize,
    /// Each seat's points.
    now: [f64; MAX_PLAYERS],
    /// Each seat's expected final score.
    expected: [f64; MAX_PLAYERS],
    /// Each seat's chance to win.
    win: [f64; MAX_PLAYERS],
}

/// One finished game, measured.
struct Game {
    finals: Vec<f64>,
    shares: Vec<f64>,
    decisions: Vec<Decision>,
    /// Per probability read: its kind (index in [`KINDS`]), the chance, and
    /// whether it happened.
    chances: Vec<(usize, f64, bool)>,
}

/// Tiles placed in `state`: the land tiles less the pile, the removed ones
/// and the one drawn and not yet placed.
fn placed(state: &GameState) -> usize {
    let drawn = usize::from(matches!(state.phase(), Phase::Place { .. }));
    LAND_TILES.saturating_sub(state.tiles_left() + state.tiles_removed() + drawn)
}

fn play(args: &Args, seed: u64) -> Result<Game, String> {
    let n = args.players;
    let mut bots = (0..n)
        .map(|seat| {
            let spec: BotSpec = args.bot.parse().map_err(|e| format!("{e}"))?;
            Ok(spec.build(bot_seed(seed, seat)))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut chance = Sampled(rand_pcg::Pcg64Mcg::seed_from_u64(seed));
    let mut state = GameState::new(&Setup::new(n)).map_err(|e| e.to_string())?;
    let mut eval = if args.v0_3 {
        Evaluation::v0_3()
    } else {
        Evaluation::learned()
    };
    let (mut draws, mut events) = (Vec::new(), Vec::new());
    let mut decisions = Vec::new();
    let mut pending: Vec<Chance> = Vec::new();
    let mut holes: Vec<Pos> = Vec::new();
    let note = |events: &[Event], holes: &mut Vec<Pos>| {
        for e in events {
            if let Event::HoleCompleted { vertex } = e {
                holes.push(*vertex);
            }
        }
    };
    loop {
        draws.clear();
        events.clear();
        state
            .play_chance_mut(&mut chance, &mut draws, &mut events)
            .map_err(|e| format!("seed {seed}: {e}"))?;
        note(&events, &mut holes);
        let Some(Actor::Player(p)) = state.to_move() else {
            break;
        };
        let forecast = eval.forecast(&state);
        let mut d = Decision {
            placed: placed(&state),
            now: [0.0; MAX_PLAYERS],
            expected: [0.0; MAX_PLAYERS],
            win: [0.0; MAX_PLAYERS],
        };
        for (seat, &points) in state.scores().iter().enumerate() {
            d.now[seat] = f64::from(points);
            d.expected[seat] = f64::from(forecast.expected_scores()[seat]);
            d.win[seat] = f64::from(forecast.win_chances()[seat]);
        }
        decisions.push(d);
        for c in eval.chances(&state) {
            if let Chance::Feature { pos, seg, .. } = c {
                if state.feature(pos, seg).is_none_or(|f| f.is_complete()) {
                    continue;
                }
            }
            pending.push(c);
        }
        let mv = bots[p.index()]
            .choose(&state)
            .map_err(|e| format!("seed {seed}: seat {}: {e}", p.index()))?;
        events.clear();
        state
            .apply_mut(mv, &mut events)
            .map_err(|e| format!("seed {seed}: seat {}: {e}", p.index()))?;
        note(&events, &mut holes);
    }
    let chances = pending
        .into_iter()
        .map(|c| {
            (
                c.kind() as usize,
                f64::from(c.chance()),
                c.came_true(&state, &holes),
            )
        })
        .collect();
    Ok(Game {
        finals: state.scores().iter().map(|&s| f64::from(s)).collect(),
        shares: rules::win_shares(state.scores()),
        decisions,
        chances,
    })
}

fn play_all(args: &Args, from: u64, games: usize) -> Result<Vec<Game>, String> {
    arena::run(
        games,
        args.threads,
        |i| play(args, from + i as u64),
        arena::progress_bar(Instant::now()),
    )
}

/// The best of the other seats' values.
fn best_other(values: &[f64], seat: usize) -> f64 {
    values
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &v)| v)
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The softmax win probabilities of `expected` at scale `scale`.
fn win_chances(expected: &[f64], scale: f64) -> Vec<f64> {
    let top = expected.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = expected.iter().map(|x| ((x - top) / scale).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.iter().map(|x| x / sum).collect()
}

/// What a win probability is a softmax of: the expected scores or the
/// points now.
type Basis = fn(&Decision) -> &[f64; MAX_PLAYERS];

/// The mean log loss of the win probabilities at `scale` against the win
/// shares, over every decision of `games`.
fn log_loss(games: &[Game], players: usize, basis: Basis, scale: f64) -> f64 {
    let (mut loss, mut count) = (0.0, 0.0);
    for g in games {
        for d in &g.decisions {
            let p = win_chances(&basis(d)[..players], scale);
            for (seat, &share) in g.shares.iter().enumerate() {
                loss -= share * p[seat].max(1e-12).ln();
            }
            count += 1.0;
        }
    }
    loss / count
}

/// The scale of least log loss on `games` (a golden-section search on its
/// logarithm, from 0.5 to 500 points).
fn fit_scale(games: &[Game], players: usize, basis: Basis) -> f64 {
    let (mut lo, mut hi) = (0.5f64.ln(), 500f64.ln());
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let f = |x: f64| log_loss(games, players, basis, x.exp());
    let (mut a, mut b) = (hi - r * (hi - lo), lo + r * (hi - lo));
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..60 {
        if fa < fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - r * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + r * (hi - lo);
            fb = f(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

#[derive(Default, Clone, Copy)]
struct Sum {
    n: f64,
    sum: f64,
    sq: f64,
}

impl Sum {
    fn add(&mut self, error: f64) {
        self.n += 1.0;
        self.sum += error;
        self.sq += error * error;
    }
    fn mean(&self) -> f64 {
        self.sum / self.n.max(1.0)
    }
    fn rmse(&self) -> f64 {
        (self.sq / self.n.max(1.0)).sqrt()
    }
}

/// Predictions and outcomes, by tenth of the prediction.
#[derive(Default, Clone, Copy)]
struct Reliability {
    n: [f64; 10],
    predicted: [f64; 10],
    observed: [f64; 10],
    brier: f64,
}

impl Reliability {
    fn add(&mut self, p: f64, outcome: f64) {
        let bin = ((p * 10.0) as usize).min(9);
        self.n[bin] += 1.0;
        self.predicted[bin] += p;
        self.observed[bin] += outcome;
        self.brier += (p - outcome) * (p - outcome);
    }
    fn total(&self) -> f64 {
        self.n.iter().sum()
    }
    fn brier(&self) -> f64 {
        self.brier / self.total().max(1.0)
    }
    fn mean_predicted(&self) -> f64 {
        self.predicted.iter().sum::<f64>() / self.total().max(1.0)
    }
    fn base_rate(&self) -> f64 {
        self.observed.iter().sum::<f64>() / self.total().max(1.0)
    }
    /// The Brier score of always predicting the observed rate.
    fn climatology(&self) -> f64 {
        let r = self.base_rate();
        r * (1.0 - r)
    }
    /// The largest gap between mean prediction and observed rate over the
    /// tenths with at least 30 predictions.
    fn worst_gap(&self) -> f64 {
        (0..10)
            .filter(|&b| self.n[b] >= 30.0)
            .map(|b| ((self.observed[b] - self.predicted[b]) / self.n[b]).abs())
            .fold(0.0, f64::max)
    }
    fn table(&self, out: &mut String, title: &str) {
        let _ = writeln!(
            out,
            "\n**{title}**: {} predictions, mean {:.3}, observed {:.3}; Brier {:.4} \
             (always the observed rate: {:.4})\n",
            group(self.total()),
            self.mean_predicted(),
            self.base_rate(),
            self.brier(),
            self.climatology()
        );
        let _ = writeln!(
            out,
            "| prediction | n | mean predicted | observed | observed − predicted |"
        );
        let _ = writeln!(out, "|---|---|---|---|---|");
        for b in 0..10 {
            let n = self.n[b];
            if n == 0.0 {
                let _ = writeln!(
                    out,
                    "| {:.1}–{:.1} | 0 | | | |",
                    b as f64 / 10.0,
                    (b + 1) as f64 / 10.0
                );
                continue;
            }
            let (p, o) = (self.predicted[b] / n, self.observed[b] / n);
            let _ = writeln!(
                out,
                "| {:.1}–{:.1} | {} | {:.3} | {:.3} | {:+.3} |",
                b as f64 / 10.0,
                (b + 1) as f64 / 10.0,
                group(n),
                p,
                o,
                o - p
            );
        }
    }
}

/// `n` with thousands separated by commas.
fn group(n: f64) -> String {
    let s = format!("{}", n.round() as u64);
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("forecast: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let n = args.players;
    let now: Basis = |d| &d.now;
    eprintln!(
        "fitting the scoreboard softmax's scale on {} games (seeds {}..{})",
        args.fit_games,
        args.fit_seed,
        args.fit_seed + args.fit_games as u64
    );
    let scale_now = match play_all(&args, args.fit_seed, args.fit_games) {
        Ok(games) => fit_scale(&games, n, now),
        Err(e) => {
            eprintln!("\nforecast: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!(
        "measuring on {} games (seeds {}..{})",
        args.games,
        args.seed,
        args.seed + args.games as u64
    );
    let games = match play_all(&args, args.seed, args.games) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("\nforecast: {e}");
            return ExitCode::FAILURE;
        }
    };

    // The mean points still to come, by tiles placed.
    let mut to_come = vec![Sum::default(); LAND_TILES + 1];
    for g in &games {
        for d in &g.decisions {
            for seat in 0..n {
                to_come[d.placed].add(g.finals[seat] - d.now[seat]);
            }
        }
    }
    let mut decisions = [0usize; STAGES];
    let mut score = [Sum::default(); STAGES];
    let mut naive = [Sum::default(); STAGES];
    let mut margin = [Sum::default(); STAGES];
    let mut now_margin = [Sum::default(); STAGES];
    let (mut margin_all, mut now_all) = (Sum::default(), Sum::default());
    let mut first = Sum::default();
    let mut win = Reliability::default();
    let mut win_now = Reliability::default();
    let (mut argmax_brier, mut argmax_n) = (0.0f64, 0.0f64);
    let mut kinds = [Reliability::default(); KINDS.len()];
    let mut finals = Sum::default();
    for g in &games {
        for &f in &g.finals {
            finals.add(f);
        }
        if let Some(d) = g.decisions.first() {
            for seat in 0..n {
                first.add(d.expected[seat]);
            }
        }
        for d in &g.decisions {
            let stage = (d.placed / STAGE_TILES).min(STAGES - 1);
            decisions[stage] += 1;
            let p = &d.win;
            let p_now = win_chances(&d.now[..n], scale_now);
            let top = d.expected[..n].iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let leaders = d.expected[..n].iter().filter(|&&e| e == top).count() as f64;
            for (seat, &f) in g.finals.iter().enumerate() {
                score[stage].add(d.expected[seat] - f);
                naive[stage].add(d.now[seat] + to_come[d.placed].mean() - f);
                let real = f - best_other(&g.finals, seat);
                let m = d.expected[seat] - best_other(&d.expected[..n], seat);
                let m_now = d.now[seat] - best_other(&d.now[..n], seat);
                margin[stage].add(m - real);
                now_margin[stage].add(m_now - real);
                margin_all.add(m - real);
                now_all.add(m_now - real);
                win.add(p[seat], g.shares[seat]);
                win_now.add(p_now[seat], g.shares[seat]);
                let pick = if d.expected[seat] == top {
                    1.0 / leaders
                } else {
                    0.0
                };
                argmax_brier += (pick - g.shares[seat]).powi(2);
                argmax_n += 1.0;
            }
        }
        for &(kind, p, happened) in &g.chances {
            kinds[kind].add(p, f64::from(u8::from(happened)));
        }
    }

    let mut out = String::new();
    let _ = writeln!(
        out,
        "## `{}`, {} players, {} games (seeds {}–{})\n",
        args.bot,
        n,
        games.len(),
        args.seed,
        args.seed + games.len() as u64 - 1
    );
    let _ = writeln!(
        out,
        "Mean final score {:.1}; mean expected score at the first decision {:.1}.\n",
        finals.mean(),
        first.mean()
    );
    let _ = writeln!(
        out,
        "| tiles placed | decisions | bias (forecast − final) | RMSE, a player's score | naive | RMSE, final margin | score now |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|");
    for s in 0..STAGES {
        let _ = writeln!(
            out,
            "| {}–{} | {} | {:+.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
            s * STAGE_TILES,
            (s + 1) * STAGE_TILES,
            group(decisions[s] as f64),
            score[s].mean(),
            score[s].rmse(),
            naive[s].rmse(),
            margin[s].rmse(),
            now_margin[s].rmse()
        );
    }
    let _ = writeln!(
        out,
        "\nRMSE of the final margin over all decisions: {:.1} (score now: {:.1}).",
        margin_all.rmse(),
        now_all.rmse()
    );
    let _ = writeln!(out, "\n### Reliability of the evaluation's probabilities");
    for (k, r) in kinds.iter().enumerate() {
        r.table(&mut out, &format!("P({})", KINDS[k]));
    }
    let _ = writeln!(out, "\n### A win probability");
    let _ = writeln!(
        out,
        "\nThe forecast's win chances. Beside them: \"the highest expected score wins\" (1, \
         shared among ties, else 0), Brier {:.4}; the softmax of the points now (scale \
         {scale_now:.2}, fitted on {} games, seeds {}–{}), Brier {:.4}, worst gap {:.3}.",
        argmax_brier / argmax_n.max(1.0),
        args.fit_games,
        args.fit_seed,
        args.fit_seed + args.fit_games as u64 - 1,
        win_now.brier(),
        win_now.worst_gap()
    );
    win.table(&mut out, "P(win)");
    print!("{out}");

    let stages: Vec<String> = (0..STAGES)
        .map(|s| {
            format!(
                "{{\"tiles\":[{},{}],\"decisions\":{},\"bias\":{:.2},\"rmse_score\":{:.2},\"rmse_naive\":{:.2},\"rmse_margin\":{:.2},\"rmse_score_now\":{:.2}}}",
                s * STAGE_TILES,
                (s + 1) * STAGE_TILES,
                decisions[s],
                score[s].mean(),
                score[s].rmse(),
                naive[s].rmse(),
                margin[s].rmse(),
                now_margin[s].rmse()
            )
        })
        .collect();
    let briers: Vec<String> = KINDS
        .iter()
        .zip(&kinds)
        .map(|(k, r)| {
            format!(
                "\"{k}\":{{\"n\":{},\"brier\":{:.4},\"worst_gap\":{:.3}}}",
                r.total(),
                r.brier(),
                r.worst_gap()
            )
        })
        .collect();
    println!(
        "{{\"bot\":\"{}\",\"players\":{n},\"games\":{},\"seed\":{},\"stages\":[{}],\"rmse_margin\":{:.2},\"rmse_margin_score_now\":{:.2},\"chances\":{{{}}},\"win\":{{\"brier\":{:.4},\"worst_gap\":{:.3},\"brier_highest\":{:.4},\"scale_now\":{scale_now:.3},\"brier_now\":{:.4}}}}}",
        args.bot.replace('"', "'"),
        games.len(),
        args.seed,
        stages.join(","),
        margin_all.rmse(),
        now_all.rmse(),
        briers.join(","),
        win.brier(),
        win.worst_gap(),
        argmax_brier / argmax_n.max(1.0),
        win_now.brier()
    );
    ExitCode::SUCCESS
}

//! Bot benchmarks on fixed positions, on one core: MCTS iterations per
//! second (the search with the learned evaluation, `mcts`, the same search
//! on version 0.3.0's evaluation, `mcts-0.3`, and the 0.1.0 search with
//! random playouts, `mcts-0.1`), evaluations per second (today's and
//! 0.3.0's), and one-ply and greedy decisions per second.
//!
//! The positions are game records in the workspace's `benches/data/`
//! (`opening.json`: the first player decision of a 2-player game;
//! `mid-game.json`: a placement with about 35 land tiles down;
//! `last-tiles.json`: a placement with at most 3 tiles left), replayed, so
//! they never drift with the engine. Run with `cargo bench -p
//! carcassonne-safari-bots` (about a minute).

use std::hint::black_box;
use std::time::Duration;

use carcassonne_safari::{GameRecord, GameState};
use carcassonne_safari_bots::eval::Evaluation;
use carcassonne_safari_bots::mcts::ScoreEstimate;
use carcassonne_safari_bots::{Bot, Budget, Greedy, Mcts, MctsConfig, OnePly};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Iterations per MCTS decision in the benchmark.
const ITERATIONS: u32 = 1_000;

/// The position at the end of the record `benches/data/<name>.json`.
fn position(name: &str) -> GameState {
    let path = format!("{}/../benches/data/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let record: GameRecord = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (state, _) = record.replay().unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        matches!(state.to_move(), Some(carcassonne_safari::Actor::Player(_))),
        "{path}: a player decision"
    );
    state
}

const POSITIONS: [(&str, &str); 3] = [
    ("opening", "opening"),
    ("mid_game", "mid-game"),
    ("last_tiles", "last-tiles"),
];

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20)
}

fn bench_mcts(c: &mut Criterion) {
    let mut g = c.benchmark_group("mcts");
    // Throughput in iterations: criterion reports iterations per second.
    g.throughput(Throughput::Elements(ITERATIONS as u64));
    for (name, file) in POSITIONS {
        let state = position(file);
        // A new bot each time: no tree is kept.
        let search = MctsConfig::with_budget(Budget::Iterations(ITERATIONS));
        g.bench_function(format!("iterations_{name}"), |b| {
            b.iter(|| Mcts::new(search.clone(), 1).choose(black_box(&state)).unwrap())
        });
    }
    g.finish();
    let mut g = c.benchmark_group("mcts-0.3");
    g.throughput(Throughput::Elements(ITERATIONS as u64));
    for (name, file) in POSITIONS {
        let state = position(file);
        let search = MctsConfig::with_budget(Budget::Iterations(ITERATIONS));
        g.bench_function(format!("iterations_{name}"), |b| {
            b.iter(|| {
                let mut bot = Mcts::with_evaluator(search.clone(), ScoreEstimate::new(Evaluation::v0_3()), 1);
                bot.choose(black_box(&state)).unwrap()
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("mcts-0.1");
    g.throughput(Throughput::Elements(ITERATIONS as u64));
    for (name, file) in POSITIONS {
        let state = position(file);
        g.bench_function(format!("iterations_{name}"), |b| {
            b.iter(|| {
                let mut bot = Mcts::version_0_1(Budget::Iterations(ITERATIONS), 1);
                bot.choose(black_box(&state)).unwrap()
            })
        });
    }
    g.finish();
}

fn bench_eval(c: &mut Criterion) {
    let mut g = c.benchmark_group("eval");
    g.throughput(Throughput::Elements(1));
    for (name, file) in POSITIONS {
        let state = position(file);
        let mut eval = Evaluation::learned();
        g.bench_function(format!("expected_scores_{name}"), |b| {
            b.iter(|| eval.expected_scores(black_box(&state)))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("eval-0.3");
    g.throughput(Throughput::Elements(1));
    for (name, file) in POSITIONS {
        let state = position(file);
        let mut eval = Evaluation::v0_3();
        g.bench_function(format!("expected_scores_{name}"), |b| {
            b.iter(|| eval.expected_scores(black_box(&state)))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("oneply");
    g.throughput(Throughput::Elements(1));
    for (name, file) in POSITIONS {
        let state = position(file);
        let mut bot = OnePly::new(1);
        g.bench_function(format!("decision_{name}"), |b| {
            b.iter(|| bot.choose(black_box(&state)).unwrap())
        });
    }
    g.finish();
}

fn bench_greedy(c: &mut Criterion) {
    let mut g = c.benchmark_group("greedy");
    g.throughput(Throughput::Elements(1));
    for (name, file) in POSITIONS {
        let state = position(file);
        let mut bot = Greedy::new();
        g.bench_function(format!("decision_{name}"), |b| {
            b.iter(|| bot.choose(black_box(&state)).unwrap())
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_mcts, bench_eval, bench_greedy
}
criterion_main!(benches);

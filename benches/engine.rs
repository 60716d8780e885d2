//! Engine benchmarks on fixed positions.
//!
//! Every position is a JSON game record in `benches/data/` (what each one is:
//! `benches/data/README.md`), loaded and replayed with `GameRecord::replay`, so
//! the positions are the same on every run, on every machine and after changes
//! to the engine; nothing is built by hand. The records were written from the
//! positions earlier versions of these benches found by seeded random play
//! (`cargo bench --bench engine -- --regenerate` writes them again), so the
//! numbers compare with theirs. Run with `cargo bench --bench engine` (about a
//! minute; measurement times are short on purpose, see `config`), or a group
//! alone, e.g. `cargo bench --bench engine -- legal_moves`.
//!
//! Groups:
//! - `legal_moves`: listing the placements of a mid-game tile and the moves of a
//!   mid-game action decision (throughput: moves listed);
//! - `apply`: [`GameState::apply`] of each move kind, producing the new state
//!   (the clone of the state included);
//! - `apply_mut`: [`GameState::apply_mut`] of the same moves in place (on the
//!   position replayed afresh for each iteration, not timed: a state that
//!   owns its board);
//! - `state`: cloning a mid-game state;
//! - `game`: a complete random game with `apply` (every move, draws included)
//!   and with `apply_mut` (chance played to each decision with
//!   `play_chance_mut`);
//! - `throughput`: batches of random 2-player games (the `selfplay` example's
//!   policy, `apply_mut`) on one thread and on one thread per core
//!   (throughput: games; per core, divide the second by the number of threads,
//!   which the group prints).

mod positions;

use std::hint::black_box;
use std::mem::discriminant;
use std::thread;
use std::time::Duration;

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::movegen::MoveFilter;
use carcassonne_safari::{Actor, GameState, Move, Setup};
use criterion::{criterion_group, BatchSize, Criterion, Throughput};
use positions::{load, Position};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A uniform index below `n` (as in `examples/selfplay.rs`).
fn below(rng: &mut impl RngCore, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// The selfplay policy: a move kind (first word of the notation, one per `Move`
/// variant) uniformly among the kinds present, in order of first appearance, then
/// a move of that kind uniformly. Allocation-free, so that the game benchmarks time
/// the engine rather than the policy.
fn pick(rng: &mut impl RngCore, moves: &[Move]) -> Move {
    let mut kinds = [discriminant(&Move::Pass); 11];
    let mut n = 0;
    let mut prev = None;
    for m in moves {
        let kind = discriminant(m);
        // Moves of one kind mostly come in runs.
        if prev != Some(kind) {
            prev = Some(kind);
            if !kinds[..n].contains(&kind) {
                kinds[n] = kind;
                n += 1;
            }
        }
    }
    let kind = kinds[below(rng, n)];
    let count = moves.iter().filter(|m| discriminant(*m) == kind).count();
    let i = below(rng, count);
    *moves
        .iter()
        .filter(|m| discriminant(*m) == kind)
        .nth(i)
        .expect("i < count")
}

/// The move the random policy makes in `state`, a chance outcome drawn by its
/// weight (as [`Sampled`] draws it), one move at a time: the `apply` game
/// times `apply` on every move, draws included, and `positions` stops at
/// chance nodes too.
fn policy_move(state: &GameState, rng: &mut Pcg64Mcg) -> Move {
    match state.to_move().expect("the game is not over") {
        Actor::Chance => state
            .chance_outcomes()
            .sample(rng)
            .expect("a chance node has outcomes"),
        Actor::Player(_) => pick(rng, &state.legal_moves()),
    }
}

/// Plays a full random game from `seed` with the immutable `apply`.
fn play(seed: u64, players: usize) -> u32 {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(players)).expect("valid setup");
    while state.to_move().is_some() {
        let mv = policy_move(&state, &mut rng);
        state = state.apply(mv).expect("legal").0;
    }
    state.scores().iter().sum()
}

/// Plays a full random game from `seed` in place with `apply_mut`, chance
/// played to each decision with `play_chance_mut` (the same game as `play`).
fn play_in_place(seed: u64, players: usize) -> u32 {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(players)).expect("valid setup");
    let (mut draws, mut events) = (Vec::new(), Vec::new());
    loop {
        draws.clear();
        events.clear();
        state
            .play_chance_mut(Sampled(&mut rng), &mut draws, &mut events)
            .expect("a chance node has outcomes");
        if state.is_over() {
            return state.scores().iter().sum();
        }
        let mv = pick(&mut rng, &state.legal_moves());
        events.clear();
        state.apply_mut(mv, &mut events).expect("legal");
    }
}

/// The benches of the `apply` and `apply_mut` groups, in order: the name, the
/// position (a file of `benches/data/`) and, through the record's `apply`, the
/// move applied.
const CASES: [(&str, &str); 11] = [
    ("draw", "draw-mid-game"),
    ("place", "place-mid-game"),
    ("token", "token"),
    ("boost", "boost"),
    ("noboost", "boost"),
    ("return", "return"),
    ("meeple", "action-mid-game"),
    ("ranger", "action-mid-game"),
    ("dig", "action-mid-game"),
    ("expand", "action-mid-game"),
    ("pass", "action-mid-game"),
];

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1200))
        .sample_size(30)
}

fn bench_listing(c: &mut Criterion) {
    let place = load("place-mid-game").state;
    let action = load("action-mid-game").state;
    let mut g = c.benchmark_group("legal_moves");
    g.throughput(Throughput::Elements(place.legal_moves().len() as u64));
    g.bench_function("place_mid_game", |b| b.iter(|| black_box(&place).legal_moves()));
    g.throughput(Throughput::Elements(action.legal_moves().len() as u64));
    g.bench_function("action_mid_game", |b| b.iter(|| black_box(&action).legal_moves()));
    // The generator with a listener, into a buffer reused between iterations.
    let mut buffer: Vec<Move> = Vec::with_capacity(512);
    g.bench_function("action_mid_game_listener", |b| {
        b.iter(|| {
            buffer.clear();
            black_box(&action).generate_moves(MoveFilter::All, |m| {
                buffer.extend_from_slice(m);
                false
            });
            buffer.len()
        })
    });
    g.finish();
}

fn bench_apply(c: &mut Criterion) {
    let cases: Vec<(&str, Position, Move)> = CASES
        .iter()
        .map(|&(name, file)| {
            let position = load(file);
            let mv = *position
                .apply
                .get(name)
                .unwrap_or_else(|| panic!("benches/data/{file}.json has no `apply` move for {name}"));
            (name, position, mv)
        })
        .collect();
    let mut g = c.benchmark_group("apply");
    for (name, position, mv) in &cases {
        let state = &position.state;
        g.bench_function(*name, |b| b.iter(|| black_box(state).apply(black_box(*mv))));
    }
    g.finish();

    // Each input is the position replayed afresh (not timed): it owns its
    // board, as the state of a simulation loop does, so that the move is
    // applied in place. (A clone would share the board and copy it at the
    // first change: that is `apply`'s cost.)
    let mut g = c.benchmark_group("apply_mut");
    for (name, position, mv) in &cases {
        g.bench_function(*name, |b| {
            b.iter_batched_ref(
                || {
                    (
                        position.record.replay().expect("the record replays").0,
                        Vec::with_capacity(16),
                    )
                },
                |(s, events)| s.apply_mut(black_box(*mv), events),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();

    let action = load("action-mid-game").state;
    let mut g = c.benchmark_group("state");
    g.bench_function("clone_mid_game", |b| b.iter(|| black_box(&action).clone()));
    g.finish();
}

fn bench_game(c: &mut Criterion) {
    let mut g = c.benchmark_group("game");
    g.throughput(Throughput::Elements(1));
    g.bench_function("random_2p_seed_1_apply", |b| b.iter(|| play(black_box(1), 2)));
    g.bench_function("random_2p_seed_1_apply_mut", |b| {
        b.iter(|| play_in_place(black_box(1), 2))
    });
    g.finish();
}

/// Games each thread plays per iteration of the `throughput` benches.
const GAMES_PER_THREAD: u64 = 32;

/// Plays the random 2-player games of seeds `seeds` as the `selfplay` example
/// does: one state at a time, in place, listing only the chosen kind's moves
/// into one reused buffer. Returns the sum of all scores.
fn play_batch(seeds: std::ops::Range<u64>) -> u64 {
    let (mut events, mut moves, mut draws) = (Vec::new(), Vec::new(), Vec::new());
    let mut total = 0;
    for seed in seeds {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(2)).expect("valid setup");
        loop {
            draws.clear();
            events.clear();
            state
                .play_chance_mut(Sampled(&mut rng), &mut draws, &mut events)
                .expect("a chance node has outcomes");
            if state.is_over() {
                break;
            }
            let kinds = state.legal_kinds();
            moves.clear();
            let kind = kinds[below(&mut rng, kinds.len())];
            state.generate_moves(kind.into(), |m| {
                moves.extend_from_slice(m);
                false
            });
            let mv = moves[below(&mut rng, moves.len())];
            events.clear();
            state.apply_mut(mv, &mut events).expect("legal");
        }
        total += state.scores().iter().map(|&s| s as u64).sum::<u64>();
    }
    total
}

/// `GAMES_PER_THREAD` games on each of `threads` threads (seeds from 1 on, each
/// thread its own); the sum of all scores.
fn play_on_threads(threads: u64) -> u64 {
    thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let first = 1 + t * GAMES_PER_THREAD;
                scope.spawn(move || play_batch(first..first + GAMES_PER_THREAD))
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a worker panicked"))
            .sum()
    })
}

fn bench_throughput(c: &mut Criterion) {
    let threads = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let mut g = c.benchmark_group("throughput");
    g.throughput(Throughput::Elements(GAMES_PER_THREAD));
    g.bench_function("games_1_thread", |b| b.iter(|| play_on_threads(black_box(1))));
    eprintln!("throughput/games_all_threads: {threads} threads, {GAMES_PER_THREAD} games each");
    g.throughput(Throughput::Elements(GAMES_PER_THREAD * threads));
    g.bench_function("games_all_threads", |b| {
        b.iter(|| play_on_threads(black_box(threads)))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_listing, bench_apply, bench_game, bench_throughput
}

/// The benches, or with `--regenerate` the records of `benches/data/`.
fn main() {
    if std::env::args().any(|arg| arg == "--regenerate") {
        positions::regenerate();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}

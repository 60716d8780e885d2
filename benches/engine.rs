//! Engine benchmarks on fixed mid-game positions.
//!
//! Every position is reached by replaying a seeded random game (`Pcg64Mcg`, the
//! policy of `examples/selfplay.rs`) until a condition holds, so the positions are
//! the same on every run and on every machine; nothing is built by hand. Run with
//! `cargo bench --bench engine` (about a minute; measurement times are short on
//! purpose, see `config`), or a group alone, e.g. `cargo bench --bench engine --
//! legal_moves`.
//!
//! Groups:
//! - `legal_moves`: listing the placements of a mid-game tile and the moves of a
//!   mid-game action decision (throughput: moves listed);
//! - `apply`: [`GameState::apply`] of each move kind, producing the new state
//!   (the clone of the state included);
//! - `apply_mut`: [`GameState::apply_mut`] of the same moves in place (a fresh
//!   copy per iteration, not timed);
//! - `state`: cloning a mid-game state;
//! - `game`: a complete random game with `apply` and with `apply_mut`.

use std::hint::black_box;
use std::mem::discriminant;
use std::time::Duration;

use carcassonne_safari::{Actor, GameState, Move, Phase, Setup};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Land tiles on the board in the "mid-game" positions.
const MID_GAME_TILES: usize = 35;

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

/// The move the random policy makes in `state`.
fn policy_move(state: &GameState, rng: &mut Pcg64Mcg) -> Move {
    match state.to_move().expect("the game is not over") {
        Actor::Chance => state.sample_chance(rng).expect("a chance node has outcomes"),
        Actor::Player(_) => pick(rng, &state.legal_moves()),
    }
}

/// Land tiles on the board.
fn land_tiles(state: &GameState) -> usize {
    state.tiles().count() - 3
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

/// Plays a full random game from `seed` in place with `apply_mut`.
fn play_in_place(seed: u64, players: usize) -> u32 {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(players)).expect("valid setup");
    let mut events = Vec::new();
    while state.to_move().is_some() {
        let mv = policy_move(&state, &mut rng);
        events.clear();
        state.apply_mut(mv, &mut events).expect("legal");
    }
    state.scores().iter().sum()
}

/// The first position of a seeded random game (seeds from 1 on, 2 players) with at
/// least `tiles` land tiles on the board that satisfies `want`.
fn find(tiles: usize, want: impl Fn(&GameState) -> bool) -> GameState {
    for seed in 1..10_000u64 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(2)).expect("valid setup");
        while state.to_move().is_some() {
            if land_tiles(&state) >= tiles && want(&state) {
                return state;
            }
            let mv = policy_move(&state, &mut rng);
            state = state.apply(mv).expect("legal").0;
        }
    }
    panic!("no seed reaches the wanted position")
}

fn has_kind(state: &GameState, kind: &str) -> bool {
    state.legal_moves().iter().any(|m| m.keyword() == kind)
}

fn first_of_kind(state: &GameState, kind: &str) -> Move {
    *state
        .legal_moves()
        .iter()
        .find(|m| m.keyword() == kind)
        .expect("the position has a move of that kind")
}

/// The fixed positions and, for each move kind, the position and move applied.
struct Positions {
    place: GameState,
    action: GameState,
    cases: Vec<(&'static str, GameState, Move)>,
}

fn positions() -> Positions {
    // A mid-game placement, and the action decision after the policy's placement.
    let place = find(MID_GAME_TILES, |s| matches!(s.phase(), Phase::Place { .. }));
    // A mid-game action decision offering every kind of action.
    let action = find(MID_GAME_TILES, |s| {
        s.phase() == Phase::Action
            && ["meeple", "ranger", "dig", "expand"]
                .iter()
                .all(|k| has_kind(s, k))
    });
    let draw = find(MID_GAME_TILES, |s| s.phase() == Phase::DrawTile);
    let token = find(MID_GAME_TILES / 2, |s| {
        matches!(s.phase(), Phase::DrawToken { .. })
    });
    let boost = find(0, |s| {
        matches!(s.phase(), Phase::Boost { .. }) && has_kind(s, "boost")
    });
    let ret = find(MID_GAME_TILES / 2, |s| s.phase() == Phase::Return);
    let place_mv = {
        let moves = place.legal_moves();
        moves[moves.len() / 2]
    };
    let mut cases = vec![
        ("draw", draw.clone(), draw.legal_moves()[0]),
        ("place", place.clone(), place_mv),
        ("token", token.clone(), token.legal_moves()[0]),
        ("boost", boost.clone(), first_of_kind(&boost, "boost")),
        ("noboost", boost.clone(), first_of_kind(&boost, "noboost")),
        ("return", ret.clone(), first_of_kind(&ret, "return")),
    ];
    for kind in ["meeple", "ranger", "dig", "expand", "pass"] {
        cases.push((kind, action.clone(), first_of_kind(&action, kind)));
    }
    for (name, state, mv) in &cases {
        assert!(state.is_legal(*mv), "{name}: {mv}");
    }
    Positions { place, action, cases }
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1200))
        .sample_size(30)
}

fn bench_listing(c: &mut Criterion) {
    let Positions { place, action, .. } = positions();
    let mut g = c.benchmark_group("legal_moves");
    g.throughput(Throughput::Elements(place.legal_moves().len() as u64));
    g.bench_function("place_mid_game", |b| b.iter(|| black_box(&place).legal_moves()));
    g.throughput(Throughput::Elements(action.legal_moves().len() as u64));
    g.bench_function("action_mid_game", |b| b.iter(|| black_box(&action).legal_moves()));
    g.finish();
}

fn bench_apply(c: &mut Criterion) {
    let Positions { action, cases, .. } = positions();
    let mut g = c.benchmark_group("apply");
    for (name, state, mv) in &cases {
        g.bench_function(*name, |b| b.iter(|| black_box(state).apply(black_box(*mv))));
    }
    g.finish();

    let mut g = c.benchmark_group("apply_mut");
    for (name, state, mv) in &cases {
        g.bench_function(*name, |b| {
            b.iter_batched_ref(
                || (state.clone(), Vec::with_capacity(16)),
                |(s, events)| s.apply_mut(black_box(*mv), events),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();

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

criterion_group! {
    name = benches;
    config = config();
    targets = bench_listing, bench_apply, bench_game
}
criterion_main!(benches);

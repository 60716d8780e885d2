//! Property battery: full random games checked at every decision against brute-force
//! reimplementations of the rules written from `docs/rules.md` / `docs/decisions.md` and the public
//! tile data (`Design`, `TileKind`, `SegmentDef`), never from engine internals.
//!
//! A game is generated from a random `Setup` (2..=5 players, optionally fixed hands
//! of 0..=12 tokens and ranger start cells) and a vector of move indices: decision
//! `i` picks with index `moves[i % len]` under one of three policies (`Policy`):
//! plain `legal[idx % len]`; a move kind first, as the selfplay example does (many
//! more meeples); or a contest-seeking policy (ties, several boost questions, five
//! kinds, baobab completions, token reshuffles). Every game is played to the end.
//!
//! What is checked, at every decision (`check_decision`): the legal moves equal a
//! rules oracle (`oracle`), have no duplicates, are deterministic and `is_legal`;
//! ~30 moves of every kind (random cells near and far, corners, animals, segments,
//! designs, rangers, near misses of legal moves) agree with `is_legal`, and when
//! illegal `apply`/`apply_as` return `Err` and the state is unchanged; clones are
//! equal and hash equal; conservation of tiles, tokens and meeples; ranger rules;
//! the queries agree with bookkeeping from the event stream (`Tracker`); chance
//! outcomes and weights; the union-find features equal a flood fill. After every
//! move: scores never decrease and `Scored` events sum to the change. After every
//! turn (`analyze_turn`): the scoring invariants of R-MAJ, R-TRAIL, R-BUSH,
//! R-BAOBAB, R-RANGER, R-WATER and R-END, and that no meeple stays on anything
//! complete. After every game: a replay gives the same states and events.
//!
//! Cases: the default is `DEFAULT_CASES` per property over `GAME_PROPERTIES`
//! game-playing properties, i.e. 2,500 complete games per `cargo test` run (about
//! a minute on 2 idle cores in the test profile). For long local runs set
//! `PROPTEST_CASES=N`: every game property then plays N games, e.g.
//! `PROPTEST_CASES=20000 cargo test --test properties` (100,000 games). Set
//! `BATTERY_STATS=1` (with `-- --nocapture`) to print event and situation counts.
//!
//! Golden records: `tests/data/game-*.txt`, replayed by `golden_games_replay`.
//! Regenerate them with
//! `cargo test --test properties -- --ignored regenerate_golden_games`.
//!
//! This file holds the properties, the game driver and the list of every test of
//! the target; each module is one concern:
//!
//! | file | concern |
//! |---|---|
//! | `rules.rs` | the rules' numbers and starting layout, restated from `docs/rules.md` |
//! | `geometry.rs` | cells, sides, rotations, corners and vertices, from R-GEO |
//! | `hashing.rs` | a fast hasher for the battery's maps |
//! | `model.rs` | the board as public data and a brute-force flood fill of its features |
//! | `tracker.rs` | bookkeeping from the event stream, compared with the queries |
//! | `oracle.rs` | the legal moves of a decision, from the rules |
//! | `candidates.rs` | moves to try that are probably illegal |
//! | `checks.rs` | the checks at every decision |
//! | `turn.rs` | the scoring invariants of a whole turn |
//! | `policy.rs` | how the games choose their moves |
//! | `setups.rs` | random setups, and the setups the engine must refuse |
//! | `golden.rs` | the golden records and their regeneration |
//! | `stats.rs` | event counts and the `BATTERY_STATS` summary |
//! | `views.rs` | the views (grouped legal moves, players, features, watering holes, JSON) against the raw state |

mod candidates;
mod checks;
mod geometry;
mod golden;
mod hashing;
mod model;
mod oracle;
mod policy;
mod rules;
mod setups;
mod stats;
mod tracker;
mod turn;
mod views;

use carcassonne_safari::{Event, GameState, Move, Phase, Setup};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use checks::{check_decision, check_no_meeple_on_complete};
use hashing::hash_of;
use model::{flood, Meeples, Model};
use policy::{choose, Policy};
use setups::arb_setup;
use stats::record_stats;
use tracker::Tracker;
use turn::{analyze_turn, score_delta, Step};

/// Cases per game-playing property when `PROPTEST_CASES` is not set.
const DEFAULT_CASES: u32 = 500;
/// Number of `proptest!` properties below that each play `cases()` full games.
const GAME_PROPERTIES: u32 = 5;
const _: () = assert!(DEFAULT_CASES * GAME_PROPERTIES >= 2000);

/// Games per property: `PROPTEST_CASES`, or `DEFAULT_CASES`.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        max_shrink_iters: 4096,
        ..ProptestConfig::default()
    }
}

/// One generated game: the setup, the move indices, the policy and the seed of
/// the checks' own random choices.
#[derive(Clone, Debug)]
struct GameSpec {
    setup: Setup,
    moves: Vec<u32>,
    policy: Policy,
    seed: u64,
}

/// A game to play: `fixed` as for `arb_setup`, and a policy or any of the three.
fn arb_game(fixed: u8, policy: Option<Policy>) -> impl Strategy<Value = GameSpec> {
    (
        arb_setup(fixed),
        prop::collection::vec(any::<u32>(), 1..300),
        match policy {
            Some(p) => Just(p).boxed(),
            None => prop_oneof![Just(Policy::Index), Just(Policy::Kind), Just(Policy::Contest)].boxed(),
        },
        any::<u64>(),
    )
        .prop_map(|(setup, moves, policy, seed)| GameSpec {
            setup,
            moves,
            policy,
            seed,
        })
}

proptest! {
    #![proptest_config(config())]

    /// Plain index replay `moves[i % len]`, every check at every decision.
    #[test]
    fn prop_games_index_replay(spec in arb_game(0, Some(Policy::Index))) {
        run_game(&spec)?;
    }

    /// Move kind first, then a move of that kind: many meeples, boosts and holes.
    #[test]
    fn prop_games_kind_policy(spec in arb_game(0, Some(Policy::Kind))) {
        run_game(&spec)?;
    }

    /// Contested and completed features: ties, several boost questions.
    #[test]
    fn prop_games_contest_policy(spec in arb_game(0, Some(Policy::Contest))) {
        run_game(&spec)?;
    }

    /// The rulebook setup (chance deals the starting tokens), any policy.
    #[test]
    fn prop_games_default_setup(spec in arb_game(1, None)) {
        run_game(&spec)?;
    }

    /// Fixed starting hands and ranger cells, any policy.
    #[test]
    fn prop_games_fixed_setup(spec in arb_game(2, None)) {
        run_game(&spec)?;
    }
}

// ---------------------------------------------------------------------------
// The game driver.

/// Plays the whole game of `spec` with every check; returns the moves and events.
fn play_checked(spec: &GameSpec) -> (Vec<Move>, Vec<Vec<Event>>, Vec<u64>, GameState) {
    let mut rng = Pcg64Mcg::seed_from_u64(spec.seed);
    let mut state = GameState::new(&spec.setup).expect("valid setup");
    let mut tr = Tracker::new(&spec.setup);
    let mut moves = Vec::new();
    let mut all_events = Vec::new();
    let mut turn: Vec<Step> = Vec::new();
    let mut hashes = Vec::new();
    let mut i = 0usize;
    loop {
        hashes.push(hash_of(&state));
        let legal = check_decision(&state, &tr, &mut rng);
        if state.is_over() {
            break;
        }
        assert!(i < 5000, "the game does not end");
        let mv = choose(&state, &legal, spec.moves[i % spec.moves.len()], spec.policy);
        i += 1;
        let (next, events) = state
            .apply(mv)
            .unwrap_or_else(|e| panic!("listed move {mv} refused: {e}"));
        assert_ne!(next, state, "{mv} changed nothing");
        // Scores never decrease; Scored events explain every point.
        let mut gained = vec![0i64; state.players()];
        for e in &events {
            if let Event::Scored { player, points, .. } = e {
                gained[player.index()] += *points as i64;
            }
        }
        for p in 0..state.players() {
            assert!(next.scores()[p] >= state.scores()[p], "score of p{p} decreased");
        }
        assert_eq!(
            score_delta(&state, &next),
            gained,
            "Scored events vs score change after {mv}"
        );
        tr.update(&events);
        moves.push(mv);
        all_events.push(events.clone());
        let boundary = matches!(next.phase(), Phase::DrawTile | Phase::GameOver);
        turn.push(Step {
            before: state,
            mv,
            events,
            after: next.clone(),
        });
        if boundary {
            analyze_turn(&turn);
            let model = Model::new(&next);
            let meeples = Meeples::of(&next);
            let feats = flood(&model, &meeples.segs);
            check_no_meeple_on_complete(&next, &model, &meeples, &feats);
            turn.clear();
        }
        state = next;
    }
    assert!(turn.is_empty(), "the game ended inside a turn");
    (moves, all_events, hashes, state)
}

/// Plays the game and checks that replaying its moves gives the same states and events.
fn run_game(spec: &GameSpec) -> Result<(), TestCaseError> {
    let (moves, events, hashes, fin) = play_checked(spec);
    record_stats(&events);
    let mut s = GameState::new(&spec.setup).unwrap();
    for (k, (&m, ev)) in moves.iter().zip(&events).enumerate() {
        prop_assert_eq!(
            hash_of(&s),
            hashes[k],
            "another state on replay before step {}",
            k
        );
        let (next, ev2) = s.apply(m).expect("replayed move");
        prop_assert_eq!(&ev2, ev, "events differ on replay at step {} ({})", k, m);
        s = next;
    }
    prop_assert_eq!(&s, &fin, "replay ends in another state");
    prop_assert_eq!(hash_of(&s), hash_of(&fin));
    Ok(())
}

// ---------------------------------------------------------------------------
// The other tests of this target.

/// Impossible setups are refused with the right error (`setups.rs`).
#[test]
fn invalid_setups_are_refused() {
    setups::check_invalid_setups();
}

/// Writes `tests/data/game-*.txt` again (`golden.rs`).
#[test]
#[ignore = "writes tests/data; run to regenerate the golden records"]
fn regenerate_golden_games() {
    golden::regenerate();
}

/// The golden records replay to the same scores and event counts (`golden.rs`).
#[test]
fn golden_games_replay() {
    golden::check_records();
}

/// The engine's species table is R-TRAIL-3's (`rules.rs`).
#[test]
fn kind_points_match_r_trail_3() {
    rules::check_species_points();
}

//! The fixed positions of the benches: JSON game records in `benches/data/`
//! (`benches/data/README.md` says what each one is), loaded and replayed with
//! [`GameRecord::replay`]. A position is the state at the end of its record.
//! The records of the engine's benches also carry `apply`, the moves that
//! `apply/<name>` and `apply_mut/<name>` apply in that position, in notation
//! (a record reader ignores the extra key).
//!
//! `cargo bench --bench engine -- --regenerate` writes the records again. It
//! finds each position as the benches did before they had records: the first
//! position of a seeded random game (seeds from 1 on, 2 players, the policy of
//! the `game/` benches) with enough land tiles on the board that satisfies a
//! condition. With an unchanged engine it writes the same files; after a change
//! to the engine's move order it may find other positions, and the numbers are
//! then no longer comparable with earlier runs.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

use carcassonne_safari::{Actor, GameRecord, GameState, Move, Phase, Setup};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::policy_move;

/// A position of the benches.
pub struct Position {
    /// The state at the end of the record.
    pub state: GameState,
    /// The record, to replay again: a replayed state owns its board, where a
    /// clone shares it until its first change (copy on write).
    pub record: GameRecord,
    /// The moves the `apply` benches apply in it, by bench name.
    pub apply: BTreeMap<String, Move>,
}

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("benches/data/{name}.json"))
}

/// Loads and replays `benches/data/<name>.json`.
pub fn load(name: &str) -> Position {
    let path = path(name);
    let fail = |e: &dyn std::fmt::Display| -> ! {
        panic!(
            "{}: {e} (regenerate with `cargo bench --bench engine -- --regenerate`)",
            path.display()
        )
    };
    let text = fs::read_to_string(&path).unwrap_or_else(|e| fail(&e));
    let record: GameRecord = serde_json::from_str(&text).unwrap_or_else(|e| fail(&e));
    let (state, _) = record.replay().unwrap_or_else(|e| fail(&e));
    let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| fail(&e));
    let apply: BTreeMap<String, Move> = match value.get("apply") {
        Some(apply) => serde_json::from_value(apply.clone()).unwrap_or_else(|e| fail(&e)),
        None => BTreeMap::new(),
    };
    for (bench, &mv) in &apply {
        if !state.is_legal(mv) {
            fail(&format!("`{mv}` for apply/{bench} is illegal in the position"));
        }
    }
    Position { state, record, apply }
}

/// Land tiles on the board in the mid-game positions.
const MID_GAME_TILES: usize = 35;

/// Land tiles on the board.
fn land_tiles(state: &GameState) -> usize {
    state.tiles().count() - 3
}

/// A position found by seeded random play: the seed, the record and its state.
type Found = (u64, GameRecord, GameState);

/// The first position of a seeded random game (seeds from 1 on, 2 players) with
/// at least `tiles` land tiles on the board that satisfies `want`.
fn find(tiles: usize, want: impl Fn(&GameState) -> bool) -> Found {
    for seed in 1..10_000u64 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut record = GameRecord::new(Setup::new(2));
        let mut state = GameState::new(&record.setup).expect("valid setup");
        while state.to_move().is_some() {
            if land_tiles(&state) >= tiles && want(&state) {
                return (seed, record, state);
            }
            let mv = policy_move(&state, &mut rng);
            state = state.apply(mv).expect("legal").0;
            record.moves.push(mv);
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

/// Writes `record` as `benches/data/<name>.json` (the setup on one line, a move
/// per line, then `apply`), and checks that it loads back as `state`.
fn write(name: &str, (seed, record, state): &Found, apply: &[(&str, Move)]) {
    let setup = serde_json::to_string(&record.setup).expect("a setup serializes");
    let json = |mv: &Move| serde_json::to_string(mv).expect("a move serializes");
    let mut text = format!("{{\n  \"setup\": {setup},\n  \"moves\": [");
    for (i, mv) in record.moves.iter().enumerate() {
        text += if i == 0 { "\n    " } else { ",\n    " };
        text += &json(mv);
    }
    text += "\n  ]";
    if !apply.is_empty() {
        text += ",\n  \"apply\": {";
        for (i, (bench, mv)) in apply.iter().enumerate() {
            text += if i == 0 { "\n    " } else { ",\n    " };
            text += &format!("\"{bench}\": {}", json(mv));
        }
        text += "\n  }";
    }
    text += "\n}\n";
    fs::write(path(name), text).unwrap_or_else(|e| panic!("{}: {e}", path(name).display()));
    let loaded = load(name);
    assert!(
        loaded.state == *state,
        "{name}: the record replays to another state"
    );
    let tiles = land_tiles(state);
    let moves = record.moves.len();
    println!(
        "{name}.json: seed {seed}, {moves} moves, {tiles} land tiles, {:?}",
        state.phase()
    );
}

/// Finds every position again and writes its record.
pub fn regenerate() {
    fs::create_dir_all(path("x").parent().expect("a folder")).expect("benches/data");
    // The engine's benches. A mid-game placement:
    let place = find(MID_GAME_TILES, |s| matches!(s.phase(), Phase::Place { .. }));
    let moves = place.2.legal_moves();
    write("place-mid-game", &place, &[("place", moves[moves.len() / 2])]);
    // A mid-game action decision offering every kind of action.
    let action = find(MID_GAME_TILES, |s| {
        s.phase() == Phase::Action
            && ["meeple", "ranger", "dig", "expand"]
                .iter()
                .all(|k| has_kind(s, k))
    });
    let kinds = ["dig", "expand", "meeple", "pass", "ranger"];
    let apply: Vec<(&str, Move)> = kinds.iter().map(|&k| (k, first_of_kind(&action.2, k))).collect();
    write("action-mid-game", &action, &apply);
    let draw = find(MID_GAME_TILES, |s| s.phase() == Phase::DrawTile);
    write("draw-mid-game", &draw, &[("draw", draw.2.legal_moves()[0])]);
    let token = find(MID_GAME_TILES / 2, |s| {
        matches!(s.phase(), Phase::DrawToken { .. })
    });
    write("token", &token, &[("token", token.2.legal_moves()[0])]);
    let boost = find(0, |s| {
        matches!(s.phase(), Phase::Boost { .. }) && has_kind(s, "boost")
    });
    let apply = [
        ("boost", first_of_kind(&boost.2, "boost")),
        ("noboost", first_of_kind(&boost.2, "noboost")),
    ];
    write("boost", &boost, &apply);
    let ret = find(MID_GAME_TILES / 2, |s| s.phase() == Phase::Return);
    write("return", &ret, &[("return", first_of_kind(&ret.2, "return"))]);

    // For the bots' benchmarks: the first player decision, a mid-game placement
    // (the position of `place-mid-game`) and a placement with at most 3 tiles left.
    let opening = find(0, |s| matches!(s.to_move(), Some(Actor::Player(_))));
    write("opening", &opening, &[]);
    write("mid-game", &place, &[]);
    let last = find(0, |s| {
        matches!(s.phase(), Phase::Place { .. }) && s.tiles_left() <= 3
    });
    write("last-tiles", &last, &[]);
}

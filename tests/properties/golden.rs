//! Golden game records (`tests/data/game-*.txt`): complete games of the
//! reference random policy, replayed move by move; each must stay legal, reach
//! the same final scores (R-END-5) and produce the same count of every event.
//! Together they cover several player counts (R-COMP-3) and every event the
//! policy produces.
//!
//! Format: a header `game seed=S players=N`, then one move per line in notation,
//! then `scores A B ...` and one `event VARIANT COUNT` line per Event variant.
//! Regenerate: `cargo test --test properties -- --ignored regenerate_golden_games`
//! (the seeds and player counts are in GOLDEN below; the policy is the selfplay
//! example's: chance by weight (`chance::Sampled`, played to each decision with
//! `play_chance_mut`), a move kind uniformly, then a move of that kind
//! uniformly, with Pcg64Mcg::seed_from_u64(seed)).

use std::collections::{BTreeMap, BTreeSet};

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::{GameState, Move, Setup};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::policy::policy_pick;
use crate::stats::{count_events, EVENT_VARIANTS};

/// Seeds picked so that the records together show every event the selfplay policy
/// produces (boosts, completed baobabs and watering holes). `TileRemoved` and
/// `SupplyReshuffled` never occurred in 1,600 policy games with the default setup.
const GOLDEN: [(u64, usize); 6] = [(97, 2), (32, 2), (57, 3), (173, 4), (19, 5), (330, 5)];
const GOLDEN_RARE: [&str; 2] = ["TileRemoved", "SupplyReshuffled"];

fn golden_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The record of the game of `seed` with `players` players.
fn golden_path(seed: u64, players: usize) -> std::path::PathBuf {
    golden_dir().join(format!("game-s{seed}-p{players}.txt"))
}

/// Writes the golden records again (`regenerate_golden_games`).
pub fn regenerate() {
    std::fs::create_dir_all(golden_dir()).unwrap();
    for (seed, players) in GOLDEN {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(players)).unwrap();
        let mut text = format!("game seed={seed} players={players}\n");
        let mut counts: BTreeMap<&'static str, usize> = EVENT_VARIANTS.iter().map(|&v| (v, 0)).collect();
        let (mut draws, mut events) = (Vec::new(), Vec::new());
        loop {
            draws.clear();
            events.clear();
            state
                .play_chance_mut(Sampled(&mut rng), &mut draws, &mut events)
                .unwrap();
            for mv in &draws {
                text += &format!("{mv}\n");
            }
            count_events(&mut counts, &events);
            if state.is_over() {
                break;
            }
            let mv = policy_pick(&mut rng, &state.legal_moves());
            text += &format!("{mv}\n");
            let (next, events) = state.apply(mv).unwrap();
            count_events(&mut counts, &events);
            state = next;
        }
        let scores: Vec<String> = state.scores().iter().map(|s| s.to_string()).collect();
        text += &format!("scores {}\n", scores.join(" "));
        for v in EVENT_VARIANTS {
            text += &format!("event {v} {}\n", counts[v]);
        }
        std::fs::write(golden_path(seed, players), text).unwrap();
    }
}

/// Replays every golden record and compares scores and event counts
/// (`golden_games_replay`).
pub fn check_records() {
    let mut seen_players = BTreeSet::new();
    let mut union: BTreeMap<&'static str, usize> = BTreeMap::new();
    for (seed, players) in GOLDEN {
        let path = golden_path(seed, players);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut lines = text.lines();
        let header = lines.next().unwrap();
        assert_eq!(header, format!("game seed={seed} players={players}"));
        let mut state = GameState::new(&Setup::new(players)).unwrap();
        let mut counts: BTreeMap<&'static str, usize> = EVENT_VARIANTS.iter().map(|&v| (v, 0)).collect();
        let mut want_counts = BTreeMap::new();
        let mut want_scores = None;
        for (no, line) in lines.enumerate() {
            if let Some(rest) = line.strip_prefix("scores ") {
                want_scores = Some(
                    rest.split(' ')
                        .map(|s| s.parse::<u32>().unwrap())
                        .collect::<Vec<_>>(),
                );
            } else if let Some(rest) = line.strip_prefix("event ") {
                let (name, count) = rest.split_once(' ').unwrap();
                want_counts.insert(name.to_string(), count.parse::<usize>().unwrap());
            } else {
                assert!(
                    want_scores.is_none(),
                    "{}:{}: a move after the scores",
                    path.display(),
                    no + 2
                );
                let mv: Move = line
                    .parse()
                    .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), no + 2));
                assert_eq!(mv.to_string(), line);
                assert!(
                    state.is_legal(mv),
                    "{}:{}: {mv} is illegal",
                    path.display(),
                    no + 2
                );
                let (next, events) = state.apply(mv).unwrap();
                count_events(&mut counts, &events);
                state = next;
            }
        }
        assert!(
            state.is_over(),
            "{}: the record ends before the game",
            path.display()
        );
        assert_eq!(
            Some(state.scores().to_vec()),
            want_scores,
            "{}: final scores",
            path.display()
        );
        let got: BTreeMap<String, usize> = counts.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        assert_eq!(got, want_counts, "{}: event counts", path.display());
        seen_players.insert(players);
        for (k, v) in counts {
            *union.entry(k).or_default() += v;
        }
    }
    assert!(
        seen_players.len() >= 4,
        "golden games cover several player counts"
    );
    let missing: Vec<&&str> = union
        .iter()
        .filter(|(k, &v)| v == 0 && !GOLDEN_RARE.contains(k))
        .map(|(k, _)| k)
        .collect();
    assert!(
        missing.is_empty(),
        "golden games never show {missing:?}; pick other seeds"
    );
}

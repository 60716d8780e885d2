//! The wire format of the views (`docs/views.md`), pinned: the JSON of a few
//! positions is compared with golden files in `tests/data/views/`, so that a
//! change of the format shows up as a diff to review (and a new
//! `FORMAT_VERSION`). Regenerate them, after checking the change, with
//! `UPDATE_VIEWS=1 cargo test --test wire`.
//!
//! The start position is also checked against the start tile as
//! `docs/tiles.md` describes it, written out here by hand (R-SETUP-1).

use crate::support;

use std::path::PathBuf;

use carcassonne_safari::view::{GameLog, GameView, LegalMoves, ScoreSummary, FORMAT_VERSION};
use carcassonne_safari::{Event, GameState, Phase, Setup};
use serde_json::{json, Value};

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/views")
        .join(name)
}

/// Compares `value`'s pretty JSON with the golden file `name`.
fn pin<T: serde::Serialize>(name: &str, value: &T) {
    let text = serde_json::to_string_pretty(value).unwrap() + "\n";
    let path = golden(name);
    if std::env::var_os("UPDATE_VIEWS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run UPDATE_VIEWS=1 cargo test --test wire",
            path.display()
        )
    });
    assert!(
        text == want,
        "{name} differs from its golden file: the wire format changed"
    );
}

/// The first step of `log` whose position satisfies `pred`.
fn first_step(log: &GameLog, pred: impl Fn(&GameState) -> bool) -> usize {
    (0..=log.len())
        .find(|&i| pred(log.state_at(i).unwrap()))
        .expect("the game has such a position")
}

#[test]
fn the_start_position_is_the_start_tile_of_the_rules() {
    let view = GameView::new(&GameState::new(&Setup::new(2)).unwrap());
    let v = serde_json::to_value(&view).unwrap();
    assert_eq!(v["format"], FORMAT_VERSION);
    assert_eq!(v["phase"], json!({"type": "draw_token", "player": 0}));
    assert_eq!(v["to_move"], "chance");
    assert_eq!(v["turn_player"], Value::Null);
    assert_eq!(
        v["players"][1],
        json!({"seat": 1, "score": 0, "meeples": 6, "hand": ""})
    );
    assert_eq!(v["supply"], "MMMMMMMMMMEEEEEEEEEEGGGGGGGGGGLLLLLLLLLLZZZZZZZZZZ");
    assert_eq!(v["rangers"], json!([{"x": 0, "y": -1}, {"x": 0, "y": 1}]));
    // docs/tiles.md, "The start tile": three parts in a row, never turned.
    assert_eq!(
        v["tiles"],
        json!([
            {"pos": {"x": -1, "y": 0}, "design": "START-W:E", "kind": "START-W", "rotation": 0,
             "edges": ["savanna", "savanna", "bush", "savanna"], "baobab": false, "start": true,
             "segments": [{"index": 0, "kind": "bush", "sides": ["s"], "corners": ["se", "sw"],
                           "animals": "E", "birds": 0}]},
            {"pos": {"x": 0, "y": 0}, "design": "START-M:G", "kind": "START-M", "rotation": 0,
             "edges": ["savanna", "savanna", "trail", "savanna"], "baobab": false, "start": true,
             "segments": [{"index": 0, "kind": "trail", "sides": ["s"], "corners": [],
                           "animals": "G", "birds": 0}]},
            {"pos": {"x": 1, "y": 0}, "design": "START-E:M,-", "kind": "START-E", "rotation": 0,
             "edges": ["bush", "trail", "savanna", "savanna"], "baobab": false, "start": true,
             "segments": [{"index": 0, "kind": "trail", "sides": ["e"], "corners": [],
                           "animals": "M", "birds": 0},
                          {"index": 1, "kind": "bush", "sides": ["n"], "corners": ["ne", "nw"],
                           "animals": "", "birds": 1}]}
        ])
    );
    // R-COMP-2: ten tokens of each animal to draw from, in notation order.
    let weights: Vec<(String, u64)> = v["legal"]["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["outcome"].as_str().unwrap().to_string(),
                o["weight"].as_u64().unwrap(),
            )
        })
        .collect();
    let want: Vec<(String, u64)> = ["M", "E", "G", "L", "Z"]
        .iter()
        .map(|a| (format!("token {a}"), 10))
        .collect();
    assert_eq!(weights, want);
    pin("start-2p.json", &view);
}

#[test]
fn views_of_a_game_are_pinned() {
    let log = support::random_log(57, 3);
    let action = first_step(&log, |s| {
        s.phase() == Phase::Action
            && !LegalMoves::new(s).holes.is_empty()
            && !LegalMoves::new(s).meeples.is_empty()
    });
    pin("action-3p.json", &GameView::new(log.state_at(action).unwrap()));
    let place = first_step(&log, |s| {
        matches!(s.phase(), Phase::Place { .. })
            && LegalMoves::new(s).placements.iter().any(|p| p.displaces_ranger)
    });
    pin("place-3p.json", &GameView::new(log.state_at(place).unwrap()));
    let boost = first_step(&log, |s| matches!(s.phase(), Phase::Boost { .. }));
    pin("boost-3p.json", &GameView::new(log.state_at(boost).unwrap()));
    let entries: Vec<_> = (action..action + 4).map(|i| log.entry(i).unwrap()).collect();
    pin("log-entries-3p.json", &entries);
    let events: Vec<Event> = log.events_until(log.len()).map(|(_, e)| *e).collect();
    pin("summary-3p.json", &ScoreSummary::from_events(3, &events));
    pin("record-3p.json", &log.to_record());
}

#[test]
fn golden_views_read_back_into_equal_views() {
    for name in [
        "start-2p.json",
        "action-3p.json",
        "place-3p.json",
        "boost-3p.json",
    ] {
        let text = std::fs::read_to_string(golden(name)).unwrap();
        let view: GameView = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            serde_json::to_string_pretty(&view).unwrap() + "\n",
            text,
            "{name}"
        );
    }
}

//! The Rust forward pass of the shipped policy agrees with the Python one
//! (`python/carcassonne_safari/imitation.py`) on recorded positions: the
//! first decisions of deal 77, one-ply against one-ply. The fixture
//! (`tests/data/agreement.txt`, written by
//! `python/examples/train_imitation.py --ship`) holds the features Rust
//! recorded for each move and the logit Python computed from them; the test
//! records the same game again, checks that the features are the same, and
//! checks the Rust logits against Python's.

use carcassonne_safari_bots::learned::{Model, FEATURES, MODEL};
use carcassonne_safari_rl::imitation::{record_game, Decisions, Seat, Teacher};

/// Per decision, per move: (features, Python logit).
type Fixture = Vec<Vec<(Vec<f32>, f32)>>;

fn fixture() -> Fixture {
    let text = include_str!("../data/agreement.txt");
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let n: usize = lines
        .next()
        .unwrap()
        .strip_prefix("decisions ")
        .unwrap()
        .parse()
        .unwrap();
    let mut decisions = Vec::new();
    for _ in 0..n {
        let moves: usize = lines
            .next()
            .unwrap()
            .strip_prefix("decision ")
            .unwrap()
            .parse()
            .unwrap();
        let rows = (0..moves)
            .map(|_| {
                let xs: Vec<f32> = lines
                    .next()
                    .unwrap()
                    .split(' ')
                    .map(|x| x.parse().unwrap())
                    .collect();
                assert_eq!(xs.len(), FEATURES + 1);
                (xs[..FEATURES].to_vec(), xs[FEATURES])
            })
            .collect();
        decisions.push(rows);
    }
    decisions
}

#[test]
fn rust_and_python_forward_passes_agree_on_recorded_positions() {
    let fixture = fixture();
    let model = Model::parse(MODEL, FEATURES).unwrap();
    let mut recorded = Decisions::default();
    record_game(
        &[Seat::Teacher, Seat::Teacher],
        &Teacher::OnePly,
        77,
        0.0,
        &mut recorded,
    );
    let mut row = 0;
    let mut logits = Vec::new();
    let mut checked = 0;
    for (d, moves) in fixture.iter().enumerate() {
        assert_eq!(
            recorded.moves[d] as usize,
            moves.len(),
            "decision {d}: moves recorded"
        );
        let start = row * FEATURES;
        let rows = &recorded.features[start..start + moves.len() * FEATURES];
        model.logits(rows, &mut logits);
        for (m, (features, python)) in moves.iter().enumerate() {
            // The features Rust records today are the ones Python saw (the
            // fixture's text keeps 9 significant digits).
            for (k, (&a, &b)) in rows[m * FEATURES..(m + 1) * FEATURES]
                .iter()
                .zip(features)
                .enumerate()
            {
                assert!(
                    (a - b).abs() <= 1e-6 * (1.0 + a.abs()),
                    "decision {d} move {m} feature {k}: {a} != {b}"
                );
            }
            let rust = logits[m];
            assert!(
                (rust - python).abs() <= 1e-4 * (1.0 + python.abs()),
                "decision {d} move {m}: Rust {rust}, Python {python}"
            );
            checked += 1;
        }
        row += moves.len();
    }
    assert!(checked >= 24, "{checked} moves checked");
}

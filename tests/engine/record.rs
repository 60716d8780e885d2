//! Game records (issue: ecosystem): replay, serde round trip, and records that do
//! not replay.
#![cfg(feature = "serde")]

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::{
    error::IllegalReason, events::ScoreCategory, events::ScoreReason, record::ReplayError, Animal, Event,
    GameRecord, GameState, Move, Setup,
};
use rand_core::{RngCore, SeedableRng};

fn random_record(seed: u64, players: usize) -> (GameRecord, GameState, usize) {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let setup = Setup::new(players);
    let mut state = GameState::new(&setup).unwrap();
    let mut record = GameRecord::new(setup);
    let mut events = Vec::new();
    loop {
        state
            .play_chance_mut(Sampled(&mut rng), &mut record.moves, &mut events)
            .unwrap();
        if state.is_over() {
            return (record, state, events.len());
        }
        let m = state.legal_moves();
        let mv = m[(rng.next_u64() % m.len() as u64) as usize];
        let (next, ev) = state.apply(mv).unwrap();
        events.extend(ev);
        state = next;
        record.moves.push(mv);
    }
}

#[test]
fn a_record_replays_to_the_same_state_and_events() {
    for (seed, players) in [(1, 2), (2, 3), (3, 5)] {
        let (record, end, events) = random_record(seed, players);
        let (replayed, ev) = record.replay().unwrap();
        assert_eq!(replayed, end);
        assert_eq!(ev.len(), events);
        assert!(replayed.is_over());
    }
}

#[test]
fn records_round_trip_through_json_with_moves_as_notation() {
    let (record, end, _) = random_record(4, 4);
    let json = serde_json::to_string(&record).unwrap();
    // Moves are their notation strings.
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let first = value["moves"][0].as_str().unwrap();
    assert_eq!(first.parse::<Move>().unwrap(), record.moves[0]);
    assert_eq!(value["setup"]["players"], 4);
    let back: GameRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.replay().unwrap().0, end);
}

#[test]
fn events_serialize() {
    let (record, _, _) = random_record(5, 2);
    let (_, events) = record.replay().unwrap();
    let json = serde_json::to_string(&events).unwrap();
    let back: Vec<carcassonne_safari::Event> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, events);
}

#[test]
fn a_record_that_does_not_replay_names_the_step_move_and_reason() {
    // A player move where chance must deal the first token.
    let json =
        r#"{"setup":{"players":2,"rangers":null,"hands":[["L"],["Z"]]},"moves":["draw CS1:-","pass"]}"#;
    let setup_hands: GameRecord = serde_json::from_str(json).unwrap();
    assert_eq!(
        setup_hands.setup.hands,
        Some(vec![vec![Animal::Lion], vec![Animal::Zebra]])
    );
    match setup_hands.replay() {
        Err(ReplayError::Illegal {
            step: 1,
            mv: Move::Pass,
            reason: IllegalReason::WrongPhase(_),
        }) => {}
        other => panic!("{other:?}"),
    }
    // An impossible setup.
    let bad: GameRecord =
        serde_json::from_str(r#"{"setup":{"players":6,"rangers":null,"hands":null},"moves":[]}"#).unwrap();
    assert!(matches!(bad.replay(), Err(ReplayError::Setup(_))));
}

#[test]
fn a_move_that_does_not_parse_is_reported_with_its_step() {
    let json =
        r#"{"setup":{"players":2,"rangers":null,"hands":null},"moves":["token L","token M","draw CS99:-"]}"#;
    let err = serde_json::from_str::<GameRecord>(json).unwrap_err().to_string();
    assert!(
        err.contains("step 2: `draw CS99:-`: invalid tile design"),
        "{err}"
    );
}

#[test]
fn malformed_records_are_errors() {
    for bad in [
        "",
        "{",
        r#"{"setup":{"players":2,"rangers":null,"hands":null},"moves":["draw CS99:-"]}"#,
        r#"{"setup":{"players":2,"rangers":null,"hands":null},"moves":["place 0,0"]}"#,
        r#"{"setup":{"players":2,"rangers":null,"hands":null},"moves":[17]}"#,
        r#"{"setup":{"players":2,"rangers":null,"hands":[["Lion"],[]]},"moves":[]}"#,
        r#"{"setup":{"players":-1,"rangers":null,"hands":null},"moves":[]}"#,
        r#"{"setup":{"players":2,"rangers":null,"hands":null},"moves":["token L""#,
    ] {
        assert!(serde_json::from_str::<GameRecord>(bad).is_err(), "{bad:?}");
    }
}

/// `replay_steps` gives every position with its events, and stops at the
/// first illegal move, naming its step.
#[test]
fn replay_steps_gives_every_position_and_stops_at_the_first_error() {
    let setup = Setup::new(2);
    let mut state = GameState::new(&setup).unwrap();
    let mut moves = Vec::new();
    for _ in 0..6 {
        let mv = state.legal_moves()[0];
        moves.push(mv);
        state = state.apply(mv).unwrap().0;
    }
    let record = GameRecord::new(setup.clone()).with_moves(moves.clone());
    let steps: Vec<_> = record.replay_steps().unwrap().map(Result::unwrap).collect();
    assert_eq!(steps.len(), 6);
    assert_eq!(steps.last().unwrap().0, state);
    let events: Vec<Event> = steps.iter().flat_map(|(_, e)| e.clone()).collect();
    assert_eq!(events, record.replay().unwrap().1);

    let mut broken = moves.clone();
    broken[3] = "pass".parse().unwrap();
    broken.push(moves[0]);
    let record = GameRecord::new(setup).with_moves(broken);
    let steps: Vec<_> = record.replay_steps().unwrap().collect();
    assert_eq!(steps.len(), 4, "three good steps, then the error, then nothing");
    assert!(steps[..3].iter().all(Result::is_ok));
    match &steps[3] {
        Err(ReplayError::Illegal { step: 3, .. }) => {}
        other => panic!("expected the error of step 3, got {other:?}"),
    }
}

/// Every point falls in one `ScoreCategory`; the final ones are exactly those
/// of the final scoring (after the last tile's turn).
#[test]
fn points_by_category_add_up_to_the_scores() {
    for seed in 0..20 {
        let (record, end, _) = random_record(seed, 2 + (seed % 4) as usize);
        let (_, events) = record.replay().unwrap();
        let mut totals = vec![[0u32; 7]; end.players()];
        for e in &events {
            if let Event::Scored {
                player,
                points,
                reason,
            } = *e
            {
                assert_eq!(e.player(), Some(player));
                assert_eq!(e.name(), "scored");
                let c = ScoreCategory::ALL
                    .iter()
                    .position(|&c| c == reason.category())
                    .unwrap();
                totals[player.index()][c] += points as u32;
                let final_kind = matches!(
                    reason,
                    ScoreReason::FinalFeature { .. } | ScoreReason::FinalTokens { .. }
                );
                assert_eq!(reason.is_final(), final_kind);
            }
        }
        for (p, t) in totals.iter().enumerate() {
            assert_eq!(t.iter().sum::<u32>(), end.scores()[p], "seed {seed} p{p}");
        }
    }
}

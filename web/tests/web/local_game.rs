//! The game at the browser, natively: seeded chance, undo, resume from a
//! record and its seed, seats in the record, bad input refused.

use crate::support::{play_bot_turns, seats};
use carcassonne_safari_web::{LocalGame, Seat, WebError};

#[test]
fn chance_is_reproducible_and_undo_keeps_draws() {
    let mut a = LocalGame::new(7, seats(&["human", "greedy"])).unwrap();
    let mut b = LocalGame::new(7, seats(&["human", "greedy"])).unwrap();
    a.advance();
    b.advance();
    assert_eq!(a.log().current(), b.log().current());
    assert!(a.human_to_move());
    let first = a.log().current().legal_moves()[0].to_string();
    let step = a.play_human(&first).unwrap();
    a.advance();
    let after = a.log().current().clone();
    assert_eq!(a.undo().unwrap(), step);
    assert_eq!(a.log().current(), b.log().current());
    a.play_human(&first).unwrap();
    a.advance();
    assert_eq!(a.log().current(), &after);
}

#[test]
fn bad_input_changes_nothing() {
    let mut s = LocalGame::new(1, seats(&["human", "random"])).unwrap();
    s.advance();
    let before = s.log().current().clone();
    assert!(matches!(s.play_human("place 99"), Err(WebError::Notation { .. })));
    assert!(matches!(s.play_human("pass"), Err(WebError::Illegal(_))));
    assert!(matches!(
        s.play_bot("pass", s.step()),
        Err(WebError::NotYourTurn(_))
    ));
    assert!(matches!(s.play_bot("pass", 0), Err(WebError::Stale { .. })));
    assert!(matches!(s.undo(), Err(WebError::NothingToUndo)));
    assert_eq!(s.log().current(), &before);
}

#[test]
fn a_resumed_game_goes_on_as_it_would_have() {
    // A game interrupted at every tenth decision and resumed from its
    // record and seed ends exactly as the game played in one go.
    let kinds = ["greedy", "random", "kindrandom"];
    let mut whole = LocalGame::new(3, seats(&kinds)).unwrap();
    let mut resumed = LocalGame::new(3, seats(&kinds)).unwrap();
    let mut decisions = 0;
    loop {
        whole.advance();
        resumed.advance();
        if whole.log().current().is_over() {
            break;
        }
        assert!(matches!(whole.play_human("pass"), Err(WebError::NotYourTurn(_))));
        let (mv, _) = whole.bot_choice().unwrap();
        whole.play_bot(&mv.to_string(), whole.step()).unwrap();
        let (mv, _) = resumed.bot_choice().unwrap();
        resumed.play_bot(&mv.to_string(), resumed.step()).unwrap();
        decisions += 1;
        if decisions % 10 == 0 {
            resumed = LocalGame::from_record_json(&resumed.record_json(), 3).unwrap();
        }
    }
    assert!(resumed.log().current().is_over());
    assert_eq!(resumed.log().moves(), whole.log().moves());
    assert_eq!(resumed.seats(), whole.seats());
    let positions = resumed.positions();
    assert_eq!((positions[0], *positions.last().unwrap()), (0, resumed.step()));
}

#[test]
fn records_keep_the_seats_and_load_without_them() {
    let named = vec![
        Seat::parse("human", "Ann", 0).unwrap(),
        Seat::parse("greedy", "Bob", 1).unwrap(),
    ];
    let mut s = LocalGame::new(8, named.clone()).unwrap();
    s.advance();
    let json = s.record_json();
    assert!(json.contains("\"Ann\"") && json.contains("\"greedy\""), "{json}");
    assert_eq!(
        LocalGame::from_record_json(&json, 0).unwrap().seats(),
        named.as_slice()
    );
    let bare = r#"{"setup": {"players": 2}, "moves": ["token L"]}"#;
    let loaded = LocalGame::from_record_json(bare, 0).unwrap();
    assert_eq!(loaded.step(), 1);
    assert!(loaded.seats().iter().all(Seat::is_human));
    assert_eq!(loaded.seats()[1].name, "Player 2");
}

#[test]
fn a_loaded_record_plays_on_from_any_position() {
    let mut s = LocalGame::new(8, seats(&["greedy", "random"])).unwrap();
    play_bot_turns(&mut s, 8);
    let mut loaded = LocalGame::from_record_json(&s.record_json(), 0).unwrap();
    let at = loaded.positions()[3];
    let before = loaded.log().state_at(at).unwrap().clone();
    assert!(loaded.continue_from(at, seats(&["human"]), 1).is_err());
    assert!(loaded
        .continue_from(loaded.step() + 1, seats(&["human", "greedy"]), 1)
        .is_err());
    assert_eq!(loaded.step(), s.step(), "a refused continue changes nothing");
    loaded.continue_from(at, seats(&["human", "greedy"]), 1).unwrap();
    assert_eq!(loaded.step(), at);
    assert_eq!(loaded.log().current(), &before);
    assert_eq!(loaded.seed(), 1);
    assert_eq!(loaded.seats()[1].name, "Greedy bot");
}

#[test]
fn corrupt_records_name_the_step() {
    let mut s = LocalGame::new(5, seats(&["random", "random"])).unwrap();
    play_bot_turns(&mut s, 6);
    let mut record = s.log().to_record();
    record.moves[10] = "pass".parse().unwrap();
    let json = serde_json::to_string(&record).unwrap();
    let err = LocalGame::from_record_json(&json, 0).unwrap_err().to_string();
    assert!(err.contains("step 10: illegal move `pass`"), "{err}");
    let garbled = s.record_json().replacen("place", "plaice", 1);
    let err = LocalGame::from_record_json(&garbled, 0).unwrap_err().to_string();
    assert!(
        err.contains("not a game record") && err.contains("step "),
        "{err}"
    );
    let err = LocalGame::from_record_json("{\"chess\": 1}", 0)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("not a game record") && err.contains("setup"),
        "{err}"
    );
    let err = LocalGame::from_record_json("{\"setup\"", 0)
        .unwrap_err()
        .to_string();
    assert!(err.contains("not valid JSON"), "{err}");
}

#[test]
fn hot_seat_undo_takes_back_only_the_moves_of_the_person_deciding() {
    // Two people at one screen: once the first one's turn is over, the
    // second cannot take back the first one's move; within a turn, the
    // person deciding takes back their own decision.
    let mut s = LocalGame::new(4, seats(&["human", "human"])).unwrap();
    s.advance();
    let first = s.log().current().turn_player().unwrap();
    loop {
        let mv = s.log().current().legal_moves()[0].to_string();
        s.play_human(&mv).unwrap();
        s.advance();
        if s.log().current().turn_player() != Some(first) {
            break;
        }
    }
    assert_eq!(s.undo_target(), None);
    assert!(matches!(s.undo(), Err(WebError::NothingToUndo)));
    let step = s.step();
    let mv = s.log().current().legal_moves()[0].to_string();
    s.play_human(&mv).unwrap();
    s.advance();
    if s.log().current().turn_player() != Some(first) {
        assert_eq!(s.undo().unwrap(), step);
    }
}

#[test]
fn a_finished_game_cannot_be_undone() {
    let mut s = LocalGame::new(2, seats(&["human", "greedy"])).unwrap();
    loop {
        s.advance();
        if s.log().current().is_over() {
            break;
        }
        if s.human_to_move() {
            let mv = s.log().current().legal_moves()[0].to_string();
            s.play_human(&mv).unwrap();
        } else {
            let (mv, _) = s.bot_choice().unwrap();
            s.play_bot(&mv.to_string(), s.step()).unwrap();
        }
    }
    assert_eq!(s.undo_target(), None);
    assert!(matches!(s.undo(), Err(WebError::NothingToUndo)));
}

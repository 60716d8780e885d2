//! The advisor natively: a hint is a legal move with the points it scores, a
//! review judges every decision of a record and finds the weaker player.

mod support;

use carcassonne_safari::{Actor, GameState, Setup};
use carcassonne_safari_web::advice::{Advisor, Review, ADVISOR};
use carcassonne_safari_web::{LocalGame, Seat, WebError};
use support::seats;

/// A whole game between bots `kinds`, played by the page's local game.
fn play(seed: u64, kinds: &[&str]) -> LocalGame {
    let mut s = LocalGame::new(seed, seats(kinds)).unwrap();
    loop {
        s.advance();
        if s.log().current().is_over() {
            return s;
        }
        let (mv, _) = s.bot_choice().unwrap();
        s.play_bot(&mv.to_string(), s.step()).unwrap();
    }
}

#[test]
fn the_advisor_is_a_bot_the_page_can_run() {
    assert!(Seat::parse(ADVISOR, "", 0).is_ok());
}

#[test]
fn a_hint_is_a_legal_move_and_counts_the_points_it_scores() {
    let mut s = LocalGame::new(5, seats(&["human", "human"])).unwrap();
    let mut advisor = Advisor::new(1).unwrap();
    // Hints along a game: each one legal, its points never negative and at
    // most what the turn can score, and its margin the mover's expected
    // score less the other's.
    for _ in 0..40 {
        s.advance();
        let state = s.log().current().clone();
        if state.is_over() {
            break;
        }
        let hint = advisor.hint(&state, s.step()).unwrap();
        assert!(
            state.legal_moves().iter().any(|m| m.to_string() == hint.mv),
            "{} is not legal",
            hint.mv
        );
        let o = &hint.outcome;
        assert_eq!(o.expected.len(), 2);
        let me = hint.seat as usize;
        assert!((o.margin - (o.expected[me] - o.expected[1 - me])).abs() < 1e-3);
        // The expected final score is at least what is already scored.
        for (seat, &score) in state.scores().iter().enumerate() {
            assert!(o.expected[seat] + 1e-3 >= (score + o.points[seat]) as f32);
        }
        s.play_human(&hint.mv).unwrap();
    }
}

#[test]
fn no_hint_where_nobody_decides() {
    let start = GameState::new(&Setup::new(2)).unwrap();
    assert_eq!(start.to_move(), Some(Actor::Chance));
    let mut advisor = Advisor::new(0).unwrap();
    assert!(matches!(advisor.hint(&start, 0), Err(WebError::NotYourTurn(_))));
}

#[test]
fn a_review_judges_every_decision_and_finds_the_weaker_player() {
    // The strong seat 0 against a random one: the review finds the random
    // player giving away far more than the strong one.
    let game = play(11, &["oneply", "random"]);
    let record = game.record_json();
    let mut review = Review::new(&record).unwrap();
    let decisions: Vec<usize> = game.log().decision_steps().collect();
    assert_eq!(review.total(), decisions.len());
    let mut lost = [0.0f32; 2];
    let mut steps = Vec::new();
    while let Some(j) = review.next_judgement() {
        assert_eq!(j.played, game.log().moves()[j.step].to_string());
        assert!(j.loss >= 0.0);
        if j.played == j.best {
            assert_eq!(j.loss, 0.0);
        }
        lost[j.seat as usize] += j.loss;
        steps.push(j.step);
    }
    assert_eq!(steps, decisions);
    assert!(lost[1] > 3.0 * lost[0] + 10.0, "lost {lost:?}");
    // The end of a finished game is its final score.
    let end = review.end();
    let finals = game.log().current().scores();
    assert_eq!(end, finals.iter().map(|&s| s as f32).collect::<Vec<_>>());
}

#[test]
fn a_bad_record_is_refused() {
    assert!(matches!(Review::new("{"), Err(WebError::Record(_))));
}

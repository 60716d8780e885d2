//! The advisor natively: a hint is the Expert bot's legal move with the
//! points it scores, a review judges every decision of a record on the
//! Expert bot's scale and finds the weaker player.

use crate::support::seats;
use carcassonne_safari::{Actor, GameState, Setup};
use carcassonne_safari_bots::{Bot, OnePly, TwoPly};
use carcassonne_safari_web::advice::{Advisor, Review, ADVISOR, CLOSE};
use carcassonne_safari_web::{LocalGame, Seat, WebError};

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
fn the_advisor_is_the_strongest_level_a_review_can_afford() {
    // The Expert bot (two-ply); the Master bot (the tree of whole turns)
    // thinks some ten times longer a decision.
    assert_eq!(ADVISOR, "twoply");
}

#[test]
fn a_hint_is_the_expert_bots_move_not_the_strong_bots() {
    // Along a game between bots, the hint at every decision is a move the
    // two-ply bot values most (the move it plays, but for a coin between
    // equals); at some of them the one-ply bot would have played otherwise
    // (the advisor used to be the one-ply bot).
    let mut s = LocalGame::new(3, seats(&["human", "human"])).unwrap();
    let (mut agree, mut differ) = (0, 0);
    for _ in 0..60 {
        s.advance();
        let state = s.log().current().clone();
        if state.is_over() {
            break;
        }
        let hint = Advisor::new(9).hint(&state, s.step()).unwrap();
        let moves = state.legal_moves();
        let mut values = vec![0.0f32; moves.len()];
        if moves.len() > 1 {
            TwoPly::new(9).move_values(&state, &moves, &mut values);
        }
        let most = values.iter().copied().fold(f32::MIN, f32::max);
        let at = moves
            .iter()
            .position(|m| m.to_string() == hint.mv)
            .expect("a legal hint");
        assert_eq!(values[at], most, "step {}", s.step());
        let expert = moves[at];
        if OnePly::new(9).choose(&state).unwrap() == expert {
            agree += 1;
        } else {
            differ += 1;
        }
        s.play_human(&hint.mv).unwrap();
    }
    assert!(agree > 0 && differ > 0, "agree {agree}, differ {differ}");
}

#[test]
fn a_hint_is_a_legal_move_and_counts_the_points_it_scores() {
    let mut s = LocalGame::new(5, seats(&["human", "human"])).unwrap();
    let mut advisor = Advisor::new(1);
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
        assert!((o.win.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{:?}", o.win);
        // The moves about as good: other legal moves, the best first, each
        // within CLOSE of the hint's value.
        let mut behind = 0.0;
        for alt in &hint.alternatives {
            assert!(alt.mv != hint.mv && state.legal_moves().iter().any(|m| m.to_string() == alt.mv));
            assert!(
                alt.behind >= behind && alt.behind <= CLOSE,
                "{} {}",
                alt.mv,
                alt.behind
            );
            behind = alt.behind;
        }
        assert!(hint.alternatives.len() <= 2);
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
    let mut advisor = Advisor::new(0);
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
    let mut expert = TwoPly::new(0);
    let mut strong_lost = 0;
    let mut drawn = [0.0f32; 2];
    while let Some(j) = review.next_judgement() {
        drawn[0] += j.luck[0];
        drawn[1] += j.luck[1];
        assert_eq!(j.played, game.log().moves()[j.step].to_string());
        assert!(j.loss >= 0.0);
        if j.played == j.best {
            assert_eq!(j.loss, 0.0);
            assert!(j.agrees);
        }
        // A point or more given away is beyond the judge's noise: no agreement.
        if j.loss >= 1.0 {
            assert!(!j.agrees, "step {}", j.step);
        }
        // The best move is one the two-ply bot values most, and the loss is
        // its value less the played move's on the two-ply bot's scale.
        let state = game.log().state_at(j.step).unwrap();
        let moves = state.legal_moves();
        let mut values = vec![0.0f32; moves.len()];
        if moves.len() > 1 {
            expert.move_values(state, &moves, &mut values);
        }
        let value = |text: &str| values[moves.iter().position(|m| m.to_string() == text).unwrap()];
        let most = values.iter().copied().fold(f32::MIN, f32::max);
        assert_eq!(value(&j.best), most, "step {}", j.step);
        assert!(
            (j.loss - (most - value(&j.played))).abs() < 1e-4,
            "step {}",
            j.step
        );
        // The one-ply seat's moves are not all the advisor's own.
        if j.seat == 0 && j.loss > 0.0 {
            strong_lost += 1;
        }
        lost[j.seat as usize] += j.loss;
        steps.push(j.step);
    }
    assert_eq!(steps, decisions);
    // The draws between the decisions were weighed too: at two players what
    // a draw gives one margin it takes from the other.
    let luck = review.luck();
    assert_eq!(luck.len(), 2);
    assert!(
        luck[0] != 0.0 && (luck[0] + luck[1]).abs() < 1e-2,
        "luck {luck:?}"
    );
    // Each draw's luck is told with the decision after it; none follows the
    // last decision of a finished game.
    assert!(
        (drawn[0] - luck[0]).abs() < 1e-2 && (drawn[1] - luck[1]).abs() < 1e-2,
        "{drawn:?} {luck:?}"
    );
    assert!(strong_lost > 0, "the Expert bot agrees with every one-ply move");
    assert!(lost[1] > 3.0 * lost[0] + 10.0, "lost {lost:?}");
    // The end of a finished game is its final score.
    let end = review.end();
    let finals = game.log().current().scores();
    assert_eq!(end, finals.iter().map(|&s| s as f32).collect::<Vec<_>>());
    // And its chance to win is the win: all of it to the higher score.
    let win = review.end_win();
    let winner = if finals[0] > finals[1] { 0 } else { 1 };
    assert!(finals[0] != finals[1]);
    assert_eq!(win[winner], 1.0, "{win:?} {finals:?}");
}

#[test]
fn a_bad_record_is_refused() {
    assert!(matches!(Review::new("{"), Err(WebError::Record(_))));
}

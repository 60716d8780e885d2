//! Bad input: every kind of move at every kind of decision, the specific reason an
//! illegal move is refused, moves from the wrong actor, and impossible setups.
//! A refused move must leave the state as it was (DESIGN "Core API": `apply`
//! "changes nothing") and agree with `is_legal` and `legal_moves`.

use crate::support;

use carcassonne_safari::{
    error::IllegalReason as R, Actor, Animal, GameState, MoveError, Phase, Setup, SetupError,
};
use support::*;

/// One move of every kind (DESIGN "Move notation").
const ONE_OF_EACH: [&str; 12] = [
    "draw CS1:-",
    "token L",
    "place 0,1 90",
    "meeple 0",
    "meeple baobab",
    "ranger 0,-1 2,0",
    "dig -1,0 nw L",
    "expand -1,0 nw L",
    "pass",
    "boost L",
    "noboost",
    "return 1,1",
];

/// Refuses every move whose keyword is not in `allowed` with `WrongPhase`.
fn wrong_phase_everywhere_but(s: &GameState, allowed: &[&str]) {
    for text in ONE_OF_EACH {
        let keyword = text.split(' ').next().unwrap();
        if !allowed.contains(&keyword) {
            refused(s, text, R::WrongPhase(s.phase()));
        }
    }
}

/// DESIGN "Decisions, in order": a move of the wrong kind for the current
/// decision is refused with `WrongPhase`, at each kind of decision.
#[test]
fn wrong_kind_of_move_is_refused_at_every_decision() {
    // Chance token draw (setup deal).
    let deal = GameState::new(&Setup::new(2)).unwrap();
    assert_eq!(deal.phase(), Phase::DrawToken { player: P0 });
    wrong_phase_everywhere_but(&deal, &["token"]);

    // Default rangers (0,-1) and (0,1); both players hold a lion.
    let g = game(&["L", "L"], [(0, -1), (0, 1)]);
    assert_eq!(g.phase(), Phase::DrawTile);
    wrong_phase_everywhere_but(&g, &["draw"]);

    let s = st(&g, &["draw CS4:E"]);
    assert!(matches!(s.phase(), Phase::Place { .. }));
    wrong_phase_everywhere_but(&s, &["place"]);

    let s = st(&s, &["place 0,1 90"]); // displaces the ranger at (0,1)
    assert_eq!(s.phase(), Phase::Action);
    wrong_phase_everywhere_but(&s, &["meeple", "ranger", "dig", "expand", "pass"]);

    let s = st(&s, &["meeple 0"]);
    assert_eq!(s.phase(), Phase::Return);
    wrong_phase_everywhere_but(&s, &["return"]);

    // P1 completes P0's trail: P0's boost question.
    let s = st(&s, &["return 1,1", "draw CS3:Z", "place 0,2 270", "pass"]);
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    wrong_phase_everywhere_but(&s, &["boost", "noboost"]);
}

/// Once the game is over every move is refused with `GameOver`, nobody is to
/// move and nothing is listed.
#[test]
fn every_move_is_refused_once_the_game_is_over() {
    let (end, _, _) = finish(&game(&["L", ""], [(0, -1), (0, 1)]), &[]);
    assert!(end.is_over());
    assert_eq!(end.phase(), Phase::GameOver);
    assert_eq!(end.to_move(), None);
    assert!(end.legal_moves().is_empty());
    assert!(end.chance_outcomes().is_empty());
    for text in ONE_OF_EACH {
        refused(&end, text, R::GameOver);
        assert_eq!(
            end.apply_as(Actor::Player(P0), mv(text)).map(|_| ()),
            Err(MoveError {
                mv: mv(text),
                reason: R::GameOver
            })
        );
    }
}

/// Chance decisions: a tile design no longer in the pile, a token animal no
/// longer in the supply.
#[test]
fn chance_outcomes_that_cannot_happen_are_refused() {
    let g = game(&["LLLLLLLLLL", ""], [(-2, 0), (-1, -1)]);
    // CS5 has one copy.
    let s = st(&g, &["draw CS5:L", "place 2,0 0", "pass"]);
    refused(&s, "draw CS5:L", R::TileNotInPile);
    // All ten lions are in P0's hand.
    let s = st(&s, &["draw CS1:-", "place 1,1 0", "meeple baobab"]);
    assert_eq!(s.phase(), Phase::DrawToken { player: P1 });
    refused(&s, "token L", R::TokenNotInSupply);
    assert!(listed(&s, "token M"));
}

/// Placement reasons (R-PLACE-1).
#[test]
fn place_reasons() {
    let s = st(&game(&["", ""], [(-2, 0), (2, 0)]), &["draw CS4:E"]);
    refused(&s, "place 1,0 90", R::CellOccupied);
    refused(&s, "place 0,3 90", R::NotAdjacent);
    refused(&s, "place 0,1 0", R::EdgesDoNotMatch(carcassonne_safari::Side::N));
}

/// Action and return reasons: meeple, ranger and watering-hole moves (R-ACTION,
/// R-RANGER, R-WATER).
#[test]
fn action_and_return_reasons() {
    let g = game(&["LLZ", "G"], [(0, -1), (0, 1)]);
    // P0: CS3:E (no baobab, one segment) on (2,0); no ranger displaced.
    let s = st(&g, &["draw CS3:E", "place 2,0 180"]);
    refused(&s, "meeple 1", R::NoSuchSegment(1));
    refused(&s, "meeple 7", R::NoSuchSegment(7));
    refused(&s, "meeple baobab", R::NoBaobab);
    refused(&s, "ranger 5,5 1,1", R::NoRangerThere(p(5, 5)));
    refused(&s, "ranger 0,-1 2,0", R::RangerCellInvalid(p(2, 0)));
    refused(&s, "ranger 0,-1 9,9", R::RangerCellInvalid(p(9, 9)));
    refused(&s, "ranger 0,-1 0,1", R::RangerOnRanger(p(0, 1)));
    refused(&s, "dig -1,0 nw G", R::TokenNotInHand(Animal::Giraffe));
    refused(&s, "expand -1,0 nw G", R::TokenNotInHand(Animal::Giraffe));
    refused(&s, "dig 4,4 nw L", R::NoTile(p(4, 4)));
    refused(&s, "dig 1,0 ne L", R::SlotNotOpen);
    refused(&s, "expand -1,0 nw L", R::NoHoleToExpand);
    let s = st(&s, &["dig -1,0 nw L"]);

    // P1: a tile on the ranger's cell (0,-1).
    let s = st(&s, &["draw CS1:-", "place 0,-1 0"]);
    refused(&s, "ranger 0,1 1,1", R::RangerDisplacedThisTurn);
    refused(&s, "dig -1,0 nw G", R::SlotTaken);
    refused(&s, "expand -1,0 nw G", R::SlotTaken);
    let s = st(&s, &["pass"]);
    assert_eq!(s.phase(), Phase::Return);
    refused(&s, "return 0,1", R::RangerOnRanger(p(0, 1)));
    refused(&s, "return 0,-1", R::RangerCellInvalid(p(0, -1)));
    refused(&s, "return 7,7", R::RangerCellInvalid(p(7, 7)));
    let s = st(&s, &["return 1,-1"]);

    // P0: a tile whose SW corner touches the lion at START-W's NW corner.
    let s = st(&s, &["draw CS1:-", "place -1,-1 0"]);
    refused(&s, "dig -1,-1 sw Z", R::TouchesHole);
    refused(&s, "expand -1,-1 sw L", R::AnimalAlreadyAtHole(Animal::Lion));
    let s = st(&s, &["expand -1,-1 sw Z"]);

    // P1 takes a trail (displacing the ranger at (0,1)); P0 may not join it.
    let s = st(&s, &["draw CS4:M", "place 0,1 90", "meeple 0", "return 1,1"]);
    let s = st(&s, &["draw CS4:E", "place 0,2 90"]);
    refused(&s, "meeple 0", R::FeatureOccupied);
    assert!(listed(&s, "meeple baobab"));
}

/// Boost reasons (R-TRAIL-4): a token not in hand, an animal already on the trail.
#[test]
fn boost_reasons() {
    let s = st(
        &game(&["GL", ""], [(-2, 0), (2, 0)]),
        &[
            "draw CS4:E",
            "place 0,1 90",
            "meeple 0",
            "draw CS3:Z",
            "place 0,2 270",
            "pass",
        ],
    );
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    refused(&s, "boost G", R::AnimalOnFeature(Animal::Giraffe));
    refused(&s, "boost M", R::TokenNotInHand(Animal::Monkey));
    refused(&s, "boost Z", R::TokenNotInHand(Animal::Zebra));
}

/// R-ACTION-1 / R-WATER-2: with all 6 meeples on the board a player can neither
/// place a meeple nor dig (a dig needs a meeple); nothing of the kind is listed.
#[test]
fn no_meeple_left() {
    let g = game(&["L", ""], [(-2, 0), (2, 0)]);
    let s = st(
        &g,
        &[
            // A column of N-S trails under START-M; P0 puts a meeple on the trail,
            // then on five baobabs whose rings never fill.
            "draw CS4:M",
            "place 0,1 90",
            "meeple 0",
            "draw CS4:E",
            "place 0,2 90",
            "pass",
            "draw CS4:L",
            "place 0,3 90",
            "meeple baobab",
            "token M",
            "token M",
            "draw CS5:L",
            "place 0,4 90",
            "pass",
            "draw CS11:G,G",
            "place 0,5 0",
            "meeple baobab",
            "token M",
            "token M",
            "draw CS13:G,-",
            "place 0,6 0",
            "pass",
            "draw CS11:Z,Z",
            "place 0,7 0",
            "meeple baobab",
            "token M",
            "token M",
            "draw CS13:Z,-",
            "place 0,8 0",
            "pass",
            "draw CS11:Z,Z",
            "place 0,9 0",
            "meeple baobab",
            "token E",
            "token E",
            "draw CS24:E,E,L",
            "place 0,10 0",
            "pass",
            "draw CS12:Z,-",
            "place 0,11 0",
            "meeple baobab",
            "token E",
            "token E",
            "draw CS6:M",
            "place 0,12 180",
            "pass",
            // P0: a baobab tile with savanna all round.
            "draw CS1:-",
            "place 1,1 0",
        ],
    );
    assert_eq!(s.meeples_in_supply(P0), 0);
    assert_eq!(s.meeples().filter(|m| m.player == P0).count(), 6);
    refused(&s, "meeple baobab", R::NoMeepleLeft);
    refused(&s, "dig -1,0 nw L", R::NoMeepleLeft);
    assert!(!s
        .legal_moves()
        .iter()
        .any(|m| matches!(m.keyword(), "meeple" | "dig")));
}

/// `apply_as` refuses a move from an actor who is not to move (NotYourTurn,
/// naming who is), and accepts it from the right one.
#[test]
fn apply_as_with_the_wrong_actor_is_not_your_turn() {
    let g = game(&["L", "L"], [(-2, 0), (2, 0)]);
    let draw = mv("draw CS4:E");
    let err = |actor, m| g.apply_as(actor, m).map(|_| ()).unwrap_err().reason;
    assert_eq!(err(Actor::Player(P0), draw), R::NotYourTurn(Actor::Chance));
    assert!(g.apply_as(Actor::Chance, draw).is_ok());

    let s = st(&g, &["draw CS4:E"]);
    let place = mv("place 0,1 90");
    for wrong in [Actor::Chance, Actor::Player(P1)] {
        assert_eq!(
            s.apply_as(wrong, place).map(|_| ()),
            Err(MoveError {
                mv: place,
                reason: R::NotYourTurn(Actor::Player(P0))
            })
        );
    }
    assert_eq!(
        s.apply_as(Actor::Player(P0), place).unwrap(),
        s.apply(place).unwrap()
    );

    // P1's tile completes P0's trail: P0 answers the boost question on P1's turn.
    let s = st(
        &s,
        &["place 0,1 90", "meeple 0", "draw CS3:Z", "place 0,2 270", "pass"],
    );
    assert_eq!(s.turn_player().unwrap(), P1);
    assert_eq!(s.to_move(), Some(Actor::Player(P0)));
    let noboost = mv("noboost");
    assert_eq!(
        s.apply_as(Actor::Player(P1), noboost)
            .map(|_| ())
            .unwrap_err()
            .reason,
        R::NotYourTurn(Actor::Player(P0))
    );
    assert!(s.apply_as(Actor::Player(P0), noboost).is_ok());
}

/// Setups the game cannot start from (R-COMP-2/3, R-SETUP-2, R-RANGER-1).
#[test]
fn impossible_setups_are_refused() {
    let new = |s: Setup| GameState::new(&s).map(|_| ()).unwrap_err();
    assert_eq!(new(Setup::new(1)), SetupError::Players(1));
    assert_eq!(new(Setup::new(6)), SetupError::Players(6));
    assert_eq!(new(Setup::new(0)), SetupError::Players(0));
    for n in 2..=5 {
        assert!(GameState::new(&Setup::new(n)).is_ok());
    }

    let rangers = |a: (i8, i8), b: (i8, i8)| Setup::new(2).with_rangers([p(a.0, a.1), p(b.0, b.1)]);
    assert_eq!(
        new(rangers((0, -1), (0, -1))),
        SetupError::RangersShareCell(p(0, -1))
    );
    assert_eq!(new(rangers((0, -1), (5, 5))), SetupError::RangerCell(p(5, 5)));
    assert_eq!(new(rangers((0, 0), (0, 1))), SetupError::RangerCell(p(0, 0)));
    assert_eq!(new(rangers((0, -2), (0, 1))), SetupError::RangerCell(p(0, -2)));
    // (2,1) meets the start tile only at a corner.
    assert_eq!(new(rangers((2, 1), (0, 1))), SetupError::RangerCell(p(2, 1)));
    assert!(GameState::new(&rangers((-2, 0), (2, 0))).is_ok());

    let hands = |n: usize, h: Vec<Vec<Animal>>| Setup::new(n).with_hands(h);
    assert_eq!(
        new(hands(2, vec![vec![]])),
        SetupError::HandsCount { given: 1, players: 2 }
    );
    assert_eq!(
        new(hands(2, vec![vec![], vec![], vec![]])),
        SetupError::HandsCount { given: 3, players: 2 }
    );
    assert_eq!(
        new(hands(2, vec![animals("LLLLLLLLLL"), animals("L")])),
        SetupError::TooManyTokens {
            animal: Animal::Lion,
            count: 11
        }
    );
    assert_eq!(
        new(hands(3, vec![vec![], animals("ZZZZZZZZZZZ"), vec![]])),
        SetupError::TooManyTokens {
            animal: Animal::Zebra,
            count: 11
        }
    );
    assert!(GameState::new(&hands(2, vec![animals("LLLLLLLLLL"), vec![]])).is_ok());
}

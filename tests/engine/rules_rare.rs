//! Rules on paths that random play almost never reaches, each on a constructed
//! position.

use crate::support;

use carcassonne_safari::{error::IllegalReason as R, events::ScoreReason, Animal, Event, GameRecord, Phase};
use support::*;

/// R-PLACE-2, R-END-1: when the last tile of the pile fits nowhere, it is
/// removed and the game ends inside that draw: final scoring, game over,
/// nobody to move. (In 200,000 random games the last tile always fitted; this
/// record, found by a search that placed tiles to leave no room for an
/// all-savanna tile, ends with one.)
#[test]
fn r_place_2_an_unplaceable_last_tile_ends_the_game() {
    let text = include_str!("../data/last-tile-unplaceable.json");
    let record: GameRecord = serde_json::from_str(text).expect("a record");
    let (s, _) = record.replay().expect("the record replays");
    assert_eq!(s.phase(), Phase::DrawTile);
    assert_eq!(s.tiles_left(), 1);
    let last = mv("draw CS1:-");
    assert_eq!(s.legal_moves().to_vec(), vec![last]);
    assert!(
        placements_of(&s, "CS1:-".parse().unwrap()).is_empty(),
        "it fits nowhere"
    );
    let before = s.scores().to_vec();
    let (end, ev) = s.apply(last).unwrap();
    // The draw, the removal, then final scoring and the end.
    assert!(matches!(ev[0], Event::TileDrawn { .. }));
    assert!(matches!(ev[1], Event::TileRemoved { .. }));
    assert!(matches!(ev.last(), Some(Event::GameOver { .. })));
    let finals = scored(&ev[2..]);
    assert!(!finals.is_empty(), "final scoring ran");
    assert!(finals.iter().all(|(_, _, r)| matches!(
        r,
        ScoreReason::FinalFeature { .. } | ScoreReason::FinalTokens { .. }
    )));
    let total: u32 = finals.iter().map(|&(_, n, _)| n).sum();
    assert_eq!(
        end.scores().iter().sum::<u32>(),
        before.iter().sum::<u32>() + total
    );
    assert!(end.is_over());
    assert_eq!(end.to_move(), None);
    assert_eq!((end.tiles_left(), end.tiles_removed()), (0, 1));
    assert!(end.legal_moves().is_empty());
}

/// R-TOKEN-2: with exactly one token in the supply and a non-empty discard, a
/// two-token draw takes the supply's last token first; only the second draw,
/// from an empty supply, turns the discard into the supply. No token is lost
/// or made.
#[test]
fn r_token_2_no_reshuffle_before_the_supply_is_empty() {
    // The hands hold 49 tokens: the supply is one zebra.
    let g = game(
        &["MMMMMMMMMMEEEEEEEEEEGGGGGGGGGG", "LLLLLLLLLLZZZZZZZZZ"],
        [(-2, 0), (2, 0)],
    );
    assert_eq!(g.token_supply().total(), 1);
    // P1 completes P0's trail; P0 boosts it with a monkey: the discard holds one.
    let s = st(
        &g,
        &[
            "draw CS4:E",
            "place 0,1 90",
            "meeple 0",
            "draw CS3:Z",
            "place 0,2 270",
            "pass",
            "boost M",
        ],
    );
    assert_eq!((s.token_supply().total(), s.token_discard().total()), (1, 1));
    // A baobab meeple draws two: the zebra, then (reshuffle) the monkey.
    let (s, ev) = play(&s, &["draw CS1:-", "place -1,-1 0", "meeple baobab"]);
    assert!(!ev.iter().any(|e| matches!(e, Event::SupplyReshuffled { .. })));
    assert_eq!(
        s.chance_outcomes().iter().collect::<Vec<_>>(),
        vec![(mv("token Z"), 1)],
        "the supply's last token"
    );
    let (s, ev) = play(&s, &["token Z"]);
    assert_eq!(
        ev,
        vec![
            Event::TokenDrawn {
                player: P0,
                animal: Animal::Zebra
            },
            Event::SupplyReshuffled { tokens: 1 }
        ]
    );
    assert_eq!(s.phase(), Phase::DrawToken { player: P0 });
    assert_eq!(
        s.chance_outcomes().iter().collect::<Vec<_>>(),
        vec![(mv("token M"), 1)]
    );
    let s = st(&s, &["token M"]);
    assert_eq!((s.token_supply().total(), s.token_discard().total()), (0, 0));
    let in_hands = s.hand(P0).total() as u32 + s.hand(P1).total() as u32;
    assert_eq!(in_hands, 50, "R-COMP-2: all 50 tokens are in the hands again");
}

/// R-MAJ-1 with R-TRAIL-4: two tied scorers are asked in turn; when only the
/// second boosts, each scores for its own count (the first without, the
/// second with the boost).
#[test]
fn r_trail_4_only_one_of_two_tied_scorers_boosts() {
    // P1 completes the trail, so P1 is asked first, then P0.
    let s = joined_trails(["Z", "Z"]);
    assert_eq!(s.phase(), Phase::Boost { player: P1 });
    let (s, ev) = play(&s, &["noboost"]);
    assert!(
        ev.is_empty(),
        "nothing is scored before every scorer has answered"
    );
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    let (s, ev) = play(&s, &["boost Z"]);
    let pts = points(&ev);
    assert_eq!(pts, vec![(P1, TABLE[4]), (P0, TABLE[5])]);
    assert_eq!(s.hand(P1).get(Animal::Zebra), 1);
    assert_eq!(s.hand(P0).get(Animal::Zebra), 0);
    assert_eq!(s.token_discard().get(Animal::Zebra), 1);
}

/// R-WATER-3 and R-WATER-4: a slot between two holes dug diagonally at one
/// vertex touches both; an expansion there must differ from the animals of
/// both holes.
#[test]
fn r_water_3_an_expansion_between_two_diagonal_holes_differs_from_both() {
    let g = game(&["GZ", "GZZL"], [(2, 0), (1, 1)]);
    let s = st(
        &g,
        &[
            "draw CS1:-",
            "place -2,0 0",
            "dig -1,0 nw G",
            "draw CS1:-",
            "place -2,-1 0",
            "dig -2,-1 se Z",
            "draw CS3:E",
            "place -1,-1 0",
            "pass",
        ],
    );
    // P1 at vertex (-1,0): NW of (-1,0) holds G, SE of (-2,-1) holds Z (two
    // holes), SW of (-1,-1) and NE of (-2,0) touch both.
    let s = st(&s, &["draw CS4:E", "place 0,1 90"]);
    assert_eq!(s.water_holes().len(), 2);
    for slot in ["-1,-1 sw", "-2,0 ne"] {
        refused(
            &s,
            &format!("expand {slot} G"),
            R::AnimalAlreadyAtHole(Animal::Giraffe),
        );
        refused(
            &s,
            &format!("expand {slot} Z"),
            R::AnimalAlreadyAtHole(Animal::Zebra),
        );
        refused(&s, &format!("dig {slot} L"), R::TouchesHole);
        assert!(listed(&s, &format!("expand {slot} L")));
    }
    let (s, ev) = play(&s, &["expand -1,-1 sw L"]);
    assert_eq!(scored(&ev), vec![(P1, 5, ScoreReason::Expand { nth: 3 })]);
    assert_eq!(s.water_holes().len(), 1, "the lion joins the two holes");
}

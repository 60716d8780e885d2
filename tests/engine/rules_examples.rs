//! The rulebooks' worked examples, each rebuilt as a real
//! board with the tiles of `tiles.txt` and played through the engine's decisions.
//! Expected points come from `docs/rules.md` and the tile data, worked out in comments.

use crate::support;

use carcassonne_safari::view::SegmentRef;
use carcassonne_safari::{
    error::IllegalReason, events::MeepleSpot, events::ScoreReason, Animal, Event, FeatureKind, Phase,
};
use support::*;

/// Trail START-M (giraffe) - CS4:E (elephant) at (0,1) - CS3:Z (zebra) at (0,2),
/// P0's meeple on it, completed by P1: the state at P0's boost question.
fn trail_giraffe_elephant_zebra(hand0: &str) -> carcassonne_safari::GameState {
    let g = game(&[hand0, ""], [(-2, 0), (2, 0)]);
    let s = st(
        &g,
        &[
            "draw CS4:E",
            "place 0,1 90", // printed E-W trail turned N-S: joins START-M's S trail end
            "meeple 0",
            "draw CS3:Z",
            "place 0,2 270", // printed E dead end turned to N: closes the trail
            "pass",
        ],
    );
    let f = s.feature(p(0, 1), 0).unwrap();
    assert_eq!(f.segments, vec![(p(0, 0), 0), (p(0, 1), 0), (p(0, 2), 0)]);
    assert!(f.is_complete());
    s
}

/// Rulebook example (003 "Placing additional animals"; 000 "Improving your
/// scoring"): a trail with a giraffe, an elephant and a zebra scores 6; with a
/// lion token discarded it scores 10 (R-TRAIL-3, R-TRAIL-4).
#[test]
fn r_trail_4_boost_lion_scores_10() {
    let s = trail_giraffe_elephant_zebra("L");
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    assert_eq!(s.legal_moves().to_vec(), vec![mv("boost L"), mv("noboost")]);

    let (boosted, ev) = play(&s, &["boost L"]);
    // 3 kinds + 1 boost = 4 kinds.
    assert_eq!(points(&ev), vec![(P0, TABLE[4])]);
    assert_eq!(boosted.scores(), &[10, 0]);
    assert_eq!(boosted.token_discard().get(Animal::Lion), 1, "R-TOKEN-3");
    assert!(hand(&boosted, P0).is_empty());
    assert_eq!(boosted.meeples_in_supply(P0), 6, "R-MAJ-2");
    assert!(ev.contains(&Event::BoostUsed {
        player: P0,
        animal: Animal::Lion
    }));

    let (plain, ev) = play(&s, &["noboost"]);
    assert_eq!(points(&ev), vec![(P0, TABLE[3])]);
    assert_eq!(plain.scores(), &[6, 0]);
    assert_eq!(hand(&plain, P0), vec![Animal::Lion]);
}

/// Rulebook example (003/000 "The Bush"): a completed bush with a monkey and a
/// giraffe, boosted by a zebra, counts 3 kinds (6) plus 3 birds: 9 (R-BUSH-2).
#[test]
fn r_bush_2_boost_zebra_with_3_birds_scores_9() {
    let g = game(&["Z", ""], [(-2, 0), (2, 0)]);
    let s = st(
        &g,
        &[
            // CS28:G (bush N+E, giraffe, 2 birds) turned 180: bush S+W; S joins
            // START-E's north bush (1 bird, no animal).
            "draw CS28:G",
            "place 1,-1 180",
            "meeple 0",
            // CS20:M (bush E, monkey, no bird) closes the west end.
            "draw CS20:M",
            "place 0,-1 0",
            "pass",
        ],
    );
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    let f = s.scoring_feature().unwrap();
    assert_eq!(f.kind, FeatureKind::Bush);
    assert_eq!(f.segments, vec![(p(0, -1), 0), (p(1, -1), 0), (p(1, 0), 1)]);
    // Independent count from the tile data: monkey + giraffe, 0 + 2 + 1 birds.
    let birds: u32 = f
        .segments
        .iter()
        .map(|r| segment_content(&s, r.pos, r.seg).1)
        .sum();
    assert_eq!(birds, 3);

    let (after, ev) = play(&s, &["boost Z"]);
    assert_eq!(points(&ev), vec![(P0, TABLE[3] + 3)]);
    assert_eq!(after.scores(), &[9, 0]);
    assert_eq!(
        scored(&ev)[0].2,
        ScoreReason::Feature {
            kind: FeatureKind::Bush,
            species: 2,
            boost: Some(Animal::Zebra),
            table: 6,
            birds: 3
        }
    );
}

/// Rulebook example (003/000 "Multiple meeples on the same feature", first
/// example): two players' trails, one meeple each, joined by the active player
/// into one completed trail with 4 kinds (giraffe, lion, monkey, elephant). The
/// active player ("You", P1 here) boosts with a zebra: 15; the other ("Blue", P0)
/// does not: 10. Both are asked, active player first (DESIGN decision 5), which
/// here means P1 then P0 (wrapping round).
#[test]
fn r_maj_1_joined_trails_booster_scores_15_other_10() {
    let s = joined_trails(["Z", "Z"]);
    assert_eq!(s.turn_player().unwrap(), P1);
    assert_eq!(
        s.phase(),
        Phase::Boost { player: P1 },
        "active player is asked first"
    );
    let f = s.scoring_feature().unwrap();
    assert_eq!(f.meeples[..2], [1, 1]);
    assert_eq!(f.animals.species(), 4);
    let s = st(&s, &["boost Z"]);
    assert_eq!(
        s.phase(),
        Phase::Boost { player: P0 },
        "then the next player round"
    );
    let (after, ev) = play(&s, &["noboost"]);
    let mut pts = points(&ev);
    pts.sort();
    assert_eq!(pts, vec![(P0, TABLE[4]), (P1, TABLE[5])]);
    assert_eq!(after.scores(), &[10, 15]);
    assert_eq!(after.meeples_in_supply(P0), 6);
    assert_eq!(after.meeples_in_supply(P1), 6);
}

/// Rulebook example (003/000, second "multiple meeples" example): three bushes
/// with meeples (You 2, Blue 1) joined into one completed bush with 3 kinds and 5
/// birds. You do not boost: 6 + 5 = 11 for You only; Blue scores nothing; all
/// three meeples go home (R-MAJ-1, R-MAJ-2).
#[test]
fn r_maj_1_three_bushes_majority_scores_11_alone() {
    let g = game(&["L", "L"], [(-2, 0), (2, 0)]);
    let s = st(
        &g,
        &[
            // P0: CS28:Z (bush N+E, zebra, 2 birds) turned 180 -> S+W; joins START-E's
            // bush (1 bird). Arm 1.
            "draw CS28:Z",
            "place 1,-1 180",
            "meeple 0",
            // P1: filler so that (0,-2) touches a tile.
            "draw CS1:-",
            "place 1,-2 0",
            "pass",
            // P0: CS25:M,L, segment 0 = bush E with the monkey and 1 bird. Arm 2.
            "draw CS25:M,L",
            "place -1,-1 0",
            "meeple 0",
            // P1: CS16:Z,- turned 90: segment 1 = bush (no animal, 1 bird) on S. Arm 3.
            "draw CS16:Z,-",
            "place 0,-2 90",
            "meeple 1",
            // P0: CS33:G (bush N+E+S, giraffe, no bird) turned 270 -> bush N, E, W.
            "draw CS33:G",
            "place 0,-1 270",
        ],
    );
    let f = s.feature(p(0, -1), 0).unwrap();
    assert!(f.is_complete());
    assert_eq!(f.meeples[..2], [2, 1]);
    assert_eq!(f.segments.len(), 5);
    let (mut kinds, mut birds) = (Vec::new(), 0);
    for &SegmentRef { pos: c, seg } in &f.segments {
        let (a, b) = segment_content(&s, c, seg);
        kinds.extend(a);
        birds += b;
    }
    kinds.sort();
    kinds.dedup();
    assert_eq!(kinds, vec![Animal::Monkey, Animal::Giraffe, Animal::Zebra]);
    assert_eq!(birds, 5);

    let s = st(&s, &["pass"]);
    // Only the majority player is asked; Blue also holds an eligible lion.
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    let (after, ev) = play(&s, &["noboost"]);
    assert_eq!(points(&ev), vec![(P0, TABLE[3] + 5)]);
    assert_eq!(after.scores(), &[11, 0]);
    let returned = ev
        .iter()
        .filter(|e| matches!(e, Event::MeepleReturned { .. }))
        .count();
    assert_eq!(returned, 3);
    assert_eq!(after.meeples_in_supply(P0), 6);
    assert_eq!(after.meeples_in_supply(P1), 6);
    assert_eq!(after.phase(), Phase::DrawTile);
    assert_eq!(after.turn_player().unwrap(), P1);
}

/// Rulebook examples (003/000 "The Watering Holes"): digging scores 3; the 2nd,
/// 3rd and 4th token score 4, 5, 6; completing another player's hole gives the
/// completer 6 and the owner 3, and the owner's meeple returns (R-WATER-2..4).
/// The hole is at the start tile's NW corner (vertex (-1,0)).
#[test]
fn r_water_4_completing_another_players_hole_scores_6_and_3() {
    let g = game(&["LZM", "G"], [(2, 0), (1, 1)]);
    let s = st(&g, &["draw CS1:-", "place -1,-1 0", "pass"]);
    let (s, ev) = play(&s, &["draw CS1:-", "place -2,0 0", "dig -1,0 nw G"]);
    assert_eq!(scored(&ev), vec![(P1, 3, ScoreReason::Dig)]);
    assert_eq!(s.meeples_in_supply(P1), 5);
    // 2nd token: 4.
    let (s, ev) = play(&s, &["draw CS3:E", "place -2,-1 180", "expand -2,0 ne L"]);
    assert_eq!(scored(&ev), vec![(P0, 4, ScoreReason::Expand { nth: 2 })]);
    let s = st(&s, &["draw CS4:M", "place 0,1 90", "pass"]);
    // 3rd token: 5.
    let (s, ev) = play(&s, &["draw CS4:E", "place 0,2 90", "expand -2,-1 se Z"]);
    assert_eq!(scored(&ev), vec![(P0, 5, ScoreReason::Expand { nth: 3 })]);
    let s = st(&s, &["draw CS4:L", "place 0,3 90", "pass"]);
    // 4th token completes the hole: 6 for the completer, 3 for the owner.
    let (s, ev) = play(&s, &["draw CS5:L", "place 0,4 90", "expand -1,-1 sw M"]);
    assert_eq!(
        scored(&ev),
        vec![
            (P0, 6, ScoreReason::Expand { nth: 4 }),
            (P1, 3, ScoreReason::HoleCompleted)
        ]
    );
    assert!(ev.contains(&Event::MeepleReturned {
        player: P1,
        spot: MeepleSpot::Hole {
            pos: p(-1, 0),
            corner: carcassonne_safari::Corner::NW
        }
    }));
    assert_eq!(s.meeples_in_supply(P1), 6);
    assert_eq!(s.scores(), &[4 + 5 + 6, 3 + 3]);
    assert_eq!(s.water_tokens().count(), 4, "tokens stay on the board");
    assert_eq!(s.meeples().count(), 0);
}

/// Rulebook example (003 "Exception"; 000 "Special case" and interim rule): a
/// second hole dug diagonally at the same vertex is a new hole (3 points, a
/// second meeple) and may hold the same animal; a token touching both must differ
/// from every animal of both (R-WATER-3, R-WATER-4).
#[test]
fn r_water_4_diagonal_hole_may_repeat_the_animal() {
    let g = game(&["GGL", "G"], [(2, 0), (1, 1)]);
    let s = st(&g, &["draw CS1:-", "place -2,0 0", "dig -1,0 nw G"]);
    let s = st(&s, &["draw CS1:-", "place -2,-1 0"]);
    // SE of (-2,-1) is diagonal to START-W's NW corner: a dig, same animal allowed.
    assert!(listed(&s, "dig -2,-1 se G"));
    let (s, ev) = play(&s, &["dig -2,-1 se G"]);
    assert_eq!(scored(&ev), vec![(P1, 3, ScoreReason::Dig)]);
    assert_eq!(s.meeples_in_supply(P1), 5);
    assert_eq!(s.meeples().count(), 2);

    let s = st(&s, &["draw CS4:M", "place 0,1 90"]);
    // NE of (-2,0) touches both tokens: no dig, and no giraffe.
    refused(&s, "dig -2,0 ne L", IllegalReason::TouchesHole);
    refused(
        &s,
        "expand -2,0 ne G",
        IllegalReason::AnimalAlreadyAtHole(Animal::Giraffe),
    );
    assert!(!listed(&s, "expand -2,0 ne G"));
    let (s, ev) = play(&s, &["expand -2,0 ne L"]);
    assert_eq!(scored(&ev), vec![(P0, 5, ScoreReason::Expand { nth: 3 })]);
    assert_eq!(s.scores(), &[3 + 5, 3]);
}

/// Rulebook final-scoring example (003 "Game end and final scoring", R-END-2..4):
/// A: Blue's meeple on a baobab scores nothing; B: You score 2 for a trail with
/// two animals; C: You (2 meeples) and Blue (1) share a large bush with 4 animals
/// and 6 birds: 10 for You only; D: Blue scores 2 for a small bush with a monkey
/// and a bird; E: You score 3 for 3 tokens. Blue's meeple on a watering hole
/// scores nothing either, and Blue scores 1 per token too.
///
/// The features are built first; then the game is played to its end by a fixed
/// policy that keeps tiles off the cells next to these features' open ends and
/// the baobab's empty neighbours. The final points are checked against both the
/// rulebook's numbers and a count made from the tile data over the final board.
#[test]
fn r_end_2_final_scoring_example() {
    let g = game(&["MEG", "Z"], [(-2, 0), (1, 1)]);
    let s = st(
        &g,
        &[
            // P0, B: CS4:E turned N-S under START-M: giraffe + elephant, open to the south.
            "draw CS4:E",
            "place 0,1 90",
            "meeple 0",
            // P1, C arm: CS30:G bush W-E (giraffe, 1 bird), open to the west.
            "draw CS30:G",
            "place -1,-1 0",
            "meeple 0",
            // P0: CS3:G turned 180 closes START-E's trail (no meeple: nothing happens).
            "draw CS3:G",
            "place 2,0 180",
            "pass",
            // P1, D: CS25:M,L turned 90: segment 0 (monkey, 1 bird) on S, open.
            "draw CS25:M,L",
            "place 3,0 90",
            "meeple 0",
            // P0, C arm: CS28:G turned 180 on START-E's bush: giraffe, 2 + 1 birds.
            "draw CS28:G",
            "place 1,-1 180",
            "meeple 0",
            // P1: filler, and a watering hole that will never be completed.
            "draw CS1:-",
            "place 1,-2 0",
            "dig 1,-2 ne Z",
            // P0, C arm: CS28:Z turned 180: zebra, 2 birds, open to the west.
            "draw CS28:Z",
            "place 0,-2 180",
            "meeple 0",
            // P1, A: baobab meeple, two tokens drawn.
            "draw CS1:-",
            "place 2,-1 0",
            "meeple baobab",
            "token L",
            "token L",
            // P0: CS33:M turned 270 (bush N, E, W; monkey) joins the three C arms.
            "draw CS33:M",
            "place 0,-1 270",
            "pass",
        ],
    );
    let trail = s.feature(p(0, 1), 0).unwrap();
    let big = s.feature(p(0, -1), 0).unwrap();
    let small = s.feature(p(3, 0), 0).unwrap();
    assert_eq!(trail.segments, vec![(p(0, 0), 0), (p(0, 1), 0)]);
    assert_eq!(
        big.segments,
        vec![
            (p(-1, -1), 0),
            (p(0, -2), 0),
            (p(0, -1), 0),
            (p(1, -1), 0),
            (p(1, 0), 1)
        ]
    );
    assert_eq!(big.meeples[..2], [2, 1]);
    assert_eq!(small.segments, vec![(p(3, 0), 0)]);
    assert!(!trail.is_complete() && !big.is_complete() && !small.is_complete());
    assert_eq!(s.scores(), &[0, 3]);
    assert_eq!(s.tiles_left(), 72 - 9);

    // Cells next to open ends of the three features, and the baobab's empty ring.
    let protected = [
        p(0, 2),
        p(-2, -1),
        p(-1, -2),
        p(3, 1),
        p(2, -2),
        p(3, -2),
        p(3, -1),
    ];
    let (end, before, last) = finish(&s, &protected);
    assert!(end.is_over());
    assert_eq!(end.to_move(), None);
    assert_eq!(end.tiles_left(), 0);
    assert_eq!(end.tiles().count() + end.tiles_removed(), 3 + 72);
    // The features are as built (the policy kept off them).
    assert_eq!(end.feature(p(0, 1), 0).unwrap(), trail);
    assert_eq!(end.feature(p(0, -1), 0).unwrap(), big);
    assert_eq!(end.feature(p(3, 0), 0).unwrap(), small);
    assert!(end
        .meeples()
        .any(|m| (m.player, m.spot) == (P1, MeepleSpot::Baobab { pos: p(2, -1) })));
    assert!(end
        .meeples()
        .any(|m| m.player == P1 && matches!(m.spot, MeepleSpot::Hole { .. })));
    assert_eq!(hand(&end, P0).len(), 3);
    assert_eq!(hand(&end, P1), vec![Animal::Lion, Animal::Lion]);

    // C holds giraffe, giraffe, zebra, monkey: 4 animals of 3 kinds, counted
    // again (R-END-2), and 1 + 2 + 1 + 2 + 0 birds.
    // The rulebook's numbers: B 2 + C (4 animals + 6 birds) 10 + E 3 tokens for
    // You; D (monkey + bird) 2 + 2 tokens for Blue; A and the hole nothing.
    let delta: Vec<u32> = end.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(delta, vec![2 + 10 + 3, 2 + 2]);
    // The same from a count over the final board and hands.
    assert_eq!(delta, expected_final_points(&end));
    assert!(matches!(last.last(), Some(Event::GameOver { .. })));
}

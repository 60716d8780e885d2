//! Rule tests beyond the rulebook examples: placement, actions, rangers, baobabs,
//! tokens, majority, boosting and watering holes, each on an exact board built
//! from the tiles of `tiles.txt`. Rule numbers refer to `docs/rules.md`.

use crate::support;

use carcassonne_safari::{
    error::IllegalReason as R, events::MeepleSpot, events::ScoreReason, Actor, Animal, Event, FeatureKind,
    GameState, Move, Phase, Pos, Setup, Side,
};
use support::*;

// ---------------------------------------------------------------------------
// Setup and placement

/// R-SETUP-2/3/5 and DESIGN decision 1: rangers north and south of the middle
/// cell; chance deals 2 tokens to seat 0, then seat 1, ...; seat 0 starts.
#[test]
fn r_setup_3_chance_deals_two_tokens_per_seat_in_order() {
    let mut s = GameState::new(&Setup::new(3)).unwrap();
    assert_eq!(s.rangers(), [Some(p(0, -1)), Some(p(0, 1))]);
    assert_eq!(s.tiles_left(), 72);
    for seat in [P0, P0, P1, P1, P2, P2] {
        assert_eq!(s.phase(), Phase::DrawToken { player: seat });
        assert_eq!(s.to_move(), Some(Actor::Chance));
        let first = s.legal_moves()[0];
        s = s.apply(first).unwrap().0;
    }
    assert_eq!(s.phase(), Phase::DrawTile);
    assert_eq!(s.turn_player().unwrap(), P0);
    for seat in [P0, P1, P2] {
        assert_eq!(s.hand(seat).total(), 2);
        assert_eq!(s.meeples_in_supply(seat), 6);
    }
    assert_eq!(s.token_supply().total(), 50 - 6);
}

/// R-PLACE-1: every shared edge must match; the cell must be empty and touch a
/// tile along an edge; each matching (cell, rotation) pair is its own move.
#[test]
fn r_place_1_edges_must_match_and_cell_must_touch_a_tile() {
    let g = game(&["", ""], [(-2, 0), (2, 0)]);

    // CS1 (all savanna) fits exactly where only savanna edges face the cell:
    // (-2,0), (-1,-1), (0,-1), (1,1); 4 rotations each, never merged.
    let s = st(&g, &["draw CS1:-"]);
    let mut cells: Vec<Pos> = s
        .legal_moves()
        .iter()
        .map(|m| match m {
            Move::Place(c, _) => *c,
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(cells.len(), 16);
    cells.dedup();
    cells.sort();
    assert_eq!(cells, vec![p(-2, 0), p(-1, -1), p(0, -1), p(1, 1)]);
    // Bush under (1,-1), trail under (0,1) and east of START-E, bush north of (-1,1).
    refused(&s, "place 1,-1 0", R::EdgesDoNotMatch(Side::S));
    refused(&s, "place 0,1 0", R::EdgesDoNotMatch(Side::N));
    refused(&s, "place 2,0 90", R::EdgesDoNotMatch(Side::W));
    refused(&s, "place -1,1 0", R::EdgesDoNotMatch(Side::N));

    // CS4 (trail printed E-W): only turned N-S can it continue START-M's trail.
    let s = st(&g, &["draw CS4:E"]);
    refused(&s, "place 0,1 0", R::EdgesDoNotMatch(Side::N));
    refused(&s, "place 0,1 180", R::EdgesDoNotMatch(Side::N));
    assert!(listed(&s, "place 0,1 90") && listed(&s, "place 0,1 270"));
    refused(&s, "place 0,0 90", R::CellOccupied);
    refused(&s, "place -1,0 0", R::CellOccupied);
    refused(&s, "place 5,5 0", R::NotAdjacent);
    // (2,1) meets START-E only at a corner.
    refused(&s, "place 2,1 0", R::NotAdjacent);

    // Two neighbours: (1,1) has savanna to the north (START-E) and to the west
    // (the N-S trail tile); CS3's single trail edge may point E or S only.
    let s = st(&s, &["place 0,1 90", "pass", "draw CS3:E"]);
    refused(&s, "place 1,1 180", R::EdgesDoNotMatch(Side::W));
    refused(&s, "place 1,1 270", R::EdgesDoNotMatch(Side::N));
    assert!(listed(&s, "place 1,1 0") && listed(&s, "place 1,1 90"));
}

/// R-PLACE-2 and DESIGN decision 2: a tile with no legal placement leaves the game
/// (TileRemoved) and the same player draws again. After four tiles every empty
/// cell next to the board faces at least one savanna edge, so CS24 and CS31
/// (trail, bush, trail, bush) and CS19 (trail, bush, trail, trail) fit nowhere.
#[test]
fn r_place_2_unplaceable_tile_is_removed_and_same_player_draws_again() {
    let g = game(&["", ""], [(-2, 0), (-1, -1)]);
    let s = st(
        &g,
        &[
            "draw CS3:E",
            "place 2,0 180", // dead end on W against START-E's trail, savanna elsewhere
            "pass",
            "draw CS20:M",
            "place 1,-1 90", // bush on S against START-E's bush, savanna elsewhere
            "pass",
            "draw CS20:G",
            "place -1,1 270", // bush on N against START-W's bush
            "pass",
            "draw CS3:G",
            "place 0,1 270", // dead end on N against START-M's trail
            "pass",
        ],
    );
    assert_eq!(s.turn_player().unwrap(), P0);
    let left = s.tiles_left();
    let mut cur = s;
    for (n, design) in ["CS24:E,E,L", "CS31:L,Z,-", "CS19:E,G,G"].iter().enumerate() {
        let draw = mv(&format!("draw {design}"));
        let Move::Draw(d) = draw else { unreachable!() };
        assert!(
            cur.legal_moves().contains(&draw),
            "unplaceable tiles can be drawn"
        );
        let (next, ev) = cur.apply(draw).unwrap();
        assert_eq!(
            ev,
            vec![
                Event::TileDrawn {
                    player: P0,
                    design: d
                },
                Event::TileRemoved { design: d }
            ]
        );
        assert_eq!(next.phase(), Phase::DrawTile);
        assert_eq!(next.turn_player().unwrap(), P0, "the same player draws again");
        assert_eq!(next.tiles_left(), left - n - 1);
        assert_eq!(next.tiles_removed(), n + 1);
        assert_eq!(next.tiles().count(), 3 + 4);
        refused(&next, &format!("draw {design}"), R::TileNotInPile);
        cur = next;
    }
    let s = st(&cur, &["draw CS1:-"]);
    assert!(matches!(s.phase(), Phase::Place { .. }));
    assert_eq!(s.to_move(), Some(Actor::Player(P0)));
}

// ---------------------------------------------------------------------------
// Rangers

/// R-PLACE-3, R-RANGER-2, -3, -4, -5: a tile on a ranger's cell takes the ranger
/// off; that turn no ranger may be moved but a meeple may be placed; the 3 points
/// come in the scoring step; then the player must put the ranger on an empty cell
/// next to a tile, not on the other ranger's cell.
#[test]
fn r_ranger_2_displacing_scores_3_and_the_ranger_must_be_returned() {
    let g = GameState::new(&Setup::new(2).with_hands(vec![animals("L"), vec![]])).unwrap();
    assert_eq!(g.rangers(), [Some(p(0, -1)), Some(p(0, 1))]);
    let (s, ev) = play(&g, &["draw CS4:E", "place 0,1 90"]);
    assert!(ev.contains(&Event::RangerDisplaced { from: p(0, 1) }));
    assert_eq!(s.rangers(), [Some(p(0, -1)), None]);
    assert_eq!(s.scores(), &[0, 0], "the points come in the scoring step");
    assert_eq!(s.phase(), Phase::Action);
    assert!(!s.legal_moves().iter().any(|m| matches!(m, Move::Ranger { .. })));
    refused(&s, "ranger 0,-1 2,0", R::RangerDisplacedThisTurn);
    assert!(listed(&s, "meeple 0"), "R-RANGER-5");
    assert!(listed(&s, "dig -1,0 nw L"), "R-RANGER-5");

    let (s, ev) = play(&s, &["meeple 0"]);
    assert_eq!(scored(&ev), vec![(P0, 3, ScoreReason::Ranger)]);
    assert_eq!(s.phase(), Phase::Return);
    assert_eq!(s.to_move(), Some(Actor::Player(P0)));
    refused(&s, "return 0,-1", R::RangerOnRanger(p(0, -1)));
    refused(&s, "return 0,1", R::RangerCellInvalid(p(0, 1)));
    refused(&s, "return 5,5", R::RangerCellInvalid(p(5, 5)));
    let returns: Vec<Move> = s.legal_moves().to_vec();
    assert_eq!(returns.len(), s.frontier().len() - 1);
    for c in s.frontier() {
        assert_eq!(returns.contains(&Move::Return(*c)), *c != p(0, -1));
    }
    let (s, ev) = play(&s, &["return 0,2"]);
    assert_eq!(ev, vec![Event::RangerReturned { to: p(0, 2) }]);
    assert_eq!(s.rangers(), [Some(p(0, -1)), Some(p(0, 2))]);
    assert_eq!(s.phase(), Phase::DrawTile);
    assert_eq!(s.turn_player().unwrap(), P1);

    // P1 displaces the ranger again and completes P0's trail (giraffe, elephant,
    // zebra): the ranger's 3 points come first, then the trail, then the return.
    let (s, ev) = play(&s, &["draw CS3:Z", "place 0,2 270", "pass"]);
    assert_eq!(scored(&ev), vec![(P1, 3, ScoreReason::Ranger)]);
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    let (s, ev) = play(&s, &["noboost"]);
    assert_eq!(points(&ev), vec![(P0, TABLE[3])]);
    assert_eq!(s.phase(), Phase::Return);
    assert_eq!(s.to_move(), Some(Actor::Player(P1)));
    let s = st(&s, &["return 0,3"]);
    assert_eq!(s.scores(), &[3 + 6, 3]);
}

/// R-RANGER-3: moving a ranger is an action worth no points; it goes to an empty
/// cell next to a tile, never the other ranger's cell.
#[test]
fn r_ranger_3_move_scores_nothing_and_respects_cells() {
    let g = game(&["", ""], [(0, -1), (0, 1)]);
    let s = st(&g, &["draw CS1:-", "place -1,-1 0"]);
    let rangers = s
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Ranger { .. }))
        .count();
    assert_eq!(rangers, 2 * (s.frontier().len() - 2));
    refused(&s, "ranger 0,-1 0,1", R::RangerOnRanger(p(0, 1)));
    refused(&s, "ranger 0,-1 -1,-1", R::RangerCellInvalid(p(-1, -1)));
    refused(&s, "ranger 0,-1 0,-3", R::RangerCellInvalid(p(0, -3)));
    refused(&s, "ranger 3,3 2,0", R::NoRangerThere(p(3, 3)));
    let (s, ev) = play(&s, &["ranger 0,-1 -1,-2"]);
    assert_eq!(
        ev,
        vec![Event::RangerMoved {
            from: p(0, -1),
            to: p(-1, -2)
        }]
    );
    assert_eq!(s.rangers(), [Some(p(-1, -2)), Some(p(0, 1))]);
    assert_eq!(s.scores(), &[0, 0]);
    assert_eq!(s.phase(), Phase::DrawTile);
}

// ---------------------------------------------------------------------------
// Meeples

/// R-ACTION-1: no meeple on a feature that already carries one, the player's own
/// included; the baobab of the same tile is still free. R-ACTION-2: one action.
#[test]
fn r_action_1_meeple_refused_on_occupied_feature() {
    let g = game(&["", ""], [(-2, 0), (2, 0)]);
    let (s, ev) = play(&g, &["draw CS4:E", "place 0,1 90", "meeple 0"]);
    assert!(ev.contains(&Event::MeeplePlaced {
        player: P0,
        spot: MeepleSpot::Segment { pos: p(0, 1), seg: 0 }
    }));
    assert_eq!(s.phase(), Phase::DrawTile, "one action per turn");
    // P1 extends P0's trail.
    let s = st(&s, &["draw CS4:M", "place 0,2 90"]);
    refused(&s, "meeple 0", R::FeatureOccupied);
    assert!(listed(&s, "meeple baobab"));
    let s = st(&s, &["pass"]);
    // P0 extends their own trail.
    let s = st(&s, &["draw CS4:L", "place 0,3 90"]);
    refused(&s, "meeple 0", R::FeatureOccupied);
    assert_eq!(s.feature(p(0, 3), 0).unwrap().meeples[..2], [1, 0]);
}

/// The loop START-E (2,0) (3,0) (3,1) (2,1): CS9's two dead ends (N, E) on the
/// last tile both belong to the same trail.
fn two_segments_one_trail(p1_meeple_on_loop: bool) -> GameState {
    let g = game(&["", ""], [(-2, 0), (-1, -1)]);
    let p1_action = if p1_meeple_on_loop { "meeple 0" } else { "pass" };
    st(
        &g,
        &[
            // CS8 (curve N-E, dead end S) turned 90: curve E-S, dead end W on START-E.
            "draw CS8:M,M",
            "place 2,0 90",
            "pass",
            "draw CS7:E",
            "place 3,0 0", // curve W-S
            p1_action,
            "draw CS7:G",
            "place 3,1 90", // curve N-W
            "pass",
            "draw CS9:M,M",
            "place 2,1 0", // dead ends N and E
        ],
    )
}

/// R-ACTION-1 and DESIGN "Which moves are listed": two segments of the placed
/// tile on one feature give two `meeple` moves when it is free, none when not.
#[test]
fn r_action_1_two_segments_on_one_feature() {
    let s = two_segments_one_trail(false);
    assert_eq!(s.feature(p(2, 1), 0), s.feature(p(2, 1), 1));
    assert!(listed(&s, "meeple 0") && listed(&s, "meeple 1"));
    // Meeple on segment 1 completes the trail CS8 curve + CS7:E + CS7:G + CS9's two
    // ends: monkey, elephant, giraffe, monkey, monkey = 3 kinds.
    let (after, ev) = play(&s, &["meeple 1"]);
    assert_eq!(points(&ev), vec![(P1, TABLE[3])]);
    assert_eq!(after.meeples_in_supply(P1), 6);

    let s = two_segments_one_trail(true);
    refused(&s, "meeple 0", R::FeatureOccupied);
    refused(&s, "meeple 1", R::FeatureOccupied);
}

// ---------------------------------------------------------------------------
// Trails, bushes, majority

/// R-TRAIL-2: a trail that closes into a loop is complete. Four CS7 curves round
/// (-1,-2)..(0,-1) with elephant, zebra, lion, giraffe: 4 kinds, 10 points.
#[test]
fn r_trail_2_loop_is_complete() {
    let g = game(&["", ""], [(-2, 0), (2, 0)]);
    let s = st(
        &g,
        &[
            "draw CS7:E",
            "place -1,-1 180", // N-E
            "meeple 0",
            "draw CS7:Z",
            "place 0,-1 90", // N-W
            "pass",
            "draw CS7:L",
            "place -1,-2 270", // E-S
            "pass",
        ],
    );
    assert_eq!(s.feature(p(-1, -1), 0).unwrap().open_ends, 2);
    let (s, ev) = play(&s, &["draw CS7:G", "place 0,-2 0", "pass"]); // W-S
    let f = s.feature(p(0, -2), 0).unwrap();
    assert!(f.is_complete());
    assert_eq!(f.cells().len(), 4);
    assert_eq!(points(&ev), vec![(P0, TABLE[4])]);
}

/// R-TRAIL-4: five kinds cannot be boosted, so nobody is asked; 15 points.
#[test]
fn r_trail_4_five_kinds_cannot_be_boosted() {
    let g = game(&["MEGLZ", "MEGLZ"], [(-2, 0), (2, 0)]);
    let (s, ev) = play(
        &g,
        &[
            "draw CS4:M",
            "place 0,1 90",
            "meeple 0",
            "draw CS4:L",
            "place 0,2 90",
            "pass",
            "draw CS4:E",
            "place 0,3 90",
            "pass",
            "draw CS3:Z",
            "place 0,4 270",
            "pass",
        ],
    );
    // START-M giraffe + monkey, lion, elephant, zebra.
    assert_eq!(points(&ev), vec![(P0, TABLE[5])]);
    assert_eq!(s.phase(), Phase::DrawTile);
    assert!(!ev.iter().any(|e| matches!(e, Event::BoostUsed { .. })));
    assert_eq!(s.hand(P0).total(), 5);
}

/// R-TRAIL-4 / R-BUSH-2: 0 kinds give 0 but may be boosted to 1 kind. START-E's
/// bush (no animal, 1 bird) closed by CS21:- (no animal, no bird).
#[test]
fn r_trail_4_zero_kinds_boosted_to_one() {
    let g = game(&["L", ""], [(-2, 0), (2, 0)]);
    let s = st(&g, &["draw CS21:-", "place 1,-1 90", "meeple 0"]);
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    assert_eq!(s.scoring_feature().unwrap().animals.species(), 0);
    let (_, ev) = play(&s, &["noboost"]);
    assert_eq!(points(&ev), vec![(P0, TABLE[0] + 1)]);
    let (_, ev) = play(&s, &["boost L"]);
    assert_eq!(points(&ev), vec![(P0, TABLE[1] + 1)]);
}

/// R-TRAIL-4: the boost token's animal must not be on the feature; a player whose
/// tokens are all on the feature is not asked (DESIGN decision 5).
#[test]
fn r_trail_4_boost_refused_with_an_animal_on_the_feature() {
    // Trail START-M giraffe, CS4:E elephant, CS3:Z zebra.
    let steps = [
        "draw CS4:E",
        "place 0,1 90",
        "meeple 0",
        "draw CS3:Z",
        "place 0,2 270",
        "pass",
    ];
    let s = st(&game(&["GL", ""], [(-2, 0), (2, 0)]), &steps);
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    refused(&s, "boost G", R::AnimalOnFeature(Animal::Giraffe));
    refused(&s, "boost M", R::TokenNotInHand(Animal::Monkey));
    assert_eq!(s.legal_moves().to_vec(), vec![mv("boost L"), mv("noboost")]);

    let (s, ev) = play(&game(&["GEZ", ""], [(-2, 0), (2, 0)]), &steps);
    assert_eq!(points(&ev), vec![(P0, TABLE[3])], "not asked, scored at once");
    assert_eq!(s.phase(), Phase::DrawTile);
}

/// R-MAJ-1: tied players each score the full amount.
#[test]
fn r_maj_1_tied_players_both_score_full() {
    let s = joined_trails(["", ""]);
    assert_eq!(s.scores(), &[10, 10]);
    assert_eq!(s.phase(), Phase::DrawTile);
}

/// R-TRAIL-4 Decision: two scoring players may boost with the same animal; each
/// token counts for its owner only, and both go to the discard.
#[test]
fn r_trail_4_two_scorers_may_boost_with_the_same_animal() {
    let s = joined_trails(["Z", "Z"]);
    let (s, ev) = play(&s, &["boost Z", "boost Z"]);
    let mut pts = points(&ev);
    pts.sort();
    assert_eq!(pts, vec![(P0, TABLE[5]), (P1, TABLE[5])]);
    assert_eq!(s.token_discard().get(Animal::Zebra), 2);
}

/// R-MAJ-3: a completed trail without meeples scores nothing; FeatureCompleted
/// is still reported, nobody is asked to boost.
#[test]
fn r_maj_3_completed_feature_without_meeples_scores_nothing() {
    let g = game(&["L", "L"], [(-2, 0), (2, 0)]);
    let (s, ev) = play(
        &g,
        &[
            "draw CS4:E",
            "place 0,1 90",
            "pass",
            "draw CS3:Z",
            "place 0,2 270",
            "pass",
        ],
    );
    let completed: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::FeatureCompleted { .. }))
        .collect();
    assert_eq!(completed.len(), 1);
    match completed[0] {
        Event::FeatureCompleted {
            kind,
            pos,
            seg,
            animals,
            birds,
        } => {
            assert_eq!((*kind, *pos, *seg, *birds), (FeatureKind::Trail, p(0, 2), 0, 0));
            let on: Vec<Animal> = animals.iter().collect();
            assert_eq!(on, vec![Animal::Elephant, Animal::Giraffe, Animal::Zebra]);
        }
        _ => unreachable!(),
    }
    assert!(scored(&ev).is_empty());
    assert_eq!(s.phase(), Phase::DrawTile);
    assert_eq!(s.hand(P0).total() + s.hand(P1).total(), 2);
}

// ---------------------------------------------------------------------------
// Baobabs and tokens

/// R-BAOBAB-1: a meeple on the placed tile's baobab: two chance token draws for
/// its owner, face up into the hand.
#[test]
fn r_baobab_1_meeple_draws_two_tokens() {
    let g = game(&["", ""], [(-2, 0), (2, 0)]);
    let (s, ev) = play(&g, &["draw CS1:-", "place -1,-1 0", "meeple baobab"]);
    assert!(ev.contains(&Event::MeeplePlaced {
        player: P0,
        spot: MeepleSpot::Baobab { pos: p(-1, -1) }
    }));
    assert_eq!(s.phase(), Phase::DrawToken { player: P0 });
    assert_eq!(s.to_move(), Some(Actor::Chance));
    assert_eq!(s.chance_outcomes().len(), 5);
    let (s, ev) = play(&s, &["token L"]);
    assert_eq!(
        ev,
        vec![Event::TokenDrawn {
            player: P0,
            animal: Animal::Lion
        }]
    );
    assert_eq!(s.phase(), Phase::DrawToken { player: P0 });
    assert!(s
        .chance_outcomes()
        .iter()
        .collect::<Vec<_>>()
        .contains(&(mv("token L"), 9)));
    let s = st(&s, &["token Z"]);
    assert_eq!(s.phase(), Phase::DrawTile);
    assert_eq!(s.turn_player().unwrap(), P1);
    assert_eq!(hand(&s, P0), vec![Animal::Lion, Animal::Zebra]);
    assert_eq!(s.token_supply().total(), 48);
    assert_eq!(s.meeples_in_supply(P0), 5);
}

/// R-BAOBAB-2: when the 8 cells round a baobab with a meeple are filled (here by
/// the other player's tile), the meeple returns and its owner draws 2 tokens.
#[test]
fn r_baobab_2_completion_returns_meeple_and_draws_two() {
    let g = game(&["", ""], [(-2, 0), (2, 0)]);
    let s = st(
        &g,
        &[
            "draw CS2:E",
            "place 0,-1 270", // baobab north of START-M, trail to the north
            "meeple baobab",
            "token M",
            "token M",
            "draw CS1:-",
            "place -1,-1 0",
            "pass",
            "draw CS20:M",
            "place 1,-1 90",
            "pass",
            "draw CS1:-",
            "place -1,-2 0",
            "pass",
            "draw CS3:G",
            "place 0,-2 90",
            "pass",
        ],
    );
    assert_eq!(s.meeples_in_supply(P0), 5);
    let (s, ev) = play(&s, &["draw CS3:Z", "place 1,-2 270", "pass"]);
    assert!(ev.contains(&Event::BaobabCompleted {
        pos: p(0, -1),
        player: P0
    }));
    assert!(ev.contains(&Event::MeepleReturned {
        player: P0,
        spot: MeepleSpot::Baobab { pos: p(0, -1) }
    }));
    assert!(scored(&ev).is_empty(), "a baobab scores no points");
    assert_eq!(s.meeples_in_supply(P0), 6);
    assert_eq!(s.turn_player().unwrap(), P1);
    assert_eq!(s.phase(), Phase::DrawToken { player: P0 });
    let s = st(&s, &["token E", "token E"]);
    assert_eq!(s.phase(), Phase::DrawTile);
    assert_eq!(s.turn_player().unwrap(), P0);
    assert_eq!(
        hand(&s, P0),
        vec![Animal::Monkey, Animal::Monkey, Animal::Elephant, Animal::Elephant]
    );
}

/// R-BAOBAB-2 (neighbours already full on the turn the meeple is put) and
/// R-BAOBAB-3 (baobabs first): CS2:E closes a ring of 8 tiles and P0's trail
/// (giraffe + elephant). P0 draws 2 for the meeple (giraffe, elephant: no use),
/// 2 more at once for the completed baobab (lions), and may boost the trail with
/// a lion drawn there: 3 kinds, 6 points.
#[test]
fn r_baobab_3_completion_tokens_may_boost_the_same_turn() {
    let g = game(&["", ""], [(-2, 0), (2, 0)]);
    let s = st(&g, BAOBAB_RING_AND_TRAIL);
    let (s, ev) = play(&s, &["meeple baobab"]);
    assert!(!ev.iter().any(|e| matches!(e, Event::BaobabCompleted { .. })));
    assert_eq!(s.phase(), Phase::DrawToken { player: P0 });
    let (s, ev) = play(&s, &["token G", "token E"]);
    assert!(ev.contains(&Event::BaobabCompleted {
        pos: p(0, -1),
        player: P0
    }));
    assert_eq!(s.phase(), Phase::DrawToken { player: P0 });
    assert!(s
        .meeples()
        .all(|m| m.spot != MeepleSpot::Baobab { pos: p(0, -1) }));
    let s = st(&s, &["token L", "token L"]);
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    assert_eq!(s.legal_moves().to_vec(), vec![mv("boost L"), mv("noboost")]);
    let (s, ev) = play(&s, &["boost L"]);
    assert_eq!(points(&ev), vec![(P0, TABLE[3])]);
    assert_eq!(
        hand(&s, P0),
        vec![Animal::Elephant, Animal::Giraffe, Animal::Lion]
    );
    assert_eq!(s.meeples_in_supply(P0), 6);
}

fn all_tokens_in_hands() -> GameState {
    game(
        &["MMMMMMMMMMEEEEEEEEEEGGGGGGGGGG", "LLLLLLLLLLZZZZZZZZZZ"],
        [(-2, 0), (2, 0)],
    )
}

/// R-TOKEN-2: when a token must be drawn and the supply is empty, the discard
/// pile becomes the supply (SupplyReshuffled); once both are empty the remaining
/// draw is skipped.
#[test]
fn r_token_2_discard_is_reshuffled_when_supply_is_empty() {
    let g = all_tokens_in_hands();
    assert_eq!(g.token_supply().total(), 0);
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
    assert_eq!(s.token_discard().get(Animal::Monkey), 1);
    let (s, ev) = play(&s, &["draw CS1:-", "place -1,-1 0", "meeple baobab"]);
    assert!(ev.contains(&Event::SupplyReshuffled { tokens: 1 }));
    assert_eq!(s.phase(), Phase::DrawToken { player: P0 });
    assert_eq!(s.token_discard().total(), 0);
    assert_eq!(
        s.chance_outcomes().iter().collect::<Vec<_>>(),
        vec![(mv("token M"), 1)]
    );
    refused(&s, "token L", R::TokenNotInSupply);
    let (s, ev) = play(&s, &["token M"]);
    assert_eq!(
        ev,
        vec![Event::TokenDrawn {
            player: P0,
            animal: Animal::Monkey
        }]
    );
    assert_eq!(s.phase(), Phase::DrawTile, "second draw skipped: nothing left");
    assert_eq!(s.turn_player().unwrap(), P1);
    assert_eq!(s.hand(P0).get(Animal::Monkey), 10);
}

/// R-TOKEN-2 Decision: with supply and discard both empty the draw is skipped.
#[test]
fn r_token_2_no_draw_when_supply_and_discard_are_empty() {
    let g = all_tokens_in_hands();
    let (s, ev) = play(&g, &["draw CS1:-", "place -1,-1 0", "meeple baobab"]);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::TokenDrawn { .. } | Event::SupplyReshuffled { .. })));
    assert_eq!(s.phase(), Phase::DrawTile);
    assert_eq!(s.turn_player().unwrap(), P1);
    assert_eq!(s.hand(P0).total(), 30);
}

// ---------------------------------------------------------------------------
// Watering holes

/// R-WATER-1/2/3: a slot is a pure-savanna corner (trail edges do not close it);
/// the start tile's inner seams are no slots; a dig must touch no token; an
/// expansion must touch one.
#[test]
fn r_water_1_dig_refused_on_bush_corner_seam_and_touching_slot() {
    let g = game(&["LZ", "Z"], [(2, 0), (1, 1)]);
    // CS20:M turned 90: bush on S, so its SE and SW corners are bush.
    let s = st(&g, &["draw CS20:M", "place 1,-1 90"]);
    refused(&s, "dig 1,-1 se L", R::SlotNotOpen);
    refused(&s, "dig 1,-1 sw L", R::SlotNotOpen);
    assert!(listed(&s, "dig 1,-1 ne L") && listed(&s, "dig 1,-1 nw L"));
    // Start tile: seam corners and bush corners are no slots.
    refused(&s, "dig -1,0 ne L", R::SlotNotOpen); // seam
    refused(&s, "dig 0,0 nw L", R::SlotNotOpen); // seam
    refused(&s, "dig 0,0 se L", R::SlotNotOpen); // seam
    refused(&s, "dig 1,0 sw L", R::SlotNotOpen); // seam
    refused(&s, "dig 1,0 ne L", R::SlotNotOpen); // START-E's north bush
    refused(&s, "dig -1,0 sw L", R::SlotNotOpen); // START-W's south bush
    refused(&s, "dig 5,5 ne L", R::NoTile(p(5, 5)));
    // Its only slots: NW of START-W and SE of START-E (a trail edge does not close it).
    let mut start_digs: Vec<String> = s
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Dig(c, _, _) if c.y == 0 && (-1..=1).contains(&c.x)))
        .map(|m| m.to_string())
        .collect();
    start_digs.sort();
    assert_eq!(
        start_digs,
        vec!["dig -1,0 nw L", "dig -1,0 nw Z", "dig 1,0 se L", "dig 1,0 se Z"]
    );
    refused(&s, "expand -1,0 nw L", R::NoHoleToExpand);

    let s = st(&s, &["dig -1,0 nw L"]);
    let s = st(&s, &["draw CS1:-", "place -1,-1 0"]);
    // SW of (-1,-1) is at the same vertex, edge-adjacent to START-W's NW corner.
    refused(&s, "dig -1,-1 sw Z", R::TouchesHole);
    refused(&s, "dig -1,0 nw Z", R::SlotTaken);
    refused(&s, "expand 1,0 se Z", R::NoHoleToExpand);
    assert!(listed(&s, "expand -1,-1 sw Z"));
    assert!(listed(&s, "dig -1,-1 nw Z"));
}

/// R-WATER-4: a completed hole with two meeples of one player gives that player
/// 3 points once; both meeples return.
#[test]
fn r_water_4_two_meeples_of_one_player_score_3_once() {
    let g = game(&["GGZ", "L"], [(2, 0), (1, 1)]);
    let s = st(
        &g,
        &[
            "draw CS1:-",
            "place -2,0 0",
            "dig -1,0 nw G",
            "draw CS4:M",
            "place 0,1 90",
            "pass",
            "draw CS1:-",
            "place -2,-1 0",
            "dig -2,-1 se G",
        ],
    );
    assert_eq!(s.meeples_in_supply(P0), 4);
    let (s, ev) = play(&s, &["draw CS3:E", "place -1,-1 0", "expand -1,-1 sw L"]);
    assert_eq!(scored(&ev), vec![(P1, 5, ScoreReason::Expand { nth: 3 })]);
    let (s, ev) = play(&s, &["draw CS4:E", "place 0,2 90", "expand -2,0 ne Z"]);
    assert_eq!(
        scored(&ev),
        vec![
            (P0, 6, ScoreReason::Expand { nth: 4 }),
            (P0, 3, ScoreReason::HoleCompleted)
        ]
    );
    assert!(ev.contains(&Event::HoleCompleted { vertex: p(-1, 0) }));
    assert_eq!(s.meeples_in_supply(P0), 6);
    assert_eq!(s.scores(), &[3 + 3 + 6 + 3, 5]);
}

/// R-WATER-5: a tile may be placed so that a bush corner sits at a hole's vertex;
/// the hole can then never be completed and its meeple stays.
#[test]
fn r_water_5_tile_may_make_a_hole_uncompletable() {
    let g = game(&["LZ", ""], [(2, 0), (1, 1)]);
    let s = st(&g, &["draw CS1:-", "place -1,-1 0", "dig -1,0 nw L"]);
    // CS20 turned 270 at (-2,0): bush on N, so its NE corner (at the hole) is bush.
    let s = st(&s, &["draw CS20:M"]);
    assert!(listed(&s, "place -2,0 270"));
    let s = st(&s, &["place -2,0 270", "pass", "draw CS4:M", "place 0,1 90"]);
    refused(&s, "expand -2,0 ne Z", R::SlotNotOpen);
    assert!(listed(&s, "expand -1,-1 sw Z"));
    assert_eq!(
        s.meeples().map(|m| (m.player, m.spot)).collect::<Vec<_>>(),
        vec![(
            P0,
            MeepleSpot::Hole {
                pos: p(-1, 0),
                corner: carcassonne_safari::Corner::NW
            }
        )]
    );
}

/// DESIGN decision 5 (R-BAOBAB-2): completed baobabs are handled the placed tile
/// first, then its 8 neighbours row by row, north to south, west to east. P1's
/// CS1 at (0,-1) fills the rings of P0's baobab at (-1,-1) and P1's at (1,-1) and
/// carries P1's new baobab meeple, whose ring is full already: P1 draws 2 for the
/// meeple, then 2 for (0,-1), then P0 2 for (-1,-1), then P1 2 for (1,-1).
#[test]
fn r_baobab_2_order_placed_tile_first_then_ring_row_by_row() {
    let g = game(&["", ""], [(-1, 1), (1, 1)]);
    let s = st(
        &g,
        &[
            "draw CS1:-",
            "place -1,-1 0",
            "meeple baobab",
            "token E",
            "token E",
            "draw CS21:E",
            "place 1,-1 90", // bush S on START-E's bush
            "meeple baobab",
            "token E",
            "token E",
            "draw CS4:M",
            "place -1,-2 0",
            "pass",
            "draw CS4:E",
            "place 0,-2 0",
            "pass",
            "draw CS4:L",
            "place 1,-2 0",
            "pass",
            "draw CS7:E",
            "place -2,-2 270",
            "pass",
            "draw CS7:G",
            "place 2,-2 0",
            "pass",
            "draw CS7:G",
            "place -2,-1 90",
            "pass",
            "draw CS3:E",
            "place -2,0 180",
            "pass",
            "draw CS3:G",
            "place 2,0 180",
            "pass",
            "draw CS7:L",
            "place 2,-1 180",
            "pass",
            "draw CS1:-",
            "place 0,-1 0",
        ],
    );
    assert_eq!(s.turn_player().unwrap(), P1);
    let mut s = st(&s, &["meeple baobab"]);
    let mut receivers = Vec::new();
    let mut completed = Vec::new();
    while let Phase::DrawToken { player } = s.phase() {
        receivers.push(player);
        let (next, ev) = play(&s, &["token M"]);
        completed.extend(ev.into_iter().filter_map(|e| match e {
            Event::BaobabCompleted { pos, player } => Some((pos, player)),
            _ => None,
        }));
        s = next;
    }
    assert_eq!(receivers, vec![P1, P1, P1, P1, P0, P0, P1, P1]);
    assert_eq!(completed, vec![(p(0, -1), P1), (p(-1, -1), P0), (p(1, -1), P1)]);
    assert_eq!(s.phase(), Phase::DrawTile);
    assert_eq!(s.meeples_in_supply(P0), 6);
    assert_eq!(s.meeples_in_supply(P1), 6);
}

// ---------------------------------------------------------------------------
// Game end

/// R-END-1, R-RANGER-4 and DESIGN decision 6: a ranger displaced on the last turn
/// is still put back; final scoring happens inside that `return`.
#[test]
fn r_end_1_ranger_displaced_on_the_last_turn_is_returned_before_final_scoring() {
    let mut s = game(&["L", "Z"], [(-2, 0), (2, 0)]);
    while !(s.phase() == Phase::Action && s.tiles_left() == 1) {
        assert!(!s.is_over(), "the policy never reached the last tile");
        s = s.apply(policy(&s, &[])).unwrap().0;
    }
    let last = s.pile().next().unwrap().0;
    let draw = Move::Draw(last);
    // Move a ranger onto a cell where the last tile fits.
    let mut found = None;
    'search: for from in s.rangers().into_iter().flatten() {
        for &to in s.frontier() {
            let ranger = Move::Ranger { from, to };
            let Ok((next, _)) = s.apply(ranger) else { continue };
            assert_eq!(next.phase(), Phase::DrawTile, "the ranger move is the action");
            let (drawn, _) = next.apply(draw).unwrap();
            if let Some(&place) = drawn
                .legal_moves()
                .iter()
                .find(|m| matches!(m, Move::Place(c, _) if *c == to))
            {
                found = Some((drawn, place, to));
                break 'search;
            }
        }
    }
    let (s, place, cell) = found.expect("some frontier cell takes the last tile");
    assert_eq!(s.tiles_left(), 0);
    let active = s.turn_player().unwrap();
    let (s, ev) = s.apply(place).unwrap();
    assert!(ev.contains(&Event::RangerDisplaced { from: cell }));
    let before = s.scores().to_vec();
    let (s, ev) = play(&s, &["pass"]);
    assert_eq!(scored(&ev), vec![(active, 3, ScoreReason::Ranger)]);
    assert_eq!(s.phase(), Phase::Return);
    assert!(!s.is_over());
    assert_eq!(s.to_move(), Some(Actor::Player(active)));
    let ret = s.legal_moves()[0];
    let (end, ev) = s.apply(ret).unwrap();
    assert!(end.is_over());
    assert_eq!(end.to_move(), None);
    assert!(matches!(ev.last(), Some(Event::GameOver { .. })));
    // Final scoring: each player still holds their one token; no meeples anywhere.
    assert_eq!(end.meeples().count(), 0);
    assert_eq!(end.scores()[0], before[0] + 1 + if active == P0 { 3 } else { 0 });
    assert_eq!(end.scores()[1], before[1] + 1 + if active == P1 { 3 } else { 0 });
}

/// R-END-2 with R-MAJ-1: tied majority players on an incomplete trail both score
/// 1 per animal. P0 (trail south of START-M) and P1 (curve at (1,1)) are joined by
/// P1's curve at (0,2); the trail stays open towards (2,1). Animals: giraffe
/// (START-M), elephant, monkey, lion, elephant: 5 (same kinds counted again) each.
#[test]
fn r_end_2_tied_majority_both_score_final_points() {
    let g = game(&["", ""], [(-2, 0), (-1, -1)]);
    let s = st(
        &g,
        &[
            "draw CS4:E",
            "place 0,1 90",
            "meeple 0",
            "draw CS6:M",
            "place 1,1 270", // curve E-S
            "meeple 0",
            "draw CS7:L",
            "place 1,2 90", // curve N-W
            "pass",
            "draw CS7:E",
            "place 0,2 180", // curve N-E joins both
            "pass",
        ],
    );
    let f = s.feature(p(0, 2), 0).unwrap();
    assert_eq!(f.meeples[..2], [1, 1]);
    assert_eq!(f.open_ends, 1);
    assert_eq!(s.scores(), &[0, 0]);
    let (end, before, _) = finish(&s, &[p(2, 1)]);
    assert_eq!(end.feature(p(0, 2), 0).unwrap(), f);
    let delta: Vec<u32> = end.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(delta, vec![5, 5]);
    assert_eq!(delta, expected_final_points(&end));
}

//! The evaluation's terms on hand-made positions: each term says what the
//! rules make of the position (R-... ids in the engine's `docs/rules.md`).

use carcassonne_safari::{Animal, Design, GameState, Move, Phase, PlayerId, Pos, Setup};
use carcassonne_safari_bots::eval::{Chance, Evaluation, PlayerWeights, Term, Terms, Weights};

/// The engine's test positions (the rulebook's joined trails).
#[path = "../../../tests/support/mod.rs"]
mod support;

fn p(x: i8, y: i8) -> Pos {
    Pos::new(x, y)
}

/// A 2-player game with fixed hands (no deal), the rangers on `rangers` and
/// the first tiles drawn in `order`.
fn game(hands: [&str; 2], rangers: [(i8, i8); 2], order: Vec<Design>) -> GameState {
    let hands = hands
        .iter()
        .map(|h| {
            h.bytes()
                .map(|b| Animal::from_letter(b).expect("an animal letter"))
                .collect()
        })
        .collect();
    let setup = Setup::new(2)
        .with_hands(hands)
        .with_rangers([p(rangers[0].0, rangers[0].1), p(rangers[1].0, rangers[1].1)])
        .with_tile_order(order);
    GameState::new(&setup).expect("a valid setup")
}

/// Plays `moves` (notation), each required to be legal.
fn play(state: &GameState, moves: &[&str]) -> GameState {
    let mut s = state.clone();
    for text in moves {
        let mv: Move = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        s = s.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    s
}

fn design(notation: &str) -> Design {
    match format!("draw {notation}").parse::<Move>() {
        Ok(Move::Draw(d)) => d,
        other => panic!("{notation}: {other:?}"),
    }
}

fn terms(state: &GameState) -> Terms {
    Evaluation::learned().terms(state)
}

const P0: usize = 0;
const P1: usize = 1;

/// Designs with a trail segment that touches one edge only: a tile that can
/// end a trail that runs into an empty cell (read from the tile table).
fn trail_ends() -> Vec<Design> {
    Design::land()
        .filter(|d| {
            d.kind()
                .segments()
                .iter()
                .any(|s| s.kind == carcassonne_safari::FeatureKind::Trail && s.sides.count_ones() == 1)
        })
        .flat_map(|d| std::iter::repeat_n(d, d.copies() as usize))
        .collect()
}

#[test]
fn r_trail_3_a_trail_one_tile_from_completion_with_closers_left_is_worth_nearly_its_full_value() {
    // START-E's trail (a monkey) runs east into (2,0); CS4:E (`stst`, a
    // straight trail with an elephant) continues it to (3,0), where it ends
    // open: two species, 3 points when complete (R-TRAIL-3). Dead ends are
    // common in the pile, so completion is nearly sure.
    let g = game(["", ""], [(0, -1), (0, 1)], vec![design("CS4:E")]);
    let s = play(&g, &["draw CS4:E", "place 2,0 0", "meeple 0"]);
    assert_eq!(s.phase(), Phase::DrawTile);
    // Read off the board, completion is nearly sure; calibrated on what
    // happened in play, the chance stays high (the holder must draw and
    // spend a closing tile on it) and the term is worth most of the 3.
    let reading = match Evaluation::learned().chances(&s).as_slice() {
        [c] => c.reading(),
        other => panic!("{other:?}"),
    };
    assert!(reading.any_of > 0.99 && reading.draws > 0.99, "{reading:?}");
    assert_eq!(reading.open, 1);
    let t = terms(&s);
    assert!(t.get(P0, Term::TrailCompletion) > 0.7 * 3.0, "{t:?}");
    assert!(t.get(P0, Term::TrailCompletion) <= 3.0);
    // Either it completes (3 points) or it scores its two animals at the
    // end (R-END-2): the two chances add up to one.
    let (done, end) = (
        t.get(P0, Term::TrailCompletion) / 3.0,
        t.get(P0, Term::TrailEnd) / 2.0,
    );
    assert!((done + end - 1.0).abs() < 1e-4, "{t:?}");
    assert_eq!(t.get(P1, Term::TrailCompletion), 0.0, "P1 has no meeple on it");
}

#[test]
fn r_end_2_a_trail_whose_closing_tiles_are_all_gone_is_worth_only_its_end_points() {
    // The same trail, then every tile that could end a trail is drawn and
    // put away from (3,0) (the fixed tile order brings them first): no tile
    // left can complete it, so it is worth its end points only (R-END-2: one
    // per animal, a monkey and an elephant).
    let ends = trail_ends();
    assert!(ends.len() > 20, "the pile holds {} dead ends", ends.len());
    let mut order = vec![design("CS4:E")];
    order.extend(&ends);
    let g = game(["", ""], [(0, -1), (0, 1)], order);
    let mut s = play(&g, &["draw CS4:E", "place 2,0 0", "meeple 0"]);
    let before = terms(&s);
    let near = |q: Pos| (q.x - 3).abs() + (q.y).abs() <= 1;
    let mut drawn = 0;
    while drawn < ends.len() || s.phase() != Phase::DrawTile {
        let legal = s.legal_moves();
        let mv = match s.phase() {
            Phase::DrawTile => {
                drawn += 1;
                legal[0]
            }
            Phase::Place { .. } => *legal
                .iter()
                .find(|m| matches!(m, Move::Place(q, _) if !near(*q) && !s.rangers().contains(&Some(*q))))
                .or_else(|| legal.iter().find(|m| matches!(m, Move::Place(q, _) if !near(*q))))
                .expect("a placement away from the trail's end"),
            Phase::Action => Move::Pass,
            Phase::Boost { .. } => Move::NoBoost,
            Phase::Return => *legal
                .iter()
                .find(|m| matches!(m, Move::Return(q) if !near(*q)))
                .unwrap_or(&legal[0]),
            _ => legal[0],
        };
        s = s.play(mv).unwrap();
    }
    let trail = s.feature(p(2, 0), 0).unwrap();
    assert_eq!(trail.open_ends, 1, "still open towards (3,0)");
    assert!(s.pile().all(|(d, _)| !ends.contains(&d)));
    let after = terms(&s);
    // The same chances, listed: the one trail with a meeple, first nearly
    // sure, then impossible.
    let chance = |s: &GameState| match Evaluation::learned().chances(s).as_slice() {
        [c @ Chance::Feature {
            kind: carcassonne_safari::FeatureKind::Trail,
            pos,
            seg: 0,
            chance,
            ..
        }] if *pos == p(2, 0) => (*chance, c.reading().any_of),
        other => panic!("{other:?}"),
    };
    let first = chance(&play(&g, &["draw CS4:E", "place 2,0 0", "meeple 0"]));
    assert!(first.1 > 0.99 && first.0 > 0.7, "{first:?}");
    assert_eq!(chance(&s), (0.0, 0.0));
    assert!(before.get(P0, Term::TrailCompletion) > 0.7 * 3.0);
    assert_eq!(after.get(P0, Term::TrailCompletion), 0.0);
    assert_eq!(after.get(P0, Term::TrailEnd), 2.0);
    assert_eq!(
        after.get(P0, Term::StuckMeeples),
        1.0,
        "its meeple will not come home"
    );
}

#[test]
fn r_maj_1_a_completed_trail_not_yet_scored_is_worth_its_points_to_every_tied_holder() {
    let s = support::joined_trails_at_action(["", ""], true);
    assert_eq!(s.phase(), Phase::Action);
    let trail = s.feature(p(2, 0), 0).unwrap();
    assert!(trail.is_complete() && trail.species() == 4);
    let t = terms(&s);
    // Four species: 10 points (R-TRAIL-3), to both holders of one meeple.
    assert_eq!(t.get(P0, Term::TrailCompletion), 10.0);
    assert_eq!(t.get(P1, Term::TrailCompletion), 10.0);
    assert_eq!(t.get(P0, Term::TrailEnd), 0.0);
    assert_eq!(t.get(P0, Term::StuckMeeples), 0.0);
    assert_eq!(t.get(P1, Term::Action), 1.0, "P1's action comes next");
    assert_eq!(t.get(P0, Term::Action), 0.0);
}

#[test]
fn r_trail_4_a_token_that_can_boost_adds_the_next_species_less_its_end_point() {
    // P0 holds a zebra, which the trail lacks: boosted, four species count
    // as five, 15 points instead of 10, less the token's point at the end
    // (R-END-3). P1's lion is on the trail already: no boost.
    let s = support::joined_trails_at_action(["Z", "L"], true);
    let t = terms(&s);
    assert_eq!(t.get(P0, Term::TrailCompletion), 10.0 + (15.0 - 10.0 - 1.0));
    assert_eq!(t.get(P1, Term::TrailCompletion), 10.0);
    assert_eq!(t.get(P0, Term::Tokens), 1.0);
}

#[test]
fn r_water_5_a_meeple_on_a_hole_that_cannot_complete_is_worth_nothing() {
    // START-W's north-west corner is a slot (R-WATER-1). With CS20 (`sbss`,
    // bush on E) turned 180 on (-1,-1), bush covers that tile's west edge:
    // its south-west corner, at the same vertex, is no slot, so a hole dug
    // there can never fill its vertex.
    let order = vec![design("CS20:M")];
    let blocked = play(
        &game(["L", ""], [(0, -1), (0, 1)], order.clone()),
        &["draw CS20:M", "place -1,-1 180", "dig -1,0 nw L"],
    );
    assert!(!blocked.is_open_slot(p(-1, -1), carcassonne_safari::Corner::SW));
    assert_eq!(terms(&blocked).get(P0, Term::WateringHoles), 0.0);
    // The same dig with the tile elsewhere: the vertex can still fill.
    let open = play(
        &game(["L", ""], [(0, -1), (0, 1)], order),
        &["draw CS20:M", "place -1,1 270", "dig -1,0 nw L"],
    );
    let chance = terms(&open).get(P0, Term::WateringHoles);
    assert!(chance > 0.0 && chance < 1.0, "{chance}");
}

/// P0's meeple on the baobab of CS1 (`ssss`) placed on (-1,-1), its two
/// tokens drawn; the tiles of `order` are dealt in turn.
fn baobab_meeple(order: &[&str]) -> GameState {
    let order = order.iter().map(|d| design(d)).collect();
    play(
        &game(["", ""], [(2, 0), (1, 1)], order),
        &[
            "draw CS1:-",
            "place -1,-1 0",
            "meeple baobab",
            "token M",
            "token E",
        ],
    )
}

#[test]
fn r_baobab_2_a_baobab_is_worth_more_as_its_ring_fills() {
    // P0 puts a meeple on the baobab of CS1 (`ssss`) on (-1,-1): two of its
    // eight neighbours are filled (the start tile). Each tile placed round it
    // raises the chance that the ring fills (R-BAOBAB-2).
    let s = baobab_meeple(&["CS1:-", "CS1:-", "CS20:M", "CS20:G"]);
    let one = terms(&s).get(P0, Term::Baobabs);
    let s = play(&s, &["draw CS1:-", "place -1,-2 0", "pass"]);
    let two = terms(&s).get(P0, Term::Baobabs);
    let s = play(&s, &["draw CS20:M", "place -2,-1 270", "pass"]);
    let three = terms(&s).get(P0, Term::Baobabs);
    assert!(
        0.0 < one && one < two && two < three && three < 1.0,
        "{one} {two} {three}"
    );
    assert_eq!(terms(&s).get(P1, Term::Baobabs), 0.0);
}

#[test]
fn tokens_meeples_and_turns_count_what_each_player_has_left() {
    // 72 tiles, two players: 36 placements each (R-COMP-1, R-TURN-1).
    let g = game(["LZ", "E"], [(0, -1), (0, 1)], vec![]);
    let t = terms(&g);
    assert_eq!(t.get(P0, Term::Turns), 36.0);
    assert_eq!(t.get(P1, Term::Turns), 36.0);
    assert_eq!(t.get(P0, Term::Tokens), 2.0);
    assert_eq!(t.get(P1, Term::Tokens), 1.0);
    assert_eq!(t.get(P0, Term::Meeples), 6.0);
    // P0 has drawn: its tile in hand is still a placement to come; once
    // placed, P0 has 35 left and P1 36.
    let mut s = g.play(g.chance_outcomes().iter().next().unwrap().0).unwrap();
    assert_eq!(terms(&s).get(P0, Term::Turns), 36.0);
    s = s.play(s.legal_moves()[0]).unwrap();
    assert_eq!(terms(&s).get(P0, Term::Turns), 35.0);
    assert_eq!(terms(&s).get(P1, Term::Turns), 36.0);
    // Three players at the start: 24 each.
    let three = GameState::new(&Setup::new(3).with_hands(vec![vec![], vec![], vec![]])).unwrap();
    assert!((0..3).all(|seat| terms(&three).get(seat, Term::Turns) == 24.0));
    // Seats past the game's players are zero.
    assert!(Term::ALL.iter().all(|&x| terms(&three).get(4, x) == 0.0));
}

/// `weights` with the weight named `name` set to `value` for every player
/// count.
fn set(mut weights: Weights, name: &str, value: f32) -> Weights {
    let i = PlayerWeights::PARAMS
        .iter()
        .position(|&p| p == name)
        .expect("a weight");
    for w in &mut weights.by_players {
        w.params[i] = value;
    }
    weights
}

/// The weight named `name` for two players.
fn get(weights: &Weights, name: &str) -> f32 {
    weights.by_players[0].params[PlayerWeights::PARAMS
        .iter()
        .position(|&p| p == name)
        .expect("a weight")]
}

#[test]
fn the_expected_score_is_the_points_plus_the_weighted_terms_and_the_final_score_at_the_end() {
    let s = support::joined_trails_at_action(["Z", "L"], true);
    // The terms and the bias: the ranger points are tested with R-RANGER-2
    // below.
    let weights = set(Weights::learned(), "rangers", 0.0);
    let weights = set(weights, "rangers*pile", 0.0);
    let mut eval = Evaluation::new(weights);
    let t = eval.terms(&s);
    let expected = eval.expected_scores(&s);
    // The pile left, as a fraction of the 72 land tiles (R-COMP-1).
    let pile = s.tiles_left() as f32 / 72.0;
    for seat in [P0, P1] {
        let sum: f32 = Term::ALL
            .iter()
            .map(|&x| {
                t.get(seat, x)
                    * (get(&weights, x.name()) + get(&weights, &format!("{}*pile", x.name())) * pile)
            })
            .sum();
        let bias = get(&weights, "bias")
            + get(&weights, "bias*pile") * pile
            + get(&weights, "bias*pile2") * pile * pile;
        let want = s.scores()[seat] as f32 + sum + bias;
        assert!(
            (expected[seat] - want).abs() < 1e-3,
            "{} vs {want}",
            expected[seat]
        );
    }
    // Once the game is over: the final scores.
    let mut end = GameState::new(&Setup::new(2)).unwrap();
    while !end.is_over() {
        end = end.play(end.legal_moves()[0]).unwrap();
    }
    let expected = eval.expected_scores(&end);
    for (seat, &score) in end.scores().iter().enumerate() {
        assert_eq!(expected[seat], score as f32, "seat {}", PlayerId(seat as u8));
    }
}

/// The chance, counted through the engine's own queries, that the next
/// tile drawn from `state`'s pile fits one of `cells`.
fn chance_to_fit(state: &GameState, cells: &[Pos]) -> f32 {
    let fitting: Vec<Design> = cells
        .iter()
        .flat_map(|&c| state.fitting_tiles(c).map(|(d, _)| d))
        .collect();
    let copies: u32 = state
        .pile()
        .filter(|(d, _)| fitting.contains(d))
        .map(|(_, n)| n as u32)
        .sum();
    copies as f32 / state.tiles_left() as f32
}

#[test]
fn r_ranger_2_rangers_promise_three_points_to_the_next_placer() {
    let state = game(["", ""], [(2, 0), (0, 1)], vec![]);
    let chance = chance_to_fit(&state, &[p(2, 0), p(0, 1)]);
    assert!(chance > 0.0 && chance < 1.0, "{chance}");
    let counted =
        |weight: f32| Evaluation::new(set(set(Weights::v0_3(), "rangers", weight), "rangers*pile", 0.0));
    let mut eval = counted(1.0);
    let (seat, points) = eval.ranger_points(&state).expect("a tile to draw");
    // Seat 0 draws first.
    assert_eq!(seat, PlayerId(0));
    assert!(
        (points - 3.0 * chance).abs() < 1e-4,
        "{points} vs {}",
        3.0 * chance
    );
    // The points go to that seat's expected score only.
    let with = eval.expected_scores(&state);
    let without = counted(0.0).expected_scores(&state);
    assert!((with[P0] - without[P0] - points).abs() < 1e-3);
    assert_eq!(with[P1], without[P1]);
    // Their weight counts them that many times; version 0.3.0 counted a
    // half.
    let half = counted(0.5).expected_scores(&state);
    assert!((half[P0] - without[P0] - 0.5 * 3.0 * chance).abs() < 1e-3);
    assert_eq!(half[P1], without[P1]);
    assert_eq!(Evaluation::v0_3().expected_scores(&state), half);
}

#[test]
fn r_ranger_2_after_the_placement_the_rangers_are_the_next_players() {
    let start = game(["", ""], [(2, 0), (-2, 0)], vec![]);
    // Draw and place a tile away from the rangers: the rest of the turn is
    // seat 0's, the next draw seat 1's.
    let mut state = start.clone();
    while state.phase() != Phase::Action {
        let mv = state
            .legal_moves()
            .iter()
            .copied()
            .find(|m| match m {
                Move::Place(pos, _) => *pos != p(2, 0) && *pos != p(-2, 0),
                _ => true,
            })
            .expect("a move");
        state = state.play(mv).unwrap();
    }
    let mut eval = Evaluation::learned();
    let (seat, points) = eval.ranger_points(&state).expect("tiles left");
    assert_eq!(seat, PlayerId(1));
    let rangers: Vec<Pos> = state.rangers().iter().flatten().copied().collect();
    assert_eq!(rangers.len(), 2);
    let chance = chance_to_fit(&state, &rangers);
    assert!(
        (points - 3.0 * chance).abs() < 1e-4,
        "{points} vs {}",
        3.0 * chance
    );
}

#[test]
fn r_action_1_a_free_completed_trail_on_the_tile_just_placed_is_claimable_for_its_points() {
    let s = support::joined_trails_at_action(["", ""], false);
    assert_eq!(s.phase(), Phase::Action);
    let trail = s.feature(p(2, 0), 0).unwrap();
    assert!(trail.is_complete() && trail.species() == 4 && trail.meeples.iter().all(|&m| m == 0));
    let claims = Evaluation::learned().claim_values(&s, PlayerId(1));
    // A meeple on it scores four species: 10 points (R-TRAIL-3, R-ACTION-1).
    assert_eq!(claims[0][0], 10.0, "{claims:?}");
    assert_eq!(claims[0][2], 10.0, "the best complete trail");
    // Scored at once, its meeple home at once: 10 points whatever the weights.
    assert_eq!(claims[0][3], 10.0);
}

#[test]
fn r_trail_4_a_claim_counts_the_boost_of_the_claimers_hand() {
    // P1's zebra is not on the trail: boosted, 15 points less the token's
    // end point (R-TRAIL-4, R-END-3). P0's lion is: no boost for P0.
    let s = support::joined_trails_at_action(["L", "Z"], false);
    let mut eval = Evaluation::learned();
    assert_eq!(
        eval.claim_values(&s, PlayerId(1))[0][0],
        10.0 + (15.0 - 10.0 - 1.0)
    );
    assert_eq!(eval.claim_values(&s, PlayerId(0))[0][0], 10.0);
}

#[test]
fn r_action_1_a_trail_with_a_meeple_is_not_claimable() {
    // With a meeple already on the trail, nothing on it is free.
    let s = support::joined_trails_at_action(["", ""], true);
    let claims = Evaluation::learned().claim_values(&s, PlayerId(1));
    assert!(claims[0][2] == 0.0, "{claims:?}");
}

#[test]
fn no_claims_outside_an_action() {
    let g = game(["", ""], [(0, -1), (0, 1)], vec![design("CS4:E")]);
    let s = play(&g, &["draw CS4:E"]);
    assert_eq!(Evaluation::learned().claim_values(&s, PlayerId(0)), [[0.0; 4]; 2]);
}

#[test]
fn r_ranger_2_the_policy_sees_the_points_a_displaced_ranger_still_owes() {
    use carcassonne_safari_bots::learned::{feature_evaluation, move_features, FEATURES};
    // A ranger on (2,0): CS4:E placed there displaces it. Its 3 points come
    // at the start of the scoring step (R-TURN-3), after the action, so the
    // score after the placement is still 0 and the policy's row says 3.
    let g = game(["", ""], [(2, 0), (-2, 0)], vec![design("CS4:E")]);
    let s = play(&g, &["draw CS4:E"]);
    let mv: Move = "place 2,0 0".parse().unwrap();
    let next = s.play(mv).unwrap();
    assert_eq!(next.rangers().iter().filter(|r| r.is_none()).count(), 1);
    assert_eq!(next.scores()[P0], 0);
    let mut rows = Vec::new();
    move_features(&mut feature_evaluation(), &s, &[mv], &mut rows);
    assert_eq!(rows[FEATURES - 2], 3.0, "owed to the mover");
    assert_eq!(rows[FEATURES - 1], 0.0);
    // The same tile elsewhere displaces nothing.
    let away = *s
        .legal_moves()
        .iter()
        .find(|m| matches!(m, Move::Place(q, _) if *q != p(2, 0) && *q != p(-2, 0)))
        .expect("a placement off the rangers");
    rows.clear();
    move_features(&mut feature_evaluation(), &s, &[away], &mut rows);
    assert_eq!(rows[FEATURES - 2], 0.0);
}

#[test]
fn r_maj_1_chances_list_a_feature_with_meeples_of_both_players_once_and_a_complete_one_as_sure() {
    // P0's and P1's meeples are on one trail, complete by the tile just
    // placed (not yet scored): one feature, chance 1.
    let s = support::joined_trails_at_action(["", ""], true);
    let chances = Evaluation::learned().chances(&s);
    assert_eq!(chances.len(), 1, "{chances:?}");
    let Chance::Feature {
        id,
        kind,
        pos,
        seg,
        chance,
        reading,
    } = chances[0]
    else {
        panic!("{chances:?}");
    };
    assert_eq!(kind, carcassonne_safari::FeatureKind::Trail);
    assert_eq!(chance, 1.0);
    // Nothing is missing: no open cell.
    assert_eq!(reading.open, 0);
    assert_eq!(chances[0].chance(), 1.0);
    assert_eq!(s.feature(pos, seg).unwrap().id, id);
    assert_eq!(s.feature(p(2, 0), 0).unwrap().id, id, "the trail P0 started");
    // Nothing once the game is over.
    let mut end = GameState::new(&Setup::new(2)).unwrap();
    while !end.is_over() {
        end = end.play(end.legal_moves()[0]).unwrap();
    }
    assert!(Evaluation::learned().chances(&end).is_empty());
}

#[test]
fn r_baobab_2_chances_list_a_baobab_meeple_with_its_owner_and_a_chance_that_rises_as_its_ring_fills() {
    let s = baobab_meeple(&["CS1:-", "CS1:-", "CS20:M"]);
    let baobab = |s: &GameState| match Evaluation::learned().chances(s).as_slice() {
        [Chance::Baobab {
            pos, player, chance, ..
        }] if *pos == p(-1, -1) && *player == PlayerId(0) => *chance,
        other => panic!("{other:?}"),
    };
    let one = baobab(&s);
    let two = baobab(&play(&s, &["draw CS1:-", "place -1,-2 0", "pass"]));
    assert!(0.0 < one && one < two && two < 1.0, "{one} {two}");
}

#[test]
fn r_water_4_chances_list_a_hole_meeple_with_its_vertex_and_no_chance_where_it_cannot_fill() {
    use carcassonne_safari::Corner;
    let order = vec![design("CS20:M")];
    let hole = |s: &GameState| match Evaluation::learned().chances(s).as_slice() {
        [Chance::Hole {
            pos,
            corner,
            vertex,
            player,
            chance,
            ..
        }] => {
            assert_eq!(*player, PlayerId(0));
            (*pos, *corner, *vertex, *chance)
        }
        other => panic!("{other:?}"),
    };
    // Blocked by the bush corner of CS20 (R-WATER-5, as above): chance 0. The
    // vertex of a north-west corner is its own cell.
    let blocked = play(
        &game(["L", ""], [(0, -1), (0, 1)], order.clone()),
        &["draw CS20:M", "place -1,-1 180", "dig -1,0 nw L"],
    );
    assert_eq!(hole(&blocked), (p(-1, 0), Corner::NW, p(-1, 0), 0.0));
    // Every dig of the open position: the vertex is the cell whose
    // north-west corner it is (one east for NE, one south for SW, both for
    // SE), and the vertex can still fill.
    let open = play(
        &game(["L", ""], [(0, -1), (0, 1)], order),
        &["draw CS20:M", "place -1,1 270"],
    );
    let digs: Vec<(Pos, Corner)> = open
        .legal_moves()
        .iter()
        .filter_map(|m| match *m {
            Move::Dig(pos, corner, _) => Some((pos, corner)),
            _ => None,
        })
        .collect();
    let mut corners = Vec::new();
    for (pos, corner) in digs {
        let s = open
            .play(Move::Dig(pos, corner, Animal::from_letter(b'L').unwrap()))
            .unwrap();
        let (at, c, vertex, chance) = hole(&s);
        assert_eq!((at, c), (pos, corner));
        let (dx, dy) = match corner {
            Corner::NW => (0, 0),
            Corner::NE => (1, 0),
            Corner::SE => (1, 1),
            Corner::SW => (0, 1),
        };
        assert_eq!(vertex, p(pos.x + dx, pos.y + dy), "{pos} {corner:?}");
        assert!(chance > 0.0 && chance < 1.0, "{chance}");
        corners.push(corner);
    }
    assert!(corners.iter().any(|&c| c != Corner::NW), "{corners:?}");
}

#[test]
fn the_draws_reading_closes_one_cell_per_draw_at_the_rate_of_the_closing_tiles() {
    use carcassonne_safari_bots::eval::draws_chance;
    // One cell, 2 closing tiles in a pile of 10: one draw closes it 1 time
    // in 5; two draws miss it 0.8 × 0.8 of the time.
    assert!((draws_chance(1, 2.0, 10, 1) - 0.2).abs() < 1e-6);
    assert!((draws_chance(1, 2.0, 10, 2) - 0.36).abs() < 1e-6);
    // Two cells: the first draw closes one of them 2 × 0.2 of the time, the
    // second draw the other 0.2 of the time: 0.4 × 0.2.
    assert!((draws_chance(2, 2.0, 10, 2) - 0.08).abs() < 1e-6);
    // Fewer draws than cells, or an empty pile: never. Nothing open: done.
    assert_eq!(draws_chance(3, 5.0, 10, 2), 0.0);
    assert_eq!(draws_chance(1, 5.0, 0, 4), 0.0);
    assert_eq!(draws_chance(0, 0.0, 0, 0), 1.0);
}

#[test]
fn r_end_5_the_forecast_of_a_finished_game_is_its_scores_and_win_shares() {
    let mut end = GameState::new(&Setup::new(3)).unwrap();
    while !end.is_over() {
        end = end.play(end.legal_moves()[0]).unwrap();
    }
    let forecast = Evaluation::learned().forecast(&end);
    let scores: Vec<f32> = end.scores().iter().map(|&s| s as f32).collect();
    assert_eq!(forecast.expected_scores(), scores.as_slice());
    let top = *end.scores().iter().max().unwrap();
    let leaders = end.scores().iter().filter(|&&s| s == top).count() as f32;
    for (seat, &s) in end.scores().iter().enumerate() {
        let want = if s == top { 1.0 / leaders } else { 0.0 };
        assert_eq!(forecast.win(PlayerId(seat as u8)), want);
    }
    assert_eq!(forecast.win(PlayerId(4)), 0.0, "past the players");
}

#[test]
fn the_forecast_favours_the_player_expected_to_score_more() {
    // P0's trail is complete and scored at the end of the turn: P0 leads.
    let s = support::joined_trails_at_action(["Z", "L"], true);
    let forecast = Evaluation::learned().forecast(&s);
    let (e0, e1) = (forecast.expected(PlayerId(0)), forecast.expected(PlayerId(1)));
    let (w0, w1) = (forecast.win(PlayerId(0)), forecast.win(PlayerId(1)));
    assert!((w0 + w1 - 1.0).abs() < 1e-5);
    assert_eq!(e0 > e1, w0 > w1, "{e0} {e1} {w0} {w1}");
    assert!((forecast.margin(PlayerId(0)) - (e0 - e1)).abs() < 1e-4);
}

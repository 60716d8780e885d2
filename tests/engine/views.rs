//! What the queries give a UI: segments in board orientation, stable feature
//! ids, watering holes grouped with their owners, readable `Debug`.

use crate::support;

use carcassonne_safari::view::SegmentRef;
use carcassonne_safari::{
    geometry::Corners, geometry::Sides, view::FeatureId, view::HoleToken, Corner, Design, FeatureKind,
    GameState, PlayerSet, Pos, Setup, Side,
};
use support::*;

#[test]
fn segments_are_given_in_board_orientation() {
    // CS26 prints a trail on W and one bush over N and E; turned 90 degrees
    // clockwise the trail is on N and the bush covers E and S (over the bush of
    // the start tile's east part).
    let g = game(&["", ""], [(2, 0), (1, 1)]);
    let s = st(&g, &["draw CS26:E,G", "place 1,-1 90"]);
    let tile = s.tile_at(p(1, -1)).unwrap();
    let segments: Vec<_> = tile.segments().collect();
    assert_eq!(segments.len(), 2);
    assert_eq!(segments[0].kind, FeatureKind::Trail);
    assert_eq!(segments[0].sides, Sides::from_iter([Side::N]));
    assert!(segments[0].corners().is_empty(), "a trail reaches no corner");
    assert_eq!(segments[1].kind, FeatureKind::Bush);
    assert_eq!(segments[1].sides, Sides::from_iter([Side::E, Side::S]));
    assert_eq!(segments[1].birds, 2);
    assert_eq!(
        segments[1].corners().iter().collect::<Vec<_>>(),
        [Corner::NE, Corner::SE, Corner::SW]
    );
    assert_eq!(segments[0].animals.to_string(), "E");
    assert_eq!(segments[1].animals.to_string(), "G");
    assert_eq!(Corners::default().len(), 0);
    assert!(!tile.has_baobab());
    assert_eq!(
        tile.edge(Side::W).to_owned(),
        carcassonne_safari::tiles::Edge::Savanna
    );
}

#[test]
fn a_feature_keeps_the_name_of_its_oldest_segment() {
    let g = game(&["", ""], [(2, 0), (1, 1)]);
    // The start tile's middle part has a trail to the south.
    let old = FeatureId { pos: p(0, 0), seg: 0 };
    assert_eq!(g.feature(p(0, 0), 0).unwrap().id, old);
    // CS4 turned 90 carries a north-south trail on (0,1), joining it.
    let s = st(&g, &["draw CS4:E", "place 0,1 90"]);
    let joined = s.feature(p(0, 1), 0).unwrap();
    assert_eq!(joined.id, old);
    assert_eq!(
        joined.segments,
        vec![
            SegmentRef { pos: p(0, 0), seg: 0 },
            SegmentRef { pos: p(0, 1), seg: 0 }
        ]
    );
    assert_eq!(joined.id.to_string(), "0,0/0");
    // The id names a segment of the feature: looking it up finds the feature.
    assert_eq!(s.feature(joined.id.pos, joined.id.seg), Some(joined));
}

#[test]
fn watering_holes_are_grouped_round_their_vertex() {
    let g = game(&["GGZ", "L"], [(2, 0), (1, 1)]);
    // Two holes dug diagonally at vertex (-1,0) are two holes (R-WATER-4).
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
    let holes = s.water_holes();
    assert_eq!(holes.len(), 2);
    for hole in &holes {
        assert_eq!(hole.vertex, p(-1, 0));
        assert_eq!(hole.tokens.len(), 1);
        assert!(!hole.complete);
        assert_eq!(hole.owners(), PlayerSet::from_seats([0]));
    }
    // P1's lion between them joins them into one hole of three.
    let s = st(&s, &["draw CS3:E", "place -1,-1 0", "expand -1,-1 sw L"]);
    let holes = s.water_holes();
    assert_eq!(holes.len(), 1);
    assert_eq!(holes[0].tokens.len(), 3);
    assert_eq!(holes[0].owners(), PlayerSet::from_seats([0]));
    // The fourth token completes it: the meeples have gone home.
    let s = st(&s, &["draw CS4:E", "place 0,2 90", "expand -2,0 ne Z"]);
    let holes = s.water_holes();
    assert_eq!(holes.len(), 1);
    assert!(holes[0].complete);
    assert!(holes[0].owners().is_empty());
    let mut tokens: Vec<HoleToken> = holes[0].tokens.clone();
    tokens.sort_by_key(|t| (t.pos, t.corner));
    let letters: String = tokens.iter().map(|t| t.animal.letter()).collect();
    assert_eq!(letters, "GZLG");
}

#[test]
fn debug_output_is_readable() {
    assert_eq!(format!("{:?}", Pos::new(2, -1)), "Pos(2,-1)");
    let d: Design = "CS26:E,G".parse().unwrap();
    assert_eq!(format!("{d:?}"), "Design(CS26:E,G)");
    let s = GameState::new(&Setup::new(2)).unwrap();
    assert!(format!("{:?}", s.tile_at(Pos::new(0, 0)).unwrap()).contains("Design(START-M:G)"));
}

// ---------------------------------------------------------------------------
// The presentation layer: machine names, chance outcomes, the game log and
// the score summary.

use carcassonne_safari::events::{MeepleSpot, ScoreCategory, ScoreReason};
use carcassonne_safari::movegen::MoveFilter;
use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::view::{GameLog, ScoreSummary};

use carcassonne_safari::{Actor, Animal, Event, Move, MoveKind, Phase, PlayerId};

#[test]
fn every_machine_name_is_its_serde_name() {
    let json = |v: serde_json::Value| v;
    let phases = [
        Phase::DrawToken { player: PlayerId(1) },
        Phase::DrawTile,
        Phase::Place {
            design: "CS1:-".parse().unwrap(),
        },
        Phase::Action,
        Phase::Boost { player: PlayerId(0) },
        Phase::Return,
        Phase::GameOver,
    ];
    let names: Vec<&str> = phases.iter().map(|p| p.name()).collect();
    assert_eq!(
        names,
        [
            "draw_token",
            "draw_tile",
            "place",
            "action",
            "boost",
            "return",
            "game_over"
        ]
    );
    for p in phases {
        let v = json(serde_json::to_value(p).unwrap());
        assert_eq!(v["type"], p.name(), "{p:?}");
        assert_eq!(serde_json::from_value::<Phase>(v).unwrap(), p);
    }
    for k in MoveKind::ALL {
        assert_eq!(serde_json::to_value(k).unwrap(), k.keyword());
    }
    let categories: Vec<&str> = ScoreCategory::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(
        categories,
        [
            "trails",
            "bushes",
            "rangers",
            "watering_holes",
            "final_trails",
            "final_bushes",
            "final_tokens"
        ]
    );
    for c in ScoreCategory::ALL {
        assert_eq!(serde_json::to_value(c).unwrap(), c.name());
        assert_eq!(c, ScoreCategory::ALL[c.index()]);
    }
    for (side, name) in Side::ALL.into_iter().zip(["n", "e", "s", "w"]) {
        assert_eq!(serde_json::to_value(side).unwrap(), name);
    }
    for (corner, name) in Corner::ALL.into_iter().zip(["ne", "se", "sw", "nw"]) {
        assert_eq!(serde_json::to_value(corner).unwrap(), name);
    }
    let spots = [
        MeepleSpot::Segment { pos: p(1, 0), seg: 1 },
        MeepleSpot::Baobab { pos: p(2, 0) },
        MeepleSpot::Hole {
            pos: p(2, 0),
            corner: Corner::NE,
        },
    ];
    for s in spots {
        let v = serde_json::to_value(s).unwrap();
        assert_eq!(v["type"], s.name());
        assert_eq!(serde_json::from_value::<MeepleSpot>(v).unwrap(), s);
    }
    let reason = ScoreReason::Feature {
        kind: FeatureKind::Trail,
        species: 3,
        boost: Some(Animal::Lion),
        table: 10,
        birds: 0,
    };
    let v = serde_json::to_value(reason).unwrap();
    assert_eq!(v["type"], "feature");
    assert_eq!(v["kind"], "trail");
    assert_eq!(v["boost"], "L");
    // Every event of a whole game: its serde type is its name, and it reads back.
    let log = random_log(4, 4);
    let mut seen = std::collections::BTreeSet::new();
    for (_, e) in log.events_until(log.len()) {
        let v = serde_json::to_value(e).unwrap();
        assert_eq!(v["type"], e.name(), "{e:?}");
        assert_eq!(&serde_json::from_value::<Event>(v).unwrap(), e);
        seen.insert(e.name());
    }
    assert!(seen.len() >= 12, "{seen:?}");
}

#[test]
fn chance_outcomes_carry_the_weights_of_what_is_left() {
    // R-COMP-2: ten tokens of each of five animals before the deal.
    let start = GameState::new(&Setup::new(2)).unwrap();
    let outcomes = start.chance_outcomes();
    assert_eq!(outcomes.len(), 5);
    assert_eq!(outcomes.total_weight(), 50);
    assert!(outcomes.iter().all(|(_, w)| w == 10));
    assert_eq!(outcomes.weight(Move::Pass), 0);
    let listed: Vec<Move> = outcomes.iter().map(|(m, _)| m).collect();
    assert_eq!(listed, start.legal_moves().to_vec());
    // A lion drawn: nine lions left.
    let after = start.play("token L".parse().unwrap()).unwrap();
    assert_eq!(after.chance_outcomes().weight("token L".parse().unwrap()), 9);
    assert_eq!(after.chance_outcomes().total_weight(), 49);
    // Sampling follows the weights: 49,000 draws of 49 tokens, each animal
    // within five standard deviations of its share (seeded: deterministic).
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(9);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..49_000 {
        *counts
            .entry(after.chance_outcomes().sample(&mut rng).unwrap())
            .or_insert(0u32) += 1;
    }
    for (mv, w) in after.chance_outcomes() {
        let expected = 49_000.0 * w as f64 / 49.0;
        let sd = (expected * (1.0 - w as f64 / 49.0)).sqrt();
        let got = counts[&mv] as f64;
        assert!((got - expected).abs() < 5.0 * sd, "{mv}: {got} vs {expected}");
    }
    // No outcome at a player's decision.
    let mut s = after;
    while s.to_move() == Some(Actor::Chance) {
        s = s.play(s.legal_moves()[0]).unwrap();
    }
    assert!(s.chance_outcomes().is_empty());
    assert_eq!(s.chance_outcomes().sample(&mut rng), None);
}

#[test]
fn the_generator_lists_counts_and_stops_early() {
    let log = random_log(2, 3);
    for step in (0..log.len()).step_by(7) {
        let s = log.state_at(step).unwrap();
        let all = s.legal_moves().to_vec();
        let mut listed = Vec::new();
        assert!(!s.generate_moves(MoveFilter::All, |m| {
            listed.extend_from_slice(m);
            false
        }));
        assert_eq!(listed, all);
        for kind in MoveKind::ALL {
            let want: Vec<Move> = all.iter().copied().filter(|m| m.kind() == kind).collect();
            let mut n = 0;
            s.generate_moves(kind.into(), |m| {
                assert!(m.iter().all(|x| x.kind() == kind));
                n += m.len();
                false
            });
            assert_eq!(n, want.len(), "{kind} at step {step}");
        }
        // Stopping after the first batch: exactly one call.
        let mut calls = 0;
        let stopped = s.generate_moves(MoveFilter::All, |_| {
            calls += 1;
            true
        });
        assert_eq!((stopped, calls), (!all.is_empty(), usize::from(!all.is_empty())));
    }
}

#[test]
fn a_game_log_undoes_steps_through_and_round_trips_its_record() {
    let log = random_log(11, 3);
    assert!(log.current().is_over());
    // The record replays into the same log; the JSON form too.
    let record = log.to_record();
    assert_eq!(record.moves.len(), log.len());
    assert_eq!(GameLog::from_record(&record).unwrap(), log);
    let json = serde_json::to_string(&log).unwrap();
    assert_eq!(serde_json::from_str::<GameLog>(&json).unwrap(), log);
    // Every step: the position before the move, and the move's events.
    for step in 0..log.len() {
        let before = log.state_at(step).unwrap();
        let (after, events) = before.apply(log.moves()[step]).unwrap();
        assert_eq!(log.state_at(step + 1), Some(&after));
        assert_eq!(log.events_of(step), &events[..]);
        let entry = log.entry(step).unwrap();
        assert_eq!(Some(entry.actor), before.to_move());
        assert_eq!(entry.mv, log.moves()[step]);
    }
    assert_eq!(log.entry(log.len()), None);
    let total: usize = (0..log.len()).map(|i| log.events_of(i).len()).sum();
    assert_eq!(log.events_until(log.len()).count(), total);
    // Undo to the middle; playing the same move again gives the same state.
    let mut undone = log.clone();
    undone.undo_to(100);
    assert_eq!(undone.len(), 100);
    assert_eq!(undone.current(), log.state_at(100).unwrap());
    undone.play(log.moves()[100]).unwrap();
    assert_eq!(undone.current(), log.state_at(101).unwrap());
    // An illegal move changes nothing.
    let before = undone.clone();
    let far = Move::Return(Pos::new(100, 100)); // never a frontier cell
    assert!(undone.play(far).is_err());
    assert_eq!(undone, before);
    // Decision steps are the players' decisions.
    for step in log.decision_steps() {
        assert!(matches!(
            log.state_at(step).unwrap().to_move(),
            Some(Actor::Player(_))
        ));
    }
}

#[test]
fn the_last_turn_of_each_player_is_where_their_last_tile_went() {
    for seed in 1..6 {
        let log = random_log(seed, 2 + (seed as usize % 4));
        let players = log.current().players();
        for p in 0..players {
            let player = PlayerId(p as u8);
            let range = log.last_turn_of(player).expect("everyone played");
            // Every move of the range is of that player's turn, and the
            // range is the whole turn: the move before it and after it are not.
            for step in range.clone() {
                assert_eq!(log.state_at(step).unwrap().turn_player(), Some(player));
            }
            if range.start > 0 {
                let before = log.state_at(range.start - 1).unwrap();
                assert!(
                    before.turn_player() != Some(player)
                        || before.turn() != log.state_at(range.start).unwrap().turn()
                );
            }
            // The player's last placed tile was placed inside the range.
            let last_placed = (0..log.len())
                .rev()
                .find(|&i| {
                    log.events_of(i)
                        .iter()
                        .any(|e| matches!(e, Event::TilePlaced { player: q, .. } if *q == player))
                })
                .expect("a tile placed");
            assert!(
                range.contains(&last_placed),
                "p{p}: {range:?} misses step {last_placed}"
            );
        }
    }
}

#[test]
fn the_score_summary_explains_every_point() {
    for seed in 1..9 {
        let players = 2 + (seed as usize % 4);
        let log = random_log(seed, players);
        let events: Vec<Event> = log.events_until(log.len()).map(|(_, e)| *e).collect();
        let summary = ScoreSummary::from_events(players, &events);
        for (p, points) in summary.players.iter().enumerate() {
            assert_eq!(points.total, log.current().scores()[p]);
            assert_eq!(points.by_category.iter().sum::<u32>(), points.total);
        }
        // The final scoring lines are the points scored by the last move
        // (R-END-2, R-END-3), in order.
        let last: Vec<(PlayerId, u8)> = log
            .events_of(log.len() - 1)
            .iter()
            .filter_map(|e| match e {
                Event::Scored {
                    player,
                    points,
                    reason,
                } if reason.is_final() => Some((*player, *points)),
                _ => None,
            })
            .collect();
        let lines: Vec<(PlayerId, u8)> = summary
            .final_scoring
            .iter()
            .map(|l| (l.player, l.points))
            .collect();
        assert_eq!(lines, last);
    }
}

#[test]
fn a_hole_whose_slots_wrap_round_the_vertex_is_one_hole() {
    // At vertex (-1,0): the NE corner of (-2,0) is its last slot and the SE
    // corner of (-2,-1) its first; the two cells share an edge, so the two
    // tokens touch (R-WATER-1) and make one hole.
    let g = game(&["GGZ", "L"], [(2, 0), (1, 1)]);
    let s = st(
        &g,
        &[
            "draw CS1:-",
            "place -2,0 0",
            "dig -2,0 ne G",
            "draw CS4:M",
            "place 0,1 90",
            "pass",
            "draw CS1:-",
            "place -2,-1 0",
            "expand -2,-1 se Z",
        ],
    );
    let holes = s.water_holes();
    assert_eq!(holes.len(), 1, "{holes:?}");
    assert_eq!(holes[0].vertex, p(-1, 0));
    let mut tokens: Vec<(Pos, Corner, char)> = holes[0]
        .tokens
        .iter()
        .map(|t| (t.pos, t.corner, t.animal.letter()))
        .collect();
    tokens.sort();
    assert_eq!(
        tokens,
        [(p(-2, -1), Corner::SE, 'Z'), (p(-2, 0), Corner::NE, 'G')]
    );
    assert_eq!(holes[0].owners(), PlayerSet::from_seats([0]));
    assert!(!holes[0].complete);
}

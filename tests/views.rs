//! What the queries give a UI: segments in board orientation, stable feature
//! ids, watering holes grouped with their owners, readable `Debug`.

mod support;

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

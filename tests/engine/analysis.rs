//! The board analysis for bots and hints: open ends of trails and bushes
//! (R-TRAIL-2, R-BUSH-1) and the tiles left that fit a cell (R-PLACE-1),
//! checked on the start position from the tile table and against the rules
//! on every position of random games.

use crate::support;

use std::collections::{BTreeMap, BTreeSet, HashSet};

use carcassonne_safari::tiles::Edge;
use carcassonne_safari::view::FeatureId;
use carcassonne_safari::{Actor, Design, FeatureKind, GameState, Move, Pos, Rotation, Setup, Side};
use support::*;

/// Every position of a kind-first random game of `players` from `seed`
/// (`support::random_log`), chance nodes included.
fn positions(players: usize, seed: u64) -> Vec<GameState> {
    let log = random_log(seed, players);
    (0..=log.len())
        .map(|step| log.state_at(step).unwrap().clone())
        .collect()
}

#[test]
fn r_trail_2_r_bush_1_the_start_tile_has_four_open_ends() {
    // tiles.txt: START-W `ssbs` B:S, START-M `ssts` T:S, START-E `btss` T:E
    // B:N. The bush of the west part runs south into (-1,1), the middle
    // part's trail south into (0,1), the east part's bush north into (1,-1)
    // and its trail east into (2,0).
    let state = GameState::new(&Setup::new(2)).unwrap();
    let ends: BTreeSet<(Pos, Side, &str)> = state
        .open_ends()
        .map(|e| (e.cell, e.side, e.kind.name()))
        .collect();
    let want: BTreeSet<(Pos, Side, &str)> = [
        (p(-1, 1), Side::N, "bush"),
        (p(0, 1), Side::N, "trail"),
        (p(1, -1), Side::S, "bush"),
        (p(2, 0), Side::W, "trail"),
    ]
    .into();
    assert_eq!(ends, want);
    // Four features, each with one end, named by their segment on the start tile.
    let features: BTreeSet<FeatureId> = state.open_ends().map(|e| e.feature).collect();
    assert_eq!(features.len(), 4);
    for e in state.open_ends() {
        assert_eq!(
            e.feature.pos,
            e.cell.step(e.side),
            "the feature's only tile is across the side"
        );
    }
}

#[test]
fn r_trail_2_closing_the_last_end_completes_the_trail() {
    // CS2 (`stss`, T:E, an elephant) turned 180 shows its trail on W: on (2,0) it closes
    // the start tile's eastern trail, which then has no open end.
    let g = game(&["", ""], [(0, -1), (0, 1)]);
    let trail = g.open_ends().find(|e| e.cell == p(2, 0)).unwrap().feature;
    assert!(g
        .fitting_tiles(p(2, 0))
        .any(|(d, r)| d.kind().name == "CS2" && r == Rotation::R180));
    // Once drawn, the only CS2 is no longer in the pile.
    let drawn = st(&g, &["draw CS2:E"]);
    assert!(!drawn.fitting_tiles(p(2, 0)).any(|(d, _)| d.kind().name == "CS2"));
    let after = st(&g, &["draw CS2:E", "place 2,0 180"]);
    assert_eq!(after.open_ends().filter(|e| e.feature == trail).count(), 0);
    assert!(after.feature(trail.pos, trail.seg).unwrap().is_complete());
}

#[test]
fn open_ends_agree_with_every_features_count_and_segments() {
    for (players, seed) in [(2, 1), (3, 2), (5, 3)] {
        for state in positions(players, seed) {
            let mut counted: BTreeMap<FeatureId, usize> = BTreeMap::new();
            let frontier: BTreeSet<Pos> = state.frontier().iter().copied().collect();
            for e in state.open_ends() {
                *counted.entry(e.feature).or_default() += 1;
                assert!(
                    frontier.contains(&e.cell),
                    "{e:?}: the cell is empty and next to a tile"
                );
                // The tile across the side shows the feature's edge there.
                let tile = state
                    .tile_at(e.cell.step(e.side))
                    .expect("a tile across the side");
                let edge = tile.edge(e.side.opposite());
                let want = match e.kind {
                    FeatureKind::Trail => Edge::Trail,
                    FeatureKind::Bush => Edge::Bush,
                };
                assert_eq!(edge, want, "{e:?}");
                let seg = tile
                    .segments()
                    .find(|s| s.sides.contains(e.side.opposite()))
                    .expect("a segment on that side");
                let feature = state.feature(tile.pos, seg.index).unwrap();
                assert_eq!(feature.id, e.feature, "{e:?}");
            }
            for f in state.features() {
                assert_eq!(
                    counted.get(&f.id).copied().unwrap_or(0),
                    f.open_ends as usize,
                    "feature {} in {:?}",
                    f.id,
                    state.phase()
                );
            }
        }
    }
}

/// R-PLACE-1 read edge by edge from the views: every side facing a tile shows
/// that tile's edge.
fn fits_by_the_rule(state: &GameState, cell: Pos, design: Design, rot: Rotation) -> bool {
    Side::ALL.into_iter().all(|s| match state.tile_at(cell.step(s)) {
        Some(n) => design.kind().edge(s, rot) == n.edge(s.opposite()),
        None => true,
    })
}

#[test]
fn r_place_1_fitting_tiles_are_the_pile_designs_that_match_every_neighbour() {
    for (players, seed) in [(2, 4), (4, 5)] {
        let states = positions(players, seed);
        for state in states.iter().step_by(7) {
            let pile: BTreeSet<Design> = state.pile().map(|(d, _)| d).collect();
            for &cell in state.frontier() {
                let listed: BTreeSet<(Design, Rotation)> = state.fitting_tiles(cell).collect();
                let mut want = BTreeSet::new();
                for &d in &pile {
                    for r in Rotation::ALL {
                        if fits_by_the_rule(state, cell, d, r) {
                            want.insert((d, r));
                        }
                    }
                }
                assert_eq!(listed, want, "cell {cell}");
            }
            // The placements of a design in the pile are its fits, cell by cell.
            for &d in pile.iter().take(5) {
                let placements: HashSet<Move> = placements_of(state, d).into_iter().collect();
                let fits: HashSet<Move> = state
                    .frontier()
                    .iter()
                    .flat_map(|&c| {
                        state
                            .fitting_tiles(c)
                            .filter(move |&(x, _)| x == d)
                            .map(move |(_, r)| Move::Place(c, r))
                    })
                    .collect();
                assert_eq!(placements, fits, "{d}");
            }
            // Off the frontier, nothing fits.
            assert_eq!(state.fitting_tiles(p(60, 60)).count(), 0);
            if let Some(t) = state.tiles().next() {
                assert_eq!(state.fitting_tiles(t.pos).count(), 0);
            }
        }
    }
}

#[test]
fn r_water_1_open_slots_are_where_holes_are_dug_and_expanded() {
    // At every action with a token in hand, the slots of the legal digs and
    // expansions are exactly the open slots (R-WATER-2, R-WATER-3: a dig
    // where no token touches, an expansion where one does), when the player
    // also has a meeple for the digs.
    let mut checked = 0;
    for (players, seed) in [(2, 6), (3, 7), (2, 8)] {
        for state in positions(players, seed) {
            let Some(Actor::Player(me)) = state.to_move() else {
                continue;
            };
            if state.phase() != carcassonne_safari::Phase::Action
                || state.hand(me).total() == 0
                || state.meeples_in_supply(me) == 0
            {
                continue;
            }
            let from_moves: BTreeSet<(Pos, carcassonne_safari::Corner)> = state
                .legal_moves()
                .iter()
                .filter_map(|m| match *m {
                    Move::Dig(p, c, _) | Move::Expand(p, c, _) => Some((p, c)),
                    _ => None,
                })
                .collect();
            let open: BTreeSet<(Pos, carcassonne_safari::Corner)> = state
                .tiles()
                .flat_map(|t| carcassonne_safari::Corner::ALL.map(|c| (t.pos, c)))
                .filter(|&(p, c)| state.is_open_slot(p, c))
                .collect();
            // An expansion also needs an animal not yet at the hole, so a slot
            // can be open and still take none of this hand's tokens.
            assert!(from_moves.is_subset(&open), "{:?}", from_moves.difference(&open));
            // With no token on the board, every open slot takes a dig.
            if state.water_tokens().next().is_none() {
                assert_eq!(from_moves, open);
                checked += 1;
            }
        }
    }
    assert!(
        checked > 5,
        "{checked} actions checked with an empty board of holes"
    );
}

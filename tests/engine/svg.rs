//! The SVG pictures (feature `svg`): well-formed XML holding every placed tile
//! and piece; tile art that shows what is printed, turns with the tile and keeps
//! meeple spots off the badges; one palette.
#![cfg(feature = "svg")]

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::events::MeepleSpot;
use carcassonne_safari::svg::{self, Point, TileArt};
use carcassonne_safari::view::{designs, TileView};
use carcassonne_safari::{
    Animal, Corner, FeatureKind, GameState, MeepleTarget, PlayerId, Pos, Rotation, Setup,
};
use rand_core::{RngCore, SeedableRng};

/// Checks that tags nest and close and attributes are quoted; returns the
/// number of elements.
fn well_formed(doc: &str) -> Result<usize, String> {
    let mut stack: Vec<&str> = Vec::new();
    let mut elements = 0;
    let mut rest = doc;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        if text.contains('>') || text.contains('&') {
            return Err(format!("stray markup in text {text:?}"));
        }
        let end = rest[start..].find('>').ok_or("unclosed tag")? + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().ok_or(format!("</{name}> closes nothing"))?;
            if open != name {
                return Err(format!("<{open}> closed by </{name}>"));
            }
        } else {
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name = body.split_whitespace().next().ok_or("empty tag")?;
            if !body.matches('"').count().is_multiple_of(2) || body.contains('<') {
                return Err(format!("bad attributes in <{body}>"));
            }
            elements += 1;
            if !self_closing {
                stack.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    if !rest.trim().is_empty() || !stack.is_empty() {
        return Err(format!("unclosed elements {stack:?}"));
    }
    Ok(elements)
}

/// A finished game of `players` players with random moves, seeded.
fn finished_game(seed: u64, players: usize) -> GameState {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(players)).unwrap();
    let (mut draws, mut events) = (Vec::new(), Vec::new());
    loop {
        state
            .play_chance_mut(Sampled(&mut rng), &mut draws, &mut events)
            .unwrap();
        if state.is_over() {
            return state;
        }
        let m = state.legal_moves();
        let mv = m[(rng.next_u64() % m.len() as u64) as usize];
        state = state.apply(mv).unwrap().0;
    }
}

#[test]
fn svg_of_a_finished_game_is_well_formed_and_shows_every_piece() {
    for (seed, players) in [(1u64, 2usize), (9, 5)] {
        let state = finished_game(seed, players);
        let doc = svg::render(&state);
        assert!(doc.starts_with("<svg "), "root element");
        well_formed(&doc).unwrap();
        for t in state.tiles() {
            let marker = format!(
                "data-pos=\"{}\" transform=\"translate({},{})\"><g class=\"tile\" data-design=\"{}\"",
                t.pos,
                (t.pos.x as i32
                    - state
                        .tiles()
                        .map(|t| t.pos.x as i32)
                        .chain(state.frontier().iter().map(|p| p.x as i32))
                        .min()
                        .unwrap())
                    * 100,
                (t.pos.y as i32
                    - state
                        .tiles()
                        .map(|t| t.pos.y as i32)
                        .chain(state.frontier().iter().map(|p| p.y as i32))
                        .min()
                        .unwrap())
                    * 100
                    + 40,
                t.design
            );
            assert_eq!(doc.matches(&marker).count(), 1, "tile {marker}");
        }
        let on_holes = state
            .meeples()
            .filter(|m| matches!(m.spot, MeepleSpot::Hole { .. }))
            .count();
        assert_eq!(doc.matches("class=\"tile\"").count(), state.tiles().count());
        assert_eq!(
            doc.matches("<g class=\"meeple seat-").count(),
            state.meeples().count() - on_holes
        );
        assert_eq!(doc.matches("class=\"hole-meeple seat-").count(), on_holes);
        assert_eq!(
            doc.matches("class=\"token\"").count(),
            state.water_tokens().count()
        );
        assert_eq!(
            doc.matches("class=\"ranger\"").count(),
            state.rangers().iter().flatten().count()
        );
        let animals: usize = state
            .tiles()
            .flat_map(|t| {
                t.segments()
                    .map(|s| s.animals.total() as usize)
                    .collect::<Vec<_>>()
            })
            .sum();
        assert_eq!(doc.matches("<g class=\"animal animal-").count(), animals);
        for s in state.scores() {
            assert!(doc.contains(&format!(": {s} ")), "score {s}");
        }
        // Every seat's meeples carry its colour and its shape.
        for m in state
            .meeples()
            .filter(|m| !matches!(m.spot, MeepleSpot::Hole { .. }))
        {
            let i = m.player.index();
            let figure = format!("<g class=\"meeple seat-{i}\"><path d=\"M");
            let at = doc.find(&figure).expect("a meeple of the seat");
            let rest = &doc[at..at + 900.min(doc.len() - at)];
            assert!(rest.contains(svg::PLAYER_COLOURS[i]), "colour of seat {i}");
            assert!(
                rest.contains(&format!("class=\"mark {}\"", svg::PLAYER_MARKS[i])),
                "mark of seat {i}"
            );
        }
    }
}

/// The tile at rotation 0 of every design, and the same design in every
/// rotation.
fn every_design_turned() -> impl Iterator<Item = (TileView, TileView)> {
    designs().into_iter().flat_map(|t| {
        Rotation::ALL.into_iter().map(move |rotation| {
            (
                t,
                TileView {
                    rotation,
                    pos: Pos::new(3, -2),
                    ..t
                },
            )
        })
    })
}

fn turn(p: Point, quarters: usize) -> Point {
    (0..quarters).fold(p, |q, _| Point {
        x: 100.0 - q.y,
        y: q.x,
    })
}

fn close(a: Point, b: Point) -> bool {
    a.distance2(b) < 0.01
}

#[test]
fn a_tile_shows_what_is_printed_on_it_in_every_rotation() {
    for (_, tile) in every_design_turned() {
        let art = TileArt::new(&tile);
        let whole = svg::tile(&tile);
        well_formed(&whole).unwrap_or_else(|e| panic!("{}: {e}", tile.design));
        let segments: Vec<_> = tile.segments().collect();
        let animals: usize = segments.iter().map(|s| s.animals.total() as usize).sum();
        let birds: usize = segments.iter().map(|s| s.birds as usize).sum();
        let dead_ends = segments
            .iter()
            .filter(|s| s.kind == FeatureKind::Trail && s.sides.len() == 1)
            .count();
        assert_eq!(
            whole.matches("<g class=\"animal animal-").count(),
            animals,
            "{}",
            tile.design
        );
        for s in &segments {
            for a in s.animals.distinct() {
                let badge = format!("class=\"animal animal-{}\"", a.letter());
                assert!(whole.contains(&badge), "{}: {badge}", tile.design);
            }
        }
        assert_eq!(whole.matches("class=\"bird\"").count(), birds, "{}", tile.design);
        assert_eq!(art.badges.len(), animals + birds);
        assert_eq!(whole.matches("class=\"trail-end\"").count(), dead_ends);
        assert_eq!(whole.contains("class=\"baobab\""), tile.has_baobab());
        assert_eq!(
            whole.matches("class=\"bush\"").count(),
            segments.iter().filter(|s| s.kind == FeatureKind::Bush).count()
        );
        assert_eq!(art.outlines.len(), segments.len());
        assert_eq!(art.spots.len(), segments.len() + tile.has_baobab() as usize);
        assert!(whole.contains(&format!("data-rotation=\"{}\"", tile.rotation.degrees())));
    }
}

#[test]
fn turning_a_tile_turns_its_art() {
    for (unturned, tile) in every_design_turned() {
        let q = tile.rotation as usize;
        let (a, b) = (TileArt::new(&unturned), TileArt::new(&tile));
        assert_eq!(a.spots.len(), b.spots.len());
        for (&(ta, pa), &(tb, pb)) in a.spots.iter().zip(&b.spots) {
            assert_eq!(ta, tb);
            // A meeple on the baobab stands in front of the tree, below it.
            let (pa, pb) = match ta {
                MeepleTarget::Baobab => (Point { y: pa.y - 4.0, ..pa }, Point { y: pb.y - 4.0, ..pb }),
                _ => (pa, pb),
            };
            assert!(
                close(turn(pa, q), pb),
                "{} {:?}: {pa:?} turned is not {pb:?}",
                tile.design,
                tile.rotation
            );
        }
        for (&pa, &pb) in a.badges.iter().zip(&b.badges) {
            assert!(close(turn(pa, q), pb), "{}: badge", tile.design);
        }
        // A trail's outline meets the middles of the board sides it touches.
        for (seg, d) in tile.segments().zip(&b.outlines) {
            if seg.kind == FeatureKind::Trail {
                for side in seg.sides.iter() {
                    let mid = ["50,0", "100,50", "50,100", "0,50"][side.index()];
                    assert!(
                        d.contains(mid),
                        "{} {:?}: {d} misses side {side:?}",
                        tile.design,
                        tile.rotation
                    );
                }
            }
        }
    }
}

#[test]
fn meeple_spots_cover_no_badge_and_no_other_spot() {
    // A spot is drawn as a circle of radius 12, a badge of radius 10.5.
    let mut faults = Vec::new();
    for (_, tile) in every_design_turned() {
        let art = TileArt::new(&tile);
        for (i, &(target, at)) in art.spots.iter().enumerate() {
            if !((10.0..=90.0).contains(&at.x) && (10.0..=90.0).contains(&at.y)) {
                faults.push(format!(
                    "{} {:?}: spot {target:?} at {at:?} leaves the tile",
                    tile.design, tile.rotation
                ));
            }
            for &badge in &art.badges {
                if at.distance2(badge) < 20.0 * 20.0 {
                    faults.push(format!(
                        "{} {:?}: spot {target:?} at {at:?} covers a badge at {badge:?}",
                        tile.design, tile.rotation
                    ));
                }
            }
            for &(other, there) in &art.spots[i + 1..] {
                if at.distance2(there) < 24.0 * 24.0 {
                    faults.push(format!(
                        "{} {:?}: spots {target:?} at {at:?} and {other:?} at {there:?} overlap",
                        tile.design, tile.rotation
                    ));
                }
            }
        }
    }
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

#[test]
fn the_palette_has_a_colour_and_a_shape_per_seat_and_a_selection_colour_of_its_own() {
    let mut colours = svg::PLAYER_COLOURS.to_vec();
    colours.push(svg::SELECTION);
    colours.sort_unstable();
    colours.dedup();
    assert_eq!(colours.len(), svg::PLAYER_COLOURS.len() + 1);
    let mut marks = svg::PLAYER_MARKS.to_vec();
    marks.sort_unstable();
    marks.dedup();
    assert_eq!(marks.len(), svg::PLAYER_MARKS.len());
    for seat in 0..svg::PLAYER_MARKS.len() {
        let m = svg::meeple(Point { x: 50.0, y: 50.0 }, PlayerId(seat as u8));
        well_formed(&m).unwrap();
        assert!(m.contains(svg::PLAYER_COLOURS[seat]) && m.contains(svg::PLAYER_MARKS[seat]));
    }
    let token = svg::water_token(Corner::NE, Animal::Lion, Some(PlayerId(2)));
    well_formed(&token).unwrap();
    assert!(token.contains(svg::PLAYER_COLOURS[2]) && token.contains(">L</text>"));
    assert!(!svg::water_token(Corner::NE, Animal::Lion, None).contains("hole-meeple"));
}

#[test]
fn the_checker_rejects_broken_documents() {
    assert!(well_formed("<svg><g></svg>").is_err());
    assert!(well_formed("<svg><rect x=\"1/></svg>").is_err());
    assert!(well_formed("<svg>").is_err());
    assert_eq!(well_formed("<svg><rect/><g></g></svg>"), Ok(3));
}

#[test]
fn the_palette_is_one_value_for_bindings() {
    let json = serde_json::to_value(svg::Palette).unwrap();
    let players = json["players"].as_array().unwrap();
    assert_eq!(players.len(), svg::PLAYER_COLOURS.len());
    assert_eq!(players[1]["colour"], svg::PLAYER_COLOURS[1]);
    assert_eq!(players[3]["mark"], "diamond");
    assert_eq!(json["selection"], svg::SELECTION);
    let animals = json["animals"].as_array().unwrap();
    assert_eq!(animals.len(), 5);
    assert_eq!(animals[3]["letter"], "L");
    assert_eq!(animals[3]["colour"], svg::animal_colour(Animal::Lion));
}

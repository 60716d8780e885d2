//! The SVG picture (feature `svg`): well-formed XML holding every placed tile.
#![cfg(feature = "svg")]

use carcassonne_safari::{svg, Actor, GameState, Setup};
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

#[test]
fn svg_of_a_finished_game_is_well_formed_and_shows_every_tile() {
    for (seed, players) in [(1u64, 2usize), (9, 5)] {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(players)).unwrap();
        while let Some(actor) = state.to_move() {
            let mv = match actor {
                Actor::Chance => state.chance_outcomes().sample(&mut rng).unwrap(),
                Actor::Player(_) => {
                    let m = state.legal_moves();
                    m[(rng.next_u64() % m.len() as u64) as usize]
                }
            };
            state = state.apply(mv).unwrap().0;
        }
        let doc = svg::render(&state);
        assert!(doc.starts_with("<svg "), "root element");
        well_formed(&doc).unwrap();
        for t in state.tiles() {
            let marker = format!("data-pos=\"{}\" data-design=\"{}\"", t.pos, t.design);
            assert_eq!(doc.matches(&marker).count(), 1, "tile {marker}");
        }
        assert_eq!(doc.matches("class=\"tile\"").count(), state.tiles().count());
        assert_eq!(doc.matches("class=\"meeple\"").count(), state.meeples().count());
        assert_eq!(
            doc.matches("class=\"token\"").count(),
            state.water_tokens().count()
        );
        assert_eq!(
            doc.matches("class=\"ranger\"").count(),
            state.rangers().iter().flatten().count()
        );
        for s in state.scores() {
            assert!(doc.contains(&format!(": {s} ")), "score {s}");
        }
    }
}

#[test]
fn the_checker_rejects_broken_documents() {
    assert!(well_formed("<svg><g></svg>").is_err());
    assert!(well_formed("<svg><rect x=\"1/></svg>").is_err());
    assert!(well_formed("<svg>").is_err());
    assert_eq!(well_formed("<svg><rect/><g></g></svg>"), Ok(3));
}

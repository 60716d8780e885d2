//! Engine values as plain Python values: cells are `(x, y)` tuples, animals
//! their letters, designs their notation, seats plain ints, and events,
//! features and meeples dicts with a `type` (or `kind`) key and their English
//! text.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use carcassonne_safari::{
    events::MeepleSpot, events::ScoreReason, notation::NotationError, view::Feature, Animal, AnimalCounts,
    Event, FeatureKind, PlayerSet, Pos,
};

use crate::errors::notation_error;

/// A cell as `(x, y)`.
pub fn cell(p: Pos) -> (i8, i8) {
    (p.x, p.y)
}

/// The cell `(x, y)`, if both coordinates fit the board's coordinate range.
pub fn pos(x: i64, y: i64) -> Option<Pos> {
    Some(Pos::new(i8::try_from(x).ok()?, i8::try_from(y).ok()?))
}

/// Counts by animal letter: `{"M": 0, "E": 1, ...}`.
pub fn animal_counts<'py>(py: Python<'py>, counts: AnimalCounts) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for a in Animal::ALL {
        d.set_item(a.letter().to_string(), counts.get(a))?;
    }
    Ok(d)
}

/// An animal from its letter.
pub fn animal(text: &str) -> PyResult<Animal> {
    text.parse().map_err(|e: NotationError| notation_error(text, &e))
}

fn feature_kind(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Trail => "trail",
        FeatureKind::Bush => "bush",
    }
}

/// The seats of a set, as a list of ints (a `Vec<u8>` would become `bytes`).
pub fn seats(set: PlayerSet) -> Vec<usize> {
    set.iter().map(|p| p.index()).collect()
}

/// A meeple's spot: `{"type": "segment", "pos": (x, y), "seg": 1}`,
/// `{"type": "baobab", "pos": ...}` or `{"type": "hole", "pos": ..., "corner": "ne"}`,
/// each with its `text`.
pub fn spot<'py>(py: Python<'py>, spot: MeepleSpot) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match spot {
        MeepleSpot::Segment { pos, seg } => {
            d.set_item("type", "segment")?;
            d.set_item("pos", cell(pos))?;
            d.set_item("seg", seg)?;
        }
        MeepleSpot::Baobab { pos } => {
            d.set_item("type", "baobab")?;
            d.set_item("pos", cell(pos))?;
        }
        MeepleSpot::Hole { pos, corner } => {
            d.set_item("type", "hole")?;
            d.set_item("pos", cell(pos))?;
            d.set_item("corner", corner.as_str())?;
        }
    }
    d.set_item("text", spot.to_string())?;
    Ok(d)
}

fn reason<'py>(py: Python<'py>, reason: ScoreReason) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match reason {
        ScoreReason::Ranger => d.set_item("type", "ranger")?,
        ScoreReason::Dig => d.set_item("type", "dig")?,
        ScoreReason::Expand { nth } => {
            d.set_item("type", "expand")?;
            d.set_item("nth", nth)?;
        }
        ScoreReason::HoleCompleted => d.set_item("type", "hole_completed")?,
        ScoreReason::Feature {
            kind,
            species,
            boost,
            table,
            birds,
        } => {
            d.set_item("type", "feature")?;
            d.set_item("kind", feature_kind(kind))?;
            d.set_item("species", species)?;
            d.set_item("boost", boost.map(|a| a.letter().to_string()))?;
            d.set_item("table", table)?;
            d.set_item("birds", birds)?;
        }
        ScoreReason::FinalFeature { kind, animals, birds } => {
            d.set_item("type", "final_feature")?;
            d.set_item("kind", feature_kind(kind))?;
            d.set_item("animals", animals)?;
            d.set_item("birds", birds)?;
        }
        ScoreReason::FinalTokens { tokens } => {
            d.set_item("type", "final_tokens")?;
            d.set_item("tokens", tokens)?;
        }
        // A kind of reason added to the engine later: its text still tells.
        _ => d.set_item("type", "other")?,
    }
    d.set_item("text", reason.to_string())?;
    Ok(d)
}

/// An event as a dict: `type` (snake case of the engine's variant), its fields
/// and `text`, the engine's line of English.
pub fn event<'py>(py: Python<'py>, event: &Event) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let letter = |a: Animal| a.letter().to_string();
    match *event {
        Event::TokenDrawn { player, animal } => {
            d.set_item("type", "token_drawn")?;
            d.set_item("player", player.0)?;
            d.set_item("animal", letter(animal))?;
        }
        Event::SupplyReshuffled { tokens } => {
            d.set_item("type", "supply_reshuffled")?;
            d.set_item("tokens", tokens)?;
        }
        Event::TileDrawn { player, design } => {
            d.set_item("type", "tile_drawn")?;
            d.set_item("player", player.0)?;
            d.set_item("design", design.to_string())?;
        }
        Event::TileRemoved { design } => {
            d.set_item("type", "tile_removed")?;
            d.set_item("design", design.to_string())?;
        }
        Event::TilePlaced {
            player,
            design,
            pos,
            rotation,
        } => {
            d.set_item("type", "tile_placed")?;
            d.set_item("player", player.0)?;
            d.set_item("design", design.to_string())?;
            d.set_item("pos", cell(pos))?;
            d.set_item("rotation", rotation.degrees())?;
        }
        Event::RangerDisplaced { from } => {
            d.set_item("type", "ranger_displaced")?;
            d.set_item("from", cell(from))?;
        }
        Event::RangerMoved { from, to } => {
            d.set_item("type", "ranger_moved")?;
            d.set_item("from", cell(from))?;
            d.set_item("to", cell(to))?;
        }
        Event::RangerReturned { to } => {
            d.set_item("type", "ranger_returned")?;
            d.set_item("to", cell(to))?;
        }
        Event::MeeplePlaced { player, spot: s } => {
            d.set_item("type", "meeple_placed")?;
            d.set_item("player", player.0)?;
            d.set_item("spot", spot(py, s)?)?;
        }
        Event::MeepleReturned { player, spot: s } => {
            d.set_item("type", "meeple_returned")?;
            d.set_item("player", player.0)?;
            d.set_item("spot", spot(py, s)?)?;
        }
        Event::HoleDug {
            player,
            pos,
            corner,
            animal,
        } => {
            d.set_item("type", "hole_dug")?;
            d.set_item("player", player.0)?;
            d.set_item("pos", cell(pos))?;
            d.set_item("corner", corner.as_str())?;
            d.set_item("animal", letter(animal))?;
        }
        Event::HoleExpanded {
            player,
            pos,
            corner,
            animal,
            tokens,
        } => {
            d.set_item("type", "hole_expanded")?;
            d.set_item("player", player.0)?;
            d.set_item("pos", cell(pos))?;
            d.set_item("corner", corner.as_str())?;
            d.set_item("animal", letter(animal))?;
            d.set_item("tokens", tokens)?;
        }
        Event::HoleCompleted { vertex } => {
            d.set_item("type", "hole_completed")?;
            d.set_item("vertex", cell(vertex))?;
        }
        Event::BaobabCompleted { pos, player } => {
            d.set_item("type", "baobab_completed")?;
            d.set_item("pos", cell(pos))?;
            d.set_item("player", player.0)?;
        }
        Event::FeatureCompleted {
            kind,
            pos,
            seg,
            animals,
            birds,
        } => {
            d.set_item("type", "feature_completed")?;
            d.set_item("kind", feature_kind(kind))?;
            d.set_item("pos", cell(pos))?;
            d.set_item("seg", seg)?;
            d.set_item("animals", animal_counts(py, animals)?)?;
            d.set_item("birds", birds)?;
        }
        Event::BoostUsed { player, animal } => {
            d.set_item("type", "boost_used")?;
            d.set_item("player", player.0)?;
            d.set_item("animal", letter(animal))?;
        }
        Event::Scored {
            player,
            points,
            reason: r,
        } => {
            d.set_item("type", "scored")?;
            d.set_item("player", player.0)?;
            d.set_item("points", points)?;
            d.set_item("reason", reason(py, r)?)?;
        }
        Event::GameOver { winners } => {
            d.set_item("type", "game_over")?;
            d.set_item("winners", seats(winners))?;
        }
        // A kind of event added to the engine later: its text still tells.
        _ => d.set_item("type", "other")?,
    }
    d.set_item("text", event.to_string())?;
    Ok(d)
}

/// Events as a list of dicts.
pub fn events<'py>(py: Python<'py>, events: &[Event]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for e in events {
        list.append(event(py, e)?)?;
    }
    Ok(list)
}

/// A trail or bush as a dict.
pub fn feature<'py>(py: Python<'py>, f: &Feature, players: usize) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("kind", feature_kind(f.kind))?;
    let segments: Vec<((i8, i8), u8)> = f.segments.iter().map(|s| (cell(s.pos), s.seg)).collect();
    d.set_item("segments", segments)?;
    let cells: Vec<(i8, i8)> = f.cells().into_iter().map(cell).collect();
    d.set_item("cells", cells)?;
    d.set_item("animals", animal_counts(py, f.animals)?)?;
    d.set_item("birds", f.birds)?;
    let meeples: Vec<u32> = f.meeples.iter().take(players).map(|&m| m as u32).collect();
    d.set_item("meeples", meeples)?;
    d.set_item("open_ends", f.open_ends)?;
    d.set_item("complete", f.is_complete())?;
    Ok(d)
}

/// The name of a Python object's type, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// A Python `str` or `None` if `obj` is not one.
pub fn as_str<'a, 'py>(obj: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, PyString>> {
    obj.cast::<PyString>().ok()
}

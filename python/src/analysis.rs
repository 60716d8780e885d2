//! The bots crate's analysis (`carcassonne_safari_bots::analysis`) from
//! Python: a position's best moves and a recorded game's review, computed in
//! Rust with the interpreter released.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use carcassonne_safari::events::MeepleSpot;
use carcassonne_safari::FeatureKind;
use carcassonne_safari_bots::analysis::{self, AnalysisError, Analyst, Entry, Review};

use crate::convert::wire;
use crate::errors::record_error;
use crate::game::PyGameState;
use crate::record::PyGameRecord;

/// The analysis's error as a Python exception: a record that does not replay
/// is a ``RecordError`` naming its step, anything else a ``ValueError``.
fn analysis_error(py: Python<'_>, e: AnalysisError) -> PyErr {
    match &e {
        AnalysisError::Replay(carcassonne_safari::record::ReplayError::Illegal { step, .. }) => {
            record_error(py, e.to_string(), Some(*step))
        }
        AnalysisError::Replay(_) => record_error(py, e.to_string(), None),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A move's outcome as a dict.
fn outcome<'py>(py: Python<'py>, o: &analysis::Outcome) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("move", o.mv.to_string())?;
    d.set_item("events", wire(py, &o.events)?)?;
    d.set_item("points", o.points.clone())?;
    d.set_item("expected", o.forecast.expected_scores().to_vec())?;
    d.set_item("win", o.forecast.win_chances().to_vec())?;
    let reasons = o
        .reasons
        .iter()
        .map(|r| reason(py, r))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("reasons", reasons.into_iter().flatten().collect::<Vec<_>>())?;
    Ok(d)
}

/// A reason of an outcome as a dict (`None` for a kind this binding does
/// not know yet).
fn reason<'py>(py: Python<'py>, r: &analysis::Reason) -> PyResult<Option<Bound<'py, PyDict>>> {
    let d = PyDict::new(py);
    match *r {
        analysis::Reason::Claim { spot, kind, chance } => {
            d.set_item("type", "claim")?;
            spot_chance(py, &d, spot, kind, chance)?;
        }
        analysis::Reason::Keep {
            meeples,
            spot,
            kind,
            chance,
        } => {
            d.set_item("type", "keep")?;
            d.set_item("meeples", meeples)?;
            spot_chance(py, &d, spot, kind, chance)?;
        }
        analysis::Reason::Ranger {
            player,
            before,
            after,
        } => {
            d.set_item("type", "ranger")?;
            d.set_item("player", player.index())?;
            d.set_item("before", before)?;
            d.set_item("after", after)?;
        }
        _ => return Ok(None),
    }
    Ok(Some(d))
}

/// A meeple spot's keys in a reason's dict: the spot, the kind of its
/// feature (`None` on a baobab or a hole) and its chance to complete.
fn spot_chance(
    py: Python<'_>,
    d: &Bound<'_, PyDict>,
    spot: MeepleSpot,
    kind: Option<FeatureKind>,
    chance: f32,
) -> PyResult<()> {
    d.set_item("spot", wire(py, &spot)?)?;
    d.set_item("kind", kind.map(|k| wire(py, &k)).transpose()?)?;
    d.set_item("chance", chance)
}

/// The ``count`` best moves (at least one) of the player deciding in
/// ``state``, by the two-ply bot's values, best first: each a dict with
/// ``"move"`` (notation), ``"value"`` (the mover's expected margin after the
/// next player's reply, in points), and what it leads to by the end of its
/// turn: ``"events"``, ``"points"`` (each seat's), ``"expected"`` (each
/// seat's expected final score), ``"win"`` (each seat's chance to win) and
/// ``"reasons"``, what the events do not say: ``{"type": "claim", "spot",
/// "kind" ("trail", "bush" or None), "chance"}`` for a meeple the turn
/// leaves out (the chance that it comes home with points), ``{"type":
/// "keep", "meeples", "spot", "kind", "chance"}`` for a pass that keeps
/// meeples a free spot could take (the free spot likeliest to complete), ``{"type": "ranger", "player", "before", "after"}`` for a ranger
/// sent elsewhere (the points the next player to place a tile can expect
/// from the rangers, before and after).
/// Raises ``ValueError`` where no player decides.
#[pyfunction]
#[pyo3(signature = (state, count=3))]
pub fn hint<'py>(py: Python<'py>, state: &PyGameState, count: usize) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let game = state.state.clone();
    let hint = py
        .detach(|| Analyst::new(0).hint(&game, count))
        .map_err(|e| analysis_error(py, e))?;
    hint.choices
        .iter()
        .map(|c| {
            let d = outcome(py, &c.outcome)?;
            d.set_item("value", c.value)?;
            Ok(d)
        })
        .collect()
}

/// A review of ``record``, every step judged: ``{"steps": [...], "errors",
/// "luck"}``. A decision's step is ``{"step", "kind": "decision", "player",
/// "played", "best" (notation), "error" (the expected points of margin the
/// move gave away against the best), "agrees" (within the judge's noise)}``;
/// a draw's ``{"step", "kind": "draw", "player" (whose turn it is for, or
/// None), "drawn", "luck" (what it gave each seat, in points)}``. ``errors``
/// and ``luck`` are each seat's totals. Raises ``RecordError`` (with its
/// ``step``) for a record that does not replay.
#[pyfunction]
pub fn review<'py>(py: Python<'py>, record: &PyGameRecord) -> PyResult<Bound<'py, PyDict>> {
    let record = record.inner.clone();
    let (entries, errors, luck) = py
        .detach(|| {
            let mut review = Review::new(&record)?;
            let entries = review.by_ref().collect::<Result<Vec<Entry>, AnalysisError>>()?;
            Ok((entries, review.errors().to_vec(), review.luck().to_vec()))
        })
        .map_err(|e| analysis_error(py, e))?;
    let mut steps = Vec::with_capacity(entries.len());
    for entry in &entries {
        let d = PyDict::new(py);
        match entry {
            Entry::Decision { step, judgement } => {
                d.set_item("step", step)?;
                d.set_item("kind", "decision")?;
                d.set_item("player", judgement.player.index())?;
                d.set_item("played", judgement.played.mv.to_string())?;
                d.set_item("best", judgement.best.mv.to_string())?;
                d.set_item("error", judgement.error)?;
                d.set_item("agrees", judgement.agrees())?;
            }
            Entry::Draw { step, luck } => {
                d.set_item("step", step)?;
                d.set_item("kind", "draw")?;
                d.set_item("player", luck.player.map(|p| p.index()))?;
                d.set_item("drawn", luck.drawn.to_string())?;
                d.set_item("luck", luck.luck.clone())?;
            }
        }
        steps.push(d);
    }
    let d = PyDict::new(py);
    d.set_item("steps", steps)?;
    d.set_item("errors", errors)?;
    d.set_item("luck", luck)?;
    Ok(d)
}

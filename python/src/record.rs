//! `GameRecord` for Python: a game as its setup and moves, read and written
//! through the engine's serde (the JSON every tool of the project replays).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use serde::Deserialize;

use carcassonne_safari::{
    record::{ReplayError, Seat},
    view::{GameLog, ScoreSummary},
    GameRecord, Setup,
};

use crate::convert::wire;
use crate::errors::record_error;
use crate::game::PyGameState;
use crate::setup::PySetup;

/// A game as its setup and the moves played (chance outcomes included), and
/// optionally who sat at each seat, with JSON load and save (the engine's
/// record format). ``GameRecord(setup, moves=[])``; ``moves`` are notation
/// strings. Raises ``RecordError`` naming the step of a move that does not
/// parse.
#[pyclass(frozen, eq, name = "GameRecord", module = "carcassonne_safari._engine")]
#[derive(PartialEq)]
pub struct PyGameRecord {
    pub(crate) inner: GameRecord,
}

/// The engine's error as a [`crate::errors::RecordError`] with its step.
pub fn replay_error(py: Python<'_>, e: &ReplayError) -> PyErr {
    let step = match e {
        ReplayError::Illegal { step, .. } | ReplayError::Notation { step, .. } => Some(*step),
        ReplayError::Setup(_) => None,
    };
    record_error(py, e.to_string(), step)
}

/// A move of a record's JSON as written, before it is read as notation.
#[derive(Deserialize)]
#[serde(untagged)]
enum MoveText {
    Text(String),
    Other(serde::de::IgnoredAny),
}

/// A record's JSON with its moves as written: the engine reads the setup and
/// the seats, and `GameRecord::from_notation` the moves, naming the step of
/// one that does not parse.
#[derive(Deserialize)]
#[serde(rename = "GameRecord")]
struct RecordJson {
    setup: Setup,
    moves: Vec<MoveText>,
    #[serde(default)]
    seats: Vec<Seat>,
}

/// A record from its JSON.
pub fn parse(py: Python<'_>, text: &str) -> PyResult<GameRecord> {
    let json: RecordJson = serde_json::from_str(text)
        .map_err(|e| record_error(py, format!("invalid game record: {e}"), None))?;
    let mut moves = Vec::with_capacity(json.moves.len());
    for (step, m) in json.moves.iter().enumerate() {
        match m {
            MoveText::Text(t) => moves.push(t.as_str()),
            MoveText::Other(_) => {
                return Err(record_error(
                    py,
                    format!("step {step}: a move is a string in the engine's notation"),
                    Some(step),
                ))
            }
        }
    }
    let record = GameRecord::from_notation(json.setup, moves).map_err(|e| replay_error(py, &e))?;
    Ok(record.with_seats(json.seats))
}

/// The record's JSON, indented by `indent` spaces when given.
pub fn to_json<T: serde::Serialize>(value: &T, indent: Option<usize>) -> PyResult<String> {
    let err = |e: serde_json::Error| PyValueError::new_err(e.to_string());
    match indent {
        None => serde_json::to_string(value).map_err(err),
        Some(n) => {
            let pad = vec![b' '; n];
            let mut out = Vec::new();
            let fmt = serde_json::ser::PrettyFormatter::with_indent(&pad);
            let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
            value.serialize(&mut ser).map_err(err)?;
            String::from_utf8(out).map_err(|e| PyValueError::new_err(e.to_string()))
        }
    }
}

#[pymethods]
impl PyGameRecord {
    #[new]
    #[pyo3(signature = (setup, moves=Vec::new()))]
    fn new(py: Python<'_>, setup: &PySetup, moves: Vec<String>) -> PyResult<PyGameRecord> {
        GameRecord::from_notation(setup.inner.clone(), moves.iter().map(String::as_str))
            .map(|inner| PyGameRecord { inner })
            .map_err(|e| replay_error(py, &e))
    }

    /// A record from its JSON (``{"setup": {...}, "moves": [...], "seats":
    /// [...]}``, ``seats`` optional). Raises ``RecordError`` (with ``step``
    /// for a move that is not notation).
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<PyGameRecord> {
        parse(py, text).map(|inner| PyGameRecord { inner })
    }

    /// The record as JSON, indented by ``indent`` spaces when given.
    #[pyo3(signature = (indent=None))]
    fn to_json(&self, indent: Option<usize>) -> PyResult<String> {
        to_json(&self.inner, indent)
    }

    /// The setup.
    #[getter]
    fn setup(&self) -> PySetup {
        PySetup {
            inner: self.inner.setup.clone(),
        }
    }

    /// The moves, as notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves.iter().map(|m| m.to_string()).collect()
    }

    /// Who sat at each seat: ``[{"name": ..., "bot": spec or None}, ...]``,
    /// empty when not recorded.
    #[getter]
    fn seats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &self.inner.seats)
    }

    /// The record with who sat at each seat: a list of ``{"name": str,
    /// "bot": str or None}`` (or of names).
    fn with_seats(&self, seats: Vec<Bound<'_, PyAny>>) -> PyResult<PyGameRecord> {
        let seats = seats
            .iter()
            .map(|s| match s.extract::<String>() {
                Ok(name) => Ok(Seat { name, bot: None }),
                Err(_) => pythonize::depythonize::<Seat>(s).map_err(|e| {
                    pyo3::exceptions::PyTypeError::new_err(format!(
                        "a seat is a name or {{\"name\": str, \"bot\": str or None}}: {e}"
                    ))
                }),
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyGameRecord {
            inner: self.inner.clone().with_seats(seats),
        })
    }

    /// Replays every move: the final state and all the events (in the wire
    /// format). Raises ``RecordError`` whose ``step`` names the first move
    /// that does not apply.
    fn replay<'py>(&self, py: Python<'py>) -> PyResult<(PyGameState, Bound<'py, PyList>)> {
        let (state, events) = self.inner.replay().map_err(|e| replay_error(py, &e))?;
        let list = PyList::empty(py);
        for e in &events {
            list.append(wire(py, e)?)?;
        }
        Ok((PyGameState::replayed(state, self.inner.clone()), list))
    }

    /// Where every player's points came from (the engine's ``ScoreSummary``
    /// in the wire format): ``{"players": [{"seat", "total", "by_category"},
    /// ...], "final_scoring": [...]}``. Raises ``RecordError`` like
    /// ``replay``.
    fn score_summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (_, events) = self.inner.replay().map_err(|e| replay_error(py, &e))?;
        wire(py, &ScoreSummary::from_events(self.inner.setup.players, &events))
    }

    /// The game step by step (the engine's ``GameLog``): for each move, its
    /// ``step``, ``actor`` (a seat or ``"chance"``), ``move`` (notation) and
    /// ``events``, in the wire format. Raises ``RecordError`` like ``replay``.
    fn entries<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let log = GameLog::from_record(&self.inner).map_err(|e| replay_error(py, &e))?;
        let list = PyList::empty(py);
        for step in 0..log.len() {
            if let Some(entry) = log.entry(step) {
                list.append(wire(py, &entry)?)?;
            }
        }
        Ok(list)
    }

    fn __len__(&self) -> usize {
        self.inner.moves.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<GameRecord {} players, {} moves>",
            self.inner.setup.players,
            self.inner.moves.len()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = slf.get_type().getattr("from_json")?;
        Ok((from_json, (slf.get().to_json(None)?,)))
    }
}

//! Engine values as Python values. Views, events, features, phases and the
//! other types of the engine's wire format (`docs/views.md`) become exactly
//! their serde form, through `pythonize`: dicts with the engine's snake_case
//! names, cells `{"x": 2, "y": -1}`, animals their letters. Plain queries
//! keep plain Python values: cells as `(x, y)` tuples, seats as ints.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use serde::Serialize;

use carcassonne_safari::{notation::NotationError, Animal, AnimalCounts, PlayerSet, Pos};

use crate::errors::notation_error;

/// A value of the engine's wire format as the Python value of its serde form.
pub fn wire<'py, T: Serialize + ?Sized>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

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

/// The seats of a set, as a list of ints (a `Vec<u8>` would become `bytes`).
pub fn seats(set: PlayerSet) -> Vec<usize> {
    set.iter().map(|p| p.index()).collect()
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

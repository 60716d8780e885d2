//! The Python exceptions of the package and the conversions of the engine's
//! errors into them. Every error the engine reports becomes one of these, with
//! the engine's own message; nothing panics across the boundary.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use carcassonne_safari::{
    notation::NotationError as EngineNotationError, MoveError, SetupError as EngineSetupError,
};

create_exception!(
    carcassonne_safari,
    IllegalMoveError,
    PyValueError,
    "A move (notation or action id) that is illegal in the position, or an action id that \
     names no move there. The position is unchanged. Attributes: `move` (the move's notation, \
     or None when the id names no move) and `reason` (why, in English)."
);
create_exception!(
    carcassonne_safari,
    SetupError,
    PyValueError,
    "A setup the game cannot start from (player count, ranger cells, hands, tile order)."
);
create_exception!(
    carcassonne_safari,
    RecordError,
    PyValueError,
    "A game record that does not load or replay. Attribute `step`: the 0-based index of the \
     move at fault, or None when the JSON or the setup is at fault."
);
create_exception!(
    carcassonne_safari,
    NotationError,
    PyValueError,
    "Text that is not valid notation for a move, a cell, an animal or a tile design."
);

/// An [`IllegalMoveError`] with its attributes.
pub fn illegal(py: Python<'_>, message: impl ToString, mv: Option<String>, reason: impl ToString) -> PyErr {
    let err = IllegalMoveError::new_err(message.to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception instance does not fail.
    let _ = value.setattr("move", mv);
    let _ = value.setattr("reason", reason.to_string());
    err
}

/// The engine's [`MoveError`] as an [`IllegalMoveError`].
pub fn move_error(py: Python<'_>, e: &MoveError) -> PyErr {
    illegal(py, e.to_string(), Some(e.mv.to_string()), e.reason.to_string())
}

/// The engine's setup error as a [`SetupError`].
pub fn setup_error(e: &EngineSetupError) -> PyErr {
    SetupError::new_err(e.to_string())
}

/// A [`RecordError`] naming the step at fault.
pub fn record_error(py: Python<'_>, message: String, step: Option<usize>) -> PyErr {
    let err = RecordError::new_err(message);
    let _ = err.value(py).setattr("step", step);
    err
}

/// Text that does not parse, as a [`NotationError`].
pub fn notation_error(text: &str, e: &EngineNotationError) -> PyErr {
    NotationError::new_err(format!("{text:?}: {e}"))
}

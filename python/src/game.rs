//! The `GameState` class's Rust side: the engine's state with the game that
//! led to it, and how Python arguments name its moves and windows. Its Python
//! methods are in `state.rs`.

use std::hash::{Hash, Hasher};

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

use carcassonne_safari::{notation::NotationError, GameRecord, GameState, Move, Setup};

use crate::convert::{as_str, type_name};
use crate::encoding::{self, Space};
use crate::errors::{illegal, move_error, notation_error, setup_error};
use crate::history::History;
use crate::window::{self, Window};

/// A position of the game. Immutable: ``apply`` and ``play`` return a new
/// state. Built from a ``Setup`` or a player count (``GameState(3)``), or from a
/// game record (``GameState.from_json``).
///
/// Moves are given as notation strings (``"place 2,-1 90"``) or as action ids
/// (ints, see ``num_distinct_actions``). An illegal move raises
/// ``IllegalMoveError`` and changes nothing. Equal states compare and hash
/// equal; states pickle as their game record.
#[pyclass(frozen, eq, hash, name = "GameState", module = "carcassonne_safari._engine")]
pub struct PyGameState {
    pub(crate) state: GameState,
    /// The game that led here: the setup and every move (a child shares its
    /// parent's moves and adds one).
    pub(crate) history: History,
}

impl PartialEq for PyGameState {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

impl Hash for PyGameState {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.state.hash(h);
    }
}

/// A seat or ``"chance"``: the wire form of an actor.
pub const CHANCE: &str = "chance";

impl PyGameState {
    /// The initial state of `setup`.
    pub(crate) fn start(setup: Setup) -> PyResult<PyGameState> {
        let state = GameState::new(&setup).map_err(|e| setup_error(&e))?;
        Ok(PyGameState {
            state,
            history: History::of(GameRecord::new(setup)),
        })
    }

    /// A state reached by `record`, already replayed into `state`.
    pub(crate) fn replayed(state: GameState, record: GameRecord) -> PyGameState {
        PyGameState {
            state,
            history: History::of(record),
        }
    }

    /// The state after `mv`, which led from this one to `state`.
    pub(crate) fn child(&self, state: GameState, mv: Move) -> PyGameState {
        PyGameState {
            state,
            history: self.history.then(mv),
        }
    }

    /// The move an argument names: notation text or an action id.
    pub(crate) fn move_arg(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Some(s) = as_str(mv) {
            let text = s.to_cow()?;
            return text.parse().map_err(|e: NotationError| notation_error(&text, &e));
        }
        let not_a_move = || {
            PyTypeError::new_err(format!(
                "a move is a notation string such as 'place 2,-1 90' or an action id (int), not {}",
                type_name(mv)
            ))
        };
        if mv.is_instance_of::<PyBool>() {
            return Err(not_a_move());
        }
        match mv.extract::<i64>() {
            Ok(id) => self.decode(py, id),
            Err(e) if e.is_instance_of::<PyOverflowError>(py) => Err(illegal(
                py,
                format!("action id {mv} is out of range"),
                None,
                "out of range",
            )),
            Err(_) => Err(not_a_move()),
        }
    }

    /// The move with action id `id` at the current decision.
    pub(crate) fn decode(&self, py: Python<'_>, id: i64) -> PyResult<Move> {
        let Some(space) = encoding::space_of(&self.state) else {
            return Err(illegal(
                py,
                format!("action id {id}: the game is over"),
                None,
                "the game is over",
            ));
        };
        let id = u64::try_from(id)
            .map_err(|_| illegal(py, format!("action id {id} is negative"), None, "out of range"))?;
        encoding::decode(space, id, &self.state).map_err(|e| illegal(py, e.clone(), None, e))
    }

    /// The engine's `apply` of `mv`, its error as Python's.
    pub(crate) fn apply_move(
        &self,
        py: Python<'_>,
        mv: Move,
    ) -> PyResult<(GameState, Vec<carcassonne_safari::Event>)> {
        self.state.apply(mv).map_err(|e| move_error(py, &e))
    }

    /// The action space and ids of the legal moves (`None` once over).
    pub(crate) fn legal_id_list(&self) -> PyResult<Option<(Space, Vec<u32>)>> {
        encoding::legal_ids(&self.state).map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
    }

    /// The compact encoding's window of side `side` for this position.
    pub(crate) fn window(&self, side: i64) -> PyResult<Window> {
        let side = u32::try_from(side)
            .ok()
            .filter(|s| (window::MIN_SIDE..=window::MAX_SIDE).contains(s))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "window {side} is outside {}..={}",
                    window::MIN_SIDE,
                    window::MAX_SIDE
                ))
            })?;
        Window::follow(&self.state, side).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

//! `Setup` for Python: how a game starts, an immutable value wrapping the
//! engine's `Setup`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use carcassonne_safari::{notation::NotationError, Animal, Design, GameState, Setup};

use crate::convert::{self, as_str, cell, type_name};
use crate::errors::{notation_error, record_error, setup_error, SetupError};

/// How a game starts: players (2 to 5), optional ranger start cells, fixed
/// starting hands and a fixed order of the first tiles.
///
/// ``Setup(players=2, rangers=None, hands=None, tile_order=None,
/// baobab_tokens_boost=True)``: ``rangers`` is two ``(x, y)`` cells next to the
/// start tile (default (0,-1) and (0,1)); ``hands`` one hand per seat, each a
/// string or list of animal letters (``"LZ"`` or ``["L", "Z"]``), instead of
/// the 2 tokens dealt by chance; ``tile_order`` the first land tiles drawn, as
/// designs (``"CS26:E,G"``). Raises ``SetupError`` for a setup the game cannot
/// start from and ``NotationError`` for a letter or design that does not parse.
#[pyclass(frozen, eq, hash, name = "Setup", module = "carcassonne_safari._engine")]
#[derive(PartialEq, Eq, Hash)]
pub struct PySetup {
    pub(crate) inner: Setup,
}

fn hand_letters(hand: &Bound<'_, PyAny>) -> PyResult<Vec<Animal>> {
    if let Some(s) = as_str(hand) {
        let text = s.to_cow()?;
        return text
            .chars()
            .map(|c| convert::animal(c.encode_utf8(&mut [0; 4])))
            .collect();
    }
    let letters: Vec<String> = hand.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "a hand is a string or a list of animal letters, not {}",
            type_name(hand)
        ))
    })?;
    letters.iter().map(|l| convert::animal(l)).collect()
}

/// A player count from Python. A count below zero is no count at all and is
/// refused here, saying so; every other count goes to the engine's check
/// (`Setup::validate`, with the rest of the setup), whose one message says
/// that the game takes 2 to 5.
pub(crate) fn player_count(n: i64) -> PyResult<usize> {
    usize::try_from(n)
        .map_err(|_| SetupError::new_err(format!("{n} players: a player count is never negative")))
}

/// A design from its notation.
pub fn design(text: &str) -> PyResult<Design> {
    text.parse().map_err(|e: NotationError| notation_error(text, &e))
}

#[pymethods]
impl PySetup {
    #[new]
    #[pyo3(signature = (players=2, rangers=None, hands=None, tile_order=None, baobab_tokens_boost=true))]
    fn new(
        players: i64,
        rangers: Option<Vec<(i64, i64)>>,
        hands: Option<Vec<Bound<'_, PyAny>>>,
        tile_order: Option<Vec<String>>,
        baobab_tokens_boost: bool,
    ) -> PyResult<PySetup> {
        let players = player_count(players)?;
        let mut setup = Setup::new(players).with_baobab_tokens_boost(baobab_tokens_boost);
        if let Some(cells) = rangers {
            let cells: Vec<_> = cells
                .iter()
                .map(|&(x, y)| {
                    convert::pos(x, y).ok_or_else(|| {
                        SetupError::new_err(format!(
                            "ranger start cell {x},{y} is not an empty cell next to the start tile"
                        ))
                    })
                })
                .collect::<PyResult<_>>()?;
            let two: [_; 2] = cells.try_into().map_err(|c: Vec<_>| {
                SetupError::new_err(format!("two ranger start cells are needed, {} given", c.len()))
            })?;
            setup = setup.with_rangers(two);
        }
        if let Some(hands) = hands {
            let hands = hands.iter().map(hand_letters).collect::<PyResult<Vec<_>>>()?;
            setup = setup.with_hands(hands);
        }
        if let Some(order) = tile_order {
            let order = order.iter().map(|d| design(d)).collect::<PyResult<Vec<_>>>()?;
            setup = setup.with_tile_order(order);
        }
        GameState::new(&setup).map_err(|e| setup_error(&e))?;
        Ok(PySetup { inner: setup })
    }

    /// Number of players.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players
    }

    /// The rangers' start cells, or None for the default (0,-1) and (0,1).
    #[getter]
    fn rangers(&self) -> Option<[(i8, i8); 2]> {
        self.inner.rangers.map(|r| r.map(cell))
    }

    /// The fixed starting hands as strings of animal letters, or None when
    /// chance deals them.
    #[getter]
    fn hands(&self) -> Option<Vec<String>> {
        self.inner.hands.as_ref().map(|hands| {
            hands
                .iter()
                .map(|h| h.iter().map(|a| a.letter()).collect())
                .collect()
        })
    }

    /// The fixed first land tiles, as design notation.
    #[getter]
    fn tile_order(&self) -> Vec<String> {
        self.inner.tile_order.iter().map(|d| d.to_string()).collect()
    }

    /// Whether tokens won at a baobab may boost in the same scoring step.
    #[getter]
    fn baobab_tokens_boost(&self) -> bool {
        self.inner.baobab_tokens_boost
    }

    /// The setup as JSON (the `setup` object of a game record).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// A setup from its JSON; raises ``RecordError`` when it does not load and
    /// ``SetupError`` when the game cannot start from it.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<PySetup> {
        let setup: Setup =
            serde_json::from_str(text).map_err(|e| record_error(py, format!("invalid setup: {e}"), None))?;
        GameState::new(&setup).map_err(|e| setup_error(&e))?;
        Ok(PySetup { inner: setup })
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("players={}", self.inner.players)];
        if let Some(r) = self.rangers() {
            parts.push(format!("rangers=[{:?}, {:?}]", r[0], r[1]));
        }
        if let Some(h) = self.hands() {
            parts.push(format!("hands={h:?}"));
        }
        if !self.inner.tile_order.is_empty() {
            parts.push(format!("tile_order={:?}", self.tile_order()));
        }
        if !self.inner.baobab_tokens_boost {
            parts.push("baobab_tokens_boost=False".into());
        }
        format!("Setup({})", parts.join(", "))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = slf.get_type().getattr("from_json")?;
        Ok((from_json, (slf.get().to_json()?,)))
    }
}

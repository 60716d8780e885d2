//! `carcassonne_safari._engine`: the native module of the Python package
//! `carcassonne_safari`, built by maturin.
//!
//! It wraps the engine's public API one to one (`Setup`, `GameState`,
//! `GameRecord`, the move notation, events, SVG), adds the fixed action
//! encoding for learning ([`encoding`]), the observation planes
//! ([`observation`]), and whole games played in Rust ([`play`]). Every engine
//! error becomes a Python exception with the engine's message; no Rust panic
//! reaches the interpreter on any input (the Python tests feed bad input to
//! every entry point).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod analysis;
mod buffers;
pub mod convert;
pub use carcassonne_safari_rl::{compact, encoding, observation, window};
pub mod errors;
pub mod game;
mod history;
pub mod play;
pub mod record;
pub mod rewards;
pub mod setup;
pub mod state;
pub mod text;
pub mod vector;

use pyo3::prelude::*;

use carcassonne_safari::Move;

use crate::errors::{illegal, notation_error};
use crate::game::PyGameState;

/// Each seat's share of the first place for ``scores`` (final scores in
/// seat order): ``1/k`` to each of the ``k`` highest, 0 to the others (the
/// engine's ``rules::win_shares``, R-END-5). ``win_shares([41, 41, 12])`` is
/// ``[0.5, 0.5, 0.0]``; an empty list gives an empty list. A score below
/// zero raises ``OverflowError``.
#[pyfunction]
fn win_shares(scores: Vec<u32>) -> Vec<f64> {
    carcassonne_safari::rules::win_shares(&scores)
}

/// The text of the ``net`` bot's model: the weights the bots crate compiles
/// in (``carcassonne_safari_bots::learned::MODEL``), in the form
/// ``carcassonne_safari.imitation.Model.from_text`` reads and ``Model.to_text``
/// writes. ``carcassonne_safari.imitation.Model.shipped()`` loads it.
#[pyfunction]
fn net_model_text() -> &'static str {
    carcassonne_safari_bots::learned::MODEL
}

/// Number of player action ids: every player decision's moves have ids in
/// ``range(num_distinct_actions())``.
#[pyfunction]
fn num_distinct_actions() -> u32 {
    encoding::NUM_ACTIONS
}

/// Number of chance outcome ids: a chance node's outcomes have ids in
/// ``range(num_chance_outcomes())`` (one per land tile design, then one per
/// animal token).
#[pyfunction]
fn num_chance_outcomes() -> u32 {
    encoding::num_chance_outcomes()
}

/// The id of a move (notation) in ``state``: a player action id for a player's
/// move, a chance outcome id for ``draw`` and ``token``. Encodes any move the
/// geometry allows, legal or not, except that a ``ranger`` move needs a ranger
/// on its ``from`` cell (rangers are told apart by their index in
/// ``state.rangers()``). Raises ``NotationError`` for text that does not parse
/// and ``IllegalMoveError`` for a move that has no id.
#[pyfunction]
fn action_id(py: Python<'_>, mv: &str, state: &PyGameState) -> PyResult<u32> {
    let m: Move = mv.parse().map_err(|e| notation_error(mv, &e))?;
    encoding::encode(m, &state.state)
        .map(|(_, id)| id)
        .map_err(|e| illegal(py, format!("`{mv}` has no action id: {e}"), Some(mv.into()), e))
}

/// The move (notation) with id ``id`` at the current decision of ``state``: a
/// chance outcome id at a chance node, else a player action id (a ranger id's
/// ``from`` cell is read from ``state``). The move need not be legal. Raises
/// ``IllegalMoveError`` for an id out of range, one naming a displaced ranger,
/// or when the game is over.
#[pyfunction]
fn action_move(py: Python<'_>, id: &Bound<'_, PyAny>, state: &PyGameState) -> PyResult<String> {
    if id.is_instance_of::<pyo3::types::PyString>() || id.is_instance_of::<pyo3::types::PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "an action id is an int, not {}",
            convert::type_name(id)
        )));
    }
    state.move_arg(py, id).map(|m| m.to_string())
}

/// The player action id blocks, in id order: ``(kind, first id, size)`` for
/// ``place``, ``meeple``, ``ranger``, ``dig``, ``expand``, ``pass``, ``boost``,
/// ``noboost`` and ``return``.
#[pyfunction]
fn action_blocks() -> Vec<(&'static str, u32, u32)> {
    encoding::BLOCKS
        .iter()
        .map(|b| (b.kind.keyword(), b.base, b.size))
        .collect()
}

/// The land tile designs (notation) in the order of their ``draw`` chance ids;
/// ``token`` ids follow, one per animal in the order M, E, G, L, Z.
#[pyfunction]
fn chance_designs() -> Vec<String> {
    encoding::land_design_list()
        .iter()
        .map(|d| d.to_string())
        .collect()
}

/// The geometry of the encoding: ``tile_radius`` (72) and ``frontier_radius``
/// (73), the distances from the start tile within which tiles and their empty
/// neighbours lie, and the cell counts of the two diamonds.
#[pyfunction]
fn encoding_geometry() -> Vec<(&'static str, u32)> {
    vec![
        ("tile_radius", encoding::TILE_RADIUS as u32),
        ("frontier_radius", encoding::FRONTIER_RADIUS as u32),
        ("tile_cells", encoding::TILE_CELLS),
        ("frontier_cells", encoding::FRONTIER_CELLS),
    ]
}

/// The index of cell (x, y) in the diamond of radius ``radius`` (at most 73)
/// around the start tile (row by row, north to south, west to east), or None
/// outside it.
#[pyfunction]
fn cell_index(x: i64, y: i64, radius: u32) -> Option<u32> {
    if radius > encoding::FRONTIER_RADIUS as u32 {
        return None;
    }
    encoding::cell_index(convert::pos(x, y)?, radius as i32)
}

/// The names of the observation planes, in order.
#[pyfunction]
fn observation_plane_names() -> Vec<&'static str> {
    observation::PLANE_NAMES.to_vec()
}

/// The names of the observation scalars, in order.
#[pyfunction]
fn observation_scalar_names() -> Vec<String> {
    observation::scalar_names()
}

/// The names of the compact encoding's spatial action planes, in order
/// (``place_0`` .. ``return``).
#[pyfunction]
fn compact_plane_names() -> Vec<String> {
    compact::plane_names()
}

/// The compact encoding's flat (non-spatial) actions, in order, as notation
/// (``meeple 0`` .. ``noboost``).
#[pyfunction]
fn compact_flat_names() -> Vec<String> {
    compact::flat_names()
}

/// The compact encoding's window sides: ``default`` (32), ``min`` (9) and
/// ``max`` (77, which no board outgrows).
#[pyfunction]
fn compact_geometry() -> Vec<(&'static str, u32)> {
    vec![
        ("default", window::DEFAULT_SIDE),
        ("min", window::MIN_SIDE),
        ("max", window::MAX_SIDE),
    ]
}

/// The engine's line of English for an event in the wire format (a dict of
/// ``apply``'s events). Raises ``ValueError`` for a dict that is not an event.
#[pyfunction]
fn event_text(event: &Bound<'_, PyAny>) -> PyResult<String> {
    let e: carcassonne_safari::Event = pythonize::depythonize(event)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("not an event: {e}")))?;
    Ok(e.to_string())
}

/// The game's numbers, from the engine (`rules`), for the Python side's
/// bounds: seats, land tiles, tokens, segments, the baobab's ring and the
/// observation's largest radius.
fn add_numbers(m: &Bound<'_, PyModule>) -> PyResult<()> {
    use carcassonne_safari::{rules, tiles, Pos};
    m.add("MIN_PLAYERS", rules::MIN_PLAYERS)?;
    m.add("MAX_PLAYERS", rules::MAX_PLAYERS)?;
    m.add("LAND_TILES", rules::LAND_TILES)?;
    m.add("STARTING_TOKENS", rules::STARTING_TOKENS)?;
    m.add("BAOBAB_TOKENS", rules::BAOBAB_TOKENS)?;
    m.add("MAX_SEGMENTS", tiles::MAX_SEGMENTS)?;
    m.add("BAOBAB_RING", Pos::new(0, 0).ring().len())?;
    m.add("FRONTIER_RADIUS", encoding::FRONTIER_RADIUS)?;
    Ok(())
}

/// The native module.
#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<setup::PySetup>()?;
    m.add_class::<game::PyGameState>()?;
    m.add_class::<record::PyGameRecord>()?;
    m.add_class::<play::PyBot>()?;
    m.add_class::<vector::PyVecEnv>()?;
    m.add("IllegalMoveError", py.get_type::<errors::IllegalMoveError>())?;
    m.add("SetupError", py.get_type::<errors::SetupError>())?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("NotationError", py.get_type::<errors::NotationError>())?;
    m.add("CHANCE", game::CHANCE)?;
    add_numbers(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(win_shares, m)?)?;
    m.add_function(wrap_pyfunction!(net_model_text, m)?)?;
    m.add_function(wrap_pyfunction!(num_distinct_actions, m)?)?;
    m.add_function(wrap_pyfunction!(num_chance_outcomes, m)?)?;
    m.add_function(wrap_pyfunction!(action_id, m)?)?;
    m.add_function(wrap_pyfunction!(action_move, m)?)?;
    m.add_function(wrap_pyfunction!(action_blocks, m)?)?;
    m.add_function(wrap_pyfunction!(chance_designs, m)?)?;
    m.add_function(wrap_pyfunction!(encoding_geometry, m)?)?;
    m.add_function(wrap_pyfunction!(cell_index, m)?)?;
    m.add_function(wrap_pyfunction!(observation_plane_names, m)?)?;
    m.add_function(wrap_pyfunction!(observation_scalar_names, m)?)?;
    m.add_function(wrap_pyfunction!(compact_plane_names, m)?)?;
    m.add_function(wrap_pyfunction!(compact_flat_names, m)?)?;
    m.add_function(wrap_pyfunction!(compact_geometry, m)?)?;
    m.add_function(wrap_pyfunction!(event_text, m)?)?;
    m.add_function(wrap_pyfunction!(rewards::final_rewards, m)?)?;
    m.add_function(wrap_pyfunction!(play::play_random_games, m)?)?;
    m.add_function(wrap_pyfunction!(play::play_game, m)?)?;
    m.add_function(wrap_pyfunction!(play::arena, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::hint, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::review, m)?)?;
    Ok(())
}

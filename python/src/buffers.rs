//! The raw observation buffers behind `carcassonne_safari.compact.observe`
//! and `carcassonne_safari.observation`: the engine's observation of a seat
//! as bytes that NumPy shapes without a copy per value.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use carcassonne_safari::{Actor, GameState, Move};

use crate::compact;
use crate::encoding;
use crate::observation;
use crate::window::Window;

/// `player` as a seat of `state`'s game. Raises `ValueError` otherwise.
fn seat(state: &GameState, player: i64) -> PyResult<usize> {
    let n = state.players() as i64;
    if !(0..n).contains(&player) {
        return Err(PyValueError::new_err(format!(
            "player {player} is not a seat of this {n}-player game"
        )));
    }
    Ok(player as usize)
}

/// The compact observation of seat `player` through `window`: planes
/// (`uint8`, channels last), scalars (little-endian `int16`, saturated) and
/// the action mask (`uint8`). Raises `ValueError` for a player who is not a
/// seat.
pub fn compact(state: &GameState, player: i64, window: &Window) -> PyResult<(Vec<u8>, Vec<u8>, Vec<u8>)> {
    let player = seat(state, player)?;
    let legal: Vec<Move> = match state.to_move() {
        Some(Actor::Player(_)) => state.legal_moves().to_vec(),
        _ => Vec::new(),
    };
    let mut planes = vec![0u8; observation::NUM_PLANES * window.area() as usize];
    let mut scalars = vec![0f32; observation::num_scalars()];
    observation::observe_into(
        state,
        player,
        window,
        observation::Layout::ChannelsLast,
        &legal,
        &mut planes,
        &mut scalars,
    );
    let mut mask = vec![false; compact::num_actions(window.side) as usize];
    compact::write_mask(state, &legal, window, &mut mask)
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let scalars: Vec<u8> = scalars
        .iter()
        .flat_map(|&f| (f.clamp(i16::MIN as f32, i16::MAX as f32) as i16).to_le_bytes())
        .collect();
    let mask: Vec<u8> = mask.into_iter().map(u8::from).collect();
    Ok((planes, scalars, mask))
}

/// The flat observation of seat `player` within `radius` of the frontier:
/// planes and scalars as little-endian `float32`. Raises `ValueError` for a
/// player who is not a seat or a radius out of range.
pub fn observation(state: &GameState, player: i64, radius: i64) -> PyResult<(Vec<u8>, Vec<u8>)> {
    let player = seat(state, player)?;
    if !(0..=encoding::FRONTIER_RADIUS as i64).contains(&radius) {
        return Err(PyValueError::new_err(format!(
            "radius {radius} is outside 0..={}",
            encoding::FRONTIER_RADIUS
        )));
    }
    let (planes, scalars) = observation::observe(state, player, radius as i32);
    let bytes = |v: &[f32]| -> Vec<u8> { v.iter().flat_map(|f| f.to_le_bytes()).collect() };
    Ok((bytes(&planes), bytes(&scalars)))
}

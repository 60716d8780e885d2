//! Final rewards from final scores, shared by the OpenSpiel game, the
//! The modes and the rule live in the `rl` crate
//! (`carcassonne_safari_rl::rewards`); this module is their Python function.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pub use carcassonne_safari_rl::rewards::{reward, Mode, UnknownMode, MODES};

/// Each player's final reward for final ``scores`` under ``mode`` (``"win"``,
/// ``"score_diff"`` or ``"score"``). Raises ``ValueError`` for an unknown mode
/// or fewer than two scores.
#[pyfunction]
#[pyo3(signature = (scores, mode="win"))]
pub fn final_rewards(scores: Vec<u32>, mode: &str) -> PyResult<Vec<f64>> {
    let mode: Mode = mode
        .parse()
        .map_err(|e: UnknownMode| PyValueError::new_err(e.to_string()))?;
    if scores.len() < 2 {
        return Err(PyValueError::new_err(format!(
            "rewards need the scores of at least two players, not {}",
            scores.len()
        )));
    }
    Ok((0..scores.len()).map(|s| reward(&scores, s, mode)).collect())
}

//! Final rewards from final scores, shared by the OpenSpiel game, the
//! PettingZoo environment (through `carcassonne_safari.rewards`) and the
//! vectorised environment.
//!
//! - `win`: zero-sum wins. With `n` players of whom `k` share the highest
//!   score, each leader gets `(n - k) / (k (n - 1))` and every other player
//!   `-1 / (n - 1)`: a sole winner 1, a loser of a 2-player game -1, a tie of
//!   everybody 0.
//! - `score_diff`: the player's score minus the mean of the other players'
//!   scores (zero-sum).
//! - `score`: the player's own score (general-sum).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A reward mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Zero-sum wins.
    Win,
    /// Own score minus the others' mean.
    ScoreDiff,
    /// Own score.
    Score,
}

/// The modes' names, in order.
pub const MODES: [&str; 3] = ["win", "score_diff", "score"];

impl std::str::FromStr for Mode {
    type Err = PyErr;
    fn from_str(s: &str) -> PyResult<Mode> {
        match s {
            "win" => Ok(Mode::Win),
            "score_diff" => Ok(Mode::ScoreDiff),
            "score" => Ok(Mode::Score),
            _ => Err(PyValueError::new_err(format!(
                "unknown reward mode {s:?}; known: {}",
                MODES.join(", ")
            ))),
        }
    }
}

/// Player `seat`'s reward for `scores` under `mode` (`seat < scores.len()`,
/// at least two players).
pub fn reward(scores: &[u32], seat: usize, mode: Mode) -> f64 {
    let n = scores.len() as f64;
    let own = scores[seat] as f64;
    match mode {
        Mode::Score => own,
        Mode::ScoreDiff => {
            let total: f64 = scores.iter().map(|&s| s as f64).sum();
            own - (total - own) / (n - 1.0)
        }
        Mode::Win => {
            let best = scores.iter().copied().max().unwrap_or(0);
            let k = scores.iter().filter(|&&s| s == best).count() as f64;
            if scores[seat] == best {
                (n - k) / (k * (n - 1.0))
            } else {
                -1.0 / (n - 1.0)
            }
        }
    }
}

/// Each player's final reward for final ``scores`` under ``mode`` (``"win"``,
/// ``"score_diff"`` or ``"score"``). Raises ``ValueError`` for an unknown mode
/// or fewer than two scores.
#[pyfunction]
#[pyo3(signature = (scores, mode="win"))]
pub fn final_rewards(scores: Vec<u32>, mode: &str) -> PyResult<Vec<f64>> {
    let mode: Mode = mode.parse()?;
    if scores.len() < 2 {
        return Err(PyValueError::new_err(format!(
            "rewards need the scores of at least two players, not {}",
            scores.len()
        )));
    }
    Ok((0..scores.len()).map(|s| reward(&scores, s, mode)).collect())
}

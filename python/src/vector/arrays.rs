//! The vector env's output arrays (allocated once, written in place) and
//! the step that runs the games over the threads into them.

use numpy::ndarray::Ix5;
use numpy::{PyArray, PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;

use super::{runtime, Config, PyVecEnv, Rows, Slot, SlotError, StepOut, SEATS};
use crate::compact;
use crate::observation::{num_scalars, NUM_PLANES};

/// The output arrays, allocated once.
pub(super) struct Arrays {
    pub(super) board: Py<PyArray4<u8>>,
    pub(super) scalars: Py<PyArray2<i16>>,
    pub(super) masks: Py<PyArray2<bool>>,
    pub(super) rewards: Py<PyArray1<f32>>,
    pub(super) seat_rewards: Py<PyArray2<f32>>,
    pub(super) terminated: Py<PyArray1<bool>>,
    pub(super) truncated: Py<PyArray1<bool>>,
    pub(super) seats: Py<PyArray1<u8>>,
    pub(super) final_board: Py<PyArray4<u8>>,
    pub(super) final_scalars: Py<PyArray2<i16>>,
    pub(super) final_seat_board: Py<PyArray<u8, Ix5>>,
    pub(super) final_seat_scalars: Py<PyArray3<i16>>,
    pub(super) final_shares: Py<PyArray2<f32>>,
    pub(super) final_scores: Py<PyArray2<i32>>,
    pub(super) final_seats: Py<PyArray1<u8>>,
}

impl Arrays {
    /// Zeroed arrays for `num_envs` games of `players` over a window of `side`.
    pub(super) fn new(py: Python<'_>, num_envs: usize, players: usize, side: u32) -> Arrays {
        let (w, n) = (side as usize, num_envs);
        Arrays {
            board: PyArray4::zeros(py, [n, w, w, NUM_PLANES], false).unbind(),
            scalars: PyArray2::zeros(py, [n, num_scalars()], false).unbind(),
            masks: PyArray2::zeros(py, [n, compact::num_actions(side) as usize], false).unbind(),
            rewards: PyArray1::zeros(py, n, false).unbind(),
            seat_rewards: PyArray2::zeros(py, [n, players], false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            seats: PyArray1::zeros(py, n, false).unbind(),
            final_board: PyArray4::zeros(py, [n, w, w, NUM_PLANES], false).unbind(),
            final_scalars: PyArray2::zeros(py, [n, num_scalars()], false).unbind(),
            final_seat_board: PyArray::zeros(py, [n, players, w, w, NUM_PLANES], false).unbind(),
            final_seat_scalars: PyArray3::zeros(py, [n, players, num_scalars()], false).unbind(),
            final_shares: PyArray2::zeros(py, [n, SEATS], false).unbind(),
            final_scores: PyArray2::zeros(py, [n, SEATS], false).unbind(),
            final_seats: PyArray1::zeros(py, n, false).unbind(),
        }
    }
}

impl PyVecEnv {
    /// The games, for reading.
    pub(super) fn games(&self) -> std::sync::MutexGuard<'_, Vec<Slot>> {
        // Every call that changes the games holds `&mut self`, so the lock is
        // never contended; a poisoned lock (a panic in a game) still holds
        // the games.
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on every slot with its rows, over the threads, without the
    /// interpreter; then writes the per-game outputs.
    pub(super) fn run<F>(&mut self, py: Python<'_>, f: F) -> PyResult<()>
    where
        F: Fn(usize, &mut Slot, &Config, &mut Rows<'_>) -> Result<StepOut, SlotError> + Sync,
    {
        let n = self.num_envs;
        let side = self.config.side as usize;
        let plane_len = NUM_PLANES * side * side;
        let a = &self.arrays;
        let mut board = a.board.bind(py).readwrite();
        let mut scalars = a.scalars.bind(py).readwrite();
        let mut masks = a.masks.bind(py).readwrite();
        let mut final_board = a.final_board.bind(py).readwrite();
        let mut final_scalars = a.final_scalars.bind(py).readwrite();
        let mut final_seat_board = a.final_seat_board.bind(py).readwrite();
        let mut final_seat_scalars = a.final_seat_scalars.bind(py).readwrite();
        let players = self.config.players;
        let mut final_shares = a.final_shares.bind(py).readwrite();
        let mut final_scores = a.final_scores.bind(py).readwrite();
        let slice = |e: numpy::AsSliceError| runtime(e.to_string());
        let mask_len = compact::num_actions(self.config.side) as usize;
        let mut rows: Vec<Rows<'_>> = board
            .as_slice_mut()
            .map_err(slice)?
            .chunks_mut(plane_len)
            .zip(scalars.as_slice_mut().map_err(slice)?.chunks_mut(num_scalars()))
            .zip(masks.as_slice_mut().map_err(slice)?.chunks_mut(mask_len))
            .zip(final_board.as_slice_mut().map_err(slice)?.chunks_mut(plane_len))
            .zip(
                final_scalars
                    .as_slice_mut()
                    .map_err(slice)?
                    .chunks_mut(num_scalars()),
            )
            .zip(
                final_seat_board
                    .as_slice_mut()
                    .map_err(slice)?
                    .chunks_mut(players * plane_len),
            )
            .zip(
                final_seat_scalars
                    .as_slice_mut()
                    .map_err(slice)?
                    .chunks_mut(players * num_scalars()),
            )
            .zip(final_shares.as_slice_mut().map_err(slice)?.chunks_mut(SEATS))
            .zip(final_scores.as_slice_mut().map_err(slice)?.chunks_mut(SEATS))
            .map(
                |(
                    (
                        (
                            (((((board, scalars), mask), final_board), final_scalars), final_seat_board),
                            final_seat_scalars,
                        ),
                        shares,
                    ),
                    scores,
                )| Rows {
                    board,
                    scalars,
                    mask,
                    final_board,
                    final_scalars,
                    final_seat_board,
                    final_seat_scalars,
                    shares,
                    scores,
                },
            )
            .collect();
        debug_assert_eq!(rows.len(), n);
        let (slots, config, pool) = (
            self.slots.get_mut().unwrap_or_else(|e| e.into_inner()),
            &self.config,
            &self.pool,
        );
        let outs: Vec<Result<StepOut, SlotError>> = py.detach(|| {
            let work = |(i, (slot, rows)): (usize, (&mut Slot, &mut Rows<'_>))| f(i, slot, config, rows);
            match pool {
                Some(pool) => pool.install(|| {
                    slots
                        .par_iter_mut()
                        .zip(rows.par_iter_mut())
                        .enumerate()
                        .map(work)
                        .collect()
                }),
                None => slots
                    .iter_mut()
                    .zip(rows.iter_mut())
                    .enumerate()
                    .map(work)
                    .collect(),
            }
        });
        drop(rows);
        let mut rewards = a.rewards.bind(py).readwrite();
        let mut seat_rewards = a.seat_rewards.bind(py).readwrite();
        let seat_rewards = seat_rewards.as_slice_mut().map_err(slice)?;
        let mut terminated = a.terminated.bind(py).readwrite();
        let mut truncated = a.truncated.bind(py).readwrite();
        let mut seats = a.seats.bind(py).readwrite();
        let mut final_seats = a.final_seats.bind(py).readwrite();
        let (rewards, terminated, truncated, seats, final_seats) = (
            rewards.as_slice_mut().map_err(slice)?,
            terminated.as_slice_mut().map_err(slice)?,
            truncated.as_slice_mut().map_err(slice)?,
            seats.as_slice_mut().map_err(slice)?,
            final_seats.as_slice_mut().map_err(slice)?,
        );
        for (i, out) in outs.into_iter().enumerate() {
            let out = out.map_err(|e| runtime(format!("game {i}: {e}")))?;
            rewards[i] = out.reward;
            seat_rewards[i * players..(i + 1) * players].copy_from_slice(&out.rewards[..players]);
            terminated[i] = out.terminated;
            truncated[i] = out.truncated;
            seats[i] = out.seat;
            final_seats[i] = out.agent_seat;
        }
        Ok(())
    }
}

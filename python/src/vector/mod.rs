//! The vectorised environment: `N` games stepped in Rust per call, chance
//! inside, opponents from the bots crate (or self-play), automatic reset,
//! observations and action masks written into NumPy arrays allocated once,
//! the interpreter released while Rust works and the games spread over
//! threads. `carcassonne_safari.vector` wraps it in Gymnasium's vector API.

use carcassonne_safari_rl::vector as core;

use std::num::NonZeroUsize;
use std::sync::Mutex;

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::Setup;
use carcassonne_safari_bots::BotRng;
use numpy::ndarray::Ix5;
use numpy::{
    PyArray, PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::compact;
use crate::errors::illegal;
use crate::game::PyGameState;
use crate::rewards::Mode;
use crate::window::{self, MAX_SIDE, MIN_SIDE};

pub use self::core::{Config, Rows, Slot, SlotError, StepOut, SEATS};

mod arrays;

use self::arrays::Arrays;

/// ``VecEnv(num_envs, players=2, opponents=("random",), window=32,
/// reward="win", paired=False, seed=0, threads=None)``: ``num_envs`` games
/// stepped together in Rust (the native core of
/// ``carcassonne_safari.vector.CarcassonneVectorEnv``).
///
/// The agent plays one seat of each game (the seat rotates from game to
/// game) and the bots of the bots crate named by ``opponents`` play the
/// others, in seat order after the agent's and repeated as needed;
/// ``opponents=None`` is self-play: the agent decides for every seat, and
/// each observation is seen by the seat to move (``seats``). Chance is drawn
/// inside from each game's deal (a shuffled tile order and a token stream):
/// ``seed`` ``s`` gives the deals of the bots' arena run with ``--seed s``
/// (game ``i`` plays deals ``i``, ``i + num_envs``, ...); with
/// ``paired=True`` every deal is played once from each seat in turn, from seat
/// 0 on, as the arena plays it.
///
/// ``reset(seed)`` and ``step(actions)`` write into the arrays given by the
/// attributes (the same objects for the environment's life): ``board``
/// (uint8, ``(N, window, window, planes)``, channels last), ``scalars`` (int16), ``masks``
/// (bool, ``(N, num_actions)``, the legal compact action ids), ``rewards``
/// (float32, the acting seat's), ``seat_rewards`` (float32, ``(N, players)``,
/// every seat's), ``terminated``, ``truncated`` (the frontier outgrew the
/// window), ``seats``; for the games that just ended, ``final_board``,
/// ``final_scalars``, ``final_seat_board`` and ``final_seat_scalars`` (every
/// seat's), ``final_shares`` (win shares by seat), ``final_scores`` and
/// ``final_seats`` (the agent's seat). A finished game is replaced by the
/// next one in the same step. Raises ``ValueError`` for a bad argument and
/// ``IllegalMoveError`` naming the game of an illegal action, before any game
/// moves.
#[pyclass(name = "VecEnv", module = "carcassonne_safari._engine")]
pub struct PyVecEnv {
    config: Config,
    num_envs: usize,
    /// The games (in a mutex only so that the class is `Sync`: every access
    /// holds `&mut self`).
    slots: Mutex<Vec<Slot>>,
    arrays: Arrays,
    pool: Option<rayon::ThreadPool>,
    threads: usize,
    seed: Seeding,
    sampler: BotRng,
}

/// How the games were last seeded.
#[derive(Clone, Debug)]
enum Seeding {
    /// One seed for the environment: its deal `k` is the bots' arena's deal
    /// `k` of `seed` (`Deal::new(seed + k)`), and game `i` plays deals `i`,
    /// `i + num_envs`, ...
    All(u64),
    /// A seed per game: each game's deals from its seed alone.
    Each(Vec<u64>),
}

/// The `seed` argument of `reset`: one integer, or one per game.
#[derive(FromPyObject)]
enum SeedArg {
    One(u64),
    Each(Vec<u64>),
}

fn runtime(e: impl ToString) -> PyErr {
    PyRuntimeError::new_err(e.to_string())
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, players=2, opponents=Some(vec!["random".to_string()]), window=window::DEFAULT_SIDE, reward="win", paired=false, seed=0, threads=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        players: usize,
        opponents: Option<Vec<String>>,
        window: u32,
        reward: &str,
        paired: bool,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<PyVecEnv> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        Setup::new(players)
            .validate()
            .map_err(|e| crate::errors::setup_error(&e))?;
        if !(MIN_SIDE..=MAX_SIDE).contains(&window) {
            return Err(PyValueError::new_err(format!(
                "window {window} is outside {MIN_SIDE}..={MAX_SIDE}"
            )));
        }
        if let Some(specs) = &opponents {
            if specs.is_empty() {
                return Err(PyValueError::new_err(
                    "opponents is a list of bot specifications (or None for self-play), not empty",
                ));
            }
            for spec in specs {
                carcassonne_safari_bots::from_spec(spec, 0)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
            }
        }
        let reward: Mode = reward.parse().map_err(|e: crate::rewards::UnknownMode| {
            pyo3::exceptions::PyValueError::new_err(e.to_string())
        })?;
        let threads = match threads {
            Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
            Some(t) => t,
            None => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        }
        .min(num_envs);
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| runtime(e.to_string()))?,
            )
        } else {
            None
        };
        let config = Config {
            players,
            opponents,
            side: window,
            reward,
            paired,
            slots: num_envs,
        };
        let slots = (0..num_envs as u64)
            .map(|i| Slot::new(&config, i, seed))
            .collect::<Result<Vec<_>, _>>()
            .map_err(runtime)?;
        let arrays = Arrays::new(py, num_envs, players, window);
        let mut env = PyVecEnv {
            config,
            num_envs,
            slots: Mutex::new(slots),
            arrays,
            pool,
            threads,
            seed: Seeding::All(seed),
            sampler: BotRng::seed_from_u64(seed ^ 0x5A3D_1E55),
        };
        env.reset(py, None)?;
        Ok(env)
    }

    /// Starts every game over. ``seed`` (default: the last seeding) is an
    /// integer ``s``, which gives the environment the deals of the bots'
    /// arena run with ``--seed s`` (deal ``k`` from ``s + k``; game ``i``
    /// plays deals ``i``, ``i + num_envs``, ..., its bots seeded from its
    /// deals), or a list of ``num_envs`` integers, one per game, each of
    /// which seeds its game alone (its deals, its bots, and the agent's seat: seat 0 in its
    /// first game, then rotating), so that a seed gives the same games at any
    /// index. The same seeds and actions give the same games. Raises
    /// ``ValueError`` for a list of another length, before any game moves.
    #[pyo3(signature = (seed=None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<SeedArg>) -> PyResult<()> {
        match seed {
            None => {}
            Some(SeedArg::One(s)) => self.seed = Seeding::All(s),
            Some(SeedArg::Each(seeds)) => {
                if seeds.len() != self.num_envs {
                    return Err(PyValueError::new_err(format!(
                        "{} seeds for {} games: give one per game, or one integer",
                        seeds.len(),
                        self.num_envs
                    )));
                }
                self.seed = Seeding::Each(seeds);
            }
        }
        match self.seed.clone() {
            Seeding::All(seed) => self.run(py, |_, slot, config, rows| slot.reset(config, seed, rows))?,
            Seeding::Each(seeds) => {
                self.run(py, |i, slot, config, rows| slot.reset_own(config, seeds[i], rows))?
            }
        }
        // Nothing ended: clear what a previous step reported.
        for a in [&self.arrays.terminated, &self.arrays.truncated] {
            a.bind(py)
                .readwrite()
                .as_slice_mut()
                .map_err(|e| runtime(e.to_string()))?
                .fill(false);
        }
        self.arrays
            .rewards
            .bind(py)
            .readwrite()
            .as_slice_mut()
            .map_err(|e| runtime(e.to_string()))?
            .fill(0.0);
        self.arrays
            .seat_rewards
            .bind(py)
            .readwrite()
            .as_slice_mut()
            .map_err(|e| runtime(e.to_string()))?
            .fill(0.0);
        Ok(())
    }

    /// Plays one compact action id per game (an int64 array of ``num_envs``),
    /// then chance and the opponents up to each game's next agent decision,
    /// and writes the arrays. Every action is checked first: an illegal one
    /// raises ``IllegalMoveError`` naming its game, and no game moves.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let n = self.num_envs;
        if actions.len() != n {
            return Err(PyValueError::new_err(format!(
                "{} actions for {n} games",
                actions.len()
            )));
        }
        let actions = actions.as_array();
        let mut moves = Vec::with_capacity(n);
        let slots = self.slots.get_mut().unwrap_or_else(|e| e.into_inner());
        for (i, (slot, &a)) in slots.iter().zip(actions.iter()).enumerate() {
            let mv = slot
                .check(a)
                .map_err(|e| illegal(py, format!("game {i}: {e}"), None, e))?;
            moves.push(mv);
        }
        self.run(py, |i, slot, config, rows| slot.step(config, moves[i], rows))
    }

    /// A uniform random legal compact action for every game (int64
    /// ``(num_envs,)``), from the environment's own generator (seeded by the
    /// constructor's ``seed``, then by ``seed`` when given): the random
    /// agent of baselines and benchmarks, without a pass over the masks.
    #[pyo3(signature = (seed=None))]
    fn sample_actions<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        if let Some(s) = seed {
            self.sampler = BotRng::seed_from_u64(s);
        }
        let slots = self.slots.get_mut().unwrap_or_else(|e| e.into_inner());
        let mut out = Vec::with_capacity(slots.len());
        for (i, slot) in slots.iter().enumerate() {
            let id = slot
                .sample(&mut self.sampler)
                .map_err(|e| runtime(format!("game {i}: {e}")))?;
            out.push(id as i64);
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// The games under way, as states (each with its game record).
    fn states(&self) -> Vec<PyGameState> {
        self.games()
            .iter()
            .map(|s| PyGameState::replayed(s.state().clone(), s.record()))
            .collect()
    }

    /// The move (notation) of compact id ``action`` in game ``env``.
    fn action_move(&self, py: Python<'_>, env: usize, action: i64) -> PyResult<String> {
        let games = self.games();
        let slot = games
            .get(env)
            .ok_or_else(|| PyValueError::new_err(format!("no game {env}: there are {}", self.num_envs)))?;
        let id = u64::try_from(action)
            .map_err(|_| PyValueError::new_err(format!("action {action} is negative")))?;
        compact::decode(id, slot.state(), slot.window())
            .map(|m| m.to_string())
            .map_err(|e| illegal(py, e.clone(), None, e))
    }

    /// Each game's window origin ``(x0, y0)``: cell ``(x, y)`` is row
    /// ``y - y0``, column ``x - x0`` of ``board`` and of the spatial actions.
    fn window_origins(&self) -> Vec<(i32, i32)> {
        self.games()
            .iter()
            .map(|s| (s.window().x0, s.window().y0))
            .collect()
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// Players per game.
    #[getter]
    fn players(&self) -> usize {
        self.config.players
    }

    /// The window's side.
    #[getter]
    fn window(&self) -> u32 {
        self.config.side
    }

    /// Number of compact action ids.
    #[getter]
    fn num_actions(&self) -> u32 {
        compact::num_actions(self.config.side)
    }

    /// The opponents' bot specifications, or None for self-play.
    #[getter]
    fn opponents(&self) -> Option<Vec<String>> {
        self.config.opponents.clone()
    }

    /// The threads the games are spread over.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// Observation planes, uint8 ``(N, window, window, planes)`` (channels last).
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray4<u8>> {
        self.arrays.board.bind(py).clone()
    }

    /// Scalar features, int16 ``(N, scalars)``.
    #[getter]
    fn scalars<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i16>> {
        self.arrays.scalars.bind(py).clone()
    }

    /// Legal compact action ids, bool ``(N, num_actions)``.
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.arrays.masks.bind(py).clone()
    }

    /// The reward of the seat that acted, float32 ``(N,)``.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        self.arrays.rewards.bind(py).clone()
    }

    /// The reward of every seat, float32 ``(N, players)``: the change of each
    /// seat's value since the previous step (``score_diff``, ``score``), or
    /// the final reward of every seat when the game ends (``win``); a game's
    /// rewards of each seat sum to its final reward.
    #[getter]
    fn seat_rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.arrays.seat_rewards.bind(py).clone()
    }

    /// Which games ended in the last step, bool ``(N,)``.
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.arrays.terminated.bind(py).clone()
    }

    /// Which games were cut short (frontier wider than the window), bool ``(N,)``.
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.arrays.truncated.bind(py).clone()
    }

    /// The seat each observation is seen by (the seat to decide), uint8 ``(N,)``.
    #[getter]
    fn seats<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        self.arrays.seats.bind(py).clone()
    }

    /// The last observation of each game that just ended (planes).
    #[getter]
    fn final_board<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray4<u8>> {
        self.arrays.final_board.bind(py).clone()
    }

    /// The last observation of each game that just ended (scalars).
    #[getter]
    fn final_scalars<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i16>> {
        self.arrays.final_scalars.bind(py).clone()
    }

    /// The last observation of every seat of each game that just ended
    /// (planes), uint8 ``(N, players, window, window, planes)``.
    #[getter]
    fn final_seat_board<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray<u8, Ix5>> {
        self.arrays.final_seat_board.bind(py).clone()
    }

    /// The last observation of every seat of each game that just ended
    /// (scalars), int16 ``(N, players, scalars)``.
    #[getter]
    fn final_seat_scalars<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray3<i16>> {
        self.arrays.final_seat_scalars.bind(py).clone()
    }

    /// Win shares by seat of each game that just ended (``1/k`` for each of
    /// ``k`` leaders), float32 ``(N, 5)``.
    #[getter]
    fn final_shares<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.arrays.final_shares.bind(py).clone()
    }

    /// Final scores by seat of each game that just ended, int32 ``(N, 5)``.
    #[getter]
    fn final_scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        self.arrays.final_scores.bind(py).clone()
    }

    /// The seat that made the last decision of each game that just ended
    /// (the agent's seat against opponents), uint8 ``(N,)``.
    #[getter]
    fn final_seats<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        self.arrays.final_seats.bind(py).clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "VecEnv({} games, {} players, opponents {:?}, window {})",
            self.num_envs, self.config.players, self.config.opponents, self.config.side
        )
    }
}

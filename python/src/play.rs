//! Whole games played in Rust (self-play batches and bot games) and the bots of
//! the bots crate as Python objects. Each releases the interpreter while it
//! plays, so Python threads and Ray tasks run side by side.

use std::sync::Mutex;
use std::time::Instant;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand_pcg::rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::{policy::KindFirstRandom, record::Seat, Actor, GameRecord, GameState, Setup};
use carcassonne_safari_bots::{from_spec, Bot, BotRng};

use crate::errors::setup_error;
use crate::game::PyGameState;
use crate::record::PyGameRecord;
use crate::setup::PySetup;

struct Outcome {
    scores: Vec<u32>,
    winners: Vec<usize>,
    decisions: u64,
}

/// One random game from `seed`, exactly as the `selfplay` example plays it.
fn random_game(seed: u64, setup: &Setup) -> Result<Outcome, String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = GameState::new(setup).map_err(|e| e.to_string())?;
    let mut events = Vec::new();
    let mut policy = KindFirstRandom::new();
    let mut decisions = 0;
    let mut draws = Vec::new();
    loop {
        draws.clear();
        events.clear();
        state
            .play_chance_mut(Sampled(&mut rng), &mut draws, &mut events)
            .map_err(|e| e.to_string())?;
        decisions += draws.len() as u64;
        if state.is_over() {
            break;
        }
        let mv = policy.choose(&state, &mut rng).ok_or("a player without moves")?;
        decisions += 1;
        events.clear();
        state.apply_mut(mv, &mut events).map_err(|e| e.to_string())?;
    }
    Ok(Outcome {
        scores: state.scores().to_vec(),
        winners: crate::convert::seats(state.leaders()),
        decisions,
    })
}

/// Plays ``n`` random games in Rust, seeds ``seed``, ``seed + 1``, ... (the
/// engine's ``selfplay`` example's policy and generator: the same seeds give
/// the same games). Returns ``{"games", "players", "scores" (per game),
/// "winners" (per game), "mean_scores", "wins" (per seat, ties count for every
/// winner), "decisions" (total), "seconds" (time spent playing)}``. Raises
/// ``SetupError`` for a player count outside 2..5.
#[pyfunction]
#[pyo3(signature = (n, seed=0, players=2))]
pub fn play_random_games<'py>(
    py: Python<'py>,
    n: u64,
    seed: u64,
    players: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let setup = Setup::new(players);
    GameState::new(&setup).map_err(|e| setup_error(&e))?;
    let (outcomes, seconds) = py.detach(|| {
        let start = Instant::now();
        let outcomes: Result<Vec<Outcome>, String> = (0..n)
            .map(|g| random_game(seed.wrapping_add(g), &setup))
            .collect();
        (outcomes, start.elapsed().as_secs_f64())
    });
    let outcomes = outcomes.map_err(PyRuntimeError::new_err)?;
    let mut totals = vec![0u64; players];
    let mut wins = vec![0u64; players];
    let mut decisions = 0;
    for o in &outcomes {
        for (t, &s) in totals.iter_mut().zip(&o.scores) {
            *t += s as u64;
        }
        for &w in &o.winners {
            wins[w] += 1;
        }
        decisions += o.decisions;
    }
    let d = PyDict::new(py);
    d.set_item("games", n)?;
    d.set_item("players", players)?;
    d.set_item(
        "scores",
        outcomes.iter().map(|o| o.scores.clone()).collect::<Vec<_>>(),
    )?;
    d.set_item(
        "winners",
        outcomes.iter().map(|o| o.winners.clone()).collect::<Vec<_>>(),
    )?;
    let means: Vec<f64> = totals.iter().map(|&t| t as f64 / n.max(1) as f64).collect();
    d.set_item("mean_scores", means)?;
    d.set_item("wins", wins)?;
    d.set_item("decisions", decisions)?;
    d.set_item("seconds", seconds)?;
    Ok(d)
}

/// Plays one game between bots of the bots crate, in Rust. ``bots`` names one
/// bot per seat (``"random"``, ``"kindfirstrandom"``, ``"greedy"``,
/// ``"mcts:it=200"``, ...; 2 to 5 of them); chance is drawn by a generator
/// seeded with ``seed`` and seat ``i``'s bot is seeded with ``seed + i + 1``,
/// so a seed replays the same game (time budgets such as ``mcts:ms=50``
/// excepted). ``setup`` overrides the default setup for that many players.
///
/// Returns ``{"record": GameRecord, "scores", "winners", "bots" (names),
/// "decisions", "seconds"}``. Raises ``ValueError`` for an unknown bot and
/// ``SetupError`` for a bad setup.
#[pyfunction]
#[pyo3(signature = (bots, seed=0, setup=None))]
pub fn play_game<'py>(
    py: Python<'py>,
    bots: Vec<String>,
    seed: u64,
    setup: Option<&PySetup>,
) -> PyResult<Bound<'py, PyDict>> {
    let setup = match setup {
        Some(s) if s.inner.players != bots.len() => {
            return Err(PyValueError::new_err(format!(
                "{} bots for a {}-player setup",
                bots.len(),
                s.inner.players
            )))
        }
        Some(s) => s.inner.clone(),
        None => Setup::new(bots.len()),
    };
    let mut state = GameState::new(&setup).map_err(|e| setup_error(&e))?;
    let mut players: Vec<Box<dyn Bot + Send>> = Vec::with_capacity(bots.len());
    for (i, spec) in bots.iter().enumerate() {
        let bot = from_spec(spec, seed.wrapping_add(i as u64 + 1))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        players.push(bot);
    }
    let names: Vec<String> = players.iter().map(|b| b.name().to_string()).collect();
    let (result, seconds) = py.detach(|| {
        let start = Instant::now();
        let mut chance = BotRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        let mut events = Vec::new();
        let result: Result<(), String> = (|| {
            loop {
                let played = state
                    .play_chance(Sampled(&mut chance))
                    .map_err(|e| e.to_string())?;
                moves.extend(played.moves());
                state = played.state;
                let Some(Actor::Player(p)) = state.to_move() else {
                    break;
                };
                let mv = players[p.index()].choose(&state).map_err(|e| e.to_string())?;
                events.clear();
                state.apply_mut(mv, &mut events).map_err(|e| e.to_string())?;
                moves.push(mv);
            }
            Ok(())
        })();
        (result.map(|()| moves), start.elapsed().as_secs_f64())
    });
    let moves = result.map_err(PyRuntimeError::new_err)?;
    let d = PyDict::new(py);
    d.set_item("scores", state.scores().to_vec())?;
    d.set_item("winners", crate::convert::seats(state.leaders()))?;
    d.set_item("bots", names.clone())?;
    d.set_item("decisions", moves.len())?;
    d.set_item("seconds", seconds)?;
    let seats = bots
        .iter()
        .zip(&names)
        .map(|(spec, name)| Seat {
            name: name.clone(),
            bot: Some(spec.clone()),
        })
        .collect();
    let record = GameRecord::new(setup).with_moves(moves).with_seats(seats);
    d.set_item("record", PyGameRecord { inner: record })?;
    Ok(d)
}

/// Plays bots of the bots crate against each other on paired deals, in Rust,
/// as the crate's ``arena`` example does (``bots::arena::tournament``):
/// ``bots`` lists one to ``players`` specifications (``"oneply"``,
/// ``"mcts:it=500"``, ...), repeated to fill the seats; ``games`` is rounded up
/// to a whole number of deals, each deal (``seed``, ``seed + 1``, ...) played
/// from every rotation of the seats; ``threads`` games at once. The same
/// arguments give the same games (time budgets such as ``mcts:ms=50``
/// excepted).
///
/// Returns ``{"players", "games", "seed", "standings", "elo"}``:
/// ``standings`` has one dict per bot, in the order of ``bots``: ``"bot"``,
/// ``"seats"``, ``"wins"`` (a first place shared by k counts 1/k),
/// ``"win_rate"`` with its 95% Wilson interval ``"ci95"``, ``"mean_score"``,
/// ``"mean_margin"`` (its score minus the best other one),
/// ``"ms_per_decision"``, ``"iterations_per_decision"``; ``elo`` is, for two
/// bots at two players, ``{"bot", "over", "diff", "ci95"}``, else ``None``.
/// Raises ``SetupError`` for a player count outside 2..5, ``ValueError`` for
/// a specification refused, no bots, more bots than seats or no games.
#[pyfunction]
#[pyo3(signature = (bots, players, games, seed=1, threads=1))]
pub fn arena<'py>(
    py: Python<'py>,
    bots: Vec<String>,
    players: usize,
    games: usize,
    seed: u64,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    use carcassonne_safari_bots::arena::{tournament, ArenaError};
    let t = py
        .detach(|| tournament(&bots, players, games, seed, threads, |_, _| {}))
        .map_err(|e| match e {
            ArenaError::Setup(e) => setup_error(&e),
            ArenaError::Spec(_) | ArenaError::Lineup { .. } => PyValueError::new_err(e.to_string()),
            _ => PyRuntimeError::new_err(e.to_string()),
        })?;
    let d = PyDict::new(py);
    d.set_item("players", t.players)?;
    d.set_item("games", t.games)?;
    d.set_item("seed", t.seed)?;
    let mut standings = Vec::new();
    for b in &t.standings {
        let s = PyDict::new(py);
        s.set_item("bot", &b.bot)?;
        s.set_item("seats", b.seats)?;
        s.set_item("wins", b.wins)?;
        s.set_item("win_rate", b.win_rate.mean)?;
        s.set_item("ci95", (b.win_rate.low, b.win_rate.high))?;
        s.set_item("mean_score", b.mean_score)?;
        s.set_item("mean_margin", b.mean_margin)?;
        s.set_item("ms_per_decision", b.ms_per_decision)?;
        s.set_item("iterations_per_decision", b.iterations_per_decision)?;
        standings.push(s);
    }
    d.set_item("standings", standings)?;
    match (t.elo(), &t.standings[..]) {
        (Some(elo), [first, other]) => {
            let e = PyDict::new(py);
            e.set_item("bot", &first.bot)?;
            e.set_item("over", &other.bot)?;
            e.set_item("diff", elo.mean)?;
            e.set_item("ci95", (elo.low, elo.high))?;
            d.set_item("elo", e)?;
        }
        _ => d.set_item("elo", py.None())?,
    }
    Ok(d)
}

/// A bot of the bots crate: ``Bot(spec, seed=0)`` with ``spec`` such as
/// ``"greedy"``, ``"random"``, ``"kindfirstrandom"``, ``"mcts:it=200"`` or
/// ``"mcts:ms=50"``. ``choose(state)`` returns its move (notation) for the
/// player to move; it raises ``ValueError`` at a chance node or once the game
/// is over. Deterministic for a seed and an iteration budget.
#[pyclass(frozen, name = "Bot", module = "carcassonne_safari._engine")]
pub struct PyBot {
    name: String,
    spec: String,
    inner: Mutex<Box<dyn Bot + Send>>,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (spec, seed=0))]
    fn new(spec: String, seed: u64) -> PyResult<PyBot> {
        let bot = from_spec(&spec, seed).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyBot {
            name: bot.name().to_string(),
            spec,
            inner: Mutex::new(bot),
        })
    }

    /// The bot's short name (``greedy``, ``mcts``, ...).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The specification it was built from.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// The bot's move (notation) in ``state``, for the player to move.
    fn choose(&self, py: Python<'_>, state: &PyGameState) -> PyResult<String> {
        let game = &state.state;
        let mv = py.detach(|| {
            let mut bot = self
                .inner
                .lock()
                .map_err(|_| PyRuntimeError::new_err("the bot failed in an earlier call"))?;
            bot.choose(game).map_err(|e| PyValueError::new_err(e.to_string()))
        })?;
        Ok(mv.to_string())
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?})", self.spec)
    }
}

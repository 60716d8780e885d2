//! `Setup`, `GameState` and `GameRecord` for Python: immutable values that wrap
//! the engine's types one to one.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyList};
use rand_pcg::rand_core::SeedableRng;

use carcassonne_safari::{
    notation::NotationError, record::ReplayError, svg, Actor, Animal, Design, GameRecord, GameState, Move,
    Phase, PlayerId, Setup,
};

use crate::convert::{self, animal_counts, as_str, cell, type_name};
use crate::encoding::{self, Space};
use crate::errors::{illegal, move_error, notation_error, record_error, setup_error, SetupError};
use crate::observation;
use crate::text;

// ---------------------------------------------------------------------------
// Setup

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
        let players = usize::try_from(players)
            .map_err(|_| SetupError::new_err(format!("{players} players: the game takes 2 to 5")))?;
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

// ---------------------------------------------------------------------------
// GameState

/// The moves that led to a state, newest first, shared between states.
struct History {
    mv: Move,
    prev: Option<Arc<History>>,
}

impl Drop for History {
    /// Drops a long chain iteratively, without deep recursion.
    fn drop(&mut self) {
        let mut next = self.prev.take();
        while let Some(node) = next {
            match Arc::try_unwrap(node) {
                Ok(mut h) => next = h.prev.take(),
                Err(_) => break,
            }
        }
    }
}

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
    setup: Arc<Setup>,
    history: Option<Arc<History>>,
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

impl PyGameState {
    /// The initial state of `setup`.
    pub(crate) fn start(setup: Setup) -> PyResult<PyGameState> {
        let state = GameState::new(&setup).map_err(|e| setup_error(&e))?;
        Ok(PyGameState {
            state,
            setup: Arc::new(setup),
            history: None,
        })
    }

    /// A state reached by `moves` from `setup`, already replayed into `state`.
    pub(crate) fn replayed(state: GameState, setup: Setup, moves: &[Move]) -> PyGameState {
        let mut history = None;
        for &mv in moves {
            history = Some(Arc::new(History { mv, prev: history }));
        }
        PyGameState {
            state,
            setup: Arc::new(setup),
            history,
        }
    }

    fn child(&self, state: GameState, mv: Move) -> PyGameState {
        PyGameState {
            state,
            setup: self.setup.clone(),
            history: Some(Arc::new(History {
                mv,
                prev: self.history.clone(),
            })),
        }
    }

    /// The moves played so far, oldest first.
    pub(crate) fn move_list(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut node = self.history.as_deref();
        while let Some(h) = node {
            out.push(h.mv);
            node = h.prev.as_deref();
        }
        out.reverse();
        out
    }

    pub(crate) fn game_record(&self) -> GameRecord {
        let mut record = GameRecord::new((*self.setup).clone());
        record.moves = self.move_list();
        record
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
                "out of range".into(),
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
                "the game is over".into(),
            ));
        };
        let id = u64::try_from(id).map_err(|_| {
            illegal(
                py,
                format!("action id {id} is negative"),
                None,
                "out of range".into(),
            )
        })?;
        encoding::decode(space, id, &self.state).map_err(|e| illegal(py, e.clone(), None, e))
    }

    fn apply_move(&self, py: Python<'_>, mv: Move) -> PyResult<(GameState, Vec<carcassonne_safari::Event>)> {
        self.state.apply(mv).map_err(|e| move_error(py, &e))
    }

    fn legal(&self) -> PyResult<Option<(Space, Vec<u32>)>> {
        encoding::legal_ids(&self.state).map_err(pyo3::exceptions::PyRuntimeError::new_err)
    }
}

fn phase_dict<'py>(py: Python<'py>, phase: Phase) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("kind", observation::PHASES[observation::phase_index(phase)])?;
    match phase {
        Phase::DrawToken { player } | Phase::Boost { player } => d.set_item("player", player.0)?,
        Phase::Place { design } => d.set_item("design", design.to_string())?,
        _ => {}
    }
    d.set_item("text", phase.to_string())?;
    Ok(d)
}

/// The chance node's id for a player (`-1`) in OpenSpiel's convention.
pub const CHANCE: i64 = -1;
/// The "player" of a finished game in OpenSpiel's convention.
pub const TERMINAL: i64 = -4;

#[pymethods]
impl PyGameState {
    #[new]
    #[pyo3(signature = (setup=None))]
    fn new(setup: Option<&Bound<'_, PyAny>>) -> PyResult<PyGameState> {
        let setup = match setup {
            None => Setup::new(2),
            Some(s) => {
                if let Ok(s) = s.cast::<PySetup>() {
                    s.get().inner.clone()
                } else if !s.is_instance_of::<PyBool>() && s.extract::<i64>().is_ok() {
                    let n: i64 = s.extract()?;
                    let n = usize::try_from(n)
                        .map_err(|_| SetupError::new_err(format!("{n} players: the game takes 2 to 5")))?;
                    Setup::new(n)
                } else {
                    return Err(PyTypeError::new_err(format!(
                        "GameState takes a Setup or a player count, not {}",
                        type_name(s)
                    )));
                }
            }
        };
        PyGameState::start(setup)
    }

    /// The state reached by replaying a game record's JSON; raises
    /// ``RecordError`` naming the step at fault.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<PyGameState> {
        let record = parse_record(py, text)?;
        replay(py, &record).map(|(s, _)| s)
    }

    /// The setup the game started from.
    fn setup(&self) -> PySetup {
        PySetup {
            inner: (*self.setup).clone(),
        }
    }

    /// Number of players.
    fn players(&self) -> usize {
        self.state.players()
    }

    /// Who decides now: a seat (0-based), ``CHANCE`` (-1) at a chance node, or
    /// None once the game is over.
    fn to_move(&self) -> Option<i64> {
        self.state.to_move().map(|a| match a {
            Actor::Chance => CHANCE,
            Actor::Player(p) => p.0 as i64,
        })
    }

    /// OpenSpiel's convention: the seat to move, ``CHANCE`` (-1) or
    /// ``TERMINAL`` (-4).
    fn current_player(&self) -> i64 {
        self.to_move().unwrap_or(TERMINAL)
    }

    /// Whether the current decision is a tile or token draw.
    fn is_chance_node(&self) -> bool {
        self.state.to_move() == Some(Actor::Chance)
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The player whose turn it is.
    fn active_player(&self) -> u8 {
        self.state.turn_player().map_or(0, |p| p.0)
    }

    /// The current decision: ``{"kind": ..., "text": ...}`` with ``player`` for
    /// ``draw_token`` and ``boost``, ``design`` for ``place``. Kinds:
    /// ``draw_token``, ``draw_tile``, ``place``, ``action``, ``boost``,
    /// ``return``, ``game_over``.
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        phase_dict(py, self.state.phase())
    }

    /// Every legal move of the current decision as notation, in the engine's
    /// order (chance outcomes at a chance node; empty once the game is over).
    fn legal_moves(&self) -> Vec<String> {
        self.state.legal_moves().iter().map(|m| m.to_string()).collect()
    }

    /// The action ids of the legal moves, ascending: player action ids at a
    /// player's decision, chance outcome ids at a chance node.
    fn legal_action_ids(&self) -> PyResult<Vec<u32>> {
        Ok(self.legal()?.map(|(_, ids)| ids).unwrap_or_default())
    }

    /// The legal action ids as little-endian ``int64`` bytes (for NumPy's
    /// ``frombuffer``; the fast path of ``legal_action_ids``).
    fn _legal_action_id_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let ids = self.legal()?.map(|(_, ids)| ids).unwrap_or_default();
        let bytes: Vec<u8> = ids.iter().flat_map(|&i| (i as i64).to_le_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// A NumPy ``int8`` array with a 1 at each legal action id: of length
    /// ``num_distinct_actions()`` at a player's decision (all zeros once the
    /// game is over), ``num_chance_outcomes()`` at a chance node.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (size, ids) = match self.legal()? {
            Some((space, ids)) => (encoding::space_size(space), ids),
            None => (encoding::NUM_ACTIONS, Vec::new()),
        };
        let mut mask = vec![0u8; size as usize];
        for i in ids {
            mask[i as usize] = 1;
        }
        let buffer = PyByteArray::new(py, &mask);
        py.import("numpy")?.call_method1("frombuffer", (buffer, "int8"))
    }

    /// Whether a move (notation or action id) is legal now. Raises
    /// ``NotationError`` for text that does not parse and ``TypeError`` for
    /// anything but a string or an int; an id that names no move is not legal.
    fn is_legal(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.move_arg(py, mv) {
            Ok(m) => Ok(self.state.is_legal(m)),
            Err(e) if e.is_instance_of::<crate::errors::IllegalMoveError>(py) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Applies a move (notation or action id); returns the next state and the
    /// events (dicts with a ``type``, their fields and ``text``, the engine's
    /// English). Raises ``IllegalMoveError`` when the move is illegal.
    fn apply<'py>(
        &self,
        py: Python<'py>,
        mv: &Bound<'py, PyAny>,
    ) -> PyResult<(PyGameState, Bound<'py, PyList>)> {
        let mv = self.move_arg(py, mv)?;
        let (next, events) = self.apply_move(py, mv)?;
        Ok((self.child(next, mv), convert::events(py, &events)?))
    }

    /// Like ``apply`` without the events: the next state only (the fast path
    /// for search and self-play).
    fn play(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<PyGameState> {
        let mv = self.move_arg(py, mv)?;
        let (next, _) = self.apply_move(py, mv)?;
        Ok(self.child(next, mv))
    }

    /// The action id of a move (notation) here; see the module function
    /// ``action_id``.
    fn action_id(&self, py: Python<'_>, mv: &str) -> PyResult<u32> {
        let m: Move = mv.parse().map_err(|e: NotationError| notation_error(mv, &e))?;
        encoding::encode(m, &self.state)
            .map(|(_, id)| id)
            .map_err(|e| illegal(py, format!("`{mv}` has no action id: {e}"), Some(mv.into()), e))
    }

    /// The move (notation) with an action id at the current decision; see the
    /// module function ``action_move``.
    fn action_move(&self, py: Python<'_>, id: &Bound<'_, PyAny>) -> PyResult<String> {
        if as_str(id).is_some() || id.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(format!(
                "an action id is an int, not {}",
                type_name(id)
            )));
        }
        self.move_arg(py, id).map(|m| m.to_string())
    }

    /// At a chance node, each outcome (notation) with its probability; empty
    /// at a player's decision.
    fn chance_outcomes(&self) -> Vec<(String, f64)> {
        let outcomes = self.state.chance_outcomes().iter().collect::<Vec<_>>();
        let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
        outcomes
            .into_iter()
            .map(|(m, w)| (m.to_string(), w as f64 / total as f64))
            .collect()
    }

    /// At a chance node, each outcome (notation) with its integer weight (tiles
    /// of the design or tokens of the animal left).
    fn chance_weights(&self) -> Vec<(String, u32)> {
        self.state
            .chance_outcomes()
            .iter()
            .collect::<Vec<_>>()
            .into_iter()
            .map(|(m, w)| (m.to_string(), w))
            .collect()
    }

    /// At a chance node, each outcome's chance id with its probability,
    /// ascending by id (OpenSpiel's ``chance_outcomes``).
    fn chance_action_outcomes(&self) -> PyResult<Vec<(u32, f64)>> {
        let outcomes = self.state.chance_outcomes().iter().collect::<Vec<_>>();
        let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
        let mut out = Vec::with_capacity(outcomes.len());
        for (m, w) in outcomes {
            let (_, id) = encoding::encode(m, &self.state).map_err(|e| {
                pyo3::exceptions::PyRuntimeError::new_err(format!("outcome `{m}` has no id: {e}"))
            })?;
            out.push((id, w as f64 / total as f64));
        }
        out.sort_by_key(|&(id, _)| id);
        Ok(out)
    }

    /// At a chance node, an outcome (notation) drawn with its probability by a
    /// generator seeded with ``seed`` (the same seed gives the same outcome);
    /// None at a player's decision or once the game is over.
    fn sample_chance(&self, seed: u64) -> Option<String> {
        let mut rng = carcassonne_safari_bots::BotRng::seed_from_u64(seed);
        self.state
            .chance_outcomes()
            .sample(&mut rng)
            .map(|m| m.to_string())
    }

    /// Like ``sample_chance``, the outcome's chance outcome id (the fast path:
    /// ``play`` takes ids without parsing notation).
    fn sample_chance_id(&self, seed: u64) -> PyResult<Option<u32>> {
        let mut rng = carcassonne_safari_bots::BotRng::seed_from_u64(seed);
        match self.state.chance_outcomes().sample(&mut rng) {
            None => Ok(None),
            Some(m) => encoding::encode(m, &self.state)
                .map(|(_, id)| Some(id))
                .map_err(|e| {
                    pyo3::exceptions::PyRuntimeError::new_err(format!("outcome `{m}` has no id: {e}"))
                }),
        }
    }

    /// Every seat's score.
    fn scores(&self) -> Vec<u32> {
        self.state.scores().to_vec()
    }

    /// The seats with the highest score (the winners once the game is over).
    fn leaders(&self) -> Vec<usize> {
        convert::seats(self.state.leaders())
    }

    /// A seat's token hand: counts by animal letter (all zero for a seat not in
    /// the game).
    fn hand<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyDict>> {
        animal_counts(py, self.state.hand(seat(player)))
    }

    /// Meeples in a seat's supply (0 for a seat not in the game).
    fn meeples_in_supply(&self, player: i64) -> u8 {
        self.state.meeples_in_supply(seat(player))
    }

    /// Tokens left in the face-down supply, by animal letter.
    fn token_supply<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        animal_counts(py, self.state.token_supply())
    }

    /// Tokens in the face-up discard pile, by animal letter.
    fn token_discard<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        animal_counts(py, self.state.token_discard())
    }

    /// Land tiles left in the pile.
    fn tiles_left(&self) -> usize {
        self.state.tiles_left()
    }

    /// Land tiles removed as unplaceable.
    fn tiles_removed(&self) -> usize {
        self.state.tiles_removed()
    }

    /// Land tiles left in the pile by design (designs with none left omitted).
    fn pile(&self) -> Vec<(String, u8)> {
        self.state.pile().map(|(d, n)| (d.to_string(), n)).collect()
    }

    /// The tile to place (design notation) during a placement, else None.
    fn tile_to_place(&self) -> Option<String> {
        self.state.tile_to_place().map(|d| d.to_string())
    }

    /// The cell of the tile placed this turn, from placement to the end of the
    /// turn, else None.
    fn placed_tile(&self) -> Option<(i8, i8)> {
        self.state.placed_tile().map(cell)
    }

    /// The two rangers' cells, by ranger index (None for a displaced ranger not
    /// yet returned). Ranger action ids name rangers by this index.
    fn rangers(&self) -> [Option<(i8, i8)>; 2] {
        self.state.rangers().map(|r| r.map(cell))
    }

    /// Every tile on the board in placement order (the start parts first):
    /// ``{"pos": (x, y), "design": "CS26:E,G", "kind": "CS26", "rotation": 90}``.
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for t in self.state.tiles() {
            list.append(tile_dict(py, t)?)?;
        }
        Ok(list)
    }

    /// The tile at a cell (as in ``tiles``), or None.
    fn tile_at<'py>(&self, py: Python<'py>, x: i64, y: i64) -> PyResult<Option<Bound<'py, PyDict>>> {
        match convert::pos(x, y).and_then(|p| self.state.tile_at(p)) {
            Some(t) => Ok(Some(tile_dict(py, t)?)),
            None => Ok(None),
        }
    }

    /// Empty cells next to at least one tile (where tiles and rangers may go).
    fn frontier(&self) -> Vec<(i8, i8)> {
        self.state.frontier().iter().map(|&p| cell(p)).collect()
    }

    /// Every meeple on the board: ``{"player": 0, "spot": {...}}`` (see the
    /// ``spot`` dicts of the events).
    fn meeples<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for carcassonne_safari::view::MeepleView { player: p, spot: s } in self.state.meeples() {
            let d = PyDict::new(py);
            d.set_item("player", p.0)?;
            d.set_item("spot", convert::spot(py, s)?)?;
            list.append(d)?;
        }
        Ok(list)
    }

    /// Every watering-hole token: ``((x, y), corner, animal)``.
    fn water_tokens(&self) -> Vec<((i8, i8), &'static str, String)> {
        self.state
            .water_tokens()
            .map(|t| (cell(t.pos), t.corner.as_str(), t.animal.letter().to_string()))
            .collect()
    }

    /// Every trail and bush: ``{"kind", "segments", "cells", "animals",
    /// "birds", "meeples" (per seat), "open_ends", "complete"}``.
    fn features<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for f in self.state.features() {
            list.append(convert::feature(py, &f, self.state.players())?)?;
        }
        Ok(list)
    }

    /// The feature of segment ``seg`` of the tile at (x, y), or None.
    fn feature<'py>(
        &self,
        py: Python<'py>,
        x: i64,
        y: i64,
        seg: i64,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let (Some(p), Ok(seg)) = (convert::pos(x, y), u8::try_from(seg)) else {
            return Ok(None);
        };
        match self.state.feature(p, seg) {
            Some(f) => Ok(Some(convert::feature(py, &f, self.state.players())?)),
            None => Ok(None),
        }
    }

    /// The trail or bush being scored during a boost decision, else None.
    fn scoring_feature<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        match self.state.scoring_feature() {
            Some(f) => Ok(Some(convert::feature(py, &f, self.state.players())?)),
            None => Ok(None),
        }
    }

    /// The moves played from the setup, as notation.
    fn moves(&self) -> Vec<String> {
        self.move_list().iter().map(|m| m.to_string()).collect()
    }

    /// Number of moves played from the setup.
    fn move_number(&self) -> usize {
        let mut n = 0;
        let mut node = self.history.as_deref();
        while let Some(h) = node {
            n += 1;
            node = h.prev.as_deref();
        }
        n
    }

    /// The game so far as a record (setup and moves).
    fn record(&self) -> PyGameRecord {
        PyGameRecord {
            inner: self.game_record(),
        }
    }

    /// The game record as JSON (``{"setup": {...}, "moves": [...]}``).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.game_record()).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// An SVG picture of the position.
    fn render_svg(&self) -> String {
        svg::render(&self.state)
    }

    /// The position as text: the decision, each seat's score, meeples and
    /// tokens, and the board (three characters per cell).
    fn board_text(&self) -> String {
        text::board_text(&self.state)
    }

    /// The raw observation buffers (little-endian ``float32`` planes and
    /// scalars); ``carcassonne_safari.observation`` shapes them.
    fn _observation_buffers<'py>(
        &self,
        py: Python<'py>,
        player: i64,
        radius: i64,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let n = self.state.players() as i64;
        if !(0..n).contains(&player) {
            return Err(PyValueError::new_err(format!(
                "player {player} is not a seat of this {n}-player game"
            )));
        }
        if !(0..=encoding::FRONTIER_RADIUS as i64).contains(&radius) {
            return Err(PyValueError::new_err(format!(
                "radius {radius} is outside 0..={}",
                encoding::FRONTIER_RADIUS
            )));
        }
        let (planes, scalars) = observation::observe(&self.state, player as usize, radius as i32);
        let bytes = |v: &[f32]| -> Vec<u8> { v.iter().flat_map(|f| f.to_le_bytes()).collect() };
        Ok((
            PyBytes::new(py, &bytes(&planes)),
            PyBytes::new(py, &bytes(&scalars)),
        ))
    }

    fn __repr__(&self) -> String {
        let who = match self.state.to_move() {
            Some(a) => format!("{a} to move: {}", self.state.phase()),
            None => format!("game over, scores {:?}", self.state.scores()),
        };
        format!(
            "<GameState {} players, {} tiles left, {who}>",
            self.state.players(),
            self.state.tiles_left()
        )
    }

    fn __str__(&self) -> String {
        self.board_text()
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = slf.get_type().getattr("from_json")?;
        Ok((from_json, (slf.get().to_json()?,)))
    }
}

fn seat(player: i64) -> PlayerId {
    PlayerId(u8::try_from(player).unwrap_or(u8::MAX))
}

fn tile_dict<'py>(py: Python<'py>, t: carcassonne_safari::view::TileView) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("pos", cell(t.pos))?;
    d.set_item("design", t.design.to_string())?;
    d.set_item("kind", t.design.kind().name)?;
    d.set_item("rotation", t.rotation.degrees())?;
    Ok(d)
}

// ---------------------------------------------------------------------------
// GameRecord

/// A game as its setup and the moves played (chance outcomes included), with
/// JSON load and save. ``GameRecord(setup, moves=[])``; ``moves`` are notation
/// strings. Raises ``RecordError`` naming the step of a move that does not
/// parse.
#[pyclass(frozen, eq, name = "GameRecord", module = "carcassonne_safari._engine")]
#[derive(PartialEq)]
pub struct PyGameRecord {
    pub(crate) inner: GameRecord,
}

fn parse_moves(py: Python<'_>, texts: &[String]) -> PyResult<Vec<Move>> {
    texts
        .iter()
        .enumerate()
        .map(|(step, text)| {
            text.parse::<Move>()
                .map_err(|e| record_error(py, format!("step {step}: `{text}`: {e}"), Some(step)))
        })
        .collect()
}

/// A record from JSON, naming the step of a move that does not parse.
fn parse_record(py: Python<'_>, text: &str) -> PyResult<GameRecord> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| record_error(py, format!("invalid JSON: {e}"), None))?;
    let serde_json::Value::Object(mut fields) = value else {
        return Err(record_error(
            py,
            "a game record is a JSON object with `setup` and `moves`".into(),
            None,
        ));
    };
    let setup = fields
        .remove("setup")
        .ok_or_else(|| record_error(py, "the record has no `setup`".into(), None))?;
    let setup: Setup =
        serde_json::from_value(setup).map_err(|e| record_error(py, format!("invalid setup: {e}"), None))?;
    let moves = match fields.remove("moves") {
        Some(serde_json::Value::Array(items)) => items,
        _ => return Err(record_error(py, "the record has no `moves` list".into(), None)),
    };
    let mut texts = Vec::with_capacity(moves.len());
    for (step, item) in moves.into_iter().enumerate() {
        match item {
            serde_json::Value::String(s) => texts.push(s),
            other => {
                return Err(record_error(
                    py,
                    format!("step {step}: a move is a string in the engine's notation, not {other}"),
                    Some(step),
                ))
            }
        }
    }
    let mut record = GameRecord::new(setup);
    record.moves = parse_moves(py, &texts)?;
    Ok(record)
}

/// Replays a record into a state (with its history) and the events.
fn replay<'py>(py: Python<'py>, record: &GameRecord) -> PyResult<(PyGameState, Bound<'py, PyList>)> {
    let (state, events) = record.replay().map_err(|e| {
        let step = match &e {
            ReplayError::Illegal { step, .. } => Some(*step),
            ReplayError::Notation { step, .. } => Some(*step),
            ReplayError::Setup(_) => None,
        };
        record_error(py, e.to_string(), step)
    })?;
    Ok((
        PyGameState::replayed(state, record.setup.clone(), &record.moves),
        convert::events(py, &events)?,
    ))
}

#[pymethods]
impl PyGameRecord {
    #[new]
    #[pyo3(signature = (setup, moves=Vec::new()))]
    fn new(py: Python<'_>, setup: &PySetup, moves: Vec<String>) -> PyResult<PyGameRecord> {
        let mut record = GameRecord::new(setup.inner.clone());
        record.moves = parse_moves(py, &moves)?;
        Ok(PyGameRecord { inner: record })
    }

    /// A record from its JSON (``{"setup": {...}, "moves": [...]}``). Raises
    /// ``RecordError`` (with ``step`` for a move that does not parse).
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<PyGameRecord> {
        parse_record(py, text).map(|inner| PyGameRecord { inner })
    }

    /// The record as JSON, indented by ``indent`` spaces when given.
    #[pyo3(signature = (indent=None))]
    fn to_json(&self, indent: Option<usize>) -> PyResult<String> {
        let err = |e: serde_json::Error| PyValueError::new_err(e.to_string());
        match indent {
            None => serde_json::to_string(&self.inner).map_err(err),
            Some(n) => {
                let pad = vec![b' '; n];
                let mut out = Vec::new();
                let fmt = serde_json::ser::PrettyFormatter::with_indent(&pad);
                let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
                serde::Serialize::serialize(&self.inner, &mut ser).map_err(err)?;
                String::from_utf8(out).map_err(|e| PyValueError::new_err(e.to_string()))
            }
        }
    }

    /// The setup.
    #[getter]
    fn setup(&self) -> PySetup {
        PySetup {
            inner: self.inner.setup.clone(),
        }
    }

    /// The moves, as notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves.iter().map(|m| m.to_string()).collect()
    }

    /// Replays every move: the final state and all the events. Raises
    /// ``RecordError`` whose ``step`` names the first move that does not apply.
    fn replay<'py>(&self, py: Python<'py>) -> PyResult<(PyGameState, Bound<'py, PyList>)> {
        replay(py, &self.inner)
    }

    fn __len__(&self) -> usize {
        self.inner.moves.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<GameRecord {} players, {} moves>",
            self.inner.setup.players,
            self.inner.moves.len()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = slf.get_type().getattr("from_json")?;
        Ok((from_json, (slf.get().to_json(None)?,)))
    }
}

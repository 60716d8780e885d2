//! `GameState` for Python: the Python methods of the immutable position
//! (the type, and how arguments name its moves, are in `game.rs`; the raw
//! observation buffers in `buffers.rs`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyList};
use rand_pcg::rand_core::SeedableRng;

use carcassonne_safari::{
    notation::NotationError,
    svg,
    view::{GameView, LegalMoves},
    Actor, Move, PlayerId, Setup,
};

use crate::buffers;
use crate::compact;
use crate::convert::{self, animal_counts, as_str, cell, type_name, wire};
use crate::encoding;
use crate::errors::{illegal, notation_error};
use crate::game::PyGameState;
use crate::record::{self, PyGameRecord};
use crate::setup::PySetup;
use crate::text;
use crate::window;

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
                    Setup::new(crate::setup::player_count(s.extract()?)?)
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
        let record = record::parse(py, text)?;
        let (state, _) = record.replay().map_err(|e| record::replay_error(py, &e))?;
        Ok(PyGameState::replayed(state, record))
    }

    /// The setup the game started from.
    fn setup(&self) -> PySetup {
        PySetup {
            inner: self.history.setup().clone(),
        }
    }

    /// Number of players.
    fn players(&self) -> usize {
        self.state.players()
    }

    /// Who decides now: a seat (0-based), ``CHANCE`` (``"chance"``) at a
    /// chance node, or None once the game is over (the wire form of the
    /// engine's ``to_move``).
    fn to_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &self.state.to_move())
    }

    /// The seat whose turn is under way; None during the setup deal of the
    /// starting tokens and once the game is over.
    fn turn_player(&self) -> Option<u8> {
        self.state.turn_player().map(|p| p.0)
    }

    /// The current turn's number, from 0.
    fn turn(&self) -> usize {
        self.state.turn()
    }

    /// Whether the current decision is a tile or token draw.
    fn is_chance_node(&self) -> bool {
        self.state.to_move() == Some(Actor::Chance)
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The current decision, in the wire format: ``{"type": name}`` with the
    /// engine's phase names (``draw_token``, ``draw_tile``, ``place``,
    /// ``action``, ``boost``, ``return``, ``game_over``) and the phase's
    /// fields (``player`` for ``draw_token`` and ``boost``, ``design`` for
    /// ``place``).
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &self.state.phase())
    }

    /// Everything a UI shows of the position: the engine's ``GameView`` in the
    /// wire format (``docs/views.md``): ``format``, ``players``, ``phase``,
    /// ``to_move``, ``turn``, ``turn_player``, ``leaders``, ``tiles``,
    /// ``frontier``, ``placed``, ``rangers``, ``meeples``, ``water_holes``,
    /// ``features``, ``scoring``, ``tiles_left``, ``tiles_removed``, ``pile``,
    /// ``supply``, ``discard``, ``legal``.
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &GameView::new(&self.state))
    }

    /// The legal moves grouped as a UI offers them: the engine's
    /// ``LegalMoves`` in the wire format (``placements``, ``meeples``,
    /// ``rangers``, ``holes``, ``pass``, ``boosts``, ``no_boost``,
    /// ``returns``, ``outcomes``).
    fn legal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &LegalMoves::new(&self.state))
    }

    /// Every legal move of the current decision as notation, in the engine's
    /// order (chance outcomes at a chance node; empty once the game is over).
    fn legal_moves(&self) -> Vec<String> {
        self.state.legal_moves().iter().map(|m| m.to_string()).collect()
    }

    /// The action ids of the legal moves, ascending: player action ids at a
    /// player's decision, chance outcome ids at a chance node.
    fn legal_action_ids(&self) -> PyResult<Vec<u32>> {
        Ok(self.legal_id_list()?.map(|(_, ids)| ids).unwrap_or_default())
    }

    /// The legal action ids as little-endian ``int64`` bytes (for NumPy's
    /// ``frombuffer``; the fast path of ``legal_action_ids``).
    fn _legal_action_id_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let ids = self.legal_id_list()?.map(|(_, ids)| ids).unwrap_or_default();
        let bytes: Vec<u8> = ids.iter().flat_map(|&i| (i as i64).to_le_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// A NumPy ``int8`` array with a 1 at each legal action id: of length
    /// ``num_distinct_actions()`` at a player's decision (all zeros once the
    /// game is over), ``num_chance_outcomes()`` at a chance node.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (size, ids) = match self.legal_id_list()? {
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
    /// events in the wire format (dicts with the event's ``type``, such as
    /// ``tile_placed``, and its fields; ``event_text`` gives the engine's
    /// English). Raises ``IllegalMoveError`` when the move is illegal.
    fn apply<'py>(
        &self,
        py: Python<'py>,
        mv: &Bound<'py, PyAny>,
    ) -> PyResult<(PyGameState, Bound<'py, PyList>)> {
        let mv = self.move_arg(py, mv)?;
        let (next, events) = self.apply_move(py, mv)?;
        let list = PyList::empty(py);
        for e in &events {
            list.append(wire(py, e)?)?;
        }
        Ok((self.child(next, mv), list))
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
        let outcomes = self.state.chance_outcomes();
        let total = outcomes.total_weight() as f64;
        outcomes
            .iter()
            .map(|(m, w)| (m.to_string(), w as f64 / total))
            .collect()
    }

    /// At a chance node, each outcome (notation) with its integer weight (tiles
    /// of the design or tokens of the animal left).
    fn chance_weights(&self) -> Vec<(String, u32)> {
        self.state
            .chance_outcomes()
            .iter()
            .map(|(m, w)| (m.to_string(), w))
            .collect()
    }

    /// At a chance node, each outcome's chance id with its probability,
    /// ascending by id (OpenSpiel's ``chance_outcomes``).
    fn chance_action_outcomes(&self) -> PyResult<Vec<(u32, f64)>> {
        let outcomes = self.state.chance_outcomes();
        let total = outcomes.total_weight() as f64;
        let mut out = Vec::with_capacity(outcomes.len());
        for (m, w) in outcomes.iter() {
            let (_, id) = encoding::encode(m, &self.state).map_err(|e| {
                pyo3::exceptions::PyRuntimeError::new_err(format!("outcome `{m}` has no id: {e}"))
            })?;
            out.push((id, w as f64 / total));
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

    /// Every tile on the board in placement order (the start parts first),
    /// in the wire format (the engine's ``TileView``): ``{"pos", "design",
    /// "rotation", "kind", "edges", "baobab", "start", "segments"}``.
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &self.state.tiles().collect::<Vec<_>>())
    }

    /// The tile at a cell (as in ``tiles``), or None.
    fn tile_at<'py>(&self, py: Python<'py>, x: i64, y: i64) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &convert::pos(x, y).and_then(|p| self.state.tile_at(p)))
    }

    /// Empty cells next to at least one tile (where tiles and rangers may go).
    fn frontier(&self) -> Vec<(i8, i8)> {
        self.state.frontier().iter().map(|&p| cell(p)).collect()
    }

    /// Every meeple on the board, in the wire format: ``{"player": 0,
    /// "spot": {"type": "segment" | "baobab" | "hole", "pos": ..., ...}}``.
    fn meeples<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &self.state.meeples().collect::<Vec<_>>())
    }

    /// Every watering-hole token, in the wire format: ``{"pos", "corner",
    /// "animal"}``.
    fn water_tokens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &self.state.water_tokens().collect::<Vec<_>>())
    }

    /// Every watering hole, in the wire format: ``{"vertex", "tokens": [{"pos",
    /// "corner", "animal", "meeple"}], "complete", "owners"}``.
    fn water_holes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &self.state.water_holes())
    }

    /// Every trail and bush, in the wire format (the engine's ``Feature``):
    /// ``{"id", "kind", "segments", "animals", "birds", "meeples" (per seat),
    /// "majority", "open_ends", "species", "complete"}``.
    fn features<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &self.state.features())
    }

    /// The feature of segment ``seg`` of the tile at (x, y) (as in
    /// ``features``), or None.
    fn feature<'py>(&self, py: Python<'py>, x: i64, y: i64, seg: i64) -> PyResult<Bound<'py, PyAny>> {
        let feature = match (convert::pos(x, y), u8::try_from(seg)) {
            (Some(p), Ok(seg)) => self.state.feature(p, seg),
            _ => None,
        };
        wire(py, &feature)
    }

    /// The trail or bush being scored during a boost decision (as in
    /// ``features``), else None.
    fn scoring_feature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        wire(py, &self.state.scoring_feature())
    }

    /// The moves played from the setup, as notation.
    fn moves(&self) -> Vec<String> {
        self.history.moves().iter().map(|m| m.to_string()).collect()
    }

    /// Number of moves played from the setup.
    fn move_number(&self) -> usize {
        self.history.len()
    }

    /// The game so far as a record (setup and moves).
    fn record(&self) -> PyGameRecord {
        PyGameRecord {
            inner: self.history.record(),
        }
    }

    /// The game record as JSON (``{"setup": {...}, "moves": [...]}``).
    fn to_json(&self) -> PyResult<String> {
        record::to_json(&self.history.record(), None)
    }

    /// The compact action id of a player's move (notation) here, through the
    /// window of side ``window`` that follows the board (see
    /// ``carcassonne_safari.compact``). Raises ``NotationError`` for text that
    /// does not parse, ``IllegalMoveError`` for a move with no compact id
    /// (a chance move, a cell outside the window), ``ValueError`` when the
    /// board has outgrown the window.
    #[pyo3(signature = (mv, window=window::DEFAULT_SIDE as i64))]
    fn compact_id(&self, py: Python<'_>, mv: &str, window: i64) -> PyResult<u32> {
        let w = self.window(window)?;
        let m: Move = mv.parse().map_err(|e: NotationError| notation_error(mv, &e))?;
        compact::encode(m, &self.state, &w)
            .map_err(|e| illegal(py, format!("`{mv}` has no compact id: {e}"), Some(mv.into()), e))
    }

    /// The move (notation) of a compact action id here (legal or not).
    /// Raises ``IllegalMoveError`` for an id out of range or naming a
    /// displaced ranger, ``ValueError`` when the board has outgrown the window.
    #[pyo3(signature = (action, window=window::DEFAULT_SIDE as i64))]
    fn compact_move(&self, py: Python<'_>, action: i64, window: i64) -> PyResult<String> {
        let w = self.window(window)?;
        let id = u64::try_from(action).map_err(|_| {
            illegal(
                py,
                format!("compact action id {action} is negative"),
                None,
                "out of range",
            )
        })?;
        compact::decode(id, &self.state, &w)
            .map(|m| m.to_string())
            .map_err(|e| illegal(py, e.clone(), None, e))
    }

    /// The compact action ids of the legal moves of a player's decision, in
    /// the order of ``legal_moves()`` (empty at a chance node and once the
    /// game is over). Raises ``ValueError`` when the board has outgrown the
    /// window.
    #[pyo3(signature = (window=window::DEFAULT_SIDE as i64))]
    fn compact_legal_ids(&self, py: Python<'_>, window: i64) -> PyResult<Vec<u32>> {
        let w = self.window(window)?;
        if !matches!(self.state.to_move(), Some(Actor::Player(_))) {
            return Ok(Vec::new());
        }
        self.state
            .legal_moves()
            .iter()
            .map(|&m| {
                compact::encode(m, &self.state, &w).map_err(|e| {
                    illegal(
                        py,
                        format!("legal move `{m}` has no compact id: {e}"),
                        Some(m.to_string()),
                        e,
                    )
                })
            })
            .collect()
    }

    /// The window of side ``window`` that follows the board, as ``(x0, y0)``:
    /// cell ``(x, y)`` is row ``y - y0``, column ``x - x0``. Raises
    /// ``ValueError`` when the board has outgrown it.
    #[pyo3(signature = (window=window::DEFAULT_SIDE as i64))]
    fn compact_window(&self, window: i64) -> PyResult<(i32, i32)> {
        let w = self.window(window)?;
        Ok((w.x0, w.y0))
    }

    /// The raw compact observation of seat ``player`` through the window of
    /// side ``window``: planes (``uint8`` bytes, channels last), scalars (little-endian
    /// ``int16`` bytes) and the action mask (``uint8`` bytes);
    /// ``carcassonne_safari.compact.observe`` shapes them.
    fn _compact_buffers<'py>(
        &self,
        py: Python<'py>,
        player: i64,
        window: i64,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let w = self.window(window)?;
        let (planes, scalars, mask) = buffers::compact(&self.state, player, &w)?;
        Ok((
            PyBytes::new(py, &planes),
            PyBytes::new(py, &scalars),
            PyBytes::new(py, &mask),
        ))
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
        let (planes, scalars) = buffers::observation(&self.state, player, radius)?;
        Ok((PyBytes::new(py, &planes), PyBytes::new(py, &scalars)))
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

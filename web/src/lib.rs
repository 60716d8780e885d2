//! *Carcassonne: Safari* in the browser: the rules engine and the bots
//! compiled to WebAssembly behind a small typed surface for JavaScript.
//!
//! - [`Session`]: a game at this browser (seats, seeded chance, the history of
//!   immutable states for undo and replays), plain Rust and tested natively.
//! - [`view`]: what the page draws and offers, as plain serialisable data.
//! - [`Game`] and the free functions of this module: the JavaScript surface
//!   (`new Game({seed, seats})`, `game.legal()`, `game.play("place 2,-1 90")`,
//!   `botMove(record, spec, seed)`, ...). Errors reach JavaScript as `Error`
//!   objects whose `name` says what kind ([`WebError::name`]) and whose message
//!   says what and why; a refused request changes nothing.
//! - A panic hook that reports a panic (a bug) to the console and to the page
//!   (`globalThis.onWasmPanic(message)`), also inside the bots' worker.
//!
//! `web/build.sh` builds the module and `web/README.md` describes the page.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod error;
pub mod players;
mod session;
pub mod view;

use carcassonne_safari::GameRecord;
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub use error::WebError;
pub use players::{BotLevel, Seat, BOT_LEVELS, DEFAULT_BOT};
pub use session::{Session, MAX_RECORD_BYTES};

#[wasm_bindgen(inline_js = r#"
export function reportPanic(message) {
  console.error("A bug in the game's WebAssembly (panic): " + message);
  const handler = globalThis.onWasmPanic;
  if (typeof handler === "function") {
    try { handler(String(message)); } catch (_) { /* the page shows what it can */ }
  }
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = reportPanic)]
    fn report_panic(message: &str);
}

/// Installs the panic hook when the module starts.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| report_panic(&info.to_string())));
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A grid cell: x east, y south. */
export interface Cell { x: number; y: number }
/** Options of a new game: one entry per seat (2 to 5), "human" or a bot level id. */
export interface GameOptions { seed: number; seats: string[] }
export interface BotLevel { id: string; label: string; spec: string; about: string }
export interface SegmentDraw { index: number; kind: "trail" | "bush"; sides: number[]; animals: string; birds: number }
export interface TileDraw {
  x: number; y: number; rotation: 0 | 90 | 180 | 270; design: string; kind: string;
  edges: string; baobab: boolean; start: boolean; segments: SegmentDraw[];
}
export interface MeepleDraw { player: number; spot: "segment" | "baobab" | "hole"; x: number; y: number; seg: number | null; corner: number | null }
export interface WaterDraw { x: number; y: number; corner: number; animal: string }
export interface BoardView { tiles: TileDraw[]; meeples: MeepleDraw[]; rangers: Cell[]; water: WaterDraw[]; frontier: Cell[]; placed: Cell | null }
export interface FeatureView {
  kind: "trail" | "bush"; animals: string; species: number; birds: number; openEnds: number;
  complete: boolean; segments: { x: number; y: number; seg: number }[]; meeples: number[];
}
export interface DecisionView {
  step: number; phase: "draw-tile" | "draw-token" | "place" | "action" | "boost" | "return" | "over";
  text: string; actor: number | null; activePlayer: number; human: boolean; bot: string | null;
  tile: TileDraw | null; placed: Cell | null; scoring: FeatureView | null;
}
export interface CellMove { x: number; y: number; move: string }
export interface TokenMove { animal: string; move: string }
export interface LegalView {
  placements: { x: number; y: number; rotations: number[]; ranger: boolean }[];
  meeples: { move: string; segment: number | null; feature: FeatureView | null }[];
  rangers: { from: Cell; to: CellMove[] }[];
  holes: { x: number; y: number; corner: number; action: "dig" | "expand"; tokens: TokenMove[] }[];
  pass: string | null; boosts: TokenMove[]; noBoost: string | null; returns: CellMove[]; all: string[];
}
export interface PlayerView { seat: number; name: string; label: string; human: boolean; score: number; meeples: number; hand: string }
export interface ScoreboardView {
  players: PlayerView[]; tilesLeft: number; tilesRemoved: number; supply: number; discard: string;
  activePlayer: number; leaders: number[]; over: boolean;
}
export interface EventView { step: number; text: string; kind: string; player: number | null; points: number | null; final: boolean }
export interface SummaryView {
  categories: string[]; players: { seat: number; total: number; points: number[] }[];
  finalLines: { seat: number; points: number; reason: string }[]; winners: number[]; over: boolean;
}
export interface BotChoice { move: string; iterations: number }
"#;

fn js_error(e: WebError) -> JsValue {
    let err = js_sys::Error::new(&e.to_string());
    err.set_name(e.name());
    err.into()
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("views are plain data and always convert")
}

/// The options object of a new game.
#[derive(serde::Deserialize)]
struct GameOptions {
    seed: f64,
    seats: Vec<String>,
}

fn parse_options(options: JsValue) -> Result<(u64, Vec<Seat>), WebError> {
    let options: GameOptions = serde_wasm_bindgen::from_value(options)
        .map_err(|e| WebError::Setup(format!("expected {{seed: number, seats: string[]}}: {e}")))?;
    let seed = options.seed;
    if !(seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed <= 9_007_199_254_740_991.0) {
        return Err(WebError::Setup(format!(
            "the seed must be a whole number from 0 to 9007199254740991, not {seed}"
        )));
    }
    let seats = options
        .seats
        .iter()
        .map(|s| Seat::parse(s))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((seed as u64, seats))
}

/// A game in the page: see [`Session`]. Every method that takes a `step`
/// shows the position before the move of that index (the current position
/// when it is omitted or past the end).
#[wasm_bindgen]
pub struct Game {
    session: Session,
}

#[wasm_bindgen]
impl Game {
    /// A new game: `{seed, seats}`, seats `"human"` or a bot level id.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GameOptions")] options: JsValue,
    ) -> Result<Game, JsValue> {
        let (seed, seats) = parse_options(options).map_err(js_error)?;
        let session = Session::new(seed, seats).map_err(js_error)?;
        Ok(Game { session })
    }

    /// A game from a JSON game record (every seat played by a person); throws
    /// a `RecordError` naming the failing step.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(json: &str) -> Result<Game, JsValue> {
        Ok(Game {
            session: Session::from_record_json(json).map_err(js_error)?,
        })
    }

    /// Moves played so far (the current position's index).
    #[wasm_bindgen(getter)]
    pub fn step(&self) -> usize {
        self.session.step()
    }

    /// The game's seed.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> f64 {
        self.session.seed() as f64
    }

    /// Resolves chance draws up to the next player's decision; returns how
    /// many draws were made.
    pub fn advance(&mut self) -> usize {
        self.session.advance()
    }

    /// The decision at `step`.
    #[wasm_bindgen(unchecked_return_type = "DecisionView")]
    pub fn decision(&self, step: Option<usize>) -> JsValue {
        to_js(&view::decision(&self.session, step.unwrap_or(usize::MAX)))
    }

    /// The legal moves of the current decision, grouped for the page.
    #[wasm_bindgen(unchecked_return_type = "LegalView")]
    pub fn legal(&self) -> JsValue {
        to_js(&view::legal(self.session.current()))
    }

    /// Plays a person's move in the engine's notation; returns its step.
    /// Throws `NotationError`, `NotYourTurn` or `IllegalMove`.
    pub fn play(&mut self, mv: &str) -> Result<usize, JsValue> {
        self.session.play_human(mv).map_err(js_error)
    }

    /// Plays a bot's move computed for `step`; throws `StaleMove` when the game
    /// has moved on.
    #[wasm_bindgen(js_name = playBot)]
    pub fn play_bot(&mut self, mv: &str, step: usize) -> Result<usize, JsValue> {
        self.session.play_bot(mv, step).map_err(js_error)
    }

    /// Whether a person decides now.
    #[wasm_bindgen(getter, js_name = humanToMove)]
    pub fn human_to_move(&self) -> bool {
        self.session.human_to_move()
    }

    /// The specification of the bot deciding now, if any.
    #[wasm_bindgen(getter, js_name = botToMove)]
    pub fn bot_to_move(&self) -> Option<String> {
        self.session.bot_to_move().map(str::to_owned)
    }

    /// The seed of the bot deciding now (decimal, a 64-bit number).
    #[wasm_bindgen(getter, js_name = botSeed)]
    pub fn bot_seed(&self) -> String {
        self.session.bot_seed().to_string()
    }

    /// Takes back the last person's move and what followed; returns the
    /// restored step. Throws `NothingToUndo`.
    pub fn undo(&mut self) -> Result<usize, JsValue> {
        self.session.undo().map_err(js_error)
    }

    /// Whether a person has a move to take back.
    #[wasm_bindgen(getter, js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.session.undo_target().is_some()
    }

    /// The board at `step`.
    #[wasm_bindgen(unchecked_return_type = "BoardView")]
    pub fn board(&self, step: Option<usize>) -> JsValue {
        let state = step
            .and_then(|s| self.session.state_at(s))
            .unwrap_or_else(|| self.session.current());
        to_js(&view::board(state))
    }

    /// The score board at `step`.
    #[wasm_bindgen(unchecked_return_type = "ScoreboardView")]
    pub fn scoreboard(&self, step: Option<usize>) -> JsValue {
        to_js(&view::scoreboard(&self.session, step.unwrap_or(usize::MAX)))
    }

    /// The events of the moves `from..to` (to the current position when `to`
    /// is omitted).
    #[wasm_bindgen(unchecked_return_type = "EventView[]")]
    pub fn events(&self, from: usize, to: Option<usize>) -> JsValue {
        let to = to.unwrap_or(usize::MAX).min(self.session.step());
        let log: Vec<view::EventView> = view::log(&self.session, to)
            .into_iter()
            .filter(|e| e.step >= from)
            .collect();
        to_js(&log)
    }

    /// Points by category and the final-scoring lines, up to `step`.
    #[wasm_bindgen(unchecked_return_type = "SummaryView")]
    pub fn summary(&self, step: Option<usize>) -> JsValue {
        to_js(&view::summary(&self.session, step.unwrap_or(usize::MAX)))
    }

    /// The steps a replay stops at: the start, every player's decision, the end.
    pub fn positions(&self) -> Vec<u32> {
        self.session.positions().into_iter().map(|s| s as u32).collect()
    }

    /// The moves played so far, in notation.
    pub fn moves(&self) -> Vec<String> {
        self.session.moves().iter().map(|m| m.to_string()).collect()
    }

    /// The game so far as a JSON game record (the engine's `GameRecord`).
    #[wasm_bindgen(js_name = exportRecord)]
    pub fn export_record(&self) -> String {
        self.session.record_json()
    }

    /// Plays on from `step` with new seats and seed (after loading a record).
    #[wasm_bindgen(js_name = continueFrom)]
    pub fn continue_from(
        &mut self,
        step: usize,
        #[wasm_bindgen(unchecked_param_type = "GameOptions")] options: JsValue,
    ) -> Result<(), JsValue> {
        let (seed, seats) = parse_options(options).map_err(js_error)?;
        self.session.continue_from(step, seats, seed).map_err(js_error)
    }
}

/// The bot strengths the page offers, weakest first.
#[wasm_bindgen(js_name = botLevels, unchecked_return_type = "BotLevel[]")]
pub fn bot_levels() -> JsValue {
    to_js(&BOT_LEVELS)
}

/// Every tile design of the game (the start parts included), unturned at
/// (0,0): for a gallery of the tiles.
#[wasm_bindgen(js_name = tileDesigns, unchecked_return_type = "TileDraw[]")]
pub fn tile_designs() -> JsValue {
    to_js(&view::all_designs())
}

/// The id of the default bot strength.
#[wasm_bindgen(js_name = defaultBot)]
pub fn default_bot() -> String {
    DEFAULT_BOT.into()
}

/// The move of bot `spec` (seeded with `seed`, decimal) in the final position
/// of the JSON game record `record`: what the page's worker runs.
#[wasm_bindgen(js_name = botMove, unchecked_return_type = "BotChoice")]
pub fn bot_move(record: &str, spec: &str, seed: &str) -> Result<JsValue, JsValue> {
    let seed: u64 = seed
        .parse()
        .map_err(|_| js_error(WebError::Bot(format!("seed `{seed}` is not a 64-bit number"))))?;
    let record: GameRecord =
        serde_json::from_str(record).map_err(|e| js_error(WebError::Record(e.to_string())))?;
    let (state, _) = record
        .replay()
        .map_err(|e| js_error(WebError::Record(e.to_string())))?;
    let (mv, iterations) = players::choose(&state, spec, seed).map_err(js_error)?;
    Ok(to_js(&players::BotChoice {
        mv: mv.to_string(),
        iterations,
    }))
}

/// The final scores of a JSON game record, replayed by the engine (tests and
/// tools check the page against it).
#[wasm_bindgen(js_name = recordScores)]
pub fn record_scores(record: &str) -> Result<Vec<u32>, JsValue> {
    let record: GameRecord =
        serde_json::from_str(record).map_err(|e| js_error(WebError::Record(e.to_string())))?;
    let (state, _) = record
        .replay()
        .map_err(|e| js_error(WebError::Record(e.to_string())))?;
    Ok(state.scores().to_vec())
}

/// Panics on purpose, to check that a panic reaches the page (tests only).
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic(message: &str) {
    panic!("deliberate panic for testing: {message}");
}

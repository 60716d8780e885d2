//! *Carcassonne: Safari* in the browser: the rules engine and the bots
//! compiled to WebAssembly behind a small typed surface for JavaScript. The
//! page draws the engine's own views (`carcassonne_safari::view`: their serde
//! form is the wire format, `docs/views.md`) with the engine's own art
//! (`carcassonne_safari::svg`); this crate adds only what a browser needs:
//!
//! - [`LocalGame`]: a game at this browser (the engine's `GameLog`, the seats,
//!   chance seeded by the game's seed and the step), tested natively, and
//!   exported to JavaScript under the same name.
//! - [`players`]: who sits at a seat (a person or a bot of some strength).
//! - The JavaScript glue: [`LocalGame`] under the same name
//!   (`new LocalGame({seed, seats})`, `game.view()`, `game.play("place 2,-1 90")`,
//!   `botMove(record, spec, seed)`, `tileArt("CS26:E,G", 90)`, ...). Errors
//!   reach JavaScript as `Error` objects whose `name` says what kind
//!   ([`WebError::name`]) and whose message says what and why; a refused
//!   request changes nothing.
//! - A panic hook that reports a panic (a bug) to the console and to the page
//!   (`globalThis.onWasmPanic(message)`), also inside the bots' worker.
//!
//! `web/build.sh` builds the module; `web/README.md` describes the page.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod advice;
mod error;
mod local_game;
pub mod players;
#[cfg(feature = "ts")]
pub mod types;

use carcassonne_safari::svg::{self, Point, TileArt};
use carcassonne_safari::view::{designs, GameView, ScoreSummary, TileView};
use carcassonne_safari::{Animal, Corner, Design, GameRecord, PlayerId, Rotation};
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub use error::WebError;
pub use local_game::{LocalGame, MAX_RECORD_BYTES};
pub use players::{BotChoice, BotLevel, Seat, SeatBots, BOT_LEVELS, DEFAULT_BOT};

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

// The engine's wire format, this module's own shapes and the game server's
// protocol, for TypeScript: generated from the Rust types ([`types`], feature
// `ts`; `web/check-types.sh`).
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = include_str!("types.d.ts");

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

/// A seat of a new game: `"human"`, a bot level id or a bots-crate spec,
/// alone or with a name.
#[derive(serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
enum SeatOption {
    Kind(String),
    Named {
        kind: String,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
        name: String,
    },
}

/// The options of a new game: its seed and seats.
#[derive(serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
struct GameOptions {
    seed: f64,
    seats: Vec<SeatOption>,
}

fn parse_seed(seed: f64) -> Result<u64, WebError> {
    if seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed <= 9_007_199_254_740_991.0 {
        Ok(seed as u64)
    } else {
        Err(WebError::Setup(format!(
            "the seed must be a whole number from 0 to 9007199254740991, not {seed}"
        )))
    }
}

fn parse_options(options: JsValue) -> Result<(u64, Vec<Seat>), WebError> {
    let options: GameOptions = serde_wasm_bindgen::from_value(options).map_err(|e| {
        WebError::Setup(format!(
            "expected {{seed: number, seats: (string | {{kind, name}})[]}}: {e}"
        ))
    })?;
    let seats = options
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            SeatOption::Kind(kind) => Seat::parse(kind, "", i),
            SeatOption::Named { kind, name } => Seat::parse(kind, name, i),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((parse_seed(options.seed)?, seats))
}

// The JavaScript form of [`LocalGame`]: the same type, exported under the
// same name. Every method that takes a `step` shows the position before the
// move of that index (the current position when it is omitted or past the
// end). The Rust names with `js_` are the methods whose Rust form (native,
// typed errors) has the same name.
#[wasm_bindgen]
impl LocalGame {
    /// A new game: `{seed, seats}`, each seat `"human"`, a bot level id or a
    /// bots-crate spec, alone or as `{kind, name}`.
    #[wasm_bindgen(constructor)]
    pub fn from_options(
        #[wasm_bindgen(unchecked_param_type = "GameOptions")] options: JsValue,
    ) -> Result<LocalGame, JsValue> {
        let (seed, seats) = parse_options(options).map_err(js_error)?;
        LocalGame::new(seed, seats).map_err(js_error)
    }

    /// A game from a JSON game record, with the seats it names and chance
    /// seeded by `seed` (0 when omitted); throws a `RecordError` naming the
    /// failing step.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(json: &str, seed: Option<f64>) -> Result<LocalGame, JsValue> {
        let seed = parse_seed(seed.unwrap_or(0.0)).map_err(js_error)?;
        LocalGame::from_record_json(json, seed).map_err(js_error)
    }

    /// Moves played so far (the current position's index).
    #[wasm_bindgen(getter, js_name = step)]
    pub fn js_step(&self) -> usize {
        self.step()
    }

    /// The game's seed.
    #[wasm_bindgen(getter, js_name = seed)]
    pub fn js_seed(&self) -> f64 {
        self.seed() as f64
    }

    /// Who sits at each seat: `{name, bot}` as in the record.
    #[wasm_bindgen(getter, js_name = seats, unchecked_return_type = "Seat[]")]
    pub fn js_seats(&self) -> JsValue {
        let seats: Vec<_> = self.seats().iter().map(Seat::to_record).collect();
        to_js(&seats)
    }

    /// Resolves chance draws up to the next player's decision; returns how
    /// many draws were made.
    #[wasm_bindgen(js_name = advance)]
    pub fn js_advance(&mut self) -> usize {
        self.advance()
    }

    /// The engine's view of the position at `step`.
    #[wasm_bindgen(unchecked_return_type = "GameView")]
    pub fn view(&self, step: Option<usize>) -> JsValue {
        let log = self.log();
        let state = step
            .and_then(|s| log.state_at(s))
            .unwrap_or_else(|| log.current());
        to_js(&GameView::new(state))
    }

    /// The moves `from..to` with who made them and their events (to the
    /// current position when `to` is omitted).
    #[wasm_bindgen(unchecked_return_type = "LogEntry[]")]
    pub fn entries(&self, from: usize, to: Option<usize>) -> JsValue {
        let log = self.log();
        let to = to.unwrap_or(usize::MAX).min(log.len());
        let entries: Vec<_> = (from.min(to)..to).filter_map(|i| log.entry(i)).collect();
        to_js(&entries)
    }

    /// Where everyone's points came from, up to `step`.
    #[wasm_bindgen(unchecked_return_type = "ScoreSummary")]
    pub fn summary(&self, step: Option<usize>) -> JsValue {
        let log = self.log();
        let step = step.unwrap_or(usize::MAX).min(log.len());
        let events = log.events_until(step).map(|(_, e)| e);
        to_js(&ScoreSummary::from_events(log.setup().players, events))
    }

    /// The steps of every player's last turn, by seat: `[from, to]` (the
    /// moves `from..to`), or `null` before their first turn.
    #[wasm_bindgen(js_name = lastTurns, unchecked_return_type = "([number, number] | null)[]")]
    pub fn last_turns(&self) -> JsValue {
        let log = self.log();
        let turns: Vec<Option<[usize; 2]>> = (0..log.setup().players)
            .map(|p| log.last_turn_of(PlayerId(p as u8)).map(|r| [r.start, r.end]))
            .collect();
        to_js(&turns)
    }

    /// Plays a person's move in the engine's notation; returns its step.
    /// Throws `NotationError`, `NotYourTurn` or `IllegalMove`.
    pub fn play(&mut self, mv: &str) -> Result<usize, JsValue> {
        self.play_human(mv).map_err(js_error)
    }

    /// Plays a bot's move computed for `step`; throws `StaleMove` when the game
    /// has moved on.
    #[wasm_bindgen(js_name = playBot)]
    pub fn js_play_bot(&mut self, mv: &str, step: usize) -> Result<usize, JsValue> {
        self.play_bot(mv, step).map_err(js_error)
    }

    /// Whether a person decides now.
    #[wasm_bindgen(getter, js_name = humanToMove)]
    pub fn js_human_to_move(&self) -> bool {
        self.human_to_move()
    }

    /// The specification of the bot deciding now, if any.
    #[wasm_bindgen(getter, js_name = botToMove)]
    pub fn js_bot_to_move(&self) -> Option<String> {
        self.bot_to_move().map(str::to_owned)
    }

    /// The seed of the bot deciding now (decimal, a 64-bit number).
    #[wasm_bindgen(getter, js_name = botSeed)]
    pub fn js_bot_seed(&self) -> String {
        self.bot_seed().to_string()
    }

    /// Takes back the last person's move and what followed; returns the
    /// restored step. Throws `NothingToUndo`.
    #[wasm_bindgen(js_name = undo)]
    pub fn js_undo(&mut self) -> Result<usize, JsValue> {
        self.undo().map_err(js_error)
    }

    /// Whether a person has a move to take back.
    #[wasm_bindgen(getter, js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.undo_target().is_some()
    }

    /// The steps a replay stops at: the start, every player's decision, the end.
    #[wasm_bindgen(js_name = positions)]
    pub fn js_positions(&self) -> Vec<u32> {
        self.positions().into_iter().map(|s| s as u32).collect()
    }

    /// The moves played so far, in notation.
    pub fn moves(&self) -> Vec<String> {
        self.log().moves().iter().map(|m| m.to_string()).collect()
    }

    /// The game so far as a JSON game record (the engine's `GameRecord`, with
    /// the seats).
    #[wasm_bindgen(js_name = exportRecord)]
    pub fn export_record(&self) -> String {
        self.record_json()
    }

    /// Plays on from `step` with new seats and seed (after loading a record).
    #[wasm_bindgen(js_name = continueFrom)]
    pub fn js_continue_from(
        &mut self,
        step: usize,
        #[wasm_bindgen(unchecked_param_type = "GameOptions")] options: JsValue,
    ) -> Result<(), JsValue> {
        let (seed, seats) = parse_options(options).map_err(js_error)?;
        self.continue_from(step, seats, seed).map_err(js_error)
    }
}

/// The bot strengths the page offers, weakest first.
#[wasm_bindgen(js_name = botLevels, unchecked_return_type = "BotLevel[]")]
pub fn bot_levels() -> JsValue {
    to_js(&BOT_LEVELS)
}

/// The id of the default bot strength.
#[wasm_bindgen(js_name = defaultBot)]
pub fn default_bot() -> String {
    DEFAULT_BOT.into()
}

/// A bot's seed as JavaScript gives it: a 64-bit number in decimal.
fn parse_bot_seed(seed: &str) -> Result<u64, JsValue> {
    seed.parse()
        .map_err(|_| js_error(WebError::Bot(format!("seed `{seed}` is not a 64-bit number"))))
}

/// The move of bot `spec` (seeded with `seed`, decimal) in the final position
/// of the JSON game record `record`, by a new bot: one decision on its own
/// (the page's worker keeps its bots, [`SeatBots`]).
#[wasm_bindgen(js_name = botMove, unchecked_return_type = "BotChoice")]
pub fn bot_move(record: &str, spec: &str, seed: &str) -> Result<JsValue, JsValue> {
    let seed = parse_bot_seed(seed)?;
    let state = replay(record)?;
    let (mv, iterations) = players::choose(&state, spec, seed).map_err(js_error)?;
    Ok(to_js(&players::BotChoice {
        mv: mv.to_string(),
        iterations,
        reused: 0,
    }))
}

// The JavaScript form of [`SeatBots`], under the same name: what the page's
// worker keeps for the game being played.
#[wasm_bindgen]
impl SeatBots {
    /// The bots of the game in the JSON game record `json`, at its last
    /// position; throws a `RecordError`.
    #[wasm_bindgen(constructor)]
    pub fn from_record(json: &str) -> Result<SeatBots, JsValue> {
        SeatBots::from_record_json(json).map_err(js_error)
    }

    /// Moves played so far: the position the bots are at.
    #[wasm_bindgen(getter, js_name = step)]
    pub fn js_step(&self) -> usize {
        self.step()
    }

    /// Plays the moves played since (notation, chance draws included);
    /// throws `NotationError` or `IllegalMove` and plays none of them when
    /// one is refused.
    #[wasm_bindgen(js_name = play)]
    pub fn js_play(&mut self, moves: Vec<String>) -> Result<(), JsValue> {
        self.play(&moves).map_err(js_error)
    }

    /// The move of the bot `spec` at the seat to move: the seat's kept bot,
    /// or a new one seeded with `seed` (decimal). Throws `NotYourTurn` or
    /// `BotError`.
    #[wasm_bindgen(js_name = choose, unchecked_return_type = "BotChoice")]
    pub fn js_choose(&mut self, spec: &str, seed: &str) -> Result<JsValue, JsValue> {
        let seed = parse_bot_seed(seed)?;
        Ok(to_js(&self.choose(spec, seed).map_err(js_error)?))
    }
}

fn replay(record: &str) -> Result<carcassonne_safari::GameState, JsValue> {
    let record: GameRecord =
        serde_json::from_str(record).map_err(|e| js_error(WebError::Record(e.to_string())))?;
    let (state, _) = record
        .replay()
        .map_err(|e| js_error(WebError::Record(e.to_string())))?;
    Ok(state)
}

/// The advisor's hint ([`advice::ADVISOR`], the Expert bot) for the decision in the final
/// position of the JSON game record `record`, ties broken with `seed`
/// (decimal): its move and what it expects. What the page's worker runs.
#[wasm_bindgen(unchecked_return_type = "Hint")]
pub fn hint(record: &str, seed: &str) -> Result<JsValue, JsValue> {
    let seed = parse_bot_seed(seed)?;
    let parsed: GameRecord =
        serde_json::from_str(record).map_err(|e| js_error(WebError::Record(e.to_string())))?;
    let step = parsed.moves.len();
    let state = replay(record)?;
    let mut advisor = advice::Advisor::new(seed);
    Ok(to_js(&advisor.hint(&state, step).map_err(js_error)?))
}

/// The advisor's opinion of `played` (notation), a move of the decision in
/// the final position of the JSON game record `record`: the move it values
/// most and the expected points `played` gives away. What "learn from your
/// mistakes" asks of the page's worker for each move tried. Throws
/// `RecordError`, `NotYourTurn`, `NotationError` or `IllegalMove`.
#[wasm_bindgen(unchecked_return_type = "Judgement")]
pub fn judge(record: &str, played: &str) -> Result<JsValue, JsValue> {
    let parsed: GameRecord =
        serde_json::from_str(record).map_err(|e| js_error(WebError::Record(e.to_string())))?;
    let step = parsed.moves.len();
    let state = replay(record)?;
    let mv = error::parse_move(played).map_err(js_error)?;
    let mut advisor = advice::Advisor::new(0);
    Ok(to_js(&advisor.judge(&state, step, mv).map_err(js_error)?))
}

/// The advisor's specification (a bots-crate spec), for the page to name it.
#[wasm_bindgen(js_name = advisorSpec)]
pub fn advisor_spec() -> String {
    advice::ADVISOR.into()
}

/// A review of a game record: the advisor's opinion of every decision, one
/// at a time (`next()`), so that the worker reports progress in between.
#[wasm_bindgen]
pub struct Reviewer {
    review: advice::Review,
}

#[wasm_bindgen]
impl Reviewer {
    /// A review of the JSON game record `json`; throws a `RecordError`.
    #[wasm_bindgen(constructor)]
    pub fn new(json: &str) -> Result<Reviewer, JsValue> {
        Ok(Reviewer {
            review: advice::Review::new(json).map_err(js_error)?,
        })
    }

    /// The number of decisions to judge.
    #[wasm_bindgen(getter)]
    pub fn total(&self) -> usize {
        self.review.total()
    }

    /// The next decision judged, or `undefined` once all are.
    #[wasm_bindgen(js_name = next, unchecked_return_type = "Judgement | undefined")]
    pub fn judge_next(&mut self) -> JsValue {
        self.review
            .next_judgement()
            .map_or(JsValue::UNDEFINED, |j| to_js(&j))
    }

    /// Every seat's final (or, unfinished, expected final) score.
    pub fn end(&mut self) -> Vec<f32> {
        self.review.end()
    }

    /// Every seat's chance to win at the end of the record (its share of
    /// the win, once the game is over).
    #[wasm_bindgen(js_name = endWin)]
    pub fn end_win(&mut self) -> Vec<f32> {
        self.review.end_win()
    }

    /// What the draws reviewed so far gave or took from each seat, in
    /// expected points of margin.
    pub fn luck(&self) -> Vec<f32> {
        self.review.luck()
    }
}

/// The final scores of a JSON game record, replayed by the engine (tests and
/// tools check the page against it).
#[wasm_bindgen(js_name = recordScores)]
pub fn record_scores(record: &str) -> Result<Vec<u32>, JsValue> {
    Ok(replay(record)?.scores().to_vec())
}

/// Every tile design of the game (the start parts included), unturned at
/// (0,0): the engine's catalogue.
#[wasm_bindgen(js_name = tileDesigns, unchecked_return_type = "TileView[]")]
pub fn tile_designs() -> JsValue {
    to_js(&designs())
}

/// The engine's art of design `design` (notation, `CS26:E,G`) turned
/// `rotation` degrees, in cell units. Throws `NotationError` for anything else.
#[wasm_bindgen(js_name = tileArt, unchecked_return_type = "TileArt")]
pub fn tile_art(design: &str, rotation: u16) -> Result<JsValue, JsValue> {
    let bad = |why: String| {
        js_error(WebError::Notation {
            text: format!("{design} {rotation}"),
            why,
        })
    };
    let design: Design = design.parse().map_err(|e| bad(format!("{e}")))?;
    let rotation = Rotation::ALL
        .into_iter()
        .find(|r| r.degrees() == rotation)
        .ok_or_else(|| bad("a rotation is 0, 90, 180 or 270".into()))?;
    Ok(to_js(&TileArt::new(&TileView {
        rotation,
        ..TileView::unplaced(design)
    })))
}

/// The engine's palette: seat colours, their names and shapes, the selection
/// colour, and the animals with their names and badge colours.
#[wasm_bindgen(unchecked_return_type = "Palette")]
pub fn palette() -> JsValue {
    to_js(&svg::Palette)
}

fn seat(seat: u8) -> PlayerId {
    PlayerId(seat.min(4))
}

/// A meeple of seat `seat` with its feet at (x, y): SVG in cell units.
#[wasm_bindgen(js_name = meepleSvg)]
pub fn meeple_svg(x: f32, y: f32, seat_no: u8) -> String {
    svg::meeple(Point { x, y }, seat(seat_no))
}

/// Seat `seat`'s shape centred on (x, y), half-size `r`, filled with `fill`.
#[wasm_bindgen(js_name = markSvg)]
pub fn mark_svg(x: f32, y: f32, r: f32, seat_no: u8, fill: &str) -> String {
    svg::player_mark(Point { x, y }, r, seat(seat_no), fill)
}

/// A ranger centred on (x, y).
#[wasm_bindgen(js_name = rangerSvg)]
pub fn ranger_svg(x: f32, y: f32) -> String {
    svg::ranger(Point { x, y })
}

/// A watering-hole token at corner `corner` (`ne`, `se`, `sw`, `nw`) of a
/// cell with animal `animal` (a letter) and the seat of the meeple on it;
/// empty for a corner or animal that does not exist.
#[wasm_bindgen(js_name = waterTokenSvg)]
pub fn water_token_svg(corner: &str, animal: &str, owner: Option<u8>) -> String {
    let corner = Corner::ALL.into_iter().find(|c| c.name() == corner);
    let animal = animal.bytes().next().and_then(Animal::from_letter);
    match (corner, animal) {
        (Some(c), Some(a)) => svg::water_token(c, a, owner.map(seat)),
        _ => String::new(),
    }
}

/// An animal's badge centred on (x, y) (`animal`: a letter); empty for a
/// letter that is no animal.
#[wasm_bindgen(js_name = animalBadgeSvg)]
pub fn animal_badge_svg(x: f32, y: f32, animal: &str) -> String {
    animal
        .bytes()
        .next()
        .and_then(Animal::from_letter)
        .map_or_else(String::new, |a| svg::animal_badge(Point { x, y }, a))
}

/// Panics on purpose, to check that a panic reaches the page (tests only).
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic(message: &str) {
    panic!("deliberate panic for testing: {message}");
}

// Generated from the Rust types by ts-rs (`web/check-types.sh --update`); do not edit.

// ---- The engine's wire format (carcassonne_safari::view with serde; docs/views.md) ----

export type Actor = "chance" | PlayerId;

export type Animal = "M" | "E" | "G" | "L" | "Z";

export type AnimalCounts = string;

/**
 * A token that may boost the feature being scored.
 */
export type BoostChoice = { 
/**
 * The token's animal.
 */
animal: Animal, 
/**
 * The points the boost adds to the player's score for the feature: one
 * species more in the table (R-TRAIL-4).
 */
points: number, };

export type Corner = "ne" | "se" | "sw" | "nw";

export type Corners = Array<Corner>;

export type Design = string;

export type Edge = "savanna" | "trail" | "bush";

/**
 * Something that happened inside `apply`. With `serde`, tagged by its
 * machine name ([`Event::name`]): `{"type": "tile_placed", "player": 0, ...}`.
 */
export type Event = { "type": "token_drawn", 
/**
 * Receiver.
 */
player: PlayerId, 
/**
 * The token.
 */
animal: Animal, } | { "type": "supply_reshuffled", 
/**
 * Tokens in the new supply.
 */
tokens: number, } | { "type": "tile_drawn", 
/**
 * Drawing player.
 */
player: PlayerId, 
/**
 * The tile.
 */
design: Design, } | { "type": "tile_removed", 
/**
 * The tile.
 */
design: Design, } | { "type": "tile_placed", 
/**
 * Placing player.
 */
player: PlayerId, 
/**
 * The tile.
 */
design: Design, 
/**
 * Its cell.
 */
pos: Pos, 
/**
 * Its rotation.
 */
rotation: Rotation, } | { "type": "ranger_displaced", 
/**
 * The ranger's cell.
 */
from: Pos, } | { "type": "ranger_moved", 
/**
 * Old cell.
 */
from: Pos, 
/**
 * New cell.
 */
to: Pos, } | { "type": "ranger_returned", 
/**
 * Its new cell.
 */
to: Pos, } | { "type": "meeple_placed", 
/**
 * Owner.
 */
player: PlayerId, 
/**
 * Where.
 */
spot: MeepleSpot, } | { "type": "meeple_returned", 
/**
 * Owner.
 */
player: PlayerId, 
/**
 * From where.
 */
spot: MeepleSpot, } | { "type": "hole_dug", 
/**
 * Digging player.
 */
player: PlayerId, 
/**
 * Tile cell.
 */
pos: Pos, 
/**
 * Tile corner.
 */
corner: Corner, 
/**
 * The token.
 */
animal: Animal, } | { "type": "hole_expanded", 
/**
 * Expanding player.
 */
player: PlayerId, 
/**
 * Tile cell.
 */
pos: Pos, 
/**
 * Tile corner.
 */
corner: Corner, 
/**
 * The token.
 */
animal: Animal, 
/**
 * Tokens at the vertex now.
 */
tokens: number, } | { "type": "hole_completed", 
/**
 * The vertex, named by the cell whose NW corner it is.
 */
vertex: Pos, } | { "type": "baobab_completed", 
/**
 * The baobab tile's cell.
 */
pos: Pos, 
/**
 * The meeple's owner, who draws two tokens.
 */
player: PlayerId, } | { "type": "feature_completed", 
/**
 * Trail or bush.
 */
kind: FeatureKind, 
/**
 * A segment of the feature on the placed tile.
 */
pos: Pos, 
/**
 * That segment's index.
 */
seg: number, 
/**
 * Its animals.
 */
animals: AnimalCounts, 
/**
 * Its birds.
 */
birds: number, } | { "type": "boost_used", 
/**
 * Boosting player.
 */
player: PlayerId, 
/**
 * The token.
 */
animal: Animal, } | { "type": "scored", 
/**
 * Who scores.
 */
player: PlayerId, 
/**
 * How many points.
 */
points: number, 
/**
 * Why.
 */
reason: ScoreReason, } | { "type": "game_over", 
/**
 * The players with the highest score.
 */
winners: PlayerSet, };

export type Feature = { id: FeatureId, kind: FeatureKind, segments: Array<SegmentRef>, animals: AnimalCounts, species: number, birds: number, meeples: Array<number>, majority: PlayerSet, open_ends: number, complete: boolean, };

/**
 * A stable name of a trail or bush: its first segment in the order of play
 * (the tile cell and the segment number). It stays the same while the
 * feature grows; when two features join, the older name stays.
 */
export type FeatureId = { 
/**
 * The cell of the tile of the first segment.
 */
pos: Pos, 
/**
 * The segment's number on that tile.
 */
seg: number, };

export type FeatureKind = "trail" | "bush";

/**
 * One line of the final scoring: who scored what and why (R-END-2, R-END-3).
 */
export type FinalLine = { 
/**
 * Who scored.
 */
player: PlayerId, 
/**
 * How many points.
 */
points: number, 
/**
 * Why, with the breakdown.
 */
reason: ScoreReason, };

/**
 * A game as the moves played from a setup, and who sat at each seat.
 *
 * ```
 * use carcassonne_safari::{GameRecord, GameState, Setup};
 * let setup = Setup::new(2);
 * let state = GameState::new(&setup).unwrap();
 * let first = state.legal_moves()[0];
 * let record = GameRecord::new(setup).with_moves(vec![first]);
 * let (replayed, events) = record.replay().unwrap();
 * assert_eq!(replayed, state.apply(first).unwrap().0);
 * assert_eq!(events.len(), 1);
 * ```
 */
export type GameRecord = { 
/**
 * How the game started.
 */
setup: Setup, 
/**
 * Every decision in order, chance outcomes included. With `serde`, a move
 * that does not parse is reported with its step.
 */
moves: Array<Move>, 
/**
 * Who sat at each seat, when known (empty otherwise): names and bots,
 * for viewers. With `serde` it is optional and left out when empty, so
 * records without it load.
 */
seats?: Array<Seat>, };

/**
 * Everything a UI shows of a position: the players, the decision, the board
 * (tiles, meeples, rangers, watering holes, trails and bushes), the supply
 * and the legal moves grouped. Built from the state alone, so a client that
 * receives it needs no engine to draw the game; its serde form is the wire
 * format, versioned by [`GameView::format`].
 *
 * ```
 * use carcassonne_safari::view::GameView;
 * use carcassonne_safari::{GameState, Setup};
 * let view = GameView::new(&GameState::new(&Setup::new(3)).unwrap());
 * assert_eq!(view.players.len(), 3);
 * assert_eq!(view.tiles.len(), 3); // the three parts of the start tile
 * assert_eq!(view.phase.name(), "draw_token");
 * ```
 */
export type GameView = { 
/**
 * The wire format's version, [`FORMAT_VERSION`].
 */
format: number, 
/**
 * Every seat, in seat order.
 */
players: Array<PlayerView>, 
/**
 * The decision being made.
 */
phase: Phase, 
/**
 * Who decides now; `None` once the game is over.
 */
to_move: Actor | null, 
/**
 * The current turn's number, from 0.
 */
turn: number, 
/**
 * The player whose turn is under way (`None` during the setup deal and
 * once the game is over).
 */
turn_player: PlayerId | null, 
/**
 * The players with the highest score (the winners once the game is over).
 */
leaders: PlayerSet, 
/**
 * Every tile on the board, in placement order (the start parts first).
 */
tiles: Array<TileView>, 
/**
 * Empty cells next to a tile.
 */
frontier: Array<Pos>, 
/**
 * The cell of the tile placed this turn.
 */
placed: Pos | null, 
/**
 * The rangers on the board (a displaced one is missing until returned).
 */
rangers: Array<Pos>, 
/**
 * Every meeple on the board.
 */
meeples: Array<MeepleView>, 
/**
 * Every watering hole.
 */
water_holes: Array<WaterHole>, 
/**
 * Every trail and bush.
 */
features: Array<Feature>, 
/**
 * The feature being scored, during a boost question.
 */
scoring: Feature | null, 
/**
 * Land tiles left in the pile.
 */
tiles_left: number, 
/**
 * Land tiles removed as unplaceable (R-PLACE-2).
 */
tiles_removed: number, 
/**
 * The tiles left in the pile, by design.
 */
pile: Array<PileEntry>, 
/**
 * Tokens in the face-down supply.
 */
supply: AnimalCounts, 
/**
 * Tokens in the face-up discard pile.
 */
discard: AnimalCounts, 
/**
 * The legal moves of the decision, grouped.
 */
legal: LegalMoves, };

/**
 * A watering-hole slot where the player may dig or expand, with the tokens
 * allowed there.
 */
export type HoleChoice = { 
/**
 * The tile's cell.
 */
pos: Pos, 
/**
 * The tile's corner.
 */
corner: Corner, 
/**
 * [`MoveKind::Dig`] (a new hole, a meeple goes on it) or
 * [`MoveKind::Expand`].
 */
kind: MoveKind, 
/**
 * The tokens that may go there (each once, in notation order).
 */
animals: AnimalCounts, 
/**
 * The points the move scores at once: [`DIG_POINTS`] for a dig;
 * [`expand_points`] of the token's number at the vertex for an
 * expansion, and [`HOLE_OWNER_POINTS`] more when it completes a hole on
 * which the player has a meeple (R-WATER-2..4).
 */
points: number, 
/**
 * Whether the token fills the vertex's fourth slot, completing the hole
 * (R-WATER-4).
 */
completes: boolean, };

/**
 * One token of a watering hole: a tile corner, its animal and the meeple on
 * it, if any.
 */
export type HoleToken = { 
/**
 * The tile's cell.
 */
pos: Pos, 
/**
 * The tile's corner.
 */
corner: Corner, 
/**
 * The token's animal.
 */
animal: Animal, 
/**
 * The owner of the meeple on the token (the digger), if it is still there.
 */
meeple: PlayerId | null, };

/**
 * The legal moves of the current decision, grouped as a UI offers them.
 * Only the groups of the current phase are filled.
 *
 * ```
 * use carcassonne_safari::view::LegalMoves;
 * use carcassonne_safari::{GameState, Setup};
 * let state = GameState::new(&Setup::new(2)).unwrap(); // a token draw
 * let legal = LegalMoves::new(&state);
 * assert_eq!(legal.outcomes.len(), 5);
 * assert_eq!(legal.moves(), state.legal_moves().to_vec());
 * ```
 */
export type LegalMoves = { 
/**
 * `place`: cells with their rotations.
 */
placements: Array<PlacementChoice>, 
/**
 * `action`: meeple spots on the placed tile.
 */
meeples: Array<MeepleChoice>, 
/**
 * `action`: rangers and their targets.
 */
rangers: Array<RangerChoice>, 
/**
 * `action`: watering-hole slots.
 */
holes: Array<HoleChoice>, 
/**
 * `action`: whether `pass` is offered (always, during an action).
 */
pass: boolean, 
/**
 * `boost`: the tokens that may boost.
 */
boosts: Array<BoostChoice>, 
/**
 * `boost`: whether `noboost` is offered (always, during a boost question).
 */
no_boost: boolean, 
/**
 * `return`: where the displaced ranger may go.
 */
returns: Array<Pos>, 
/**
 * A chance node's outcomes with their weights.
 */
outcomes: Array<OutcomeChoice>, };

/**
 * One move of a [`GameLog`]: its step, who made it, the move and its events.
 */
export type LogEntry = { 
/**
 * The move's index in the game (the position it was played in).
 */
step: number, 
/**
 * Who made it.
 */
actor: Actor, 
/**
 * The move.
 */
move: Move, 
/**
 * What it did.
 */
events: Array<Event>, };

/**
 * A spot for a meeple on the tile just placed.
 */
export type MeepleChoice = { 
/**
 * The segment or the baobab (`meeple 1`, `meeple baobab`).
 */
target: MeepleTarget, 
/**
 * The trail or bush the segment belongs to; `None` for the baobab.
 */
feature: FeatureId | null, };

/**
 * Where a meeple stands. With `serde`: `{"type": "segment", "pos": ...,
 * "seg": 1}`, `{"type": "baobab", "pos": ...}` or `{"type": "hole", "pos":
 * ..., "corner": "ne"}`.
 */
export type MeepleSpot = { "type": "segment", 
/**
 * The tile's cell.
 */
pos: Pos, 
/**
 * The segment index in the kind's order.
 */
seg: number, } | { "type": "baobab", 
/**
 * The tile's cell.
 */
pos: Pos, } | { "type": "hole", 
/**
 * The tile's cell.
 */
pos: Pos, 
/**
 * The tile's corner.
 */
corner: Corner, };

export type MeepleTarget = number | "baobab";

/**
 * A meeple on the board: its owner and its spot.
 */
export type MeepleView = { 
/**
 * Its owner.
 */
player: PlayerId, 
/**
 * Where it stands.
 */
spot: MeepleSpot, };

export type Move = string;

export type MoveKind = "draw" | "token" | "place" | "meeple" | "ranger" | "dig" | "expand" | "pass" | "boost" | "noboost" | "return";

/**
 * A chance outcome with its weight.
 */
export type OutcomeChoice = { 
/**
 * The outcome (`draw ...` or `token ...`).
 */
outcome: Move, 
/**
 * Its weight: tiles of the design left, or tokens of the animal left.
 */
weight: number, };

/**
 * The kind of the current decision. Its machine name is [`Phase::name`];
 * with `serde`: `{"type": "place", "design": "CS26:E,G"}`.
 */
export type Phase = { "type": "draw_token", 
/**
 * The receiver.
 */
player: PlayerId, } | { "type": "draw_tile" } | { "type": "place", 
/**
 * The tile to place.
 */
design: Design, } | { "type": "action" } | { "type": "boost", 
/**
 * Who decides.
 */
player: PlayerId, } | { "type": "return" } | { "type": "game_over" };

/**
 * Tiles of one design left in the pile.
 */
export type PileEntry = { 
/**
 * The design.
 */
design: Design, 
/**
 * How many of it are left.
 */
count: number, };

/**
 * A cell where the tile to place fits, with the rotations that fit there.
 */
export type PlacementChoice = { 
/**
 * The cell.
 */
pos: Pos, 
/**
 * The rotations that fit, in list order (ascending).
 */
rotations: Array<Rotation>, 
/**
 * Whether a ranger stands there: placing the tile displaces it (R-RANGER-2).
 */
displaces_ranger: boolean, 
/**
 * The points the placement scores at once: [`RANGER_POINTS`] for a
 * displaced ranger, else 0 (completed features are scored after the
 * action, by majority).
 */
points: number, };

/**
 * A seat, 0-based: seat 0 moves first (R-SETUP-5). Displayed as `p0`..`p4`.
 */
export type PlayerId = number;

/**
 * One player's points by category.
 */
export type PlayerPoints = { 
/**
 * The seat.
 */
seat: PlayerId, 
/**
 * All the player's points (the score, when built from every event of
 * the game).
 */
total: number, 
/**
 * Points per category, in the order of [`ScoreCategory::ALL`]; with
 * `serde` an object keyed by the categories' names
 * (`{"trails": 6, "bushes": 0, ...}`).
 */
by_category: Record<ScoreCategory, number>, };

export type PlayerSet = Array<PlayerId>;

/**
 * One player's score, meeples and tokens.
 */
export type PlayerView = { 
/**
 * The seat.
 */
seat: PlayerId, 
/**
 * Points so far.
 */
score: number, 
/**
 * Meeples in supply.
 */
meeples: number, 
/**
 * Tokens in hand (public, R-TOKEN-1).
 */
hand: AnimalCounts, };

/**
 * A grid cell. Coordinates fit in an `i8`: 72 tiles in a row from the start tile
 * reach at most 75 cells from the origin.
 *
 * ```
 * use carcassonne_safari::{Pos, Side};
 * let p = Pos::new(2, -1);
 * assert_eq!(p.step(Side::N), Pos::new(2, -2));
 * assert_eq!(p.to_string(), "2,-1");
 * assert_eq!("2,-1".parse::<Pos>(), Ok(p));
 * ```
 */
export type Pos = { 
/**
 * Column, growing to the east.
 */
x: number, 
/**
 * Row, growing to the south.
 */
y: number, };

/**
 * A ranger that may move, with the cells it may go to.
 */
export type RangerChoice = { 
/**
 * The ranger's cell.
 */
from: Pos, 
/**
 * Where it may go, in list order.
 */
to: Array<Pos>, };

export type Rotation = 0 | 90 | 180 | 270;

export type ScoreCategory = "trails" | "bushes" | "rangers" | "watering_holes" | "final_trails" | "final_bushes" | "final_tokens";

/**
 * Why points were scored. With `serde`, tagged by its machine name:
 * `{"type": "feature", "kind": "trail", ...}`.
 */
export type ScoreReason = { "type": "ranger" } | { "type": "dig" } | { "type": "expand", 
/**
 * Tokens at the vertex after this one.
 */
nth: number, } | { "type": "hole_completed" } | { "type": "feature", 
/**
 * Trail or bush.
 */
kind: FeatureKind, 
/**
 * Different species on the feature, before the boost.
 */
species: number, 
/**
 * The token this player discarded to count one more kind.
 */
boost: Animal | null, 
/**
 * The table value 1/3/6/10/15 for the species counted.
 */
table: number, 
/**
 * Birds (bush only).
 */
birds: number, } | { "type": "final_feature", 
/**
 * Trail or bush.
 */
kind: FeatureKind, 
/**
 * Animals on it, same species counted again.
 */
animals: number, 
/**
 * Birds on it.
 */
birds: number, } | { "type": "final_tokens", 
/**
 * Tokens in hand.
 */
tokens: number, };

/**
 * Where every player's points came from.
 *
 * ```
 * use carcassonne_safari::view::ScoreSummary;
 * use carcassonne_safari::events::{ScoreCategory, ScoreReason};
 * use carcassonne_safari::{Event, PlayerId};
 * let events = [
 *     Event::Scored { player: PlayerId(1), points: 3, reason: ScoreReason::Dig },
 *     Event::Scored { player: PlayerId(1), points: 2, reason: ScoreReason::FinalTokens { tokens: 2 } },
 * ];
 * let summary = ScoreSummary::from_events(2, &events);
 * assert_eq!(summary.players[1].total, 5);
 * assert_eq!(summary.players[1].of(ScoreCategory::WateringHoles), 3);
 * assert_eq!(summary.final_scoring.len(), 1);
 * ```
 */
export type ScoreSummary = { 
/**
 * Every seat's points, in seat order.
 */
players: Array<PlayerPoints>, 
/**
 * The final scoring, line by line (empty before the end).
 */
final_scoring: Array<FinalLine>, };

/**
 * Who sat at a seat of a recorded game.
 */
export type Seat = { 
/**
 * The player's name as shown to people.
 */
name: string, 
/**
 * The bot's specification when a bot played the seat (the bots crate's
 * `from_spec`, for example `mcts:it=400`); `None` for a person.
 */
bot: string | null, };

/**
 * One segment of a placed tile: the tile's cell and the segment's number.
 */
export type SegmentRef = { 
/**
 * The tile's cell.
 */
pos: Pos, 
/**
 * The segment's number on that tile.
 */
seg: number, };

export type SegmentView = { index: number, kind: FeatureKind, sides: Sides, corners: Corners, animals: AnimalCounts, birds: number, };

/**
 * How a game starts. Build with [`Setup::new`] and the `with_` methods (the
 * struct is `#[non_exhaustive]` so that options can be added; its fields stay
 * public to read and change).
 *
 * ```
 * use carcassonne_safari::{Animal, GameState, Pos, Setup};
 * let setup = Setup::new(3)
 *     .with_rangers([Pos::new(-1, -1), Pos::new(2, 0)])
 *     .with_hands(vec![vec![Animal::Lion, Animal::Zebra], vec![], vec![Animal::Monkey]]);
 * assert!(GameState::new(&setup).is_ok());
 * ```
 */
export type Setup = { 
/**
 * Number of players, 2..=5.
 */
players: number, 
/**
 * The rangers' start cells; `None` is R-SETUP-2's (0,-1) and (0,1).
 */
rangers: [Pos, Pos] | null, 
/**
 * Fixed starting hands, one per seat, of any size; `None` deals 2 tokens to
 * each player by chance (R-SETUP-3).
 */
hands: Array<Array<Animal>> | null, 
/**
 * Land tiles drawn first, in this order (tournaments, tests, replaying a
 * physical game): each `draw` chance node then has this one outcome. Tiles
 * after the list are drawn by chance; empty (the default) draws all by chance.
 */
tile_order: Array<Design>, 
/**
 * Whether tokens drawn for a completed baobab in the scoring step may boost a
 * trail or bush completed by the same tile (R-BAOBAB-3's decision: yes, the
 * default). `false` plays the other reading of the interim rule: those
 * tokens can be used from the next scoring on.
 */
baobab_tokens_boost: boolean, };

export type Side = "n" | "e" | "s" | "w";

export type Sides = Array<Side>;

export type TileView = { pos: Pos, design: Design, kind: string, rotation: Rotation, edges: [Edge, Edge, Edge, Edge], baobab: boolean, start: boolean, segments: Array<SegmentView>, };

export type WaterHole = { vertex: Pos, tokens: Array<HoleToken>, owners: PlayerSet, complete: boolean, };

// ---- The engine's art (carcassonne_safari::svg), in cell units (a cell is 100 x 100) ----

export type AnimalStyle = { letter: Animal, name: string, colour: string, };

export type Palette = { players: Array<PlayerStyle>, selection: string, animals: Array<AnimalStyle>, };

export type PlayerStyle = { colour: string, name: string, mark: "circle" | "square" | "triangle" | "diamond" | "cross", };

/**
 * A point in cell units.
 */
export type Point = { 
/**
 * East.
 */
x: number, 
/**
 * South.
 */
y: number, };

/**
 * A tile as drawn, in any rotation: the picture in two layers, where
 * meeples stand and the outline of each segment.
 *
 * ```
 * use carcassonne_safari::svg::TileArt;
 * use carcassonne_safari::view::TileView;
 * use carcassonne_safari::{Design, MeepleTarget};
 * let design = Design::all().find(|d| d.kind().baobab).unwrap();
 * let art = TileArt::new(&TileView::unplaced(design));
 * assert!(art.ground.contains("class=\"baobab\""));
 * assert!(art.spots.iter().any(|(t, _)| *t == MeepleTarget::Baobab));
 * ```
 */
export type TileArt = { 
/**
 * Savanna, bush, trails, trail ends and the baobab: SVG elements in cell units.
 */
ground: string, 
/**
 * Animal badges and birds, drawn above the ground (and above any
 * highlight a UI draws on the ground).
 */
items: string, 
/**
 * Where a meeple stands on each segment, in segment order, then on the
 * baobab: the spots a UI offers for `meeple`.
 */
spots: Array<[MeepleTarget, Point]>, 
/**
 * The SVG path data of each segment's shape, in segment order: a trail's
 * centre line, a bush's area.
 */
outlines: Array<string>, 
/**
 * The centres of the badges and birds, in drawing order.
 */
badges: Array<Point>, };

// ---- This module ----

/**
 * A move about as good as the hint's (within [`CLOSE`]).
 */
export type Alternative = { 
/**
 * The move, in the engine's notation.
 */
move: string, 
/**
 * What it leads to.
 */
outcome: Outcome, 
/**
 * How many points of the judge's value it is behind the hint's move.
 */
behind: number, };

/**
 * What a bot decided.
 */
export type BotChoice = { 
/**
 * The move, in the engine's notation.
 */
move: string, 
/**
 * Search iterations run for this decision (0 for bots that do not
 * search).
 */
iterations: number, 
/**
 * Visits the search's root had from the tree kept since the bot's
 * earlier decisions (0 for a new bot and for bots that do not search).
 */
reused: number, };

/**
 * A bot strength the page offers.
 */
export type BotLevel = { 
/**
 * Its identifier in seat options (`greedy`, `mcts-quick`, ...).
 */
id: string, 
/**
 * Its name in the page.
 */
label: string, 
/**
 * The bots crate's specification (`from_spec`), iteration budgets only:
 * WebAssembly in a browser has no clock and no threads for the bots.
 */
spec: string, 
/**
 * One line on how it plays.
 */
about: string, 
/**
 * Its rating in the bots crate's ladder (Elo, the random bot at 0;
 * `bots/README.md`, "The ladder"): the levels are ordered and named by it.
 */
rating: number, };

/**
 * The options of a new game: its seed and seats.
 */
export type GameOptions = { seed: number, seats: Array<SeatOption>, };

/**
 * The advisor's move for one decision, with its outcome.
 */
export type Hint = { 
/**
 * The step of the decision (moves played before it).
 */
step: number, 
/**
 * The seat deciding.
 */
seat: number, 
/**
 * The advisor's move, in the engine's notation.
 */
move: string, 
/**
 * What that move leads to.
 */
outcome: Outcome, 
/**
 * The next best moves within [`CLOSE`] of it (two at most), the best
 * first.
 */
alternatives: Array<Alternative>, };

/**
 * The advisor's opinion of one decision of a game.
 */
export type Judgement = { 
/**
 * The step of the decision.
 */
step: number, 
/**
 * The seat that decided.
 */
seat: number, 
/**
 * The move played, in notation.
 */
played: string, 
/**
 * The advisor's move, in notation.
 */
best: string, 
/**
 * Every seat's expected final score before the decision.
 */
before: Array<number>, 
/**
 * Every seat's chance to win before the decision, in 0..=1.
 */
win: Array<number>, 
/**
 * What the draws since the seat's previous decision in the review (or
 * since the start) gave or took from each seat, in expected points of
 * margin ([`analysis::Luck`]); zeros for a decision judged alone.
 */
luck: Array<number>, 
/**
 * What the move played leads to.
 */
played_outcome: Outcome, 
/**
 * What the advisor's move leads to.
 */
best_outcome: Outcome, 
/**
 * Expected points the mover gave away: the judge's value of its own
 * move less its value of the move played (the mover's expected margin
 * after the next player's reply), at least 0, and 0 when they are the
 * same move.
 */
loss: number, 
/**
 * Whether the move played is the advisor's, or within the judge's
 * noise of it ([`analysis::Judgement::NOISE`], a point of expected
 * margin): the judge cannot tell them apart.
 */
agrees: boolean, };

/**
 * What a move leads to by the end of its turn.
 */
export type Outcome = { 
/**
 * Points each seat scores from the move to the end of its turn.
 */
points: Array<number>, 
/**
 * Each seat's expected final score at the end of the turn.
 */
expected: Array<number>, 
/**
 * Each seat's chance to win (a share of it for a tie), at the end of
 * the turn, in 0..=1.
 */
win: Array<number>, 
/**
 * The mover's expected final score minus the best other seat's.
 */
margin: number, 
/**
 * The events of the move and of the rest of its turn (the rest played
 * by the one-ply look-ahead).
 */
events: Array<Event>, 
/**
 * Why the move is worth what it is, beside the points its events
 * score.
 */
reasons: Array<Reason>, };

/**
 * Why a move is worth what it is, beside the points its turn scores
 * ([`analysis::Reason`]).
 */
export type Reason = { "type": "claim", 
/**
 * Where the meeple stands.
 */
spot: MeepleSpot, 
/**
 * The kind of its feature (`null` on a baobab or a watering hole).
 */
kind: FeatureKind | null, 
/**
 * The chance, in 0..=1.
 */
chance: number, } | { "type": "keep", 
/**
 * The meeples in the mover's supply.
 */
meeples: number, 
/**
 * The free spot likeliest to complete.
 */
spot: MeepleSpot, 
/**
 * The kind of its feature (`null` on a baobab).
 */
kind: FeatureKind | null, 
/**
 * Its chance to complete, in 0..=1.
 */
chance: number, } | { "type": "ranger", 
/**
 * The next seat to place a tile.
 */
seat: number, 
/**
 * Its expected ranger points before the move.
 */
before: number, 
/**
 * Its expected ranger points after the turn.
 */
after: number, };

/**
 * A seat of a new game: `"human"`, a bot level id or a bots-crate spec,
 * alone or with a name.
 */
export type SeatOption = string | { kind: string, name?: string, };

// ---- The game server's protocol (carcassonne_safari_server::game::protocol; docs/protocol.md) ----

/**
 * A message from a client.
 */
export type ClientMessage = { "type": "hello", 
/**
 * [`PROTOCOL_VERSION`].
 */
protocol: number, 
/**
 * The seat's secret token, from its invite link; absent to watch.
 */
token?: Secret | null, 
/**
 * Whether `state` and `update` messages carry the engine's
 * [`GameView`](carcassonne_safari::view::GameView) (default `true`); clients that run the engine
 * themselves may say `false` and read the moves only.
 */
views?: boolean, } | { "type": "move", 
/**
 * The sequence number the move is meant for: the game's `seq` when
 * the client chose it. Any other number is refused as `stale`, so a
 * move is never applied twice nor to a position its player did not
 * see.
 */
seq: number, 
/**
 * The move, in the engine's notation (`place 1,0 90`).
 */
move: string, 
/**
 * Any JSON number the client likes (negative, fractional, large),
 * echoed in an error about this move.
 */
ref?: number | null, } | { "type": "sync" } | { "type": "rematch" } | { "type": "takeback", 
/**
 * The game's `seq` when the player asked: any other number is
 * refused as `stale`, so a take-back never undoes a move its player
 * did not see as the last one.
 */
seq: number, } | { "type": "takeback_answer", 
/**
 * The `seq` of the take-back answered (the `seq` in its `takeback`
 * message): an answer to any other request is refused.
 */
seq: number, 
/**
 * `true` accepts, `false` declines.
 */
accept: boolean, } | { "type": "ping", 
/**
 * Any JSON number, echoed in the `pong`.
 */
t?: number | null, };

/**
 * Why a message was refused: every refusal is answered with an `error`
 * message carrying one of these codes, and changes nothing.
 */
export type ErrorCode = "bad_json" | "unknown_type" | "bad_message" | "too_large" | "protocol_version" | "hello_first" | "already_greeted" | "unauthorized" | "spectator" | "not_your_turn" | "seat_is_bot" | "game_over" | "not_over" | "nothing_to_take_back" | "takeback_pending" | "no_takeback" | "not_asked" | "stale" | "bad_move" | "illegal_move" | "rate_limited" | "internal";

/**
 * `error`: a refusal; the connection stays usable (but after
 * `rate_limited`).
 */
export type ErrorMessage = { 
/**
 * What kind of refusal.
 */
code: ErrorCode, 
/**
 * What was wrong, for people.
 */
message: string, 
/**
 * The game's `seq`, with `stale`.
 */
seq?: number | null, 
/**
 * The `ref` of the move refused, when it had one.
 */
ref?: number | null, };

/**
 * A game's card, as the lobby lists it and `GET /api/games/GAME` answers:
 * its seats, status and scores, everything but the board. (Not a score
 * summary: the engine's `ScoreSummary` is where a game's points came from.)
 */
export type GameCard = { 
/**
 * The game's id, as in its links and in `GET /api/games/{id}`.
 */
game: string, 
/**
 * Open, playing or over.
 */
status: Status, 
/**
 * Moves and take-backs stored (the next move's `seq`).
 */
seq: number, 
/**
 * The number of seats (2 to 5).
 */
players: number, 
/**
 * Every seat in seat order: its name, its bot, whether it was taken.
 */
seats: Array<SeatInfo>, 
/**
 * The scores, in seat order.
 */
scores: Array<number>, 
/**
 * Who decides now (`"chance"` or a seat); `None` once over.
 */
to_move: Actor | null, 
/**
 * The options the game was created with (absent ones are the
 * rulebook's).
 */
rules: Rules, 
/**
 * Whether the game is in the lobby's list.
 */
listed: boolean, 
/**
 * Seconds before an idle person's seat goes to a bot (0: never).
 */
idle_secs: number, 
/**
 * The bot that takes an idle seat.
 */
idle_bot: string, 
/**
 * When it was created (ms since 1970).
 */
created_ms: number, };

/**
 * How a seat came to be played by a bot.
 */
export type Handed = "host" | "idle";

/**
 * The limits in `welcome`.
 */
export type Limits = { 
/**
 * The largest message taken, in bytes.
 */
max_message_bytes: number, 
/**
 * Messages per second on average.
 */
rate_limit: number, 
/**
 * Messages at once above the rate.
 */
rate_burst: number, 
/**
 * Seconds between the server's pings.
 */
heartbeat_secs: number, };

/**
 * `presence`: a seat's first connection to this server opened or its last
 * one closed.
 */
export type PresenceMessage = { 
/**
 * The id of the game the message is about (as in its links).
 */
game: string, 
/**
 * Per seat, whether a connection to this server plays it now.
 */
connected: Array<boolean>, };

/**
 * `rematch`: a seat's person asked for a rematch or agreed to one, or the
 * rematch was created.
 */
export type RematchMessage = { 
/**
 * The id of the game the message is about (as in its links).
 */
game: string, 
/**
 * Per seat, whether its person asked for a rematch (or agreed to one).
 */
asked: Array<boolean>, 
/**
 * The new game once every person asked; `None` before.
 */
next: string | null, };

/**
 * A finished game's rematch, in `state` and `rematch`.
 */
export type RematchState = { 
/**
 * Per seat, whether its person asked for a rematch (or agreed to one).
 */
asked: Array<boolean>, 
/**
 * The new game once every person asked; `None` before.
 */
next: string | null, };

/**
 * Who a connection is, in `welcome`.
 */
export type Role = "player" | "spectator";

/**
 * The rule options a game was created with (the engine's [`Setup`] less the
 * fixed draws, which would put future chance outcomes in the database).
 */
export type Rules = { 
/**
 * [`Setup::baobab_tokens_boost`] (default `true`).
 */
baobab_tokens_boost?: boolean | null, 
/**
 * [`Setup::rangers`]: the rangers' start cells (default (0,-1) and (0,1)).
 */
rangers?: [Pos, Pos] | null, };

/**
 * A seat as everyone may see it.
 */
export type SeatInfo = { 
/**
 * The seat (0-based; the engine's `PlayerId`).
 */
seat: number, 
/**
 * The name shown.
 */
name: string, 
/**
 * The bot's specification while a bot plays the seat.
 */
bot: string | null, 
/**
 * Why a bot plays a person's seat; `None` for a seat created for a bot
 * and for a person's seat.
 */
handed: Handed | null, 
/**
 * Whether a person has taken the seat (always `true` for a bot's seat).
 */
claimed: boolean, };

/**
 * `seats`: a seat changed hands (taken, handed to a bot, taken back).
 */
export type SeatsMessage = { 
/**
 * The id of the game the message is about (as in its links).
 */
game: string, 
/**
 * Every seat in seat order, as it is after the change.
 */
seats: Array<SeatInfo>, };

/**
 * A secret as a client sends it: its `Debug` form hides it.
 */
export type Secret = string;

/**
 * A message from the server, tagged with its `type`, for serialising.
 */
export type ServerMessage = { "type": "welcome" } & Welcome | { "type": "state" } & StateMessage | { "type": "update" } & UpdateMessage | { "type": "seats" } & SeatsMessage | { "type": "presence" } & PresenceMessage | { "type": "rematch" } & RematchMessage | { "type": "takeback" } & TakebackMessage | { "type": "error" } & ErrorMessage | { "type": "pong", 
/**
 * The ping's `t`.
 */
t?: number, };

/**
 * `state`: everything about a game, sent after `welcome`, on `sync`, and to
 * a client that fell behind.
 */
export type StateMessage = { 
/**
 * The id of the game the message is about (as in its links).
 */
game: string, 
/**
 * Moves and take-backs stored so far (the record's length plus twice
 * the take-backs); the next move's `seq`.
 */
seq: number, 
/**
 * Open, playing or over.
 */
status: Status, 
/**
 * Every seat in seat order: its name, its bot, whether it was taken.
 */
seats: Array<SeatInfo>, 
/**
 * Per seat, whether a connection to this server plays it now.
 */
connected: Array<boolean>, 
/**
 * The rematch: who asked for it, and the new game once created.
 */
rematch: RematchState, 
/**
 * The take-back waiting for its answers, if any.
 */
takeback: TakebackState | null, 
/**
 * The game so far: setup, moves (chance outcomes included) and seats.
 */
record: GameRecord, 
/**
 * The position after the last move, with its legal moves grouped
 * (absent when the client said `views: false`).
 */
view?: GameView, };

/**
 * Where a game stands, for lobbies and headers.
 */
export type Status = "open" | "playing" | "over";

/**
 * `takeback`: a take-back was asked for, agreed to, declined, done or
 * dropped.
 */
export type TakebackMessage = { 
/**
 * The id of the game the message is about (as in its links).
 */
game: string, 
/**
 * What became of it.
 */
outcome: TakebackOutcome, 
/**
 * The seat that declined, with [`TakebackOutcome::Declined`].
 */
by?: number, 
/**
 * The seat that asked to take back its last move.
 */
seat: number, 
/**
 * The game's `seq` when it asked (the `seq` an answer names).
 */
seq: number, 
/**
 * The move to be taken back, in the engine's notation.
 */
move: string, 
/**
 * Per seat, whether it agreed (the asking seat's flag is set).
 */
agreed: Array<boolean>, 
/**
 * Per seat, whether its answer is needed: the other people's seats
 * that were taken and that no bot plays now.
 */
needed: Array<boolean>, };

/**
 * What became of a take-back, in `takeback`.
 */
export type TakebackOutcome = "asked" | "accepted" | "declined" | "cancelled" | "expired";

/**
 * A take-back asked for, in `state` and `takeback`.
 */
export type TakebackState = { 
/**
 * The seat that asked to take back its last move.
 */
seat: number, 
/**
 * The game's `seq` when it asked (the `seq` an answer names).
 */
seq: number, 
/**
 * The move to be taken back, in the engine's notation.
 */
move: string, 
/**
 * Per seat, whether it agreed (the asking seat's flag is set).
 */
agreed: Array<boolean>, 
/**
 * Per seat, whether its answer is needed: the other people's seats
 * that were taken and that no bot plays now.
 */
needed: Array<boolean>, };

/**
 * `update`: moves were played (a player's move and the chance draws that
 * followed it, in one commit).
 */
export type UpdateMessage = { 
/**
 * The id of the game the message is about (as in its links).
 */
game: string, 
/**
 * The `seq` before these moves: a client whose `seq` is not this missed
 * something and sends `sync`.
 */
from: number, 
/**
 * The `seq` after them.
 */
seq: number, 
/**
 * Open, playing or over.
 */
status: Status, 
/**
 * The moves with who made them and what they did, from step `from`.
 */
entries: Array<LogEntry>, 
/**
 * The position after them (absent when the client said `views: false`).
 */
view?: GameView, };

/**
 * `welcome`: the answer to `hello`.
 */
export type Welcome = { 
/**
 * [`PROTOCOL_VERSION`](crate::PROTOCOL_VERSION).
 */
protocol: number, 
/**
 * The id of the game the connection opened (as in its links).
 */
game: string, 
/**
 * The seat this connection plays, `None` when it watches.
 */
seat: number | null, 
/**
 * Player or spectator.
 */
role: Role, 
/**
 * The server's limits that a client must respect.
 */
limits: Limits, };

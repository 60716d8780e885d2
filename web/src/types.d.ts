// ---- The engine's wire format (carcassonne_safari::view with serde; docs/views.md, format 1) ----

/** A cell: x east, y south. */
export interface Pos { x: number; y: number }
/** Degrees clockwise. */
export type Rotation = 0 | 90 | 180 | 270;
export type Side = "n" | "e" | "s" | "w";
export type Corner = "ne" | "se" | "sw" | "nw";
/** An animal: its notation letter (monkey, elephant, giraffe, lion, zebra). */
export type Animal = "M" | "E" | "G" | "L" | "Z";
/** Animal letters in notation order, repeated as counted ("EGG"); "" for none. */
export type AnimalCounts = string;
/** A design in notation: the kind and the animals of its segments ("CS26:E,G"). */
export type Design = string;
/** A move in the engine's notation ("place 2,-1 90", "meeple baobab", "pass"). */
export type Move = string;
/** A seat, 0 to 4. */
export type PlayerId = number;
/** Who decides: chance or a seat. */
export type Actor = "chance" | PlayerId;
/** A segment number, or the baobab. */
export type MeepleTarget = number | "baobab";
export type FeatureKind = "trail" | "bush";
export type Edge = "savanna" | "trail" | "bush";
export type MoveKind =
  | "draw" | "token" | "place" | "meeple" | "ranger" | "dig" | "expand" | "pass" | "boost" | "noboost" | "return";
export type ScoreCategory =
  | "trails" | "bushes" | "rangers" | "watering_holes" | "final_trails" | "final_bushes" | "final_tokens";

export type Phase =
  | { type: "draw_token"; player: PlayerId }
  | { type: "draw_tile" }
  | { type: "place"; design: Design }
  | { type: "action" }
  | { type: "boost"; player: PlayerId }
  | { type: "return" }
  | { type: "game_over" };

export interface SegmentView {
  index: number; kind: FeatureKind;
  /** Board sides it touches (already turned). */
  sides: Side[]; corners: Corner[]; animals: AnimalCounts; birds: number;
}
export interface TileView {
  pos: Pos; design: Design; kind: string; rotation: Rotation;
  /** Edges on the board sides N, E, S, W. */
  edges: [Edge, Edge, Edge, Edge];
  baobab: boolean; start: boolean; segments: SegmentView[];
}
export type MeepleSpot =
  | { type: "segment"; pos: Pos; seg: number }
  | { type: "baobab"; pos: Pos }
  | { type: "hole"; pos: Pos; corner: Corner };
export interface MeepleView { player: PlayerId; spot: MeepleSpot }
export interface FeatureId { pos: Pos; seg: number }
export interface SegmentRef { pos: Pos; seg: number }
export interface Feature {
  id: FeatureId; kind: FeatureKind; segments: SegmentRef[]; animals: AnimalCounts; species: number;
  birds: number; meeples: number[]; majority: PlayerId[]; open_ends: number; complete: boolean;
}
export interface HoleToken { pos: Pos; corner: Corner; animal: Animal; meeple: PlayerId | null }
export interface WaterHole { vertex: Pos; tokens: HoleToken[]; owners: PlayerId[]; complete: boolean }
export interface PlayerView { seat: PlayerId; score: number; meeples: number; hand: AnimalCounts }
export interface PileEntry { design: Design; count: number }

export interface PlacementChoice { pos: Pos; rotations: Rotation[]; displaces_ranger: boolean; points: number }
export interface MeepleChoice { target: MeepleTarget; feature: FeatureId | null }
export interface RangerChoice { from: Pos; to: Pos[] }
export interface HoleChoice {
  pos: Pos; corner: Corner; kind: "dig" | "expand"; animals: AnimalCounts; points: number; completes: boolean;
}
export interface BoostChoice { animal: Animal; points: number }
export interface OutcomeChoice { outcome: Move; weight: number }
/** The legal moves of the decision, grouped; only the current phase's groups are filled. */
export interface LegalMoves {
  placements: PlacementChoice[]; meeples: MeepleChoice[]; rangers: RangerChoice[]; holes: HoleChoice[];
  pass: boolean; boosts: BoostChoice[]; no_boost: boolean; returns: Pos[]; outcomes: OutcomeChoice[];
}

/** Everything a UI shows of a position. */
export interface GameView {
  format: number; players: PlayerView[]; phase: Phase; to_move: Actor | null; turn: number;
  turn_player: PlayerId | null; leaders: PlayerId[]; tiles: TileView[]; frontier: Pos[]; placed: Pos | null;
  rangers: Pos[]; meeples: MeepleView[]; water_holes: WaterHole[]; features: Feature[]; scoring: Feature | null;
  tiles_left: number; tiles_removed: number; pile: PileEntry[]; supply: AnimalCounts; discard: AnimalCounts;
  legal: LegalMoves;
}

export type ScoreReason =
  | { type: "ranger" }
  | { type: "dig" }
  | { type: "expand"; nth: number }
  | { type: "hole_completed" }
  | { type: "feature"; kind: FeatureKind; species: number; boost: Animal | null; table: number; birds: number }
  | { type: "final_feature"; kind: FeatureKind; animals: number; birds: number }
  | { type: "final_tokens"; tokens: number };

export type Event =
  | { type: "token_drawn"; player: PlayerId; animal: Animal }
  | { type: "supply_reshuffled"; tokens: number }
  | { type: "tile_drawn"; player: PlayerId; design: Design }
  | { type: "tile_removed"; design: Design }
  | { type: "tile_placed"; player: PlayerId; design: Design; pos: Pos; rotation: Rotation }
  | { type: "ranger_displaced"; from: Pos }
  | { type: "ranger_moved"; from: Pos; to: Pos }
  | { type: "ranger_returned"; to: Pos }
  | { type: "meeple_placed"; player: PlayerId; spot: MeepleSpot }
  | { type: "meeple_returned"; player: PlayerId; spot: MeepleSpot }
  | { type: "hole_dug"; player: PlayerId; pos: Pos; corner: Corner; animal: Animal }
  | { type: "hole_expanded"; player: PlayerId; pos: Pos; corner: Corner; animal: Animal; tokens: number }
  | { type: "hole_completed"; vertex: Pos }
  | { type: "baobab_completed"; pos: Pos; player: PlayerId }
  | { type: "feature_completed"; kind: FeatureKind; pos: Pos; seg: number; animals: AnimalCounts; birds: number }
  | { type: "boost_used"; player: PlayerId; animal: Animal }
  | { type: "scored"; player: PlayerId; points: number; reason: ScoreReason }
  | { type: "game_over"; winners: PlayerId[] }
  | { type: string; [field: string]: unknown };

/** One move of a game's log: its step, who made it, the move and its events. */
export interface LogEntry { step: number; actor: Actor; move: Move; events: Event[] }
export interface PlayerPoints { seat: PlayerId; total: number; by_category: Record<ScoreCategory, number> }
export interface FinalLine { player: PlayerId; points: number; reason: ScoreReason }
/** Where the points came from; `by_category` keyed by the categories' names. */
export interface ScoreSummary { players: PlayerPoints[]; final_scoring: FinalLine[] }
/** Who sat at a seat: a name, and the bot's specification (null for a person). */
export interface Seat { name: string; bot: string | null }

// ---- The engine's art (carcassonne_safari::svg), in cell units (a cell is 100 x 100) ----

export interface Point { x: number; y: number }
/** A tile's picture in two layers, where meeples stand, and each segment's outline (path data). */
export interface TileArt {
  ground: string; items: string; spots: [MeepleTarget, Point][]; outlines: string[]; badges: Point[];
}
/** A seat's colour, the colour's name and the seat's shape. */
export interface PlayerStyle { colour: string; name: string; mark: "circle" | "square" | "triangle" | "diamond" | "cross" }
export interface AnimalStyle { letter: Animal; name: string; colour: string }
/** The engine's palette; `selection` is a colour no player has. */
export interface Palette { players: PlayerStyle[]; selection: string; animals: AnimalStyle[] }

// ---- This module ----

/** A seat of a new game: "human", a bot level id or a bots-crate spec, alone or with a name. */
export type SeatOption = string | { kind: string; name?: string };
export interface GameOptions { seed: number; seats: SeatOption[] }
export interface BotLevel { id: string; label: string; spec: string; about: string; rating: number }
export interface BotChoice { move: Move; iterations: number; reused: number }
/** What a move leads to by the end of its turn: points scored by each seat, each seat's expected final score, the mover's expected margin. */
export interface Outcome { points: number[]; expected: number[]; margin: number }
/** The advisor's move for a decision (`hint`). */
export interface Hint { step: number; seat: PlayerId; move: Move; outcome: Outcome }
/** The advisor's opinion of one decision of a game (`Reviewer.next`). */
export interface Judgement {
  step: number; seat: PlayerId; played: Move; best: Move; before: number[];
  played_outcome: Outcome; best_outcome: Outcome; loss: number;
}

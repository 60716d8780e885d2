"""Type stubs of the native module ``carcassonne_safari._engine`` (Rust)."""

from typing import Any, Dict, List, Literal, Optional, Sequence, Tuple, Union

import numpy as np

Cell = Tuple[int, int]
#: A move: its notation (``"place 2,-1 90"``) or an action id.
MoveLike = Union[str, int]
#: A value of the engine's wire format (``docs/views.md``): dicts, lists,
#: strings and numbers.
Wire = Any

__version__: str
#: ``to_move()`` at a chance node (the wire form of the engine's ``Actor``).
CHANCE: Literal["chance"]
#: The fewest seats in a game (the engine's ``rules::MIN_PLAYERS``).
MIN_PLAYERS: int
#: The most seats in a game (``rules::MAX_PLAYERS``).
MAX_PLAYERS: int
#: Land tiles in the game, the start tile not counted (``rules::LAND_TILES``).
LAND_TILES: int
#: Tokens dealt to each player at the start (``rules::STARTING_TOKENS``).
STARTING_TOKENS: int
#: Tokens drawn for a meeple put on a baobab, and again when that baobab is
#: completed (``rules::BAOBAB_TOKENS``).
BAOBAB_TOKENS: int
#: The most segments (trails and bushes) on one tile (``tiles::MAX_SEGMENTS``).
MAX_SEGMENTS: int
#: The cells round a baobab that complete it (``Pos::ring``).
BAOBAB_RING: int
#: The largest observation radius: the distance from the start tile within
#: which tiles and their empty neighbours lie (``encoding::FRONTIER_RADIUS``).
FRONTIER_RADIUS: int

class IllegalMoveError(ValueError):
    """An illegal move or an id naming no move; the state is unchanged."""

    move: Optional[str]
    reason: str

class SetupError(ValueError):
    """A setup the game cannot start from."""

class RecordError(ValueError):
    """A game record that does not load or replay."""

    step: Optional[int]

class NotationError(ValueError):
    """Text that is not valid notation."""

class Setup:
    """How a game starts (players 2..5, rangers, hands, tile order)."""

    def __init__(
        self,
        players: int = 2,
        rangers: Optional[Sequence[Cell]] = None,
        hands: Optional[Sequence[Union[str, Sequence[str]]]] = None,
        tile_order: Optional[Sequence[str]] = None,
        baobab_tokens_boost: bool = True,
    ) -> None: ...
    @property
    def players(self) -> int:
        """Number of players."""
    @property
    def rangers(self) -> Optional[List[Cell]]:
        """The rangers' start cells, or None for the default."""
    @property
    def hands(self) -> Optional[List[str]]:
        """Fixed starting hands as strings of animal letters, or None."""
    @property
    def tile_order(self) -> List[str]:
        """The fixed first land tiles (design notation)."""
    @property
    def baobab_tokens_boost(self) -> bool:
        """Whether baobab tokens may boost in the same scoring step."""
    def to_json(self) -> str:
        """The setup as JSON."""
    @staticmethod
    def from_json(text: str) -> "Setup":
        """A setup from its JSON."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class GameState:
    """An immutable position; ``apply``/``play`` return new states."""

    def __init__(self, setup: Union[Setup, int, None] = None) -> None: ...
    @staticmethod
    def from_json(text: str) -> "GameState":
        """The state reached by replaying a game record's JSON."""
    def setup(self) -> Setup:
        """The setup the game started from."""
    def players(self) -> int:
        """Number of players."""
    def to_move(self) -> Union[int, Literal["chance"], None]:
        """The seat to move, ``CHANCE`` at a chance node, None once over."""
    def turn_player(self) -> Optional[int]:
        """The seat whose turn is under way (None during the deal and once over)."""
    def turn(self) -> int:
        """The current turn's number, from 0."""
    def is_chance_node(self) -> bool:
        """Whether the decision is a tile or token draw."""
    def is_over(self) -> bool:
        """Whether the game is over."""
    def phase(self) -> Dict[str, Any]:
        """The decision in the wire format: ``{"type": name, ...}``."""
    def view(self) -> Dict[str, Any]:
        """The engine's ``GameView`` in the wire format."""
    def legal(self) -> Dict[str, Any]:
        """The engine's ``LegalMoves`` (the legal moves grouped) in the wire format."""
    def legal_moves(self) -> List[str]:
        """The legal moves as notation, in the engine's order."""
    def legal_action_ids(self) -> List[int]:
        """The legal moves' action ids, ascending."""
    def _legal_action_id_bytes(self) -> bytes: ...
    def legal_action_mask(self) -> np.ndarray:
        """An ``int8`` mask over the current id space."""
    def is_legal(self, move: MoveLike) -> bool:
        """Whether a move is legal now."""
    def apply(self, move: MoveLike) -> Tuple["GameState", List[Dict[str, Any]]]:
        """The next state and the events in the wire format."""
    def play(self, move: MoveLike) -> "GameState":
        """The next state, without the events."""
    def action_id(self, move: str) -> int:
        """The action id of a move here."""
    def action_move(self, action: int) -> str:
        """The move (notation) of an action id here."""
    def chance_outcomes(self) -> List[Tuple[str, float]]:
        """Chance outcomes with their probabilities."""
    def chance_weights(self) -> List[Tuple[str, int]]:
        """Chance outcomes with their integer weights."""
    def chance_action_outcomes(self) -> List[Tuple[int, float]]:
        """Chance outcome ids with their probabilities, ascending."""
    def sample_chance(self, seed: int) -> Optional[str]:
        """A chance outcome drawn by a generator seeded with ``seed``."""
    def sample_chance_id(self, seed: int) -> Optional[int]:
        """The chance outcome id ``sample_chance`` would draw with ``seed``."""
    def scores(self) -> List[int]:
        """Every seat's score."""
    def leaders(self) -> List[int]:
        """The seats with the highest score."""
    def hand(self, player: int) -> Dict[str, int]:
        """A seat's tokens by animal letter."""
    def meeples_in_supply(self, player: int) -> int:
        """Meeples in a seat's supply."""
    def token_supply(self) -> Dict[str, int]:
        """Tokens in the supply by animal letter."""
    def token_discard(self) -> Dict[str, int]:
        """Tokens in the discard pile by animal letter."""
    def tiles_left(self) -> int:
        """Land tiles left in the pile."""
    def tiles_removed(self) -> int:
        """Land tiles removed as unplaceable."""
    def pile(self) -> List[Tuple[str, int]]:
        """Tiles left by design."""
    def tile_to_place(self) -> Optional[str]:
        """The tile to place, during a placement."""
    def placed_tile(self) -> Optional[Cell]:
        """The cell of the tile placed this turn."""
    def rangers(self) -> List[Optional[Cell]]:
        """The rangers' cells by ranger index (None when displaced)."""
    def tiles(self) -> List[Dict[str, Any]]:
        """Every tile (the engine's ``TileView`` in the wire format)."""
    def tile_at(self, x: int, y: int) -> Optional[Dict[str, Any]]:
        """The tile at a cell."""
    def frontier(self) -> List[Cell]:
        """Empty cells next to a tile."""
    def meeples(self) -> List[Dict[str, Any]]:
        """Every meeple: ``player`` and ``spot``."""
    def water_tokens(self) -> List[Dict[str, Any]]:
        """Every watering-hole token: ``pos``, ``corner``, ``animal``."""
    def water_holes(self) -> List[Dict[str, Any]]:
        """Every watering hole in the wire format."""
    def features(self) -> List[Dict[str, Any]]:
        """Every trail and bush."""
    def feature(self, x: int, y: int, seg: int) -> Optional[Dict[str, Any]]:
        """The feature of a segment of a tile."""
    def scoring_feature(self) -> Optional[Dict[str, Any]]:
        """The feature being scored during a boost decision."""
    def moves(self) -> List[str]:
        """The moves played from the setup."""
    def move_number(self) -> int:
        """Number of moves played."""
    def record(self) -> "GameRecord":
        """The game so far as a record."""
    def to_json(self) -> str:
        """The game record as JSON."""
    def render_svg(self) -> str:
        """An SVG picture of the position."""
    def board_text(self) -> str:
        """A text picture of the position."""
    def compact_id(self, mv: str, window: int = 32) -> int:
        """The compact action id of a player's move here."""
    def compact_move(self, action: int, window: int = 32) -> str:
        """The move (notation) of a compact action id here."""
    def compact_legal_ids(self, window: int = 32) -> List[int]:
        """The compact ids of the legal moves, in the order of ``legal_moves()``."""
    def compact_window(self, window: int = 32) -> Tuple[int, int]:
        """The window's origin ``(x0, y0)``."""
    def _compact_buffers(self, player: int, window: int) -> Tuple[bytes, bytes, bytes]: ...
    def _observation_buffers(self, player: int, radius: int) -> Tuple[bytes, bytes]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> "GameState": ...
    def __deepcopy__(self, memo: Any) -> "GameState": ...

class GameRecord:
    """A game as its setup and moves, with JSON load and save."""

    def __init__(self, setup: Setup, moves: Sequence[str] = ...) -> None: ...
    @staticmethod
    def from_json(text: str) -> "GameRecord":
        """A record from JSON."""
    def to_json(self, indent: Optional[int] = None) -> str:
        """The record as JSON."""
    @property
    def setup(self) -> Setup:
        """The setup."""
    @property
    def moves(self) -> List[str]:
        """The moves as notation."""
    @property
    def seats(self) -> List[Dict[str, Any]]:
        """Who sat at each seat: ``{"name", "bot"}`` (empty when not recorded)."""
    def with_seats(self, seats: Sequence[Union[str, Dict[str, Any]]]) -> "GameRecord":
        """The record with who sat at each seat."""
    def replay(self) -> Tuple[GameState, List[Dict[str, Any]]]:
        """The final state and all events (wire format)."""
    def score_summary(self) -> Dict[str, Any]:
        """The engine's ``ScoreSummary`` in the wire format."""
    def entries(self) -> List[Dict[str, Any]]:
        """Every move with its step, actor and events (the engine's ``LogEntry``)."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

class Bot:
    """A bot of the bots crate (``greedy``, ``random``, ``mcts:it=200``, ...)."""

    def __init__(self, spec: str, seed: int = 0) -> None: ...
    @property
    def name(self) -> str:
        """The bot's short name."""
    @property
    def spec(self) -> str:
        """The specification it was built from."""
    def choose(self, state: GameState) -> str:
        """The bot's move for the player to move."""

class VecEnv:
    """``num_envs`` games stepped together in Rust (see ``carcassonne_safari.vector``)."""

    def __init__(
        self,
        num_envs: int,
        players: int = 2,
        opponents: Optional[Sequence[str]] = ("random",),
        window: int = 32,
        reward: str = "win",
        paired: bool = False,
        seed: int = 0,
        threads: Optional[int] = None,
    ) -> None: ...
    def reset(self, seed: Optional[Union[int, Sequence[int]]] = None) -> None:
        """Starts every game over (one seed, or one per game)."""
    def step(self, actions: np.ndarray) -> None:
        """Plays one compact action id per game."""
    def sample_actions(self, seed: Optional[int] = None) -> np.ndarray:
        """A uniform random legal compact action per game."""
    def states(self) -> List[GameState]:
        """The games under way."""
    def action_move(self, env: int, action: int) -> str:
        """The move (notation) of a compact id in game ``env``."""
    def window_origins(self) -> List[Tuple[int, int]]:
        """Each game's window origin."""
    num_envs: int
    players: int
    window: int
    num_actions: int
    opponents: Optional[List[str]]
    threads: int
    board: np.ndarray
    scalars: np.ndarray
    masks: np.ndarray
    rewards: np.ndarray
    seat_rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    seats: np.ndarray
    final_board: np.ndarray
    final_scalars: np.ndarray
    final_seat_board: np.ndarray
    final_seat_scalars: np.ndarray
    final_shares: np.ndarray
    final_scores: np.ndarray
    final_seats: np.ndarray

def event_text(event: Dict[str, Any]) -> str:
    """The engine's English for an event in the wire format."""

def final_rewards(scores: Sequence[int], mode: str = "win") -> List[float]:
    """Each player's final reward."""

def compact_plane_names() -> List[str]:
    """The compact encoding's spatial action planes."""

def compact_flat_names() -> List[str]:
    """The compact encoding's flat actions (notation)."""

def compact_geometry() -> List[Tuple[str, int]]:
    """The compact encoding's window sides (default, min, max)."""

def num_distinct_actions() -> int:
    """Number of player action ids."""

def num_chance_outcomes() -> int:
    """Number of chance outcome ids."""

def action_id(move: str, state: GameState) -> int:
    """The id of a move in ``state``."""

def action_move(action: int, state: GameState) -> str:
    """The move of an id at the current decision of ``state``."""

def action_blocks() -> List[Tuple[str, int, int]]:
    """``(kind, first id, size)`` of each player move kind."""

def chance_designs() -> List[str]:
    """The land designs in the order of their chance ids."""

def encoding_geometry() -> List[Tuple[str, int]]:
    """Radii and cell counts of the encoding's diamonds."""

def cell_index(x: int, y: int, radius: int) -> Optional[int]:
    """The index of a cell in the diamond of a radius."""

def observation_plane_names() -> List[str]:
    """The names of the observation planes."""

def observation_scalar_names() -> List[str]:
    """The names of the observation scalars."""

def play_random_games(n: int, seed: int = 0, players: int = 2) -> Dict[str, Any]:
    """Plays ``n`` random games in Rust."""

def win_shares(scores: Sequence[int]) -> List[float]:
    """Each seat's share of the first place: 1/k to each of the k highest scores."""

def net_model_text() -> str:
    """The text of the ``net`` bot's model, as the bots crate compiles it in."""

def play_game(bots: Sequence[str], seed: int = 0, setup: Optional[Setup] = None) -> Dict[str, Any]:
    """Plays one game between bots in Rust."""

def hint(state: GameState, count: int = 3) -> List[Dict[str, Any]]:
    """The best moves of the player deciding, by the two-ply bot's values, with what each leads to."""

def review(record: GameRecord) -> Dict[str, Any]:
    """Every step of a recorded game judged: each decision's error, each draw's luck, each seat's totals."""

def arena(bots: Sequence[str], players: int, games: int, seed: int = 1, threads: int = 1) -> Dict[str, Any]:
    """Plays bots against each other on paired deals in Rust: each bot's win rate with its 95% interval."""

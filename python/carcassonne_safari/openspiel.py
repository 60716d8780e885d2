"""Carcassonne: Safari as an OpenSpiel game (needs ``open_spiel``).

Importing this module registers the game with ``pyspiel`` under the short
name ``python_carcassonne_safari``::

    import pyspiel
    import carcassonne_safari.openspiel  # registers the game
    game = pyspiel.load_game("python_carcassonne_safari", {"players": 3})

Parameters: ``players`` (2..5, default 2; another count raises the engine's
``SetupError``), ``utility`` (``"win"``, the default,
``"score_diff"`` or ``"score"``: see ``carcassonne_safari.rewards``) and
``radius`` (the observation window radius, default 15).

* Sequential, explicit stochastic chance (tile and token draws are chance
  nodes whose ``chance_outcomes()`` carry their probabilities), perfect
  information: every hand and the token supply's composition are public, and
  the hidden order of the tile pile is the chance. Terminal rewards only.
* Player actions are the package's player action ids
  (``num_distinct_actions()``), chance outcomes its chance outcome ids
  (``max_chance_outcomes()``): see ``carcassonne_safari.encoding``.
* ``observation_tensor`` and ``information_state_tensor`` are the same flat
  vector, ``carcassonne_safari.observation.observation_tensor`` (the board
  planes, then the scalars), seen by the requested player. The position is
  fully observed, so it is Markov; ``information_state_string`` is the move
  history (perfect recall), ``observation_string`` the text picture.
* ``serialize()`` / ``game.deserialize_state()`` use OpenSpiel's format for
  Python games (the history and the pickled state, which pickles as its JSON
  game record); ``state.to_json()`` gives the game record and
  ``game.state_from_record(json)`` rebuilds a state from one.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import pyspiel

from carcassonne_safari import _engine, rewards
from carcassonne_safari._engine import (
    BAOBAB_RING,
    BAOBAB_TOKENS,
    FRONTIER_RADIUS,
    LAND_TILES,
    MAX_PLAYERS,
    MAX_SEGMENTS,
    MIN_PLAYERS,
    STARTING_TOKENS,
    GameRecord,
    GameState,
    IllegalMoveError,
    Setup,
)
from carcassonne_safari.encoding import NUM_CHANCE_OUTCOMES, NUM_DISTINCT_ACTIONS
from carcassonne_safari.observation import (
    DEFAULT_RADIUS,
    NUM_PLANES,
    NUM_SCALARS,
    observation_shapes,
)

#: The short name the game is registered under.
SHORT_NAME = "python_carcassonne_safari"

#: Most player decisions in one game: per land tile a placement, an action,
#: a boost question per scoring player for each feature the tile completes
#: (one per segment at most), and a ranger return.
MAX_GAME_LENGTH = LAND_TILES * (1 + 1 + MAX_SEGMENTS * MAX_PLAYERS + 1)
#: Most chance nodes in one game: the starting deal, a draw per land tile, and
#: per turn the tokens for a baobab meeple and for each baobab the tile
#: completes (its own and those of its ring).
MAX_CHANCE_NODES = (
    STARTING_TOKENS * MAX_PLAYERS + LAND_TILES + LAND_TILES * (BAOBAB_TOKENS + BAOBAB_TOKENS * (1 + BAOBAB_RING))
)

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Carcassonne: Safari",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "utility": "win", "radius": DEFAULT_RADIUS},
)


def _game_info(players: int, utility: str) -> pyspiel.GameInfo:
    low, high = rewards.bounds(utility, players)
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_DISTINCT_ACTIONS,
        max_chance_outcomes=NUM_CHANCE_OUTCOMES,
        num_players=players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0 if utility != "score" else None,
        max_game_length=MAX_GAME_LENGTH,
    )


class CarcassonneSafariGame(pyspiel.Game):
    """The OpenSpiel game. ``params``: ``players``, ``utility``, ``radius``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        utility = rewards.check_mode(str(params.get("utility", "win")))
        radius = int(params.get("radius", DEFAULT_RADIUS))
        Setup(players)  # the engine's check: raises SetupError for a bad player count
        if not 0 <= radius <= FRONTIER_RADIUS:
            raise ValueError(f"observation radius {radius} is outside 0..{FRONTIER_RADIUS}")
        self.players = players
        self.utility = utility
        self.radius = radius
        game_type = GAME_TYPE
        if utility == "score":
            game_type = _general_sum_type()
        super().__init__(
            game_type,
            _game_info(players, utility),
            {"players": players, "utility": utility, "radius": radius},
        )

    def new_initial_state(self, *args: Any) -> "CarcassonneSafariState":
        """A fresh game (``Setup(players)``)."""
        return CarcassonneSafariState(self)

    def max_chance_nodes_in_history(self) -> int:
        """An upper bound on the chance nodes of one game."""
        return MAX_CHANCE_NODES

    def make_py_observer(
        self,
        iig_obs_type: Optional[pyspiel.IIGObservationType] = None,
        params: Optional[Dict[str, Any]] = None,
    ) -> "CarcassonneSafariObserver":
        """The observer behind the observation and information state tensors
        and strings (perfect recall gives the history as the string)."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CarcassonneSafariObserver(self.radius, perfect_recall, params)

    def state_from_record(self, record_json: str) -> "CarcassonneSafariState":
        """The state reached by a game record's JSON, replayed move by move
        through ``apply_action`` (so OpenSpiel's history matches). Raises
        ``RecordError`` for a record that does not load or replay, or whose
        setup is not this game's default setup."""
        record = GameRecord.from_json(record_json)
        if record.setup != Setup(self.players):
            raise _record_error(f"the record's setup is not the {self.players}-player default setup", None)
        state = self.new_initial_state()
        for step, move in enumerate(record.moves):
            try:
                state.game_state.play(move)  # the engine's check, with its reason
            except IllegalMoveError as err:
                raise _record_error(f"step {step}: {err}", step) from err
            state.apply_action(_engine.action_id(move, state.game_state))
        return state


def _record_error(message: str, step: Optional[int]) -> _engine.RecordError:
    err = _engine.RecordError(message)
    err.step = step
    return err


def _general_sum_type() -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Carcassonne: Safari",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=GAME_TYPE.parameter_specification,
    )


class CarcassonneSafariState(pyspiel.State):
    """An OpenSpiel state wrapping an immutable ``GameState`` (``game_state``)."""

    def __init__(self, game: CarcassonneSafariGame) -> None:
        super().__init__(game)
        self.game_state: GameState = GameState(Setup(game.players))
        self.utility: str = game.utility

    def current_player(self) -> int:
        """The seat to move, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``
        (OpenSpiel's convention; the package itself says ``to_move()``)."""
        player = self.game_state.to_move()
        if player is None:
            return pyspiel.PlayerId.TERMINAL
        if not isinstance(player, int):  # "chance"
            return pyspiel.PlayerId.CHANCE
        return player

    def _legal_actions(self, player: int) -> List[int]:
        """The legal player action ids, ascending."""
        return self.game_state.legal_action_ids()

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """The chance outcome ids with their probabilities, ascending by id."""
        return self.game_state.chance_action_outcomes()

    def _apply_action(self, action: int) -> None:
        """Plays an action id (a chance outcome id at a chance node)."""
        self.game_state = self.game_state.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The move's notation (``place 2,-1 90``); an id that names no move
        here is written ``action N``."""
        try:
            return _engine.action_move(int(action), self.game_state)
        except (IllegalMoveError, ValueError):
            return f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game_state.is_over()

    def returns(self) -> List[float]:
        """The final rewards (zeros before the end): see ``rewards``."""
        if not self.game_state.is_over():
            return [0.0] * self.game_state.players()
        return rewards.final_rewards(self.game_state.scores(), self.utility)

    def to_json(self) -> str:
        """The game so far as a JSON game record."""
        return self.game_state.to_json()

    def __str__(self) -> str:
        """The text picture of the position."""
        return self.game_state.board_text()


class CarcassonneSafariObserver:
    """The observer (OpenSpiel's ``PyObserver`` interface): ``tensor`` is the
    flat observation, ``dict`` its ``board`` and ``scalars`` views."""

    def __init__(self, radius: int, perfect_recall: bool, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.radius = radius
        self.perfect_recall = perfect_recall
        shapes = observation_shapes(radius)
        board_size = int(np.prod(shapes["board"]))
        self.tensor = np.zeros(board_size + NUM_SCALARS, np.float32)
        self.dict = {
            "board": self.tensor[:board_size].reshape(shapes["board"]),
            "scalars": self.tensor[board_size:],
        }
        assert self.dict["board"].shape[0] == NUM_PLANES

    def set_from(self, state: CarcassonneSafariState, player: int) -> None:
        """Fills ``tensor`` with ``state`` seen by ``player``."""
        planes, scalars = state.game_state._observation_buffers(player, self.radius)
        self.tensor[:] = np.frombuffer(planes + scalars, dtype="<f4")

    def string_from(self, state: CarcassonneSafariState, player: int) -> str:
        """The move history (perfect recall) or the text picture."""
        if self.perfect_recall:
            return "\n".join(state.game_state.moves())
        return state.game_state.board_text()


pyspiel.register_game(GAME_TYPE, CarcassonneSafariGame)

"""Carcassonne: Safari as a PettingZoo AEC environment (needs ``pettingzoo``
and ``gymnasium``).

>>> from carcassonne_safari import env
>>> e = env(players=3)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> action = e.action_space(e.agent_selection).sample(obs["action_mask"])
>>> e.step(action)

* Agents ``player_0`` .. ``player_{n-1}`` (seat order). Only players act: tile
  and token draws are resolved inside the environment by a generator seeded
  with ``reset(seed=...)`` (``None`` continues the current stream, or starts
  from fresh entropy the first time), so the same seed and actions replay the
  same game.
* Action space: ``Discrete(num_distinct_actions())``, the package's player
  action ids (``carcassonne_safari.encoding``).
* Observation space: ``Dict({"observation": Box(0, 1000, (size,), float32),
  "action_mask": Box(0, 1, (num_distinct_actions(),), int8)})``. The
  ``observation`` is ``carcassonne_safari.observation.observation_tensor`` for
  the observing agent's seat: the board planes (row-major), then the scalars,
  ``observation_size(radius)`` floats; reshape the first part with
  ``observation_shapes(radius)["board"]``. With ``flatten=False`` it is the dict
  of ``observe`` instead (``Dict({"board": Box, "scalars": Box})``). The mask
  has a 1 at each legal action of the agent to move (all zeros for the others).
* Rewards: 0 during the game, the final reward at the end (``reward="win"``,
  the default, ``"score_diff"`` or ``"score"``: see
  ``carcassonne_safari.rewards``). Every agent terminates when the game ends.
* ``max_cycles``: when given, the game is truncated for every agent after
  ``max_cycles * players`` player decisions (rewards stay 0).
* ``render()``: the text picture (``render_mode="ansi"``) or the SVG document
  (``render_mode="svg"``).
* An illegal action raises ``IllegalMoveError`` (a ``ValueError``) and leaves
  the environment unchanged.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from carcassonne_safari import rewards
from carcassonne_safari._engine import GameState, Setup
from carcassonne_safari.encoding import NUM_DISTINCT_ACTIONS, legal_action_mask
from carcassonne_safari.observation import (
    DEFAULT_RADIUS,
    observation_shapes,
    observation_size,
    observation_tensor,
    observe,
)

#: Bound of the observation boxes (every value is a count or flag in 0..bound).
OBSERVATION_BOUND = rewards.MAX_SCORE
#: What ``render()`` can return: the text picture or the SVG document.
RENDER_MODES = ("ansi", "svg")


class CarcassonneSafariEnv(AECEnv):
    """The AEC environment: ``CarcassonneSafariEnv(players=2, reward="win",
    render_mode=None, radius=15, max_cycles=None, flatten=True)``."""

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "carcassonne_safari_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        reward: str = "win",
        render_mode: Optional[str] = None,
        radius: int = DEFAULT_RADIUS,
        max_cycles: Optional[int] = None,
        flatten: bool = True,
    ) -> None:
        super().__init__()
        Setup(players)  # raises SetupError for a bad player count
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not one of {list(RENDER_MODES)}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.players = players
        self.reward_mode = rewards.check_mode(reward)
        self.render_mode = render_mode
        self.radius = radius
        self.max_cycles = max_cycles
        self.flatten = flatten
        self.possible_agents: List[str] = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        shapes = observation_shapes(radius)
        self._action_spaces = {a: spaces.Discrete(NUM_DISTINCT_ACTIONS) for a in self.possible_agents}
        view: spaces.Space
        if flatten:
            view = spaces.Box(0.0, OBSERVATION_BOUND, (observation_size(radius),), np.float32)
        else:
            view = spaces.Dict(
                {
                    "board": spaces.Box(0.0, OBSERVATION_BOUND, shapes["board"], np.float32),
                    "scalars": spaces.Box(0.0, OBSERVATION_BOUND, shapes["scalars"], np.float32),
                }
            )
        self._observation_spaces = {
            a: spaces.Dict({"observation": view, "action_mask": spaces.Box(0, 1, (NUM_DISTINCT_ACTIONS,), np.int8)})
            for a in self.possible_agents
        }
        self._rng: Optional[np.random.Generator] = None
        self.state: GameState = GameState(Setup(players))
        self._decisions = 0
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same object every call)."""
        return self._action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game; ``seed`` seeds the chance draws."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.state = GameState(Setup(self.players))
        self._resolve_chance()
        self._decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_move()

    def _resolve_chance(self) -> None:
        assert self._rng is not None
        while self.state.is_chance_node():
            outcome = self.state.sample_chance(int(self._rng.integers(0, 2**63)))
            assert outcome is not None, "a chance node has outcomes"
            self.state = self.state.play(outcome)

    def _agent_to_move(self) -> str:
        seat = self.state.to_move()
        if not isinstance(seat, int):  # over (chance is resolved inside)
            return self.agent_selection
        return self.possible_agents[seat]

    def observe(self, agent: str) -> Dict[str, Any]:
        """The observation of ``agent``: its view and, when it is to move, the
        mask of its legal actions."""
        seat = self.possible_agents.index(agent)
        if self.state.to_move() == seat:
            mask = legal_action_mask(self.state)
        else:
            mask = np.zeros(NUM_DISTINCT_ACTIONS, dtype=np.int8)
        if self.flatten:
            view: Any = observation_tensor(self.state, seat, self.radius)
        else:
            view = observe(self.state, seat, self.radius)
        return {"observation": view, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Plays ``action`` (a player action id) for the agent to move, then
        resolves the chance draws up to the next player decision."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, (str, bytes, bool, np.bool_)):
            raise TypeError(f"an action is a player action id (int), not {type(action).__name__}")
        self.state = self.state.play(action)  # raises IllegalMoveError, nothing changed
        self._resolve_chance()
        self._decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.state.is_over():
            final = rewards.final_rewards(self.state.scores(), self.reward_mode)
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] = final[seat]
                self.terminations[a] = True
                self.infos[a] = {"scores": self.state.scores(), "winners": self.state.leaders()}
        elif self.max_cycles is not None and self._decisions >= self.max_cycles * self.players:
            for a in self.agents:
                self.truncations[a] = True
        self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The text picture (``ansi``) or SVG document (``svg``) of the game."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'svg'")
            return None
        if self.render_mode == "svg":
            return self.state.render_svg()
        return self.state.board_text()

    def close(self) -> None:
        """Nothing to release."""


def raw_env(**kwargs: Any) -> CarcassonneSafariEnv:
    """The environment without wrappers."""
    return CarcassonneSafariEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment inside PettingZoo's ``OrderEnforcingWrapper`` (which
    refuses ``step`` before ``reset``)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))

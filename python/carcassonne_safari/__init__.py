"""Carcassonne: Safari for Python: the carcassonne-safari rules engine (Rust)
with a fixed action encoding and NumPy observations for reinforcement learning,
and adapters for OpenSpiel, PettingZoo and Ray.

The engine's API, one to one:

>>> from carcassonne_safari import GameState, Setup
>>> state = GameState(Setup(players=2))
>>> state.is_chance_node()            # the starting tokens are dealt first
True
>>> state, events = state.apply(state.sample_chance(seed=7))
>>> events[0]                         # the engine's wire format
{'type': 'token_drawn', 'player': 0, 'animal': 'L'}
>>> event_text(events[0])
'p0 draws a L token'

Modules: ``encoding`` (the exact action ids), ``compact`` (the compact action
ids for learning), ``observation`` (NumPy planes), ``rewards`` (final
rewards), ``vector`` (the vectorised Gymnasium environment), ``openspiel``
(``pyspiel`` game), ``pettingzoo_env`` (AEC environment, also as
``carcassonne_safari.env``), ``ray_helpers`` (self-play as Ray tasks). The
last four need their optional dependencies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne_safari._engine import (
    CHANCE,
    Bot,
    GameRecord,
    GameState,
    IllegalMoveError,
    NotationError,
    RecordError,
    Setup,
    SetupError,
    VecEnv,
    __version__,
    action_id,
    action_move,
    arena,
    event_text,
    hint,
    num_chance_outcomes,
    num_distinct_actions,
    play_game,
    play_random_games,
    review,
    win_shares,
)
from carcassonne_safari.encoding import action_kind, legal_action_mask
from carcassonne_safari.observation import observation_shapes, observe
from carcassonne_safari.rewards import REWARD_MODES, final_rewards

if TYPE_CHECKING:
    from carcassonne_safari.pettingzoo_env import CarcassonneSafariEnv

__all__ = [
    "CHANCE",
    "REWARD_MODES",
    "Bot",
    "GameRecord",
    "GameState",
    "IllegalMoveError",
    "NotationError",
    "RecordError",
    "Setup",
    "SetupError",
    "VecEnv",
    "__version__",
    "action_id",
    "action_kind",
    "action_move",
    "arena",
    "env",
    "event_text",
    "final_rewards",
    "hint",
    "legal_action_mask",
    "num_chance_outcomes",
    "num_distinct_actions",
    "observation_shapes",
    "observe",
    "play_game",
    "play_random_games",
    "raw_env",
    "review",
    "win_shares",
]


def env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment, wrapped in PettingZoo's standard checks.

    Takes the arguments of :class:`carcassonne_safari.pettingzoo_env.CarcassonneSafariEnv`
    (``players``, ``reward``, ``render_mode``, ``radius``, ``max_cycles``).
    Needs ``pettingzoo`` and ``gymnasium``.
    """
    from carcassonne_safari.pettingzoo_env import env as _env

    return _env(**kwargs)


def raw_env(**kwargs: Any) -> CarcassonneSafariEnv:
    """The PettingZoo AEC environment without wrappers (see :func:`env`)."""
    from carcassonne_safari.pettingzoo_env import raw_env as _raw_env

    return _raw_env(**kwargs)

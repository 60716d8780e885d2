"""The compact action encoding for learning, beside the exact one.

The exact encoding (``carcassonne_safari.encoding``, 509,825 ids, which
OpenSpiel keeps) numbers every cell the game could ever reach. The compact
encoding numbers the cells of a square window that follows the board, as
AlphaZero's policy heads do for Go and chess: for a window of side ``W``
(``DEFAULT_WINDOW`` = 32) there are ``47 · W² + 12`` ids (48,140 for 32):

* 47 spatial planes (``PLANE_NAMES``), one id per cell of each: ``place`` by
  rotation (4), ``ranger`` by ranger index (2, the index in
  ``GameState.rangers()``) to the cell, ``dig`` and ``expand`` by corner and
  animal at the tile's cell (20 each), ``return`` to the cell (1);
* 12 flat actions (``FLAT_ACTIONS``): ``meeple 0`` .. ``meeple 3``,
  ``meeple baobab``, ``pass``, ``boost A`` for each animal, ``noboost``.

Spatial id ``(row · W + column) · 47 + plane``, flat id ``47 · W² + k``: the
spatial ids are laid out like a channels-last convolution's output
``(W, W, 47)`` (JAX's and TensorFlow's layout), so a policy head needs no
transposition; the observation's ``board`` is channels-last too.

The window is centred on the bounding box of the frontier (the empty cells next
to a tile, which surround every tile), so it holds every legal move while the
frontier fits. It always fits a window of ``MAX_WINDOW`` = 77 (72 land tiles in
a row beside the 3-cell start tile, and a frontier cell at each end). Seeded
random and greedy games stay far inside 32 (``python/docs/encodings.md`` gives the
measured sizes); a position whose frontier outgrew a smaller window has no
window (``ValueError``), and the vectorised environment ends such a game as
truncated rather than drop a move. The observation uses the same window.

>>> from carcassonne_safari import GameState, compact
>>> state = GameState(2)
>>> while state.is_chance_node():
...     state = state.play(state.sample_chance(seed=1))
>>> ids = state.compact_legal_ids()          # in the order of legal_moves()
>>> [state.compact_move(i) for i in ids] == state.legal_moves()
True
"""

from __future__ import annotations

from typing import Dict, List

import numpy as np

from carcassonne_safari import _engine
from carcassonne_safari._engine import GameState
from carcassonne_safari.observation import NUM_SCALARS, PLANE_NAMES as OBSERVATION_PLANES

_GEOMETRY: Dict[str, int] = dict(_engine.compact_geometry())
#: The default window side.
DEFAULT_WINDOW: int = _GEOMETRY["default"]
#: The smallest window (it holds every player's first decision).
MIN_WINDOW: int = _GEOMETRY["min"]
#: A window no board outgrows.
MAX_WINDOW: int = _GEOMETRY["max"]
#: The spatial action planes, in order.
PLANE_NAMES: List[str] = _engine.compact_plane_names()
#: The flat actions, in order, as notation.
FLAT_ACTIONS: List[str] = _engine.compact_flat_names()
#: Number of spatial action planes (47).
NUM_PLANES: int = len(PLANE_NAMES)
#: Number of flat actions (12).
NUM_FLAT: int = len(FLAT_ACTIONS)


def num_actions(window: int = DEFAULT_WINDOW) -> int:
    """Number of compact action ids for a window of side ``window``."""
    return NUM_PLANES * window * window + NUM_FLAT


def observation_shapes(window: int = DEFAULT_WINDOW) -> Dict[str, tuple]:
    """The shapes of ``observe``'s arrays."""
    return {
        "board": (window, window, len(OBSERVATION_PLANES)),
        "scalars": (NUM_SCALARS,),
        "action_mask": (num_actions(window),),
    }


def observe(state: GameState, player: int, window: int = DEFAULT_WINDOW) -> Dict[str, np.ndarray]:
    """The observation of ``state`` by seat ``player`` through the window that
    follows the board, as the vectorised environment gives it: ``board``
    (``uint8``, ``(window, window, planes)``: channels last,
    ``observation.PLANE_NAMES``), ``scalars`` (``int16``,
    ``observation.SCALAR_NAMES``) and ``action_mask`` (``bool``, the legal
    compact ids of a player's decision; all false at a chance node and once
    the game is over). Raises ``ValueError`` for a seat not in the game or a
    board that outgrew the window."""
    planes, scalars, mask = state._compact_buffers(player, window)
    shapes = observation_shapes(window)
    return {
        "board": np.frombuffer(bytearray(planes), dtype=np.uint8).reshape(shapes["board"]),
        "scalars": np.frombuffer(bytearray(scalars), dtype="<i2").astype(np.int16),
        "action_mask": np.frombuffer(bytearray(mask), dtype=np.uint8).astype(bool),
    }


def encode(move: str, state: GameState, window: int = DEFAULT_WINDOW) -> int:
    """The compact id of a player's move (notation) in ``state``."""
    return state.compact_id(move, window)


def decode(action: int, state: GameState, window: int = DEFAULT_WINDOW) -> str:
    """The move (notation) of a compact id in ``state``."""
    return state.compact_move(int(action), window)

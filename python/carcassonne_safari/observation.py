"""Observations as NumPy arrays, seen by one player.

An observation is two ``float32`` arrays:

* ``board``: ``(NUM_PLANES, 2r+1, 2r+1)`` feature planes over a square window
  of radius ``r`` (``DEFAULT_RADIUS`` = 15, so 31 x 31) centred on the start
  tile's middle cell (0, 0): ``board[p, y + r, x + r]`` is plane ``p`` at cell
  ``(x, y)``. Cells outside the window are not shown (random games rarely reach
  beyond 12 cells; the action encoding itself has no window).
* ``scalars``: ``(NUM_SCALARS,)`` features of the whole position.

Seats are relative to the observer: seat ``[0]`` is the observer, ``[1]`` the
next seat in turn order, and so on; seats beyond the player count are zero.
Values are raw counts and flags, not normalised. ``PLANE_NAMES`` and
``SCALAR_NAMES`` name every entry; ``python/docs/encodings.md`` describes them.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

import numpy as np

from carcassonne_safari import _engine
from carcassonne_safari._engine import GameState

#: The default window radius: a 31 x 31 window.
DEFAULT_RADIUS: int = 15
#: The names of the board planes, in order.
PLANE_NAMES: List[str] = _engine.observation_plane_names()
#: The names of the scalar features, in order.
SCALAR_NAMES: List[str] = _engine.observation_scalar_names()
#: Number of board planes.
NUM_PLANES: int = len(PLANE_NAMES)
#: Number of scalar features.
NUM_SCALARS: int = len(SCALAR_NAMES)


def observation_shapes(radius: int = DEFAULT_RADIUS) -> Dict[str, Tuple[int, ...]]:
    """The shapes of ``observe``'s arrays: ``{"board": (NUM_PLANES, 2r+1, 2r+1),
    "scalars": (NUM_SCALARS,)}``."""
    side = 2 * radius + 1
    return {"board": (NUM_PLANES, side, side), "scalars": (NUM_SCALARS,)}


def observation_size(radius: int = DEFAULT_RADIUS) -> int:
    """Number of floats in ``observation_tensor``: the board, then the scalars."""
    side = 2 * radius + 1
    return NUM_PLANES * side * side + NUM_SCALARS


def observe(state: GameState, player: int, radius: int = DEFAULT_RADIUS) -> Dict[str, np.ndarray]:
    """The observation of ``state`` by seat ``player``: ``{"board", "scalars"}``
    (writable ``float32`` arrays of ``observation_shapes(radius)``). Raises
    ``ValueError`` for a seat not in the game or a radius outside 0..73."""
    planes, scalars = state._observation_buffers(player, radius)
    shapes = observation_shapes(radius)
    board = np.frombuffer(bytearray(planes), dtype="<f4").reshape(shapes["board"])
    return {"board": board, "scalars": np.frombuffer(bytearray(scalars), dtype="<f4")}


def observation_tensor(state: GameState, player: int, radius: int = DEFAULT_RADIUS) -> np.ndarray:
    """The observation as one flat ``float32`` vector: the board planes
    (row-major), then the scalars (OpenSpiel's ``observation_tensor``)."""
    planes, scalars = state._observation_buffers(player, radius)
    return np.frombuffer(bytearray(planes + scalars), dtype="<f4")

"""The fixed action encoding for learning.

Every legal move of every reachable position has exactly one integer id, and
every id decodes to at most one move. There are two id spaces, as in OpenSpiel:

* player action ids, ``range(NUM_DISTINCT_ACTIONS)``, at a player's decision;
* chance outcome ids, ``range(NUM_CHANCE_OUTCOMES)``, at a chance node.

The position tells which space an id is in (``GameState.is_chance_node``).
Player ids come in one block per move kind (``ACTION_BLOCKS``), bounded by the
game's geometry: cells are numbered in a diamond around the start tile (see
``python/docs/encodings.md``, "Action encoding", for the formulas).

>>> from carcassonne_safari import GameState, encoding
>>> state = GameState(2)
>>> ids = state.legal_action_ids()          # chance ids: the starting tokens
>>> [encoding.decode(i, state) for i in ids]
['token M', 'token E', 'token G', 'token L', 'token Z']
"""

from __future__ import annotations

import bisect
from typing import Dict, List, Tuple

import numpy as np

from carcassonne_safari import _engine
from carcassonne_safari._engine import GameState

#: Number of player action ids.
NUM_DISTINCT_ACTIONS: int = _engine.num_distinct_actions()
#: Number of chance outcome ids.
NUM_CHANCE_OUTCOMES: int = _engine.num_chance_outcomes()
#: ``kind -> range of ids`` for each player move kind, in id order.
ACTION_BLOCKS: Dict[str, range] = {
    kind: range(base, base + size) for kind, base, size in _engine.action_blocks()
}
#: The land tile designs in the order of their ``draw`` chance ids.
CHANCE_DESIGNS: List[str] = _engine.chance_designs()
#: The animals in the order of their ``token`` chance ids (after the designs).
TOKEN_ANIMALS: str = "MEGLZ"
#: Radii and cell counts of the two cell diamonds.
GEOMETRY: Dict[str, int] = dict(_engine.encoding_geometry())

_KINDS: List[str] = list(ACTION_BLOCKS)
_BASES: List[int] = [r.start for r in ACTION_BLOCKS.values()]


def action_kind(action: int) -> str:
    """The move kind (``place``, ``meeple``, ..., ``return``) of a player
    action id; raises ``ValueError`` for an id out of range."""
    if not 0 <= action < NUM_DISTINCT_ACTIONS:
        raise ValueError(f"player action id {action} is out of range 0..{NUM_DISTINCT_ACTIONS}")
    return _KINDS[bisect.bisect_right(_BASES, action) - 1]


def encode(move: str, state: GameState) -> int:
    """The id of a move (notation) in ``state`` (``carcassonne_safari.action_id``)."""
    return _engine.action_id(move, state)


def decode(action: int, state: GameState) -> str:
    """The move (notation) of an id at the current decision of ``state``
    (``carcassonne_safari.action_move``)."""
    return _engine.action_move(action, state)


def legal_action_ids(state: GameState) -> np.ndarray:
    """The legal action ids of ``state``, ascending, as an ``int64`` array."""
    return np.frombuffer(state._legal_action_id_bytes(), dtype=np.int64)


def legal_action_mask(state: GameState) -> np.ndarray:
    """A writable ``int8`` mask over the player action ids with a 1 at each
    legal id (all zeros at a chance node or once the game is over): the
    ``action_mask`` of the PettingZoo environment."""
    mask = np.zeros(NUM_DISTINCT_ACTIONS, dtype=np.int8)
    if not state.is_chance_node():
        mask[legal_action_ids(state)] = 1
    return mask


def kind_counts(ids: List[int]) -> List[Tuple[str, int]]:
    """How many of the ascending player action ids ``ids`` fall in each move
    kind, for the kinds present, in id order (for kind-first random policies)."""
    out = []
    for kind, block in ACTION_BLOCKS.items():
        n = bisect.bisect_left(ids, block.stop) - bisect.bisect_left(ids, block.start)
        if n:
            out.append((kind, n))
    return out

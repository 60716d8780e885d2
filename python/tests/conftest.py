"""Shared helpers: seeded random games through the Python API.

The tests import the installed package (``pip install ./python``); run them
from the repository root with ``pytest python/tests``.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator, List, Optional

import pytest

from carcassonne_safari import CHANCE, GameState, Setup
from carcassonne_safari.encoding import ACTION_BLOCKS


def kind_first(rng: random.Random, moves: List[str]) -> str:
    """The reference random policy: a move kind (first word) uniformly, then a
    move of that kind uniformly. Puts meeples, boosts and returns often."""
    kinds: dict = {}
    for m in moves:
        kinds.setdefault(m.split(" ", 1)[0], []).append(m)
    return rng.choice(kinds[rng.choice(list(kinds))])


def play_states(
    seed: int,
    players: int,
    policy: Optional[Callable[[random.Random, List[str]], str]] = None,
    setup: Optional[Setup] = None,
) -> Iterator[GameState]:
    """Every state of one seeded game (the final one included), chance drawn
    with its probabilities, players moving by ``policy`` (kind-first)."""
    rng = random.Random(seed)
    choose = policy or kind_first
    state = GameState(setup or Setup(players))
    while True:
        yield state
        actor = state.to_move()
        if actor is None:
            return
        if actor == CHANCE:
            outcome = state.sample_chance(rng.getrandbits(63))
            assert outcome is not None, "a chance node has outcomes"
            state = state.play(outcome)
        else:
            state = state.play(choose(rng, state.legal_moves()))


def final_state(seed: int, players: int) -> GameState:
    """The last state of a seeded game."""
    state = None
    for state in play_states(seed, players):
        pass
    assert state is not None
    return state


@pytest.fixture(scope="session")
def mid_game_states() -> List[GameState]:
    """A few states of seeded 2..5-player games, one of each phase kind where
    the games reach it."""
    out = []
    for players in (2, 3, 4, 5):
        seen = set()
        for state in play_states(100 + players, players):
            kind = state.phase()["type"]
            if kind not in seen and state.tiles_left() < 60:
                seen.add(kind)
                out.append(state)
    return out


#: Player action ids by kind, for assertions.
BLOCKS = ACTION_BLOCKS

"""The compact action encoding: every legal move of many thousands of
positions has exactly one compact id that decodes back to it, the window
follows the board and never drops a legal move, and the ids are the
documented ones."""

from __future__ import annotations

import random
from typing import List

import numpy as np
import pytest

import carcassonne_safari as cs
from carcassonne_safari import GameState, compact
from conftest import play_states


def frontier_span(state: GameState) -> int:
    xs = [x for x, _ in state.frontier()]
    ys = [y for _, y in state.frontier()]
    return max(max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def test_the_documented_sizes() -> None:
    assert compact.DEFAULT_WINDOW == 32 and compact.MIN_WINDOW == 9 and compact.MAX_WINDOW == 77
    assert compact.NUM_PLANES == 4 + 2 + 20 + 20 + 1 == 47
    assert compact.FLAT_ACTIONS == [
        "meeple 0", "meeple 1", "meeple 2", "meeple 3", "meeple baobab", "pass",
        "boost M", "boost E", "boost G", "boost L", "boost Z", "noboost",
    ]
    assert compact.num_actions() == 47 * 32 * 32 + 12 == 48_140
    assert compact.PLANE_NAMES[:6] == ["place_0", "place_90", "place_180", "place_270", "ranger_0", "ranger_1"]
    assert compact.PLANE_NAMES[6] == "dig_ne_M" and compact.PLANE_NAMES[-1] == "return"


def first_placement(seed: int = 1) -> GameState:
    state = GameState(2)
    while state.is_chance_node():
        outcome = state.sample_chance(seed)
        assert outcome is not None
        state = state.play(outcome)
    return state


def test_ids_follow_the_documented_formula() -> None:
    state = first_placement()
    # The frontier of the start tile spans x -2..2 and y -1..1, so the
    # 32-cell window starts 13 columns west and 14 rows north of it.
    assert state.compact_window() == (-2 - 13, -1 - 14)
    for move in state.legal_moves():
        x, y = (int(v) for v in move.split()[1].split(","))
        rotation = int(move.split()[2]) // 90
        assert state.compact_id(move) == ((y + 15) * 32 + (x + 15)) * 47 + rotation
    assert state.compact_id("pass") == 47 * 32 * 32 + 5
    assert state.compact_id("boost Z") == 47 * 32 * 32 + 10
    assert state.compact_id("meeple baobab") == 47 * 32 * 32 + 4
    assert state.compact_id("dig 0,0 sw G") == (15 * 32 + 15) * 47 + 6 + 2 * 5 + 2
    assert state.compact_id("expand 0,0 ne M") == (15 * 32 + 15) * 47 + 26
    assert state.compact_id("return 1,1") == (16 * 32 + 16) * 47 + 46
    ranger = state.rangers()[1]
    assert ranger is not None
    assert state.compact_id(f"ranger {ranger[0]},{ranger[1]} 2,0") == (15 * 32 + 17) * 47 + 5
    for k, name in enumerate(compact.FLAT_ACTIONS):
        assert state.compact_move(47 * 32 * 32 + k) == name
        assert state.compact_id(name) == 47 * 32 * 32 + k


def check(state: GameState, window: int) -> int:
    """Every legal move of a player's decision maps to one id and back."""
    ids = state.compact_legal_ids(window)
    moves = state.legal_moves()
    assert len(ids) == len(moves) and len(set(ids)) == len(ids)
    assert all(0 <= i < compact.num_actions(window) for i in ids)
    assert [state.compact_move(i, window) for i in ids] == moves
    x0, y0 = state.compact_window(window)
    for x, y in state.frontier():
        assert 0 <= x - x0 < window and 0 <= y - y0 < window
    return len(ids)


def test_every_legal_move_of_thousands_of_positions_maps_to_one_id_and_back() -> None:
    positions = moves = 0
    kinds: set = set()
    for players in (2, 3, 4, 5):
        for seed in range(20):
            for state in play_states(500 + 10 * players + seed, players):
                if state.is_chance_node() or state.is_over():
                    assert state.compact_legal_ids() == []
                    continue
                moves += check(state, compact.DEFAULT_WINDOW)
                kinds.update(m.split()[0] for m in state.legal_moves())
                positions += 1
    assert positions > 10_000 and moves > 500_000
    assert kinds == {"place", "meeple", "ranger", "dig", "expand", "pass", "boost", "noboost", "return"}


def test_the_observation_mask_marks_exactly_the_legal_ids() -> None:
    for state in list(play_states(31, 3))[::7]:
        seat = state.to_move()
        if not isinstance(seat, int):
            continue
        obs = compact.observe(state, seat)
        assert obs["board"].shape == (32, 32, 47) and obs["board"].dtype == np.uint8
        assert obs["scalars"].dtype == np.int16 and obs["action_mask"].dtype == bool
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(state.compact_legal_ids())
        x0, y0 = state.compact_window()
        tiles = obs["board"][..., cs.observation.PLANE_NAMES.index("tile")]
        for t in state.tiles():
            assert tiles[t["pos"]["y"] - y0, t["pos"]["x"] - x0] == 1
        assert tiles.sum() == len(state.tiles())


def eastward(rng: random.Random, moves: List[str]) -> str:
    places = [m for m in moves if m.startswith("place ")]
    if places:
        return max(places, key=lambda m: (int(m.split()[1].split(",")[0]), rng.random()))
    return "pass" if "pass" in moves else moves[0]


def test_a_board_that_outgrows_the_window_is_refused_and_the_largest_window_holds_it() -> None:
    """Tiles pushed east stretch the frontier past 32 cells: the 32-cell
    window then has no place (ValueError, never a dropped move), while the
    77-cell window still holds every move."""
    outgrown = 0
    for state in play_states(21, 2, eastward):
        if state.is_chance_node() or state.is_over():
            continue
        check(state, compact.MAX_WINDOW)
        if frontier_span(state) <= 32:
            check(state, 32)
        else:
            outgrown += 1
            with pytest.raises(ValueError, match="more than the 32-cell window"):
                state.compact_legal_ids(32)
    assert outgrown > 10


def test_bad_ids_and_windows_raise() -> None:
    state = first_placement()
    with pytest.raises(cs.IllegalMoveError):
        state.compact_move(compact.num_actions())
    with pytest.raises(cs.IllegalMoveError):
        state.compact_move(-1)
    with pytest.raises(ValueError, match="window 8"):
        state.compact_legal_ids(8)
    with pytest.raises(ValueError, match="window 78"):
        state.compact_id("pass", 78)
    with pytest.raises(cs.NotationError):
        state.compact_id("plaec 1,0 0")
    with pytest.raises(cs.IllegalMoveError, match="chance"):
        state.compact_id("token L")
    with pytest.raises(cs.IllegalMoveError, match="outside the window"):
        state.compact_id("place 40,0 0")
    with pytest.raises(cs.IllegalMoveError, match="no ranger"):
        state.compact_id("ranger 5,5 2,0")
    with pytest.raises(ValueError, match="not a seat"):
        compact.observe(state, 2)

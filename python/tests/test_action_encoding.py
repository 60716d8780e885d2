"""The action encoding: exact, bounded by the game's geometry, round trips."""

from __future__ import annotations

import random
from collections import Counter
from typing import List

import numpy as np
import pytest

import carcassonne_safari as cs
from carcassonne_safari import GameState, IllegalMoveError, Setup, action_id, action_move, encoding
from conftest import play_states


def check_state(state: GameState, kinds: Counter) -> int:
    """Every legal move of ``state`` maps to an id in range and back; ids are
    unique and equal ``legal_action_ids``. Returns the number of moves."""
    moves = state.legal_moves()
    size = cs.num_chance_outcomes() if state.is_chance_node() else cs.num_distinct_actions()
    ids = []
    for move in moves:
        i = action_id(move, state)
        assert 0 <= i < size, (move, i)
        assert action_move(i, state) == move
        ids.append(i)
        kinds[move.split(" ", 1)[0]] += 1
    assert len(set(ids)) == len(ids), "two legal moves share an id"
    assert sorted(ids) == state.legal_action_ids()
    assert list(encoding.legal_action_ids(state)) == sorted(ids)
    mask = state.legal_action_mask()
    assert mask.dtype == np.int8 and mask.shape == (size,) and int(mask.sum()) == len(ids)
    assert all(mask[i] == 1 for i in ids)
    return len(moves)


def test_every_legal_move_of_ten_thousand_states_round_trips_through_a_unique_id() -> None:
    kinds: Counter = Counter()
    states = moves = 0
    players_seen = set()
    seed = 0
    while states < 10_000 or seed < 40:
        players = 2 + seed % 4
        policy = None
        if seed % 5 == 4:
            # Uniform over moves: rangers, digs and expansions far more often.
            policy = lambda rng, ms: rng.choice(ms)  # noqa: E731
        for state in play_states(seed, players, policy):
            moves += check_state(state, kinds)
            states += 1
        players_seen.add(players)
        seed += 1
    assert states >= 10_000 and players_seen == {2, 3, 4, 5}
    for kind in ("draw", "token", "place", "meeple", "ranger", "dig", "expand", "pass", "boost", "noboost", "return"):
        assert kinds[kind] > 0, f"no {kind} move was seen"
    assert moves > 500_000


def test_meeple_baobab_and_every_segment_have_ids() -> None:
    state = GameState(2)
    ids = {action_id(m, state) for m in ["meeple 0", "meeple 1", "meeple 2", "meeple 3", "meeple baobab"]}
    assert ids == set(encoding.ACTION_BLOCKS["meeple"])


def test_blocks_tile_the_player_id_space_in_order() -> None:
    blocks = list(encoding.ACTION_BLOCKS.items())
    assert [k for k, _ in blocks] == ["place", "meeple", "ranger", "dig", "expand", "pass", "boost", "noboost", "return"]
    start = 0
    for _, r in blocks:
        assert r.start == start and len(r) > 0
        start = r.stop
    assert start == cs.num_distinct_actions()
    geometry = encoding.GEOMETRY
    f, t = geometry["frontier_cells"], geometry["tile_cells"]
    sizes = {k: len(r) for k, r in blocks}
    assert sizes == {
        "place": 4 * f,
        "meeple": 5,
        "ranger": 2 * f,
        "dig": 20 * t,
        "expand": 20 * t,
        "pass": 1,
        "boost": 5,
        "noboost": 1,
        "return": f,
    }
    assert cs.num_chance_outcomes() == len(encoding.CHANCE_DESIGNS) + 5


@pytest.mark.parametrize("radius", [0, 1, 5, 72, 73])
def test_cell_diamond_is_a_bijection_onto_its_index_range(radius: int) -> None:
    seen = {}
    for x in range(-radius - 3, radius + 4):
        for y in range(-radius - 3, radius + 4):
            i = cs._engine.cell_index(x, y, radius)
            inside = max(abs(x) - 1, 0) + abs(y) <= radius
            assert (i is not None) == inside, (x, y)
            if i is not None:
                assert i not in seen
                seen[i] = (x, y)
    assert sorted(seen) == list(range(2 * radius * radius + 6 * radius + 3))
    # Row by row, north to south, west to east.
    assert [seen[i] for i in sorted(seen)] == sorted(seen.values(), key=lambda c: (c[1], c[0]))


def test_geometry_bounds_follow_from_seventy_two_land_tiles() -> None:
    assert encoding.GEOMETRY["tile_radius"] == 72
    assert encoding.GEOMETRY["frontier_radius"] == 73
    # The diamond keeps the id space at about half of a square window.
    square = (2 * 73 + 3) * (2 * 73 + 1)
    assert encoding.GEOMETRY["frontier_cells"] < 0.52 * square


def test_every_player_id_decodes_to_one_move_that_encodes_back_to_it() -> None:
    state = next(s for s in play_states(3, 2) if s.phase()["type"] == "action")
    decoded = 0
    for i in range(cs.num_distinct_actions()):
        move = action_move(i, state)
        assert action_id(move, state) == i
        decoded += 1
    assert decoded == cs.num_distinct_actions()


def test_every_chance_id_decodes_to_a_distinct_draw_or_token() -> None:
    state = GameState(2)
    moves = [action_move(i, state) for i in range(cs.num_chance_outcomes())]
    assert len(set(moves)) == len(moves)
    assert moves[: len(encoding.CHANCE_DESIGNS)] == ["draw " + d for d in encoding.CHANCE_DESIGNS]
    assert moves[len(encoding.CHANCE_DESIGNS) :] == ["token " + a for a in "MEGLZ"]
    assert all(action_id(m, state) == i for i, m in enumerate(moves))


def test_ranger_ids_name_rangers_by_index_and_read_from_from_the_state() -> None:
    state = next(s for s in play_states(5, 2) if any(m.startswith("ranger") for m in s.legal_moves()))
    r0, r1 = state.rangers()
    to = next(c for c in state.frontier() if c not in (r0, r1))
    block = encoding.ACTION_BLOCKS["ranger"]
    for index, frm in enumerate((r0, r1)):
        assert frm is not None
        move = f"ranger {frm[0]},{frm[1]} {to[0]},{to[1]}"
        i = action_id(move, state)
        assert (i - block.start) // encoding.GEOMETRY["frontier_cells"] == index
        assert action_move(i, state) == move
    with pytest.raises(IllegalMoveError, match="no ranger stands on"):
        action_id("ranger 40,40 1,1", state)


def test_a_displaced_ranger_id_decodes_to_no_move() -> None:
    for state in play_states(11, 2):
        if None in state.rangers():
            index = state.rangers().index(None)
            i = encoding.ACTION_BLOCKS["ranger"].start + index * encoding.GEOMETRY["frontier_cells"]
            with pytest.raises(IllegalMoveError, match="displaced"):
                action_move(i, state)
            return
    pytest.skip("no ranger was displaced in this game")


def test_moves_beyond_the_reach_of_any_tile_have_no_id() -> None:
    state = GameState(2)
    for move in ["place 75,0 0", "return 0,74", "dig 74,0 ne L", "expand -1,-73 sw M", "ranger 0,-1 -40,-40"]:
        with pytest.raises(IllegalMoveError, match="farther than"):
            action_id(move, state)
    # The farthest cells that can hold a tile or a placement still have ids.
    player_state = next(s for s in play_states(1, 2) if not s.is_chance_node())
    for move in ["place 74,0 0", "place -1,-73 90", "return 0,73", "dig 73,0 ne L", "expand -1,-72 sw M"]:
        assert action_move(action_id(move, player_state), player_state) == move


def test_a_line_of_tiles_pushed_east_keeps_every_move_encodable() -> None:
    """Players place every tile as far east as they can: the board stretches
    towards the edge of the diamond and every move still has its id."""

    def eastward(rng: random.Random, moves: List[str]) -> str:
        places = [m for m in moves if m.startswith("place ")]
        if places:
            return max(places, key=lambda m: (int(m.split()[1].split(",")[0]), rng.random()))
        return "pass" if "pass" in moves else moves[0]

    kinds: Counter = Counter()
    farthest = 0
    for state in play_states(21, 2, eastward):
        check_state(state, kinds)
        for t in state.tiles():
            farthest = max(farthest, t["pos"]["x"])
    assert farthest >= 30


def test_action_kind_names_the_block_of_an_id() -> None:
    for kind, block in encoding.ACTION_BLOCKS.items():
        assert cs.action_kind(block.start) == kind
        assert cs.action_kind(block.stop - 1) == kind
    with pytest.raises(ValueError):
        cs.action_kind(cs.num_distinct_actions())
    with pytest.raises(ValueError):
        cs.action_kind(-1)


def test_kind_counts_group_ascending_ids_by_kind() -> None:
    state = next(s for s in play_states(8, 3) if s.phase()["type"] == "action")
    ids = state.legal_action_ids()
    counts = dict(encoding.kind_counts(ids))
    expected = Counter(m.split(" ", 1)[0] for m in state.legal_moves())
    assert counts == dict(expected)


def test_legal_action_mask_is_zero_at_chance_nodes_and_at_the_end() -> None:
    state = GameState(Setup(2))
    assert state.is_chance_node()
    assert not encoding.legal_action_mask(state).any()
    assert encoding.legal_action_mask(state).shape == (cs.num_distinct_actions(),)
    states = list(play_states(2, 2))
    assert not states[-1].legal_action_mask().any()
    assert states[-1].legal_action_ids() == []

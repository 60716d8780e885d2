"""The observation encoding: documented shapes, names and contents."""

from __future__ import annotations

import numpy as np
import pytest

import carcassonne_safari as cs
from carcassonne_safari import GameState, observation
from carcassonne_safari.encoding import CHANCE_DESIGNS
from conftest import final_state, play_states


def test_shapes_are_the_documented_ones() -> None:
    assert observation.NUM_PLANES == 47
    assert observation.NUM_SCALARS == 79 + 2 * len(CHANCE_DESIGNS) == 205
    assert cs.observation_shapes() == {"board": (47, 31, 31), "scalars": (observation.NUM_SCALARS,)}
    assert cs.observation_shapes(5) == {"board": (47, 11, 11), "scalars": (observation.NUM_SCALARS,)}
    assert observation.observation_size() == 47 * 31 * 31 + observation.NUM_SCALARS
    state = final_state(1, 3)
    for radius in (0, 5, 15, 20):
        obs = cs.observe(state, 1, radius)
        assert set(obs) == {"board", "scalars"}
        for key, shape in cs.observation_shapes(radius).items():
            assert obs[key].shape == shape and obs[key].dtype == np.float32
            assert obs[key].flags.writeable
        flat = observation.observation_tensor(state, 1, radius)
        assert flat.shape == (observation.observation_size(radius),)
        assert np.array_equal(flat, np.concatenate([obs["board"].ravel(), obs["scalars"]]))


def test_names_are_unique_and_match_the_shapes() -> None:
    assert len(set(observation.PLANE_NAMES)) == observation.NUM_PLANES
    assert len(set(observation.SCALAR_NAMES)) == observation.NUM_SCALARS
    assert observation.PLANE_NAMES[:2] == ["tile", "start_tile"]
    assert observation.SCALAR_NAMES[0] == "score[0]"
    assert observation.SCALAR_NAMES[-1] == "ranger_displaced"


def plane(obs: dict, name: str) -> np.ndarray:
    return obs["board"][observation.PLANE_NAMES.index(name)]


def scalar(obs: dict, name: str) -> float:
    return float(obs["scalars"][observation.SCALAR_NAMES.index(name)])


def test_board_planes_show_tiles_rangers_frontier_and_legal_placements() -> None:
    radius = 15
    for state in play_states(3, 2):
        if state.phase()["type"] != "place" or state.tiles_left() > 50:
            continue
        obs = cs.observe(state, 0, radius)
        inside = [t for t in state.tiles() if max(abs(t["pos"]["x"]), abs(t["pos"]["y"])) <= radius]
        assert plane(obs, "tile").sum() == len(inside)
        for t in inside:
            x, y = t["pos"]["x"], t["pos"]["y"]
            assert plane(obs, "tile")[y + radius, x + radius] == 1
        assert plane(obs, "start_tile").sum() == 3
        assert plane(obs, "start_tile")[radius, radius - 1 : radius + 2].tolist() == [1, 1, 1]
        for i, ranger in enumerate(state.rangers()):
            if ranger is None:
                assert plane(obs, f"ranger_{i}").sum() == 0
            else:
                assert plane(obs, f"ranger_{i}").sum() == 1
                assert plane(obs, f"ranger_{i}")[ranger[1] + radius, ranger[0] + radius] == 1
        assert plane(obs, "frontier").sum() == len(state.frontier())
        for rot, name in enumerate(["legal_place_0", "legal_place_90", "legal_place_180", "legal_place_270"]):
            expected = {
                tuple(int(v) for v in m.split()[1].split(","))
                for m in state.legal_moves()
                if m.split()[2] == str(90 * rot)
            }
            ys, xs = np.nonzero(plane(obs, name))
            assert {(x - radius, y - radius) for x, y in zip(xs, ys)} == expected
        tokens = sum(plane(obs, f"token_{a.lower()}").sum() for a in "MEGLZ")
        assert tokens == len(state.water_tokens())
        return
    pytest.fail("no placement with fewer than 50 tiles left")


def test_seats_are_relative_to_the_observer() -> None:
    state = final_state(8, 3)
    scores = state.scores()
    for observer in range(3):
        obs = cs.observe(state, observer)
        for i in range(3):
            assert scalar(obs, f"score[{i}]") == scores[(observer + i) % 3]
            seat = (observer + i) % 3
            assert scalar(obs, f"meeples_in_supply[{i}]") == state.meeples_in_supply(seat)
            for a in "MEGLZ":
                assert scalar(obs, f"hand[{i}][{a}]") == state.hand(seat)[a]
        assert [scalar(obs, f"seat_present[{i}]") for i in range(5)] == [1, 1, 1, 0, 0]
        assert scalar(obs, "score[3]") == 0 and scalar(obs, "score[4]") == 0
        meeples = {i: plane(obs, f"meeples_{i}").sum() for i in range(5)}
        for i in range(3):
            on_board = sum(1 for m in state.meeples() if m["player"] == (observer + i) % 3)
            assert meeples[i] <= on_board
        assert scalar(obs, "phase[game_over]") == 1 and scalar(obs, "tiles_left") == 0


def test_scalars_describe_the_decision_and_the_supply() -> None:
    states = list(play_states(4, 4))
    place = next(s for s in states if s.phase()["type"] == "place")
    seat = place.to_move()
    assert seat is not None
    assert isinstance(seat, int)
    obs = cs.observe(place, seat)
    assert scalar(obs, "to_move[0]") == 1 and scalar(obs, "chance") == 0
    assert scalar(obs, "phase[place]") == 1 and sum(scalar(obs, f"phase[{p}]") for p in
                                                     ["draw_token", "draw_tile", "place", "action", "boost", "return", "game_over"]) == 1
    assert scalar(obs, f"tile_to_place[{place.tile_to_place()}]") == 1
    pile = dict(place.pile())
    for design in CHANCE_DESIGNS:
        assert scalar(obs, f"pile[{design}]") == pile.get(design, 0)
    for a in "MEGLZ":
        assert scalar(obs, f"token_supply[{a}]") == place.token_supply()[a]
    start = cs.observe(GameState(4), 2)
    assert scalar(start, "chance") == 1 and scalar(start, "phase[draw_token]") == 1
    boost = [s for s in states if s.phase()["type"] == "boost"]
    for s in boost:
        o = cs.observe(s, 0)
        assert scalar(o, "scoring_trail") + scalar(o, "scoring_bush") == 1


def test_observations_are_deterministic_and_do_not_change_the_state() -> None:
    state = list(play_states(6, 2))[120]
    before = state.to_json()
    a = cs.observe(state, 0)
    b = cs.observe(state, 0)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    a["board"][:] = 7  # the arrays are copies
    assert np.array_equal(cs.observe(state, 0)["board"], b["board"])
    assert state.to_json() == before

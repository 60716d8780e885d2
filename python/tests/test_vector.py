"""The vectorised environment: observations and masks match the states of its
games, seeded and reproducible, automatic reset, rewards, paired deals,
self-play, Gymnasium's vector API, bad input."""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pytest

import carcassonne_safari as cs
from carcassonne_safari import compact
from carcassonne_safari.vector import CarcassonneVectorEnv


def legal_sets(envs: CarcassonneVectorEnv) -> list:
    return [sorted(s.compact_legal_ids(envs.window)) for s in envs.states()]


def play(envs: CarcassonneVectorEnv, steps: int, seed: int = 0) -> Iterator[tuple]:
    """Steps with the environment's own uniform random actions; yields every
    step's outputs."""
    for i in range(steps):
        yield envs.step(envs.core.sample_actions(seed + i))


def test_observations_and_masks_are_those_of_the_games_states() -> None:
    envs = CarcassonneVectorEnv(6, players=3, opponents=("random", "greedy"), seed=4)
    obs, info = envs.reset(seed=4)
    assert envs.observation_space.contains(obs)
    for step in range(60):
        states = envs.states()
        for i, state in enumerate(states):
            seat = info["seat"][i]
            assert state.to_move() == seat
            expected = compact.observe(state, int(seat))
            assert np.array_equal(obs["board"][i], expected["board"])
            assert np.array_equal(obs["scalars"][i], expected["scalars"])
            assert np.array_equal(info["action_mask"][i], expected["action_mask"])
            assert sorted(np.flatnonzero(info["action_mask"][i]).tolist()) == sorted(state.compact_legal_ids())
        obs, _, _, _, info = envs.step(envs.core.sample_actions(step))


def test_the_agent_plays_its_seat_and_the_bots_the_others() -> None:
    envs = CarcassonneVectorEnv(4, players=2, opponents=("greedy",), seed=2)
    envs.reset(seed=2)
    for states in (envs.states(),):
        for i, state in enumerate(states):
            assert state.to_move() == (i % 2)  # game i starts with the agent at seat i mod 2
    record = envs.states()[1].record()
    replayed, _ = record.replay()
    assert replayed == envs.states()[1]


def test_the_same_seed_gives_the_same_games_with_any_number_of_threads() -> None:
    a = CarcassonneVectorEnv(8, seed=9, threads=1)
    b = CarcassonneVectorEnv(8, seed=9, threads=2)
    a.reset(seed=9)
    b.reset(seed=9)
    for i in range(150):
        actions = a.core.sample_actions(i)
        assert np.array_equal(actions, b.core.sample_actions(i))
        oa, ra, ta, _, _ = a.step(actions)
        ob, rb, tb, _, _ = b.step(actions)
        assert np.array_equal(oa["board"], ob["board"]) and np.array_equal(ra, rb) and np.array_equal(ta, tb)
    assert [s.moves() for s in a.states()] == [s.moves() for s in b.states()]
    c = CarcassonneVectorEnv(8, seed=10)
    c.reset(seed=10)
    assert [s.moves() for s in c.states()] != [s.moves() for s in CarcassonneVectorEnv(8, seed=9).states()]


def test_games_end_with_their_rewards_and_are_replaced_in_the_same_step() -> None:
    envs = CarcassonneVectorEnv(4, players=2, opponents=("random",), reward="win", seed=1)
    envs.reset(seed=1)
    finished = 0
    for obs, rewards, terminated, truncated, info in play(envs, 400):
        assert not truncated.any()
        assert np.all(rewards[~terminated] == 0)
        if terminated.any():
            final = info["final_info"]
            for i in np.flatnonzero(terminated):
                finished += 1
                seat = final["seat"][i]
                scores = list(final["scores"][i])
                assert rewards[i] == pytest.approx(cs.final_rewards(scores, "win")[seat])
                assert final["shares"][i].sum() == pytest.approx(1.0)
                assert info["final_obs"][i]["board"].shape == (32, 32, 47)
                fresh = envs.states()[i]
                assert fresh.move_number() < 20 and fresh.tiles_left() >= 70
    assert finished >= 4


def test_score_diff_rewards_add_up_to_the_final_margin() -> None:
    envs = CarcassonneVectorEnv(3, players=3, opponents=("random",), reward="score_diff", seed=5)
    envs.reset(seed=5)
    totals = np.zeros(3)
    checked = 0
    for i, (_, rewards, terminated, _, info) in enumerate(play(envs, 600)):
        totals += rewards
        for e in np.flatnonzero(terminated):
            final = info["final_info"]
            seat = final["seat"][e]
            scores = list(final["scores"][e])
            assert totals[e] == pytest.approx(cs.final_rewards(scores, "score_diff")[seat], abs=1e-3)
            totals[e] = 0
            checked += 1
    assert checked >= 3


def test_paired_deals_are_played_from_every_seat() -> None:
    envs = CarcassonneVectorEnv(2, players=2, opponents=("greedy",), paired=True, seed=3)
    envs.reset(seed=3)
    first = [s.moves() for s in envs.states()]
    seen: dict = {0: [], 1: []}
    for _ in range(500):
        _, _, terminated, _, info = envs.step(envs.core.sample_actions())
        for e in map(int, np.flatnonzero(terminated)):
            seen[e].append(int(info["final_info"]["seat"][e]))
            if len(seen[e]) == 1:
                # The next game of the same deal: the same first tile, the other seat.
                state = envs.states()[e]
                draws = [m for m in state.moves() if m.startswith("draw ")]
                assert draws[0] == next(m for m in first[e] if m.startswith("draw "))
        if all(len(v) >= 2 for v in seen.values()):
            break
    assert seen[0][:2] == [0, 1] and seen[1][:2] == [0, 1]


def test_self_play_gives_every_decision_to_the_agent() -> None:
    envs = CarcassonneVectorEnv(3, players=3, opponents=None, seed=8)
    obs, info = envs.reset(seed=8)
    seats = set()
    for _ in range(100):
        for i, state in enumerate(envs.states()):
            assert state.to_move() == info["seat"][i]
            seats.add(int(info["seat"][i]))
        obs, _, _, _, info = envs.step(envs.core.sample_actions())
    assert seats == {0, 1, 2}


def test_copies_and_views_of_the_arrays() -> None:
    views = CarcassonneVectorEnv(2, seed=1, copy=False)
    obs, info = views.reset(seed=1)
    assert obs["board"] is views.core.board and info["action_mask"] is views.core.masks
    copies = CarcassonneVectorEnv(2, seed=1)
    obs, info = copies.reset(seed=1)
    assert obs["board"] is not copies.core.board
    assert np.array_equal(obs["board"], copies.core.board)


def test_illegal_actions_raise_and_no_game_moves() -> None:
    envs = CarcassonneVectorEnv(3, seed=6)
    envs.reset(seed=6)
    before = [s.moves() for s in envs.states()]
    actions = envs.core.sample_actions()
    mask = envs.action_masks()
    actions[1] = int(np.flatnonzero(~mask[1])[0])
    with pytest.raises(cs.IllegalMoveError, match="game 1"):
        envs.step(actions)
    actions[1] = -3
    with pytest.raises(cs.IllegalMoveError, match="negative"):
        envs.step(actions)
    with pytest.raises(ValueError, match="2 actions for 3 games"):
        envs.step(np.zeros(2, np.int64))
    assert [s.moves() for s in envs.states()] == before


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": 2, "players": 6}, "2 to 5"),
        ({"num_envs": 2, "window": 8}, "window 8"),
        ({"num_envs": 2, "opponents": ("deep-blue",)}, "unknown bot"),
        ({"num_envs": 2, "opponents": ()}, "not empty"),
        ({"num_envs": 2, "reward": "money"}, "unknown reward mode"),
        ({"num_envs": 2, "threads": 0}, "threads"),
    ],
)
def test_bad_arguments_raise_value_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CarcassonneVectorEnv(**kwargs)


def test_the_gymnasium_wrapper_samples_legal_actions_and_refuses_float_actions() -> None:
    from carcassonne_safari.vector import CarcassonneVectorEnv

    envs = CarcassonneVectorEnv(4, opponents=("random",), seed=3)
    envs.reset(seed=3)
    for _ in range(20):
        actions = envs.sample_actions()
        assert actions.dtype == np.int64 and actions.shape == (4,)
        masks = envs.action_masks()
        assert all(masks[i, a] for i, a in enumerate(actions))
        envs.step(actions)
    # Floats (and bools) would be truncated into other ids: refused, and
    # nothing is played.
    before = [s.move_number() for s in envs.states()]
    for bad in (envs.sample_actions().astype(np.float64), np.ones(4, dtype=bool), [0.5, 1.0, 2.0, 3.0]):
        with pytest.raises(TypeError):
            envs.step(bad)
    assert [s.move_number() for s in envs.states()] == before
    # The same seed gives the same draws.
    assert (envs.sample_actions(seed=9) == envs.sample_actions(seed=9)).all()

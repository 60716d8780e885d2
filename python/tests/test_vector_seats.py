"""The vector env's per-seat outputs and its ecosystem conventions: every
seat's rewards (``seat_rewards=True``) sum to the final rewards of the games
as the engine scores them, every seat's final observation, int8 masks that
Gymnasium's ``sample(mask=)`` takes, and a seed per game."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium import spaces

import carcassonne_safari as cs
from carcassonne_safari import compact
from carcassonne_safari.vector import CarcassonneVectorEnv, int8_masks


@pytest.mark.parametrize(
    "players, opponents, reward",
    [(2, None, "score_diff"), (3, None, "win"), (3, ("random", "greedy"), "score_diff"), (2, ("greedy",), "score")],
)
def test_every_seats_rewards_sum_to_its_final_reward(players: int, opponents: tuple | None, reward: str) -> None:
    envs = CarcassonneVectorEnv(3, players=players, opponents=opponents, reward=reward, seed=11, seat_rewards=True)
    envs.reset(seed=11)
    totals = np.zeros((3, players))
    ended = 0
    for step in range(900):
        _, rewards, terminated, truncated, info = envs.step(envs.sample_actions(None if step else 5))
        assert rewards.shape == (3, players) and rewards.dtype == np.float32
        assert not truncated.any()
        if reward != "score":
            np.testing.assert_allclose(rewards.sum(axis=1), 0, atol=1e-3)  # zero-sum at every step
        if reward == "win":
            assert np.all(rewards[~terminated] == 0)
        totals += rewards
        for i in np.flatnonzero(terminated):
            scores = [int(s) for s in info["final_info"]["scores"][i]]
            np.testing.assert_allclose(totals[i], cs.final_rewards(scores, reward), atol=1e-3)
            totals[i] = 0
            ended += 1
    assert ended >= 3


def test_the_acting_seats_rewards_stay_the_default() -> None:
    # The same games with and without seat_rewards: the default returns the
    # acting seat's rewards, as before; the per-seat array agrees at game ends.
    one = CarcassonneVectorEnv(2, players=2, opponents=None, reward="win", seed=2)
    every = CarcassonneVectorEnv(2, players=2, opponents=None, reward="win", seed=2, seat_rewards=True)
    _, info = one.reset(seed=2)
    every.reset(seed=2)
    ends = 0
    for step in range(400):
        actions = one.sample_actions(step)
        seats = info["seat"]
        _, r1, t1, _, info = one.step(actions)
        _, r2, t2, _, _ = every.step(actions)
        assert r1.shape == (2,) and np.array_equal(t1, t2)
        for i in np.flatnonzero(t1):
            ends += 1
            scores = [int(s) for s in info["final_info"]["scores"][i]]
            assert r1[i] == r2[i, seats[i]]
            np.testing.assert_allclose(r2[i], cs.final_rewards(scores, "win"))
    assert ends >= 2


def test_every_seat_sees_the_end_of_its_game() -> None:
    envs = CarcassonneVectorEnv(2, players=3, opponents=None, seed=4)
    envs.reset(seed=4)
    ended = 0
    for step in range(500):
        _, _, terminated, _, info = envs.step(envs.sample_actions(step))
        if not terminated.any():
            assert "final_info" not in info
            continue
        final = info["final_info"]
        assert final["board_by_seat"].shape == (2, 3, 32, 32, 47) and final["board_by_seat"].dtype == np.uint8
        assert final["scalars_by_seat"].shape == (2, 3, 205) and final["scalars_by_seat"].dtype == np.int16
        assert np.array_equal(final["_board_by_seat"], terminated)
        for i in np.flatnonzero(terminated):
            ended += 1
            seat = final["seat"][i]
            # The seat that decided last sees final_obs; each seat its own view.
            assert np.array_equal(final["board_by_seat"][i, seat], info["final_obs"][i]["board"])
            assert np.array_equal(final["scalars_by_seat"][i, seat], info["final_obs"][i]["scalars"])
            views = [final["scalars_by_seat"][i, s] for s in range(3)]
            assert not np.array_equal(views[0], views[1]) and not np.array_equal(views[1], views[2])
            assert final["board_by_seat"][i].any(axis=(1, 2, 3)).all()  # no seat left blank
    assert ended >= 2


def test_int8_masks_are_what_gymnasiums_sample_takes() -> None:
    envs = CarcassonneVectorEnv(3, opponents=("random",), seed=6, mask_dtype="int8")
    _, info = envs.reset(seed=6)
    space = envs.single_action_space
    assert isinstance(space, spaces.Discrete)
    space.seed(1)
    envs.action_space.seed(2)
    for _ in range(40):
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and set(np.unique(mask)) <= {0, 1}
        one = np.array([space.sample(mask=mask[i]) for i in range(3)])
        assert all(mask[i, a] == 1 for i, a in enumerate(one))
        batch = envs.action_space.sample(mask=tuple(mask))
        assert all(mask[i, a] == 1 for i, a in enumerate(batch))
        _, _, _, _, info = envs.step(batch)
    # The default bool masks: Gymnasium refuses them, int8_masks views them
    # as int8 without a copy.
    plain = CarcassonneVectorEnv(1, seed=6)
    _, info = plain.reset(seed=6)
    mask = info["action_mask"][0]
    assert mask.dtype == np.bool_
    with pytest.raises(AssertionError, match="int8"):
        space.sample(mask=mask)
    view = int8_masks(mask)
    assert view.dtype == np.int8 and np.shares_memory(view, mask)
    assert mask[space.sample(mask=view)]
    assert plain.action_masks("int8").dtype == np.int8 and plain.action_masks().dtype == np.bool_
    with pytest.raises(TypeError, match="bool or int8"):
        int8_masks(mask.astype(np.float32))
    with pytest.raises(ValueError, match="mask_dtype"):
        CarcassonneVectorEnv(1, mask_dtype="uint8")


def trajectories(envs: CarcassonneVectorEnv, steps: int) -> list:
    """The moves of every game after ``steps`` decisions, each the lowest
    legal id (the same policy at every index)."""
    for _ in range(steps):
        envs.step(envs.action_masks().argmax(axis=1))
    return [s.moves() for s in envs.states()]


def test_a_seed_per_game_reproduces_each_game_at_any_index() -> None:
    envs = CarcassonneVectorEnv(3, opponents=("greedy",), seed=0)
    obs, info = envs.reset(seed=[7, 9, 11])
    first = trajectories(envs, 60)
    envs.reset(seed=[7, 9, 11])
    assert trajectories(envs, 60) == first
    # Each game depends on its own seed only: swapped seeds swap the games,
    # in an environment of another size too.
    envs.reset(seed=np.array([9, 7, 11]))  # type: ignore[arg-type]
    swapped = trajectories(envs, 60)
    assert swapped == [first[1], first[0], first[2]]
    other = CarcassonneVectorEnv(2, opponents=("greedy",))
    other.reset(seed=[11, 7])
    assert trajectories(other, 60) == [first[2], first[0]]
    # The agent starts at seat 0 in every game seeded so; distinct seeds
    # give distinct games; reset() repeats the last seeding.
    envs.reset(seed=[7, 9, 11])
    assert all(s.to_move() == 0 for s in envs.states())
    assert len({tuple(m) for m in first}) == 3
    envs.reset()
    assert trajectories(envs, 60) == first
    # One integer keeps its meaning: game i plays the environment's deals
    # i, i + num_envs, ... of the seed, the agent's seat rotated by i.
    envs.reset(seed=7)
    assert [s.to_move() for s in envs.states()] == [0, 1, 0]


@pytest.mark.parametrize(
    "seed, error, message",
    [
        ([1, 2], ValueError, "2 seeds for 3 games"),
        ([1, 2, -3], ValueError, "outside"),
        ([1, 2, 2**64], ValueError, "outside"),
        ([1.0, 2, 3], TypeError, "integer"),
        (1.5, TypeError, "integer"),
        ("abc", TypeError, "integer"),
    ],
)
def test_bad_seeds_are_refused_and_no_game_moves(seed: object, error: type, message: str) -> None:
    envs = CarcassonneVectorEnv(3, seed=3)
    envs.reset(seed=[4, 5, 6])
    envs.step(envs.sample_actions(1))
    before = [s.moves() for s in envs.states()]
    with pytest.raises(error, match=message):
        envs.reset(seed=seed)  # type: ignore[arg-type]
    assert [s.moves() for s in envs.states()] == before
    # The last good seeding stands.
    envs.reset()
    again = CarcassonneVectorEnv(3, seed=3)
    again.reset(seed=[4, 5, 6])
    assert [s.moves() for s in envs.states()] == [s.moves() for s in again.states()]


def test_the_final_view_of_every_seat_matches_the_engines_observation() -> None:
    # A game's final observation by each seat is the engine's view of the
    # ended state, rebuilt here from the state before the last decision.
    envs = CarcassonneVectorEnv(1, players=2, opponents=None, seed=8)
    envs.reset(seed=8)
    checked = 0
    for step in range(2000):
        before = envs.states()[0]
        actions = envs.sample_actions(step)
        move = envs.core.action_move(0, int(actions[0]))
        _, _, terminated, _, info = envs.step(actions)
        if not terminated[0]:
            continue
        state = before.play(move)
        if not state.is_over():
            continue  # chance after the last decision: not rebuilt here
        checked += 1
        for seat in range(2):
            view = compact.observe(state, seat)
            assert np.array_equal(info["final_info"]["board_by_seat"][0, seat], view["board"])
            assert np.array_equal(info["final_info"]["scalars_by_seat"][0, seat], view["scalars"])
        if checked == 2:
            break
    assert checked >= 1

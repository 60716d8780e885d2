"""The PettingZoo AEC environment: PettingZoo's own tests, seeding, rewards,
truncation, rendering and illegal actions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium import spaces  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import carcassonne_safari as cs  # noqa: E402
from carcassonne_safari import IllegalMoveError, rewards  # noqa: E402
from carcassonne_safari.observation import observation_shapes, observation_size  # noqa: E402
from carcassonne_safari.pettingzoo_env import CarcassonneSafariEnv  # noqa: E402


def run_game(env, seed: int) -> list:
    """Plays one game with masked random actions; returns the (agent, reward)
    pairs seen at the end."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    finals = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            finals.append((agent, reward, info))
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return finals


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pettingzoo_api_test_passes(players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(cs.env(players=players), num_cycles=1000, verbose_progress=False)
    # The only warnings are PettingZoo's advice against dict observations,
    # which every environment with an action mask in its observation gets
    # (PettingZoo's own classic games are on an allow-list).
    messages = {str(w.message) for w in caught}
    assert messages <= {
        "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
        "Observation is not a NumPy array",
    }, messages


def test_pettingzoo_api_test_passes_with_dict_observations() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(cs.env(players=3, flatten=False), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_seed_test_passes(players: int) -> None:
    seed_test(lambda: cs.env(players=players), num_cycles=500)


def test_spaces_are_the_documented_ones() -> None:
    env = cs.raw_env(players=3)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    space = env.observation_space("player_1")
    assert isinstance(space, spaces.Dict) and set(space.spaces) == {"observation", "action_mask"}
    assert space["observation"].shape == (observation_size(),)
    assert space["action_mask"].shape == (cs.num_distinct_actions(),) and space["action_mask"].dtype == np.int8
    assert env.action_space("player_0") == spaces.Discrete(cs.num_distinct_actions())
    nested_space = cs.raw_env(players=2, flatten=False).observation_space("player_0")
    assert isinstance(nested_space, spaces.Dict)
    nested = nested_space["observation"]
    assert isinstance(nested, spaces.Dict)
    assert nested["board"].shape == observation_shapes()["board"]
    assert nested["scalars"].shape == observation_shapes()["scalars"]


def test_the_same_seed_replays_the_same_game() -> None:
    a, b = cs.env(players=3), cs.env(players=3)
    assert run_game(a, 11) == run_game(b, 11)
    assert a.unwrapped.state == b.unwrapped.state
    c = cs.env(players=3)
    run_game(c, 12)
    assert c.unwrapped.state != a.unwrapped.state


@pytest.mark.parametrize("mode", ["win", "score_diff", "score"])
def test_final_rewards_follow_the_reward_mode(mode: str) -> None:
    env = cs.env(players=3, reward=mode)
    finals = run_game(env, 4)
    scores = finals[0][2]["scores"]
    expected = rewards.final_rewards(scores, mode)
    assert {agent for agent, _, _ in finals} == {"player_0", "player_1", "player_2"}
    for agent, reward, info in finals:
        assert reward == pytest.approx(expected[int(agent.split("_")[1])])
        assert info["winners"] == [i for i, s in enumerate(scores) if s == max(scores)]
    assert env.agents == []


def test_rewards_are_zero_until_the_end() -> None:
    env = cs.env(players=2)
    env.reset(seed=3)
    for _ in range(50):
        obs, reward, terminated, truncated, _ = env.last()
        assert reward == 0 and not terminated and not truncated
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_max_cycles_truncates_every_agent() -> None:
    env = cs.env(players=2, max_cycles=4)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
        steps += 1
    assert steps == 4 * 2


def test_the_mask_marks_exactly_the_legal_moves_of_the_agent_to_move() -> None:
    env = cs.raw_env(players=3)
    env.reset(seed=2)
    for _ in range(30):
        agent = env.agent_selection
        state = env.state
        obs = env.observe(agent)
        assert set(np.flatnonzero(obs["action_mask"]).tolist()) == set(state.legal_action_ids())
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(state.legal_action_ids()[-1])


def test_an_illegal_action_raises_and_leaves_the_environment_unchanged() -> None:
    env = cs.env(players=2)
    env.reset(seed=5)
    obs, *_ = env.last()
    state = env.unwrapped.state
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        env.step(illegal)
    with pytest.raises(IllegalMoveError):
        env.step(cs.num_distinct_actions())
    with pytest.raises(TypeError):
        env.step("not an action")
    assert env.unwrapped.state == state and env.agent_selection == "player_0"


def test_render_returns_text_or_svg() -> None:
    text_env = cs.env(players=2, render_mode="ansi")
    text_env.reset(seed=1)
    assert "p0: score" in text_env.render()
    svg_env = cs.env(players=2, render_mode="svg")
    svg_env.reset(seed=1)
    assert svg_env.render().startswith("<svg")
    with pytest.raises(ValueError, match="render_mode"):
        CarcassonneSafariEnv(render_mode="human")


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(cs.SetupError):
        cs.env(players=6)
    with pytest.raises(ValueError, match="unknown reward mode"):
        cs.env(reward="elo")
    with pytest.raises(ValueError, match="max_cycles"):
        cs.env(max_cycles=0)


def test_the_module_docstring_example_runs() -> None:
    import doctest

    from carcassonne_safari import pettingzoo_env

    failures, tests = doctest.testmod(pettingzoo_env)
    assert tests > 0 and failures == 0

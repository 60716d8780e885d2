"""A tiny PPO training on the vectorised environment (a few thousand agent
steps): the loss moves, and the trained policy does better against the
uniform random bot than the untrained one. Needs the training requirements
(``python/requirements-train.txt``); skipped without them. No timing
asserts."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("jax")
pytest.importorskip("rlax")

from carcassonne_safari import Bot, GameState  # noqa: E402
from carcassonne_safari.policy import NetConfig, PolicyBot, load, save  # noqa: E402
from carcassonne_safari.ppo import PPOConfig, Trainer, evaluate, wilson  # noqa: E402
from carcassonne_safari.vector import CarcassonneVectorEnv  # noqa: E402

#: Paired deals of each evaluation (every deal from both seats).
DEALS = 32


def test_wilson_interval_matches_known_values() -> None:
    # 8 wins in 10 games: the 95% Wilson interval is 0.490 to 0.943.
    rate, low, high = wilson([1.0] * 8 + [0.0] * 2)
    assert rate == 0.8 and math.isclose(low, 0.4902, abs_tol=1e-3) and math.isclose(high, 0.9433, abs_tol=1e-3)
    assert wilson([]) == (0.0, 0.0, 0.0)


def test_a_tiny_training_moves_the_loss_and_beats_the_untrained_policy(tmp_path: Path) -> None:
    """8,192 agent steps against the random bot, with the settings of the
    training example (``train.py --learning-rate 5e-4 --seed 1``)."""
    trainer = Trainer(NetConfig(), PPOConfig(num_envs=32, steps=64, learning_rate=5e-4), seed=1)
    untrained = evaluate(trainer.greedy, "random", DEALS, seed=10_000)
    envs = CarcassonneVectorEnv(32, opponents=("random",), reward="score_diff", seed=1000, copy=False)
    obs, info = envs.reset()
    moved = []
    for _ in range(4):
        batch, _, obs, info = trainer.collect(envs, obs, info)
        before = trainer.loss_of(batch)
        trainer.update(batch)
        after = trainer.loss_of(batch)
        assert all(math.isfinite(v) for v in before.values()) and all(math.isfinite(v) for v in after.values())
        moved.append(before["loss"] - after["loss"])
    assert trainer.steps_done == 4 * 32 * 64
    # PPO lowers its own objective on the batch it was fitted to.
    assert all(m > 0 for m in moved), moved
    trained = evaluate(trainer.greedy, "random", DEALS, seed=10_000)
    assert trained["games"] == untrained["games"] == 2 * DEALS
    print(
        f"untrained {untrained['win_rate']:.3f} margin {untrained['margin']:+.1f}; "
        f"trained {trained['win_rate']:.3f} margin {trained['margin']:+.1f}"
    )
    assert trained["win_rate"] > untrained["win_rate"]
    assert trained["margin"] > untrained["margin"]

    # The trained policy saves, loads and plays as a bot.
    path = tmp_path / "model.msgpack"
    save(path, trainer.params, trainer.net_config, {"steps": trainer.steps_done})
    params, config = load(path)
    assert config == trainer.net_config
    bot = PolicyBot(params, config)
    opponent = Bot("random", seed=1)
    state = GameState(2)
    while not state.is_over():
        if state.is_chance_node():
            outcome = state.sample_chance(seed=state.move_number())
            assert outcome is not None
            state = state.play(outcome)
        elif state.to_move() == 0:
            move = bot.choose(state)
            assert state.is_legal(move)
            state = state.play(move)
        else:
            state = state.play(opponent.choose(state))
    assert state.is_over()
    batch_actions = bot.action(obs["board"], obs["scalars"], info["action_mask"])
    assert np.all(info["action_mask"][np.arange(len(batch_actions)), batch_actions])


def test_the_shipped_policy_loads_from_the_package_and_plays() -> None:
    # PolicyBot.load() without a path: the package data of the wheel.
    bot = PolicyBot.load()
    assert bot.config.window == 32
    state = GameState(2)
    while state.is_chance_node():
        outcome = state.sample_chance(seed=3)
        assert outcome is not None
        state = state.play(outcome)
    assert state.is_legal(bot.choose(state))

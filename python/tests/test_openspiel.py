"""The OpenSpiel game: registration, OpenSpiel's own checks, its MCTS bot."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

import carcassonne_safari as cs  # noqa: E402
from carcassonne_safari import openspiel, rewards  # noqa: E402
from carcassonne_safari.observation import observation_size  # noqa: E402


def play_random(game: Any, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_the_game_is_registered_with_its_type_and_parameters() -> None:
    assert openspiel.SHORT_NAME in pyspiel.registered_names()
    game = pyspiel.load_game("python_carcassonne_safari")
    game_type = game.get_type()
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == 2
    assert game.num_distinct_actions() == cs.num_distinct_actions()
    assert game.max_chance_outcomes() == cs.num_chance_outcomes()
    assert game.observation_tensor_shape() == [observation_size()]
    assert game.information_state_tensor_shape() == [observation_size()]
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    for players in (2, 3, 4, 5):
        assert pyspiel.load_game("python_carcassonne_safari", {"players": players}).num_players() == players
    small = pyspiel.load_game("python_carcassonne_safari", {"radius": 4})
    assert small.observation_tensor_shape() == [observation_size(4)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_openspiel_random_simulation_test_passes(players: int) -> None:
    game = pyspiel.load_game("python_carcassonne_safari", {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chance_nodes_carry_their_probabilities() -> None:
    game = pyspiel.load_game("python_carcassonne_safari")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == sorted(a for a, _ in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes] == [
        "token M", "token E", "token G", "token L", "token Z",
    ]


def test_returns_are_zero_sum_wins_by_default_and_scores_on_request() -> None:
    for players in (2, 3):
        game = pyspiel.load_game("python_carcassonne_safari", {"players": players})
        state = play_random(game, seed=players)
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        assert returns == rewards.final_rewards(state.game_state.scores(), "win")
    game = pyspiel.load_game("python_carcassonne_safari", {"utility": "score"})
    state = play_random(game, seed=1)
    assert state.returns() == [float(s) for s in state.game_state.scores()]
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    game = pyspiel.load_game("python_carcassonne_safari", {"utility": "score_diff"})
    assert sum(play_random(game, seed=2).returns()) == pytest.approx(0.0)


def test_tensors_and_strings_describe_the_state() -> None:
    game = pyspiel.load_game("python_carcassonne_safari", {"players": 3})
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    for player in range(3):
        tensor = np.array(state.observation_tensor(player), dtype=np.float32)
        expected = cs.observation.observation_tensor(state.game_state, player)
        assert np.array_equal(tensor, expected)
        assert np.array_equal(np.array(state.information_state_tensor(player), np.float32), expected)
    assert state.observation_string(0) == state.game_state.board_text()
    assert state.information_state_string(0) == "\n".join(state.game_state.moves())
    assert str(state) == state.game_state.board_text()


def test_serialize_and_deserialize_state_and_records() -> None:
    game = pyspiel.load_game("python_carcassonne_safari", {"players": 2})
    state = play_random(game, seed=5)
    restored = game.deserialize_state(state.serialize())
    assert restored.game_state == state.game_state
    assert restored.history() == state.history()
    assert restored.returns() == state.returns()
    again = game.state_from_record(state.to_json())
    assert again.game_state == state.game_state and again.history() == state.history()
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(state2) == str(state)
    assert pickle.loads(pickle.dumps(state)).game_state == state.game_state
    clone = state.clone()
    assert clone.game_state == state.game_state and clone.history() == state.history()
    with pytest.raises(cs.RecordError, match="not the 2-player default setup"):
        game.state_from_record(pyspiel.load_game("python_carcassonne_safari", {"players": 3}).new_initial_state().to_json())
    record = state.game_state.record()
    broken = cs.GameRecord(record.setup, record.moves[:1] + ["pass"]).to_json()
    with pytest.raises(cs.RecordError, match="step 1: illegal move `pass`: the current decision is a token draw") as info:
        game.state_from_record(broken)
    assert info.value.step == 1


def test_action_strings_are_the_engine_notation() -> None:
    game = pyspiel.load_game("python_carcassonne_safari")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    player = state.current_player()
    names = [state.action_to_string(player, a) for a in state.legal_actions()]
    assert names == sorted(state.game_state.legal_moves(), key=state.game_state.action_id)
    assert state.action_to_string(player, cs.num_distinct_actions() + 5) == f"action {cs.num_distinct_actions() + 5}"


def test_openspiel_mcts_bot_plays_complete_games() -> None:
    for players in (2, 3):
        game = pyspiel.load_game("python_carcassonne_safari", {"players": players})
        rng = np.random.RandomState(7)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bots = [
            mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rng, solve=True)
            for _ in range(players)
        ]
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                action = bots[state.current_player()].step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
                decisions += 1
        assert decisions > 100
        assert state.game_state.tiles_left() == 0
        assert sum(state.returns()) == pytest.approx(0.0)


def test_bad_parameters_are_refused() -> None:
    # The engine's check and message (a SetupError, which is a ValueError).
    for players in (1, 6, 7):
        with pytest.raises(cs.SetupError, match="the game takes 2 to 5"):
            openspiel.CarcassonneSafariGame({"players": players})
    with pytest.raises(cs.SetupError, match="^-3 players: a player count is never negative$"):
        openspiel.CarcassonneSafariGame({"players": -3})
    with pytest.raises(cs.SetupError, match="^7 players: the game takes 2 to 5$"):
        openspiel.CarcassonneSafariGame({"players": 7})
    with pytest.raises(ValueError, match="unknown reward mode"):
        openspiel.CarcassonneSafariGame({"utility": "elo"})
    with pytest.raises(ValueError, match="radius"):
        openspiel.CarcassonneSafariGame({"radius": 99})


def test_openspiel_rl_environment_plays_an_episode_with_chance_sampled() -> None:
    from open_spiel.python import rl_environment

    game = pyspiel.load_game("python_carcassonne_safari", {"players": 2})
    env = rl_environment.Environment(game, seed=3)
    rng = np.random.RandomState(3)
    time_step = env.reset()
    steps = 0
    while not time_step.last():
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        assert len(time_step.observations["info_state"][player]) == observation_size()
        time_step = env.step([int(rng.choice(legal))])
        steps += 1
    assert steps > 100
    assert sum(time_step.rewards) == pytest.approx(0.0)
    assert env.get_state.is_terminal()


def test_python_observer_fills_board_and_scalar_views() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_carcassonne_safari", {"players": 2})
    state = play_random(game, seed=9)
    observer = make_observation(game)
    observer.set_from(state, 1)
    expected = cs.observe(state.game_state, 1)
    assert np.array_equal(observer.dict["board"], expected["board"])
    assert np.array_equal(observer.dict["scalars"], expected["scalars"])
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.string_from(state, 0).split("\n") == state.game_state.moves()


def test_the_bounds_are_written_from_the_rules_numbers() -> None:
    # Per land tile (72): a placement, an action, a boost question for each
    # of 5 players on each of at most 4 completed features, a ranger return;
    # chance: 2 tokens for each of 5 players, a draw per tile, and per tile 2
    # tokens for a baobab meeple and 2 for each of up to 9 completed baobabs
    # (the tile's own and the 8 round it).
    assert openspiel.MAX_GAME_LENGTH == 72 * (1 + 1 + 4 * 5 + 1)
    assert openspiel.MAX_CHANCE_NODES == 2 * 5 + 72 + 72 * (2 + 2 * 9)
    game_type = pyspiel.load_game("python_carcassonne_safari").get_type()
    assert (game_type.min_num_players, game_type.max_num_players) == (2, 5)
    with pytest.raises(ValueError, match="outside 0..73"):
        pyspiel.load_game("python_carcassonne_safari", {"radius": 74})

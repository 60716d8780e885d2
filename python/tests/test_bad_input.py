"""Bad input of every kind raises a Python exception with a clear message and
leaves the state unchanged; nothing reaches the interpreter as a Rust panic."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import carcassonne_safari as cs
from carcassonne_safari import (
    GameRecord,
    GameState,
    IllegalMoveError,
    NotationError,
    RecordError,
    Setup,
    SetupError,
)
from conftest import final_state, play_states


def test_exceptions_are_value_errors() -> None:
    for exc in (IllegalMoveError, SetupError, RecordError, NotationError):
        assert issubclass(exc, ValueError)
        assert exc.__module__ == "carcassonne_safari"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 1}, "1 players: the game takes 2 to 5"),
        ({"players": 6}, "6 players: the game takes 2 to 5"),
        ({"players": -3}, "-3 players: a player count is never negative"),
        ({"rangers": [(0, -1), (0, -1)]}, "both rangers start on 0,-1"),
        ({"rangers": [(5, 5), (0, 1)]}, "is not an empty cell next to the start tile"),
        ({"rangers": [(0, -1)]}, "two ranger start cells are needed, 1 given"),
        ({"rangers": [(0, 1000), (0, 1)]}, "is not an empty cell next to the start tile"),
        ({"hands": ["L"]}, "fixed hands for 1 players in a 2-player game"),
        ({"hands": ["LLLLLL", "LLLLLL"]}, "the fixed hands hold 12 Lion tokens"),
        ({"tile_order": ["START-M:G"]}, "not a land tile"),
        ({"tile_order": ["CS2:E", "CS2:E"]}, "more copies than the game has"),
    ],
)
def test_impossible_setups_raise_setup_error(kwargs: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Setup(**kwargs)


@pytest.mark.parametrize(
    "players, message",
    [
        # The engine's `SetupError::Players` wording (src/error.rs, shown by
        # `Setup::validate`'s doc): "6 players: the game takes 2 to 5". A count
        # below zero is no count: it says so.
        (-1, "-1 players: a player count is never negative"),
        (-(2**63), "-9223372036854775808 players: a player count is never negative"),
        (7, "7 players: the game takes 2 to 5"),
    ],
)
def test_player_counts_outside_2_to_5_have_the_engines_message_and_negative_ones_their_own(players: int, message: str) -> None:
    with pytest.raises(SetupError) as setup:
        Setup(players=players)
    assert str(setup.value) == message
    with pytest.raises(SetupError) as state:
        GameState(players)
    assert str(state.value) == message


def test_setup_notation_errors_and_wrong_types() -> None:
    with pytest.raises(NotationError, match="animal"):
        Setup(2, hands=["LX", ""])
    with pytest.raises(NotationError, match="tile design"):
        Setup(2, tile_order=["CS99:-"])
    with pytest.raises(TypeError):
        Setup("two")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a hand is a string or a list of animal letters"):
        Setup(2, hands=[3, 4])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="GameState takes a Setup or a player count"):
        GameState("2")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        GameState(True)
    with pytest.raises(SetupError):
        GameState(9)
    with pytest.raises(RecordError, match="invalid setup"):
        Setup.from_json("{}")


@pytest.fixture(scope="module")
def states() -> list:
    """A state of each phase kind that a seeded game reaches."""
    out: dict = {}
    for state in play_states(31, 3):
        out.setdefault(state.phase()["type"], state)
    return list(out.values())


def test_moves_at_the_wrong_decision_raise_illegal_move_error_and_change_nothing(states: list) -> None:
    probes = ["token L", "draw CS26:E,G", "place 5,5 0", "meeple 0", "ranger 0,-1 2,0", "dig 0,0 ne L",
              "expand 0,0 ne L", "pass", "boost L", "noboost", "return 3,3"]
    refused = 0
    for state in states:
        before = (state.to_json(), state.scores(), state.legal_moves())
        for move in probes:
            if state.is_legal(move):
                continue
            with pytest.raises(IllegalMoveError) as info:
                state.apply(move)
            assert info.value.move == move and info.value.reason
            assert str(info.value).startswith(f"illegal move `{move}`: ")
            with pytest.raises(IllegalMoveError):
                state.play(move)
            refused += 1
        assert (state.to_json(), state.scores(), state.legal_moves()) == before
    assert refused > 50


def test_wrong_phase_names_the_current_decision() -> None:
    state = GameState(2)
    with pytest.raises(IllegalMoveError, match="the current decision is a token draw for p0"):
        state.apply("pass")


def test_a_finished_game_refuses_every_move() -> None:
    state = final_state(2, 2)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply("pass")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply(0)
    assert not state.is_legal("pass") and not state.is_legal(0)


@pytest.mark.parametrize("bad", ["", "pass ", "PASS", "place 1,1", "place 1,1 45", "meeple -1", "token X", "hello world"])
def test_text_that_is_not_notation_raises_notation_error(bad: str) -> None:
    state = GameState(2)
    with pytest.raises(NotationError):
        state.apply(bad)
    with pytest.raises(NotationError):
        state.is_legal(bad)
    with pytest.raises(NotationError):
        cs.action_id(bad, state)


@pytest.mark.parametrize("bad", [1.5, None, [1], b"pass", {"move": "pass"}, True, object()])
def test_moves_of_the_wrong_type_raise_type_error(bad: object) -> None:
    state = GameState(2)
    with pytest.raises(TypeError, match="a move is a notation string|an action id is an int"):
        state.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cs.action_move(bad, state)  # type: ignore[arg-type]


def test_out_of_range_action_ids_raise_illegal_move_error(states: list) -> None:
    for state in states:
        if state.is_over():
            continue
        size = cs.num_chance_outcomes() if state.is_chance_node() else cs.num_distinct_actions()
        for bad in [-1, size, size + 7, 2**40, 2**70, -(2**70), np.int64(size)]:
            with pytest.raises(IllegalMoveError, match="out of range|negative"):
                state.apply(bad)
            with pytest.raises(IllegalMoveError):
                cs.action_move(bad, state)
            assert not state.is_legal(bad)


def test_numpy_integers_are_action_ids(states: list) -> None:
    state = next(s for s in states if not s.is_chance_node())
    i = state.legal_action_ids()[0]
    for typed in (np.int32(i), np.int64(i), np.uint32(i)):
        assert state.play(typed) == state.play(i)


def test_an_id_that_names_an_illegal_move_raises_and_changes_nothing(states: list) -> None:
    state = next(s for s in states if s.phase()["type"] == "place")
    legal = set(state.legal_action_ids())
    illegal = next(i for i in range(cs.num_distinct_actions()) if i not in legal)
    before = state.to_json()
    with pytest.raises(IllegalMoveError):
        state.apply(illegal)
    assert state.to_json() == before


def test_observation_of_a_seat_not_in_the_game_raises_value_error() -> None:
    state = GameState(2)
    for player in (-1, 2, 10**9):
        with pytest.raises(ValueError, match="not a seat"):
            cs.observe(state, player)
    with pytest.raises(ValueError, match="radius"):
        cs.observe(state, 0, radius=200)
    with pytest.raises(TypeError):
        cs.observe(state, "0")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text, step, message",
    [
        ("not json", None, "invalid game record: expected"),
        ("[]", None, "invalid game record: invalid length 0"),
        ('{"moves": []}', None, "invalid game record: missing field `setup`"),
        ('{"setup": {"players": 2}, "moves": {}}', None, "invalid game record: invalid type: map, expected a sequence"),
        ('{"setup": {"players": 9, "rangers": null, "hands": null}, "moves": []}', None, "2 to 5"),
    ],
)
def test_corrupt_records_raise_record_error(text: str, step: object, message: str) -> None:
    with pytest.raises((RecordError, SetupError), match=message) as info:
        GameRecord.from_json(text).replay()
    if isinstance(info.value, RecordError):
        assert info.value.step == step


def test_record_errors_name_the_step_at_fault() -> None:
    record = final_state(5, 2).record()
    data = json.loads(record.to_json())
    broken = dict(data, moves=data["moves"][:10] + ["place 1,1 45"] + data["moves"][11:])
    with pytest.raises(RecordError, match="step 10") as info:
        GameRecord.from_json(json.dumps(broken))
    assert info.value.step == 10
    numbers = dict(data, moves=data["moves"][:3] + [17])
    with pytest.raises(RecordError, match="step 3") as info:
        GameRecord.from_json(json.dumps(numbers))
    assert info.value.step == 3
    swapped = dict(data, moves=data["moves"][:5] + ["pass"] + data["moves"][6:])
    with pytest.raises(RecordError, match="step 5: illegal move `pass`") as info:
        GameRecord.from_json(json.dumps(swapped)).replay()
    assert info.value.step == 5
    with pytest.raises(RecordError) as info:
        GameState.from_json(json.dumps(swapped))
    assert info.value.step == 5
    with pytest.raises(RecordError, match="step 1"):
        GameRecord(Setup(2), ["token L", "bogus"])


def test_random_garbage_never_crashes_the_interpreter() -> None:
    """Random text and numbers through every entry point: only the documented
    exceptions, never a PanicException (a BaseException) or a crash."""
    rng = random.Random(5)
    words = ["place", "meeple", "ranger", "dig", "expand", "pass", "boost", "noboost", "return", "draw", "token",
             "baobab", "ne", "sw", "L", "Z", "0", "-1", "127,127", "-128,-128", "128,0", "1,1", "90", "CS1:-", ""]
    states = [s for i, s in enumerate(play_states(13, 5)) if i % 7 == 0]
    expected = (ValueError, TypeError, OverflowError)
    for _ in range(3000):
        state = rng.choice(states)
        text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 5)))
        number = rng.choice([rng.randint(-10, 10), rng.randint(0, 600_000), rng.getrandbits(70) - 2**69])
        for call in (
            lambda: state.apply(text),
            lambda: state.apply(number),
            lambda: state.is_legal(text),
            lambda: state.is_legal(number),
            lambda: cs.action_id(text, state),
            lambda: cs.action_move(number, state),
            lambda: state.tile_at(number, number),
            lambda: state.feature(number, number, number),
            lambda: state.hand(number),
            lambda: state.meeples_in_supply(number),
            lambda: GameRecord.from_json(text),
            lambda: GameState.from_json('{"setup": {"players": 2}, "moves": ["' + text + '"]}'),
        ):
            try:
                call()
            except expected:
                pass


def test_r_end_5_win_shares_split_the_first_place_among_the_leaders() -> None:
    from carcassonne_safari import win_shares

    assert win_shares([30, 41, 12]) == [0.0, 1.0, 0.0]
    assert win_shares([41, 41, 12]) == [0.5, 0.5, 0.0]
    assert win_shares([]) == []
    with pytest.raises(OverflowError):
        win_shares([-1, 3])
    with pytest.raises(TypeError):
        win_shares("41")  # type: ignore[arg-type]

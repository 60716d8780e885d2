"""Final rewards from final scores."""

from __future__ import annotations

import pytest

from carcassonne_safari import REWARD_MODES, final_rewards
from carcassonne_safari.rewards import bounds


def test_win_rewards_are_zero_sum_and_split_ties() -> None:
    assert final_rewards([40, 30]) == [1.0, -1.0]
    assert final_rewards([30, 30]) == [0.0, 0.0]
    assert final_rewards([10, 50, 20]) == [-0.5, 1.0, -0.5]
    assert final_rewards([50, 50, 20]) == [0.25, 0.25, -0.5]
    assert final_rewards([7, 7, 7, 7]) == [0.0, 0.0, 0.0, 0.0]
    for scores in ([3, 9, 9, 1, 0], [1, 2], [5, 5, 0]):
        assert sum(final_rewards(scores)) == pytest.approx(0.0)


def test_score_modes() -> None:
    assert final_rewards([40, 30], "score_diff") == [10.0, -10.0]
    assert final_rewards([10, 20, 30], "score_diff") == [-15.0, 0.0, 15.0]
    assert final_rewards([10, 20, 30], "score") == [10.0, 20.0, 30.0]


def test_bounds_and_unknown_modes() -> None:
    assert REWARD_MODES == ("win", "score_diff", "score")
    assert bounds("win", 2) == (-1.0, 1.0) and bounds("win", 5) == (-0.25, 1.0)
    with pytest.raises(ValueError, match="unknown reward mode"):
        final_rewards([1, 2], "elo")

"""Final rewards from final scores, shared by the OpenSpiel game (``returns``),
the PettingZoo environment and the vectorised environment (rewards at the
end of the game).

Modes:

* ``"win"`` (the default): zero-sum wins. With ``n`` players of whom ``k`` share
  the highest score, each leader gets ``(n - k) / (k * (n - 1))`` and every
  other player ``-1 / (n - 1)``: a sole winner gets 1, a loser of a 2-player game
  -1, a tie of everybody 0.
* ``"score_diff"``: the player's score minus the mean of the other players'
  scores (zero-sum).
* ``"score"``: the player's own final score (general-sum).
"""

from __future__ import annotations

from typing import List, Sequence, Tuple

from carcassonne_safari import _engine

#: The reward modes.
REWARD_MODES: Tuple[str, ...] = ("win", "score_diff", "score")

#: An upper bound on a final score, for utility bounds (far above any game).
MAX_SCORE: float = 1000.0


def check_mode(mode: str) -> str:
    """``mode`` if it is a reward mode, else ``ValueError``."""
    if mode not in REWARD_MODES:
        raise ValueError(f"unknown reward mode {mode!r}; known: {', '.join(REWARD_MODES)}")
    return mode


def final_rewards(scores: Sequence[int], mode: str = "win") -> List[float]:
    """Each player's final reward for final ``scores`` under ``mode`` (computed
    in Rust, where the vectorised environment uses the same function)."""
    check_mode(mode)
    return _engine.final_rewards(list(scores), mode)


def bounds(mode: str, players: int) -> Tuple[float, float]:
    """The least and greatest reward a player can get under ``mode``."""
    check_mode(mode)
    if mode == "win":
        return -1.0 / (players - 1), 1.0
    if mode == "score_diff":
        return -MAX_SCORE, MAX_SCORE
    return 0.0, MAX_SCORE

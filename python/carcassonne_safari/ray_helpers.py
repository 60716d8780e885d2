"""Self-play games as Ray tasks (needs ``ray``).

Each task plays one complete game in Rust (``carcassonne_safari.play_game``,
which releases the interpreter while it plays) and returns a plain dict, so
the same code runs on one machine (``ray.init(num_cpus=2)``) or on a cluster
(``ray.init(address="auto")`` on a node of a cluster started with ``ray start``).

>>> import ray
>>> from carcassonne_safari import ray_helpers
>>> ray.init(num_cpus=2, include_dashboard=False)        # doctest: +SKIP
>>> results = ray_helpers.selfplay(4, ["greedy", "random"], seed=1)  # doctest: +SKIP
>>> ray_helpers.summarize(results)["wins"]               # doctest: +SKIP
{'greedy': 4.0, 'random': 0.0}
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

import ray

from carcassonne_safari import play_game, win_shares


def seating(bots: Sequence[str], game: int) -> List[str]:
    """The bots of game number ``game`` in seat order: ``bots`` rotated by the
    game number, so every bot plays every seat equally often."""
    k = game % len(bots)
    return list(bots[k:]) + list(bots[:k])


def play_one(bots: Sequence[str], seed: int) -> Dict[str, Any]:
    """One game between ``bots`` (seat order) from ``seed``: ``{"seed",
    "bots", "scores", "winners", "decisions", "seconds", "record"}`` where
    ``record`` is the game record's JSON."""
    result = play_game(list(bots), seed=seed)
    return {
        "seed": seed,
        "bots": list(bots),
        "scores": result["scores"],
        "winners": result["winners"],
        "decisions": result["decisions"],
        "seconds": result["seconds"],
        "record": result["record"].to_json(),
    }


#: ``play_one`` as a Ray task.
play_one_task = ray.remote(play_one)


def selfplay(games: int, bots: Sequence[str], seed: int = 0) -> List[Dict[str, Any]]:
    """Plays ``games`` games as Ray tasks (game ``i`` from seed ``seed + i``,
    bots seated by ``seating``) and gathers their results in game order.
    Needs ``ray.init`` first."""
    futures = [play_one_task.remote(seating(bots, i), seed + i) for i in range(games)]
    return ray.get(futures)


def summarize(results: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
    """Totals by bot name: ``games``, ``wins`` (the engine's ``win_shares``:
    a tie of ``k`` leaders gives each ``1/k``), ``mean_score`` and
    ``decisions``."""
    wins: Dict[str, float] = {}
    points: Dict[str, float] = {}
    seats: Dict[str, int] = {}
    for r in results:
        for seat, bot in enumerate(r["bots"]):
            wins.setdefault(bot, 0.0)
            points[bot] = points.get(bot, 0.0) + r["scores"][seat]
            seats[bot] = seats.get(bot, 0) + 1
        for bot, share in zip(r["bots"], win_shares(r["scores"])):
            wins[bot] += share
    return {
        "games": len(results),
        "wins": wins,
        "mean_score": {bot: points[bot] / seats[bot] for bot in points},
        "decisions": sum(r["decisions"] for r in results),
    }

"""Random self-play speed through the Python API, against the Rust engine.

Three figures, all on the engine's reference random policy (``RandomPolicy``, docs/decisions.md: chance
by its weights; a player picks a move kind uniformly among the kinds of the
legal moves, then a move of that kind uniformly):

* step by step from Python: ``legal_action_ids()``, the pick in Python,
  ``play(id)``, one decision at a time (chance: ``sample_chance_id(seed)``,
  ``play(id)``);
* batch: ``play_random_games(n, seed, players)``, whole games in Rust;
* Rust: ``cargo run --release --example selfplay -- --seed 1 --players 2
  --games 20000`` at the repository root (run by this script when ``cargo`` is
  on the PATH, unless ``--rust-games-per-s`` gives the figure).

Run from the repository root after ``pip install ./python``::

    python python/bench/selfplay_speed.py [--players 2] [--games 2000] [--batch-games 20000]

The goals: step by step within 20x of Rust, batch within 1.2x.
"""

from __future__ import annotations

import argparse
import bisect
import os
import random
import re
import shutil
import subprocess
import sys
import time
from typing import List, Optional, Tuple

from carcassonne_safari import CHANCE, GameState, Setup, play_random_games
from carcassonne_safari.encoding import ACTION_BLOCKS

_STARTS: List[int] = [r.start for r in ACTION_BLOCKS.values()]
_STOPS: List[int] = [r.stop for r in ACTION_BLOCKS.values()]


def pick(rng: random.Random, ids: List[int]) -> int:
    """The reference policy on ascending player action ids: a kind uniformly
    among the kinds present, then an id of that kind uniformly. The ids of a
    kind form one run; the runs are found with two bisections each."""
    runs: List[Tuple[int, int]] = []
    i, n = 0, len(ids)
    while i < n:
        kind = bisect.bisect_right(_STARTS, ids[i]) - 1
        j = bisect.bisect_left(ids, _STOPS[kind], i)
        runs.append((i, j))
        i = j
    lo, hi = runs[rng.randrange(len(runs))]
    return ids[lo + rng.randrange(hi - lo)]


def play_step_by_step(seed: int, players: int) -> Tuple[List[int], int]:
    """One game driven from Python; returns the scores and the decisions."""
    rng = random.Random(seed)
    state = GameState(Setup(players))
    decisions = 0
    while True:
        actor = state.to_move()
        if actor is None:
            return state.scores(), decisions
        if actor == CHANCE:
            outcome = state.sample_chance_id(rng.getrandbits(63))
            assert outcome is not None, "a chance node has outcomes"
            state = state.play(outcome)
        else:
            state = state.play(pick(rng, state.legal_action_ids()))
        decisions += 1


def step_by_step_speed(games: int, seed: int, players: int) -> Tuple[float, float]:
    """Games per second and mean decisions per game, step by step."""
    start = time.perf_counter()
    decisions = 0
    for g in range(games):
        decisions += play_step_by_step(seed + g, players)[1]
    return games / (time.perf_counter() - start), decisions / games


def batch_speed(games: int, seed: int, players: int) -> Tuple[float, float]:
    """Games per second of ``play_random_games`` (wall time of the call) and
    mean decisions per game."""
    start = time.perf_counter()
    result = play_random_games(games, seed, players)
    return games / (time.perf_counter() - start), result["decisions"] / games


def rust_speed(games: int, seed: int, players: int) -> Optional[float]:
    """Games per second of the engine's ``selfplay`` example, when cargo is
    available (the repository root is two levels above this script)."""
    cargo = shutil.which("cargo")
    if cargo is None:
        return None
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    cmd = [cargo, "run", "--quiet", "--release", "--example", "selfplay", "--"]
    cmd += ["--seed", str(seed), "--players", str(players), "--games", str(games)]
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=True).stdout
    match = re.search(r"([0-9.]+) games/s", out)
    return float(match.group(1)) if match else None


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="random self-play speed: Python API against Rust")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=2000, help="games played step by step (default 2000)")
    parser.add_argument("--batch-games", type=int, default=20000, help="games of the batch call (default 20000)")
    parser.add_argument("--rust-games", type=int, default=20000, help="games of the Rust run (default 20000)")
    parser.add_argument("--rust-games-per-s", type=float, default=None, help="skip the Rust run, use this figure")
    args = parser.parse_args(argv)

    step, step_decisions = step_by_step_speed(args.games, args.seed, args.players)
    print(f"python step by step: {step:8.0f} games/s ({args.games} games, {step_decisions:.0f} decisions/game)")
    batch, batch_decisions = batch_speed(args.batch_games, args.seed, args.players)
    print(f"python batch call:   {batch:8.0f} games/s ({args.batch_games} games, {batch_decisions:.0f} decisions/game)")
    rust = args.rust_games_per_s
    if rust is None:
        rust = rust_speed(args.rust_games, args.seed, args.players)
    if rust is None:
        print("rust selfplay: not measured (no cargo; pass --rust-games-per-s)")
        return 0
    print(f"rust selfplay:       {rust:8.0f} games/s ({args.rust_games} games)")
    print(f"Rust / step by step: {rust / step:5.2f} (goal: at most 20)")
    print(f"Rust / batch:        {rust / batch:5.2f} (goal: at most 1.2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

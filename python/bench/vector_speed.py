"""Agent steps per second of the vectorised environment against the PettingZoo
loop, measured side by side in one run.

    python python/bench/vector_speed.py [--seconds 3] [--rounds 3]

The PettingZoo loop is the usual one: ``env.last()``, the action mask, a random
legal action (``action_space.sample(mask)``), ``env.step``; every decision of a
2-player game is an agent step. The vectorised environment runs the same
games in self-play (every decision is an agent step), with observations and
masks written for every game at every step, for 1, 16, 64 and 256 games per
batch, on 1 thread (the per-core figure) and on 2. The random legal action
comes either from the environment (``sample_actions``, no pass over the
masks) or from NumPy over the masks (``np.flatnonzero``, one pass over every
mask). Each configuration runs ``--seconds`` per round; rounds are
interleaved and the table gives the median of the rounds and every run, in
wall-clock time and per CPU second of the process (its user and system time
over all its threads: the per-core figure, which other programs sharing the
machine disturb much less than the wall clock).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Callable, Dict, List, Tuple

import numpy as np

import carcassonne_safari as cs
from carcassonne_safari.vector import CarcassonneVectorEnv


def pettingzoo_loop(seconds: float, seed: int) -> Tuple[float, float]:
    """Agent steps per second (wall clock, CPU) of the PettingZoo loop (2 players)."""
    env = cs.env(players=2)
    env.reset(seed=seed)
    steps = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        agent = env.agent_selection
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
        steps += 1
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def numpy_picker(num_envs: int, actions: int, seed: int) -> Callable[[np.ndarray], np.ndarray]:
    """A uniform random legal id per game from the masks, in one vectorised pass."""
    rng = np.random.default_rng(seed)

    def pick(masks: np.ndarray) -> np.ndarray:
        flat = np.flatnonzero(masks)
        counts = np.bincount(flat // actions, minlength=num_envs)
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        return flat[starts + (rng.random(num_envs) * counts).astype(np.int64)] % actions

    return pick


def vector_loop(num_envs: int, threads: int, picker: str, seconds: float, seed: int) -> Tuple[float, float]:
    """Agent steps per second (wall clock, CPU) of the vectorised environment
    in self-play."""
    envs = CarcassonneVectorEnv(num_envs, players=2, opponents=None, seed=seed, threads=threads, copy=False)
    obs, info = envs.reset(seed=seed)
    pick = numpy_picker(num_envs, envs.core.num_actions, seed)
    steps = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if picker == "env":
            actions = envs.core.sample_actions()
        else:
            actions = pick(info["action_mask"])
        obs, _, _, _, info = envs.step(actions)
        steps += num_envs
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--sizes", default="1,16,64,256")
    args = p.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    configs: List[Tuple[str, int, int, str]] = [("pettingzoo", 1, 1, "")]
    for picker in ("env", "numpy"):
        for threads in (1, 2):
            for n in sizes:
                configs.append(("vector", n, threads, picker))
    runs: Dict[Tuple[str, int, int, str], List[Tuple[float, float]]] = {c: [] for c in configs}
    print(f"{os.cpu_count()} cores; {args.rounds} rounds of {args.seconds} s per configuration", flush=True)
    for r in range(args.rounds):
        for c in configs:
            kind, n, threads, picker = c
            if kind == "pettingzoo":
                rate = pettingzoo_loop(args.seconds, seed=r)
            else:
                rate = vector_loop(n, threads, picker, args.seconds, seed=r)
            runs[c].append(rate)
        print(f"round {r + 1} done", flush=True)
    def med(c: Tuple[str, int, int, str], k: int) -> float:
        return statistics.median(r[k] for r in runs[c])

    base, base_cpu = med(configs[0], 0), med(configs[0], 1)
    print()
    print(
        "| loop | games per batch | threads | random action from | agent steps/s, wall (median) | x PettingZoo "
        "| agent steps per CPU second (median) | x PettingZoo | runs (wall; CPU) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for c in configs:
        kind, n, threads, picker = c
        wall, cpu = med(c, 0), med(c, 1)
        every = " / ".join(f"{w:,.0f}" for w, _ in runs[c]) + "; " + " / ".join(f"{u:,.0f}" for _, u in runs[c])
        if kind == "pettingzoo":
            print(f"| PettingZoo AEC | 1 | 1 | `action_space.sample(mask)` | {wall:,.0f} | 1 | {cpu:,.0f} | 1 | {every} |")
        else:
            source = "`sample_actions()`" if picker == "env" else "NumPy over the masks"
            print(
                f"| vector | {n} | {threads} | {source} | {wall:,.0f} | {wall / base:.1f} | {cpu:,.0f} | "
                f"{cpu / base_cpu:.1f} | {every} |"
            )


if __name__ == "__main__":
    main()

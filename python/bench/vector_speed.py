"""Agent steps per second of the vectorised environment against the PettingZoo
loop, measured side by side in one run.

    python python/bench/vector_speed.py [--seconds 3] [--rounds 3]

The PettingZoo loop is the usual one: ``env.last()``, the action mask, a random
legal action, ``env.step``; every decision of a 2-player game is an agent step.
It runs in a warm process, as a user's process is: the script first allocates
and frees one 16 MB array, after which glibc keeps the step's 0.5 MB mask and
observation on its heap instead of handing them back to the kernel at every
step (a fresh process that never did that runs the same loop several times
slower, a slowed baseline). Its random action comes from
``action_space.sample(mask)`` or, faster, from NumPy over a bool view of the
mask (``np.flatnonzero``); the ratios are taken against the faster of the two. The vectorised environment runs the same
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


def warm_the_allocator() -> None:
    """Allocates and frees one 16 MB array, as any process that has done real
    work has: glibc then raises its mmap threshold above the environment's
    0.5 MB buffers and keeps them on its heap."""
    block = np.ones(16 << 20, dtype=np.uint8)
    assert int(block[-1]) == 1
    del block


def pettingzoo_loop(seconds: float, seed: int, picker: str) -> Tuple[float, float]:
    """Agent steps per second (wall clock, CPU) of the PettingZoo loop (2 players),
    the random legal action from ``action_space.sample`` (``picker == "space"``)
    or from NumPy over the mask."""
    env = cs.env(players=2)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        agent = env.agent_selection
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        mask = obs["action_mask"]
        if picker == "space":
            action = env.action_space(agent).sample(mask)
        else:
            legal = np.flatnonzero(mask.view(np.bool_))
            action = int(legal[rng.integers(len(legal))])
        env.step(action)
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
    configs: List[Tuple[str, int, int, str]] = [("pettingzoo", 1, 1, "space"), ("pettingzoo", 1, 1, "numpy")]
    for picker in ("env", "numpy"):
        for threads in (1, 2):
            for n in sizes:
                configs.append(("vector", n, threads, picker))
    runs: Dict[Tuple[str, int, int, str], List[Tuple[float, float]]] = {c: [] for c in configs}
    warm_the_allocator()
    print(f"{os.cpu_count()} cores; {args.rounds} rounds of {args.seconds} s per configuration", flush=True)
    for r in range(args.rounds):
        for c in configs:
            kind, n, threads, picker = c
            if kind == "pettingzoo":
                rate = pettingzoo_loop(args.seconds, seed=r, picker=picker)
            else:
                rate = vector_loop(n, threads, picker, args.seconds, seed=r)
            runs[c].append(rate)
        print(f"round {r + 1} done", flush=True)
    def med(c: Tuple[str, int, int, str], k: int) -> float:
        return statistics.median(r[k] for r in runs[c])

    # The baseline is the faster PettingZoo loop, by each measure.
    base = max(med(configs[0], 0), med(configs[1], 0))
    base_cpu = max(med(configs[0], 1), med(configs[1], 1))
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
            source = "`action_space.sample(mask)`" if picker == "space" else "NumPy over the mask"
            print(
                f"| PettingZoo AEC, warm | 1 | 1 | {source} | {wall:,.0f} | {wall / base:.2f} | {cpu:,.0f} | "
                f"{cpu / base_cpu:.2f} | {every} |"
            )
        else:
            source = "`sample_actions()`" if picker == "env" else "NumPy over the masks"
            print(
                f"| vector | {n} | {threads} | {source} | {wall:,.0f} | {wall / base:.1f} | {cpu:,.0f} | "
                f"{cpu / base_cpu:.1f} | {every} |"
            )


if __name__ == "__main__":
    main()

"""Self-play of Carcassonne: Safari bots as Ray tasks.

Plays N games between bots of the bots crate (each game one Ray task, played
in Rust), gathers the records and results, and prints wins, mean scores and
games per second.

On this machine (a local Ray instance)::

    python python/examples/ray_selfplay.py --games 40 --bots greedy,random --num-cpus 2

On a Ray cluster (``ray start --head`` on one machine, ``ray start
--address=HEAD:6379`` on the others), from any node of the cluster::

    python python/examples/ray_selfplay.py --address auto --games 10000 --bots greedy,mcts:it=200

``--out FILE`` writes one JSON line per game (seed, bots, scores, winners and
the game record).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import List, Optional

import ray

from carcassonne_safari import ray_helpers


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument(
        "--bots",
        default="greedy,random",
        help="comma-separated bot specs, one per seat, e.g. greedy,random or greedy,mcts:it=200 (default greedy,random)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i")
    parser.add_argument(
        "--address",
        default=None,
        help="address of a running Ray cluster (e.g. auto or HEAD:6379); default: start a local instance",
    )
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local instance (default: all)")
    parser.add_argument("--out", default=None, help="write one JSON line per game to this file")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    return args


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    bots = [b for b in args.bots.split(",") if b]
    if args.address is not None:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False)
    try:
        workers = int(ray.cluster_resources().get("CPU", 1))
        start = time.perf_counter()
        results = ray_helpers.selfplay(args.games, bots, seed=args.seed)
        seconds = time.perf_counter() - start
    finally:
        ray.shutdown()
    summary = ray_helpers.summarize(results)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            for r in results:
                out.write(json.dumps(r) + "\n")
    print(f"games {summary['games']} bots {','.join(bots)} seeds {args.seed}..{args.seed + args.games}")
    print("wins " + ", ".join(f"{bot} {w:g}" for bot, w in summary["wins"].items()))
    print("mean score " + ", ".join(f"{bot} {s:.2f}" for bot, s in summary["mean_score"].items()))
    print(f"decisions {summary['decisions']}")
    print(f"{summary['games'] / seconds:.1f} games/s on {workers} CPUs ({seconds:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Plays a trained policy against bots of the bots crate with the arena's
statistics: paired deals (every deal played once from each seat), win rate
with its 95% Wilson interval (a shared first place counts 1/k), mean score
and mean margin over the best other player.

    python python/examples/evaluate.py --model runs/ppo/model.msgpack --opponents random,greedy --deals 200

The policy plays its most likely legal move (``--sample`` draws from its
distribution instead); all the games against one opponent run at once in the
vectorised environment, the policy deciding for every game in one batch.
``--untrained`` evaluates a freshly initialised network of the same shape
instead (the baseline). The last line is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any, Dict, List

from carcassonne_safari.policy import PolicyBot, init_params, load
from carcassonne_safari.ppo import evaluate


def elo(p: float) -> float:
    """The Elo difference of a win rate (clamped away from 0 and 1)."""
    p = min(max(p, 1e-4), 1 - 1e-4)
    return -400 * math.log10(1 / p - 1)


def main(argv: List[str] | None = None) -> List[Dict[str, Any]]:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", type=Path, required=True, help="model.msgpack written by train.py")
    p.add_argument("--opponents", default="random,greedy", help="bot specifications, separated by commas")
    p.add_argument("--deals", type=int, default=200, help="paired deals per opponent (games = deals x players)")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=20_000, help="seed of the deals")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--sample", action="store_true", help="sample moves instead of the most likely one")
    p.add_argument("--untrained", action="store_true", help="a freshly initialised network of the same shape")
    args = p.parse_args(argv)

    params, config = load(args.model)
    if args.untrained:
        params = init_params(config, seed=0)
    bot = PolicyBot(params, config, greedy=not args.sample, seed=args.seed)
    results = []
    print(f"{args.model}{' (untrained)' if args.untrained else ''}: {args.deals} deals x {args.players} seats per opponent")
    print("| opponent | games | win rate | 95% interval | Elo | score | margin | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for opponent in [o for o in args.opponents.split(",") if o]:
        start = time.perf_counter()
        r = evaluate(bot.action, opponent, args.deals, players=args.players, window=config.window, seed=args.seed, threads=args.threads)
        r = {k: v for k, v in r.items() if k != "shares"}
        r["seconds"] = time.perf_counter() - start
        r["elo"] = elo(r["win_rate"])
        results.append(r)
        print(
            f"| {opponent} | {r['games']} | {r['win_rate']:.1%} | {r['low']:.1%} to {r['high']:.1%} | "
            f"{r['elo']:+.0f} | {r['score']:.1f} | {r['margin']:+.1f} | {r['seconds']:.0f} |",
            flush=True,
        )
    print(json.dumps({"model": str(args.model), "untrained": args.untrained, "results": results}))
    return results


if __name__ == "__main__":
    main()

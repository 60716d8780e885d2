"""Trains a policy with PPO on the vectorised environment, against the uniform
random bot and then the greedy bot, and plots its learning curve.

    pip install -r python/requirements-train.txt ./python
    python python/examples/train.py --out runs/ppo --random-steps 100000 --greedy-steps 100000

Every ``--eval-every`` agent steps the current policy (its most likely legal
move) plays ``--eval-deals`` paired deals against each opponent (every deal
from both seats; the bots crate's arena does the same) and the win rate with
its 95% interval is recorded. Writes to ``--out``: ``model.msgpack`` and
``model.json`` (the policy: ``carcassonne_safari.policy.PolicyBot.load``),
``curve.json`` (every evaluation and the losses of every update) and
``curve.png`` (win rate against each opponent over training steps).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, Dict, List

import numpy as np

from carcassonne_safari import policy
from carcassonne_safari.policy import NetConfig
from carcassonne_safari.ppo import PPOConfig, Trainer, evaluate
from carcassonne_safari.vector import CarcassonneVectorEnv


def arguments(argv: List[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, required=True, help="output folder")
    p.add_argument("--random-steps", type=int, default=100_000, help="agent steps against the random bot")
    p.add_argument("--greedy-steps", type=int, default=100_000, help="agent steps against the greedy bot, after")
    p.add_argument("--num-envs", type=int, default=32, help="games per batch")
    p.add_argument("--rollout", type=int, default=64, help="decisions per game per update")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--minibatches", type=int, default=4)
    p.add_argument("--learning-rate", type=float, default=3e-4)
    p.add_argument("--channels", type=int, default=NetConfig.channels)
    p.add_argument("--layers", type=int, default=NetConfig.layers)
    p.add_argument("--eval-every", type=int, default=16_384, help="agent steps between evaluations")
    p.add_argument("--eval-deals", type=int, default=32, help="paired deals per opponent per evaluation")
    p.add_argument("--opponents", default="random,greedy", help="bots evaluated against")
    p.add_argument("--threads", type=int, default=None, help="threads of the environments (default: every core)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-plot", action="store_true", help="skip curve.png")
    return p.parse_args(argv)


def plot(curve: List[Dict[str, Any]], switch: int, total: int, path: Path, title: str) -> None:
    """Win rate against each opponent over training steps, with 95% intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=110)
    for opponent in sorted({e["opponent"] for e in curve}):
        points = [e for e in curve if e["opponent"] == opponent]
        x = np.array([e["steps"] for e in points])
        y = np.array([e["win_rate"] for e in points])
        ax.plot(x, y, marker="o", label=f"against {opponent}")
        ax.fill_between(x, [e["low"] for e in points], [e["high"] for e in points], alpha=0.2)
    if switch > 0:
        ax.axvline(switch, color="grey", linestyle="--", linewidth=1)
        ax.text(switch, 0.5, "training opponent: random ← → greedy ", color="grey", fontsize=8, ha="center",
                va="bottom", backgroundcolor="white")
    ax.axhline(0.5, color="black", linewidth=0.5)
    ax.set_ylim(0, 1)
    ax.set_xlim(0, max([total] + [e["steps"] for e in curve]) * 1.02)
    ax.set_xlabel("agent steps (decisions of the trained seat)")
    ax.set_ylabel("win rate (ties shared), 95% interval")
    ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(loc="center right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: List[str] | None = None) -> Dict[str, Any]:
    args = arguments(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    net = NetConfig(channels=args.channels, layers=args.layers)
    ppo = PPOConfig(
        num_envs=args.num_envs,
        steps=args.rollout,
        epochs=args.epochs,
        minibatches=args.minibatches,
        learning_rate=args.learning_rate,
    )
    trainer = Trainer(net, ppo, seed=args.seed)
    opponents = [o for o in args.opponents.split(",") if o]
    curve: List[Dict[str, Any]] = []
    updates: List[Dict[str, Any]] = []
    start = time.perf_counter()

    def evaluation() -> None:
        for opponent in opponents:
            r = evaluate(trainer.greedy, opponent, args.eval_deals, window=net.window, seed=10_000, threads=args.threads)
            entry = {k: v for k, v in r.items() if k != "shares"}
            entry["steps"] = trainer.steps_done
            entry["elapsed"] = time.perf_counter() - start
            curve.append(entry)
            print(
                f"[{entry['elapsed']:7.0f} s] steps {trainer.steps_done:7d}: against {opponent}: "
                f"win rate {r['win_rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}] over {r['games']} games, "
                f"margin {r['margin']:+.1f}",
                flush=True,
            )

    switch = args.random_steps if args.random_steps > 0 and args.greedy_steps > 0 else 0

    def save() -> Dict[str, Any]:
        """Writes the model, the curve's data and its plot (after every
        evaluation, so that a long run can be stopped and still used)."""
        meta = {
            "steps": trainer.steps_done,
            "seconds": time.perf_counter() - start,
            "random_steps": args.random_steps,
            "greedy_steps": args.greedy_steps,
            "ppo": asdict(ppo),
            "seed": args.seed,
            "command": " ".join(["python python/examples/train.py"] + (argv if argv is not None else sys.argv[1:])),
        }
        policy.save(args.out / "model.msgpack", trainer.params, net, meta)
        (args.out / "curve.json").write_text(
            json.dumps({"meta": meta, "evaluations": curve, "updates": updates}, indent=1) + "\n"
        )
        if not args.no_plot:
            plot(
                curve,
                switch,
                args.random_steps + args.greedy_steps,
                args.out / "curve.png",
                f"PPO on the vectorised environment, 2 players, {trainer.steps_done} agent steps\n"
                f"win rate of the most likely legal move, {args.eval_deals * 2} games per point",
            )
        return meta

    phases = [("random", args.random_steps), ("greedy", args.greedy_steps)]
    next_eval = 0
    for opponent, budget in phases:
        if budget <= 0:
            continue
        envs = CarcassonneVectorEnv(
            args.num_envs,
            opponents=(opponent,),
            window=net.window,
            reward="score_diff",
            seed=args.seed * 1000 + len(updates),
            threads=args.threads,
            copy=False,
        )
        obs, info = envs.reset()
        target = trainer.steps_done + budget
        while trainer.steps_done < target:
            if trainer.steps_done >= next_eval:
                evaluation()
                save()
                next_eval += args.eval_every
            batch, games, obs, info = trainer.collect(envs, obs, info)
            losses = trainer.update(batch)
            entry = {"steps": trainer.steps_done, "opponent": opponent, **losses}
            if games["shares"]:
                entry["train_win_rate"] = float(np.mean(games["shares"]))
                entry["train_margin"] = float(np.mean(games["margins"]))
            updates.append(entry)
            print(
                f"[{time.perf_counter() - start:7.0f} s] steps {trainer.steps_done:7d} ({opponent}): "
                + ", ".join(f"{k} {v:.4f}" for k, v in losses.items())
                + (f", training games won {entry['train_win_rate']:.2f}" if games["shares"] else ""),
                flush=True,
            )
    evaluation()
    meta = save()
    print(f"done: {trainer.steps_done} agent steps in {meta['seconds']:.0f} s; model and curve in {args.out}")
    return {"meta": meta, "evaluations": curve, "updates": updates}


if __name__ == "__main__":
    main()

"""Trains the learned policy (the ``net`` bot) from scratch: imitation of a
teacher bot (the two-ply bot by default, the one-ply bot with ``--teacher
oneply``), then ``--rounds`` rounds of DAgger (the policy plays, the teacher
labels its positions). The defaults are the shipped model's run:

    python python/examples/train_imitation.py --out runs/imitation [--ship]

Needs NumPy and Matplotlib (python/requirements-train.txt pins them) and the
Rust toolchain; not the built package. Each round records games with
``rl``'s ``imitation-data`` (deals from fixed seeds, so a rerun records the
same games), trains on every decision recorded so far, and rates the model
with ``policy-arena`` against ``greedy`` and ``oneply`` on paired deals. The
learning curve goes to OUT/curve.png, the figures to OUT/history.json, the
models to OUT/model_rK.txt (``imitation.Model.load`` reads one;
``imitation-data --seats`` and ``policy-arena --model`` take its path).
``--ship`` copies the last round's model to bots/src/learned/model.txt (the
``net`` bot's weights, which the Python package reads through its native
module) and writes the Rust/Python agreement fixture,
rl/tests/data/agreement.txt.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

# One BLAS thread: on a busy machine OpenBLAS's threads wait on each other and
# an update runs far slower.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("imitation", ROOT / "python/carcassonne_safari/imitation.py")
assert _spec and _spec.loader
im = importlib.util.module_from_spec(_spec)
sys.modules["imitation"] = im
_spec.loader.exec_module(im)

BIN = ROOT / "target/release"


def run(cmd: list, log) -> str:
    log("$ " + " ".join(str(c) for c in cmd))
    out = subprocess.run([str(c) for c in cmd], check=True, capture_output=True, text=True, cwd=ROOT).stdout
    log(out.strip())
    return out


def record(out: Path, games: int, seed: int, seats: str, epsilon: float, threads: int, log,
           teacher: str = "twoply") -> Path:
    if not (out / "outcome.bin").exists():
        run([BIN / "imitation-data", "--out", out, "--games", games, "--seed", seed, "--threads", threads,
             "--seats", seats, "--epsilon", epsilon, "--teacher", teacher], log)
    return out


def rate(model: Path, opponent: str, deals: int, seed: int, threads: int, log) -> dict:
    out = run([BIN / "policy-arena", "--model", model, "--opponent", opponent, "--deals", deals,
               "--seed", seed, "--threads", threads], log)
    return json.loads(out.strip().splitlines()[-1])


def arguments(argv: "list[str] | None" = None) -> argparse.Namespace:
    """The command line's arguments; the defaults are the shipped model's run."""
    ap = argparse.ArgumentParser(description="Trains the learned policy (net) by imitation of a teacher bot.")
    ap.add_argument("--out", type=Path, default=ROOT / "runs/imitation")
    ap.add_argument("--rounds", type=int, default=0, help="DAgger rounds after the imitation round")
    ap.add_argument("--games0", type=int, default=600, help="games of the imitation round")
    ap.add_argument("--games", type=int, default=300, help="games of each DAgger round")
    ap.add_argument("--epochs0", type=int, default=15, help="epochs of the imitation round")
    ap.add_argument("--epochs", type=int, default=3, help="epochs of each DAgger round")
    ap.add_argument("--hidden", default="64,64", help="hidden layers' widths")
    ap.add_argument("--temperature", type=float, default=im.TrainConfig.temperature,
                    help="points of margin: the teacher's values' softmax temperature")
    ap.add_argument("--regret-weight", type=float, default=3.0,
                    help="weight of the expected regret added to the cross-entropy")
    ap.add_argument("--teacher", default="twoply",
                    help="who labels the decisions and plays the teacher's seats: twoply, twoply:W or oneply")
    ap.add_argument("--eval-deals", type=int, default=100)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--ship", action="store_true")
    return ap.parse_args(argv)


def main() -> None:
    args = arguments()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    logf = open(out / "log.txt", "a")

    def log(s: str) -> None:
        print(s, flush=True)
        logf.write(s + "\n")
        logf.flush()

    subprocess.run(["cargo", "build", "--release", "-p", "carcassonne-safari-rl", "--bins"], check=True, cwd=ROOT)
    config = im.TrainConfig(hidden=tuple(int(h) for h in args.hidden.split(",")), epochs=args.epochs0,
                            temperature=args.temperature, regret_weight=args.regret_weight)
    dirs = [
        record(out / "data/r0a", args.games0 * 2 // 3, 1_000_000, "teacher,teacher", 0.1, args.threads, log, args.teacher),
        record(out / "data/r0b", args.games0 // 3, 2_000_000, "teacher,greedy", 0.05, args.threads, log, args.teacher),
    ]
    # Held-out decisions: games of their own deals, teacher against teacher.
    valid = im.load([record(out / "data/valid", 40, 9_000_000, "teacher,teacher", 0.05, args.threads, log, args.teacher)])
    history: dict = {"rounds": [], "epochs": [], "config": vars(args) | {"out": str(out)}}
    net = None
    for r in range(args.rounds + 1):
        if r > 0:
            prev = out / f"model_r{r - 1}.txt"
            dirs.append(record(out / f"data/r{r}a", args.games * 2 // 3, 3_000_000 + 10_000 * r, f"{prev},teacher", 0.05, args.threads, log, args.teacher))
            dirs.append(record(out / f"data/r{r}b", args.games // 3, 4_000_000 + 10_000 * r, f"{prev},greedy", 0.05, args.threads, log, args.teacher))
            config.epochs = args.epochs
        t0 = time.perf_counter()
        data = im.load(dirs)
        load_s = time.perf_counter() - t0
        if net is None:
            mean, scale = im.standardisation(data.features)
            net = im.Model.init(mean, scale, config.hidden, config.seed)
        hist = im.History()
        times = train(net, data, valid, config, hist, log)
        model = out / f"model_r{r}.txt"
        model.write_text(net.to_text())
        vs_greedy = rate(model, "greedy", args.eval_deals, 500_000, args.threads, log)
        vs_oneply = rate(model, "oneply", args.eval_deals, 500_000, args.threads, log)
        row = {"round": r, "decisions": data.decisions, "moves": int(len(data.values)), "parameters": net.parameters(),
               "load_seconds": load_s, "times": times, "valid": hist.rows[-1], "greedy": vs_greedy, "oneply": vs_oneply}
        history["rounds"].append(row)
        history["epochs"] += [dict(h, round=r) for h in hist.rows]
        log(json.dumps(row))
        (out / "history.json").write_text(json.dumps(history, indent=1))
        plot(history, out / "curve.png")
        del data
    if args.ship:
        ship(out / f"model_r{args.rounds}.txt", out, args.threads, log)


def train(net, data, valid, config, hist, log):
    times = im.train(net, data, valid, config, hist, log)
    log(f"update: {times['decisions']} decisions in {times['update_seconds']:.1f} s "
        f"({times['decisions_per_update_second']:.0f} decisions/s; gather {times['gather']:.1f}, forward {times['forward']:.1f}, "
        f"loss {times['loss']:.1f}, backward {times['backward']:.1f}, adam {times['adam']:.1f} s)")
    return times


def plot(history: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rounds = history["rounds"]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
    x = [r["decisions"] for r in rounds]
    for name, colour in (("greedy", "tab:blue"), ("oneply", "tab:orange")):
        y = np.array([r[name]["win_rate"] for r in rounds])
        lo = np.array([r[name]["ci95"][0] for r in rounds])
        hi = np.array([r[name]["ci95"][1] for r in rounds])
        ax1.errorbar(x, y, yerr=[y - lo, hi - y], marker="o", capsize=3, color=colour, label=f"against {name}")
    ax1.axhline(0.75, ls=":", color="tab:blue")
    ax1.axhline(0.45, ls=":", color="tab:orange")
    ax1.set_xlabel("decisions trained on (imitation round, then DAgger rounds)")
    ax1.set_ylabel(f"win rate, 2 players, {2 * history['config']['eval_deals']} paired games")
    ax1.set_ylim(0, 1)
    ax1.legend()
    ep = history["epochs"]
    teacher = history["config"].get("teacher", "twoply")
    ax2.plot(range(1, len(ep) + 1), [e["agree"] for e in ep], marker=".", label=f"agrees with {teacher}'s best move")
    ax2.set_xlabel("epoch (all rounds)")
    ax2.set_ylabel("held-out decisions")
    ax2b = ax2.twinx()
    ax2b.plot(range(1, len(ep) + 1), [e["regret"] for e in ep], marker=".", color="tab:red", label="regret (points)")
    ax2b.set_ylabel(f"mean regret against {teacher}'s values (points)")
    ax2.legend(loc="lower left")
    ax2b.legend(loc="upper right")
    fig.suptitle(f"Learned policy (net): imitation of {teacher}, then DAgger")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def ship(model: Path, out: Path, threads: int, log) -> None:
    """Copies ``model`` to the bots crate (the weights' one copy: the Python
    package reads them through its native module) and writes the agreement
    fixture: the first decisions of a recorded game (deal 77, one-ply against
    one-ply, no random moves), their features and the Python logits."""
    (ROOT / "bots/src/learned/model.txt").write_text(model.read_text())
    d = record(out / "data/fixture", 1, 77, "teacher,teacher", 0.0, 1, log, "oneply")
    data = im.load([d])
    net = im.Model.from_text(model.read_text())
    n = 12
    lines = ["# Decisions of deal 77 (imitation-data --games 1 --seed 77 --seats teacher,teacher --epsilon 0):",
             "# per decision `decision MOVES`, then per move its features and the Python logit of the model",
             f"# {model.name} (bots/src/learned/model.txt).", f"decisions {n}"]
    for i in range(n):
        a, b = data.starts[i], data.starts[i + 1]
        logits = net.logits(data.features[a:b])
        lines.append(f"decision {b - a}")
        for k in range(a, b):
            lines.append(" ".join(f"{float(x):.9g}" for x in data.features[k]) + f" {float(logits[k - a]):.9g}")
    fixture = ROOT / "rl/tests/data/agreement.txt"
    fixture.parent.mkdir(parents=True, exist_ok=True)
    fixture.write_text("\n".join(lines) + "\n")
    log(f"shipped {model} and {fixture}")


if __name__ == "__main__":
    main()

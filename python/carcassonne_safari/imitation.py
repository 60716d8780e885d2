"""Imitation learning of the learned policy: the ``net`` bot
(``carcassonne_safari_bots::learned::PolicyNet``), whose network is
``Model`` here as in the bots crate (``learned::Model``).

The policy scores each legal move by a multilayer perceptron on the move's
features (computed in Rust, ``bots/src/learned/features.rs``) and plays the
move with the highest score. This module trains that network on decisions
recorded by ``rl``'s ``imitation-data`` (the teacher's value of every
recorded move: the two-ply bot's, ``TwoPly::move_values``, for the shipped
model, or the one-ply bot's with ``--teacher oneply``), by the cross-entropy
between the network's softmax over a decision's moves and the softmax of the
teacher's values at temperature ``temperature`` (points of margin), plus
``regret_weight`` times the expected regret. It needs NumPy only: the
forward and backward passes are written out, so one update is a handful of
matrix products of fixed shapes.

The model's text form is the one ``Model::parse`` reads in Rust: ``learned-policy 1``,
``features N``, ``norm`` with N means and N scales, then per layer
``dense IN OUT`` with OUT x IN weights (row-major) and OUT biases.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

import numpy as np

#: Numbers per move (``learned::FEATURES`` in Rust).
FEATURES = 105


@dataclass
class Data:
    """Recorded decisions: ``features`` (moves, FEATURES) float32, ``values``
    (moves,), ``starts`` (decisions + 1,) offsets of each decision's moves."""

    features: np.ndarray
    values: np.ndarray
    starts: np.ndarray

    @property
    def decisions(self) -> int:
        return len(self.starts) - 1

    def subset(self, idx: np.ndarray) -> "Data":
        """The decisions ``idx`` (in that order), copied."""
        counts = self.starts[idx + 1] - self.starts[idx]
        rows = np.concatenate([np.arange(self.starts[i], self.starts[i + 1]) for i in idx]) if len(idx) else np.zeros(0, int)
        starts = np.zeros(len(idx) + 1, np.int64)
        np.cumsum(counts, out=starts[1:])
        return Data(self.features[rows], self.values[rows], starts)


def load(dirs: Sequence[Path]) -> Data:
    """The decisions of the data directories ``dirs``, concatenated."""
    feats, vals, counts = [], [], []
    for d in dirs:
        d = Path(d)
        moves = np.fromfile(d / "moves.bin", dtype="<u4").astype(np.int64)
        f = np.fromfile(d / "features.bin", dtype="<f4").reshape(-1, FEATURES)
        v = np.fromfile(d / "values.bin", dtype="<f4")
        assert len(f) == len(v) == moves.sum(), d
        feats.append(f)
        vals.append(v)
        counts.append(moves)
    c = np.concatenate(counts)
    starts = np.zeros(len(c) + 1, np.int64)
    np.cumsum(c, out=starts[1:])
    return Data(np.concatenate(feats), np.concatenate(vals), starts)


def segment_softmax(x: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Softmax of ``x`` within each segment ``starts[i]:starts[i+1]``."""
    seg = np.repeat(np.arange(len(starts) - 1), np.diff(starts))
    m = np.maximum.reduceat(x, starts[:-1])
    e = np.exp(x - m[seg])
    s = np.add.reduceat(e, starts[:-1])
    return e / s[seg]


@dataclass
class Model:
    """The network (the bots crate's ``learned::Model``): standardisation
    then dense layers, ReLU between them."""

    mean: np.ndarray
    scale: np.ndarray
    weights: List[np.ndarray]  # (out, in) each
    biases: List[np.ndarray]

    @staticmethod
    def init(mean: np.ndarray, scale: np.ndarray, hidden: Sequence[int], seed: int) -> "Model":
        rng = np.random.default_rng(seed)
        sizes = [FEATURES, *hidden, 1]
        ws = [(rng.standard_normal((o, i)) * np.sqrt(2.0 / i)).astype(np.float32) for i, o in zip(sizes, sizes[1:])]
        ws[-1] *= 0.1
        bs = [np.zeros(o, np.float32) for o in sizes[1:]]
        return Model(mean.astype(np.float32), scale.astype(np.float32), ws, bs)

    def parameters(self) -> int:
        return sum(w.size + b.size for w, b in zip(self.weights, self.biases))

    def forward(self, x: np.ndarray) -> Tuple[np.ndarray, List[np.ndarray]]:
        """Logits of rows ``x`` and the activations for the backward pass."""
        a = (x - self.mean) * self.scale
        acts = [a]
        last = len(self.weights) - 1
        for k, (w, b) in enumerate(zip(self.weights, self.biases)):
            a = a @ w.T + b
            if k < last:
                a = np.maximum(a, 0.0)
            acts.append(a)
        return a[:, 0], acts

    def logits(self, x: np.ndarray) -> np.ndarray:
        return self.forward(np.asarray(x, np.float32))[0]

    def backward(self, acts: List[np.ndarray], dlogit: np.ndarray) -> List[np.ndarray]:
        """Gradients (weights then biases, layer by layer) for ``dlogit``."""
        grads_w: List[np.ndarray] = [np.empty(0)] * len(self.weights)
        grads_b: List[np.ndarray] = [np.empty(0)] * len(self.weights)
        g = dlogit[:, None].astype(np.float32)
        for k in range(len(self.weights) - 1, -1, -1):
            grads_w[k] = g.T @ acts[k]
            grads_b[k] = g.sum(0)
            if k > 0:
                g = (g @ self.weights[k]) * (acts[k] > 0)
        return grads_w + grads_b

    def params(self) -> List[np.ndarray]:
        return self.weights + self.biases

    def to_text(self) -> str:
        def row(xs: np.ndarray) -> str:
            return " ".join(f"{float(x):.9g}" for x in xs.ravel())

        lines = ["learned-policy 1", f"features {FEATURES}", "norm", row(self.mean), row(self.scale)]
        for w, b in zip(self.weights, self.biases):
            lines += [f"dense {w.shape[1]} {w.shape[0]}", row(w), row(b)]
        return "\n".join(lines) + "\n"

    @staticmethod
    def shipped() -> "Model":
        """The weights of the ``net`` bot, as the bots crate compiles them in
        (read through the native module: ``_engine.net_model_text()``)."""
        from carcassonne_safari._engine import net_model_text

        return Model.from_text(net_model_text())

    @staticmethod
    def load(path: "str | Path") -> "Model":
        """The model in the text file ``path`` (a trained model, as
        ``to_text`` writes it and ``imitation-data --seats`` and
        ``policy-arena --model`` read it)."""
        return Model.from_text(Path(path).read_text(encoding="utf-8"))

    @staticmethod
    def from_text(text: str) -> "Model":
        t = text.split()
        assert t[:3] == ["learned-policy", "1", "features"], "not a learned policy"
        n = int(t[3])
        assert t[4] == "norm"
        at = 5
        mean = np.array(t[at : at + n], np.float32)
        scale = np.array(t[at + n : at + 2 * n], np.float32)
        at += 2 * n
        ws, bs = [], []
        while at < len(t):
            assert t[at] == "dense"
            i, o = int(t[at + 1]), int(t[at + 2])
            at += 3
            ws.append(np.array(t[at : at + i * o], np.float32).reshape(o, i))
            at += i * o
            bs.append(np.array(t[at : at + o], np.float32))
            at += o
        return Model(mean, scale, ws, bs)


def standardisation(features: np.ndarray, sample: int = 200_000, seed: int = 0) -> Tuple[np.ndarray, np.ndarray]:
    """Means and inverse standard deviations (1 for constant columns)."""
    rng = np.random.default_rng(seed)
    rows = features[rng.integers(0, len(features), min(sample, len(features)))]
    mean = rows.mean(0)
    std = rows.std(0)
    scale = np.where(std > 1e-6, 1.0 / np.maximum(std, 1e-6), 1.0)
    return mean, scale


@dataclass
class TrainConfig:
    """Settings of one training run."""

    hidden: Tuple[int, ...] = (64, 64)
    temperature: float = 0.5
    learning_rate: float = 1e-3
    batch: int = 256
    epochs: int = 4
    seed: int = 1
    weight_decay: float = 0.0
    #: Weight of the expected regret (points the softmax policy gives away
    #: against the teacher's best move) added to the cross-entropy.
    regret_weight: float = 0.0


@dataclass
class History:
    """One row per evaluation of the held-out decisions."""

    rows: List[Dict[str, float]] = field(default_factory=list)


def targets(values: np.ndarray, starts: np.ndarray, temperature: float) -> np.ndarray:
    return segment_softmax(values / temperature, starts)


def evaluate(net: Model, data: Data, temperature: float) -> Dict[str, float]:
    """Cross-entropy, agreement with the teacher's best move and regret
    (teacher's best value minus that of the network's choice, points)."""
    logits = net.logits(data.features)
    p = segment_softmax(logits, data.starts)
    q = targets(data.values, data.starts, temperature)
    seg = np.repeat(np.arange(data.decisions), np.diff(data.starts))
    ce = -np.add.reduceat(q * np.log(p + 1e-12), data.starts[:-1]).mean()
    regret = []
    agree = 0
    for i in range(data.decisions):
        a, b = data.starts[i], data.starts[i + 1]
        pick = a + int(np.argmax(logits[a:b]))
        best = data.values[a:b].max()
        regret.append(best - data.values[pick])
        agree += data.values[pick] >= best - 1e-4
    del seg
    return {"ce": float(ce), "agree": agree / max(1, data.decisions), "regret": float(np.mean(regret))}


def train(net: Model, data: Data, valid: Data, config: TrainConfig, history: History, log=print) -> Dict[str, float]:
    """Adam on the soft-target cross-entropy, ``config.epochs`` passes over
    ``data``; evaluates ``valid`` after each epoch. Returns the timings."""
    rng = np.random.default_rng(config.seed)
    params = net.params()
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    b1, b2, eps = 0.9, 0.999, 1e-8
    step = 0
    q_all = targets(data.values, data.starts, config.temperature).astype(np.float32)
    times = {"gather": 0.0, "forward": 0.0, "loss": 0.0, "backward": 0.0, "adam": 0.0}
    decisions_done = 0
    t_start = time.perf_counter()
    for epoch in range(config.epochs):
        order = rng.permutation(data.decisions)
        for s in range(0, len(order) - config.batch + 1, config.batch):
            t0 = time.perf_counter()
            idx = order[s : s + config.batch]
            a, b = data.starts[idx], data.starts[idx + 1]
            counts = b - a
            rows = np.repeat(a - np.concatenate([[0], np.cumsum(counts)[:-1]]), counts) + np.arange(counts.sum())
            starts = np.zeros(len(idx) + 1, np.int64)
            np.cumsum(counts, out=starts[1:])
            x = data.features[rows]
            q = q_all[rows]
            t1 = time.perf_counter()
            logits, acts = net.forward(x)
            t2 = time.perf_counter()
            p = segment_softmax(logits, starts)
            dlogit = (p - q) / len(idx)
            if config.regret_weight:
                # d/dlogit of sum_i p_i r_i (r: the teacher's best value less
                # each move's) is p_j (r_j - sum_i p_i r_i), per decision.
                vals = data.values[rows]
                seg = np.repeat(np.arange(len(idx)), counts)
                r = np.maximum.reduceat(vals, starts[:-1])[seg] - vals
                pr = np.add.reduceat(p * r, starts[:-1])[seg]
                dlogit += config.regret_weight * p * (r - pr) / len(idx)
            t3 = time.perf_counter()
            grads = net.backward(acts, dlogit)
            t4 = time.perf_counter()
            step += 1
            lr = config.learning_rate
            for k, (prm, g) in enumerate(zip(params, grads)):
                if config.weight_decay and k < len(net.weights):
                    g = g + config.weight_decay * prm
                m[k] = b1 * m[k] + (1 - b1) * g
                v[k] = b2 * v[k] + (1 - b2) * g * g
                mh = m[k] / (1 - b1**step)
                vh = v[k] / (1 - b2**step)
                prm -= (lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)
            t5 = time.perf_counter()
            times["gather"] += t1 - t0
            times["forward"] += t2 - t1
            times["loss"] += t3 - t2
            times["backward"] += t4 - t3
            times["adam"] += t5 - t4
            decisions_done += len(idx)
        ev = evaluate(net, valid, config.temperature)
        ev["epoch"] = epoch + 1
        history.rows.append(ev)
        log(f"epoch {epoch + 1}: valid ce {ev['ce']:.4f} agree {ev['agree']:.3f} regret {ev['regret']:.3f}")
    total = time.perf_counter() - t_start
    times["decisions"] = decisions_done
    times["update_seconds"] = sum(times[k] for k in ("gather", "forward", "loss", "backward", "adam"))
    times["decisions_per_update_second"] = decisions_done / max(times["update_seconds"], 1e-9)
    times["wall_seconds"] = total
    return times

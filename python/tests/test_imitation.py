"""The imitation trainer of the learned policy (``carcassonne_safari.imitation``):
its backward pass is the gradient of its loss (finite differences), the
segment softmax sums to one per decision, the model's text form round-trips,
the shipped model is the bots crate's (read through the native module), and
it reproduces the logits of the agreement fixture that the
Rust forward pass is tested against (``rl/tests/agreement.rs``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from carcassonne_safari import _engine
from carcassonne_safari import imitation as im

ROOT = Path(__file__).resolve().parents[2]


def small_batch(seed: int = 0):
    rng = np.random.default_rng(seed)
    counts = np.array([3, 1, 5, 2])
    starts = np.concatenate([[0], np.cumsum(counts)])
    x = rng.standard_normal((counts.sum(), im.FEATURES)).astype(np.float32)
    values = rng.standard_normal(counts.sum()).astype(np.float32) * 3
    return x, values, starts


def loss(net: im.Model, x, values, starts, temperature=0.5) -> float:
    logits, _ = net.forward(x)
    p = im.segment_softmax(logits.astype(np.float64), starts)
    q = im.segment_softmax(values.astype(np.float64) / temperature, starts)
    return float(-np.add.reduceat(q * np.log(p), starts[:-1]).mean())


def test_segment_softmax_sums_to_one_per_decision() -> None:
    x, _, starts = small_batch()
    p = im.segment_softmax(x[:, 0].astype(np.float64), starts)
    np.testing.assert_allclose(np.add.reduceat(p, starts[:-1]), 1.0, rtol=1e-12)
    # A decision of one move has probability 1 whatever its logit.
    assert p[starts[1]] == 1.0


def test_backward_is_the_gradient_of_the_loss() -> None:
    x, values, starts = small_batch()
    mean, scale = np.zeros(im.FEATURES), np.ones(im.FEATURES)
    net = im.Model.init(mean, scale, (8, 6), seed=3)
    net.weights = [w.astype(np.float64) for w in net.weights]
    # Non-zero biases: with zero ones a row whose hidden units are all off
    # puts the next layer exactly on the ReLU's kink.
    rng = np.random.default_rng(4)
    net.biases = [rng.uniform(0.05, 0.2, b.shape) for b in net.biases]
    net.weights[-1] *= 10  # away from the flat start
    x = x.astype(np.float64)
    logits, acts = net.forward(x)
    p = im.segment_softmax(logits, starts)
    q = im.segment_softmax(values.astype(np.float64) / 0.5, starts)
    grads = net.backward(acts, (p - q) / (len(starts) - 1))
    for k, prm in enumerate(net.params()):
        for flat in (0, prm.size // 2, prm.size - 1):
            i = np.unravel_index(flat, prm.shape)
            old = prm[i]
            prm[i] = old + 1e-6
            up = loss(net, x, values, starts)
            prm[i] = old - 1e-6
            down = loss(net, x, values, starts)
            prm[i] = old
            numeric = (up - down) / 2e-6
            assert abs(numeric - grads[k][i]) <= 1e-5 + 1e-3 * abs(numeric), (k, i, numeric, grads[k][i])


def test_the_text_form_round_trips() -> None:
    net = im.Model.init(np.arange(im.FEATURES) * 0.5, np.ones(im.FEATURES) * 2, (4,), seed=1)
    back = im.Model.from_text(net.to_text())
    x, _, _ = small_batch()
    np.testing.assert_allclose(back.logits(x), net.logits(x), rtol=1e-6, atol=1e-6)


def test_the_shipped_model_is_the_one_the_rust_bot_compiles_in() -> None:
    # Read through the native module: the bots crate's embedded text, the
    # repository's one copy of the weights.
    rust = ROOT / "bots/src/learned/model.txt"
    if not rust.is_file():
        pytest.skip("not run from the repository")
    assert _engine.net_model_text() == rust.read_text()
    net = im.Model.shipped()
    assert net.mean.shape == (im.FEATURES,) and net.parameters() > 1000
    assert net.to_text().split()[:4] == ["learned-policy", "1", "features", str(im.FEATURES)]


def test_a_trained_model_loads_from_its_path(tmp_path: Path) -> None:
    path = tmp_path / "model.txt"
    path.write_text(_engine.net_model_text())
    x, _, _ = small_batch()
    np.testing.assert_array_equal(im.Model.load(path).logits(x), im.Model.shipped().logits(x))
    with pytest.raises(FileNotFoundError):
        im.Model.load(tmp_path / "missing.txt")


def test_the_shipped_model_gives_the_fixture_logits() -> None:
    # The Rust bot's weights, read through the native module.
    net = im.Model.shipped()
    lines = [l for l in (ROOT / "rl/tests/data/agreement.txt").read_text().splitlines() if not l.startswith("#")]
    rows = [np.array(l.split(), np.float32) for l in lines if not l.startswith("decision")]
    table = np.stack(rows)
    assert table.shape[1] == im.FEATURES + 1 and len(table) >= 24
    np.testing.assert_allclose(net.logits(table[:, :-1]), table[:, -1], rtol=1e-4, atol=1e-4)

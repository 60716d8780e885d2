"""The imitation training example (``examples/train_imitation.py``): it
imports without the training requirements, its defaults are the shipped
model's run, and with Matplotlib (``python/requirements-train.txt``) it draws
the learning curve of a run's history."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_imitation.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_imitation", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_defaults_are_the_shipped_models_run() -> None:
    # The run that made the shipped model (python/README.md): --teacher
    # twoply --rounds 0 --games0 600 --epochs0 15 --hidden 64,64
    # --regret-weight 3 --eval-deals 100 --threads 2.
    args = example().arguments([])
    assert (args.teacher, args.rounds, args.games0, args.epochs0) == ("twoply", 0, 600, 15)
    assert (args.hidden, args.regret_weight, args.eval_deals, args.threads) == ("64,64", 3.0, 100, 2)
    assert args.temperature == 0.5 and not args.ship
    del sys.modules["imitation"]


def test_the_learning_curve_is_drawn_from_a_history(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    module = example()
    rating = {"win_rate": 0.5, "ci95": [0.4, 0.6]}
    history = {
        "config": {"eval_deals": 10, "teacher": "twoply"},
        "rounds": [{"decisions": 100 * (r + 1), "greedy": rating, "oneply": rating} for r in range(2)],
        "epochs": [{"agree": 0.6, "regret": 0.3}, {"agree": 0.7, "regret": 0.2}],
    }
    module.plot(history, tmp_path / "curve.png")
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    del sys.modules["imitation"]

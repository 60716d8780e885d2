"""The shipped models are package data of the installed package (not files of
the repository), load from there, and are the models the Rust side ships."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import carcassonne_safari as cs
from carcassonne_safari import imitation as im
from carcassonne_safari import models

ROOT = Path(__file__).resolve().parents[2]


def test_every_shipped_file_is_in_the_installed_package() -> None:
    package = Path(cs.__file__).resolve().parent
    for name in models.FILES:
        path = models.path(name)
        assert path.resolve().parent == package / "models", path
        assert path.stat().st_size > 500, name
    config = json.loads(models.read_text("ppo-2p.json"))["config"]
    assert config["window"] == 32 and config["channels"] > 0


def test_the_net_weights_are_those_the_rust_bot_compiles_in() -> None:
    rust = ROOT / "bots/src/learned/model.txt"
    if not rust.is_file():
        pytest.skip("not run from the repository")
    assert models.read_text("net.txt") == rust.read_text()
    net = im.Net.shipped()
    assert net.mean.shape == (im.FEATURES,) and net.parameters() > 1000


def test_unknown_model_files_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="net.txt"):
        models.path("model.bin")

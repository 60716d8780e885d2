"""The shipped models, package data of the wheel (no repository needed):

* ``net.txt``: the weights of the bots crate's learned policy (the ``net``
  bot; the same text as ``bots/src/learned/model.txt``, which the Rust bot
  compiles in), loaded by ``carcassonne_safari.imitation.Net.shipped()``.
* ``ppo-2p.msgpack`` and ``ppo-2p.json``: the PPO policy of
  ``examples/train.py`` (Flax parameters and the network's shape), loaded by
  ``carcassonne_safari.policy.PolicyBot.load()`` (needs the ``train`` extra).

>>> from carcassonne_safari import models
>>> sorted(models.FILES)
['net.txt', 'ppo-2p.json', 'ppo-2p.msgpack']
>>> models.path("net.txt").name
'net.txt'
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["FILES", "path", "read_bytes", "read_text"]

FILES = ("net.txt", "ppo-2p.msgpack", "ppo-2p.json")


def path(name: str) -> Path:
    """The installed file of the shipped model file ``name`` (one of
    ``FILES``). Raises ``ValueError`` for another name and
    ``FileNotFoundError`` when the package was installed without it."""
    if name not in FILES:
        raise ValueError(f"no shipped model file {name!r}; shipped: {', '.join(FILES)}")
    found = Path(str(resources.files(__name__).joinpath(name)))
    if not found.is_file():
        raise FileNotFoundError(f"the shipped model file {name} is missing from {found.parent}")
    return found


def read_bytes(name: str) -> bytes:
    """The bytes of the shipped model file ``name`` (see ``path``)."""
    return path(name).read_bytes()


def read_text(name: str) -> str:
    """The text of the shipped model file ``name`` (see ``path``)."""
    return path(name).read_text(encoding="utf-8")

"""A policy network for the compact encoding, and a trained policy as a bot
(needs the training requirements: ``jax``, ``flax``; see
``python/requirements-train.txt``).

The network reads the vectorised environment's observation (``board`` planes
and ``scalars``) and gives one logit per compact action id and a value:

* a trunk over the window: a 1 x 1 convolution of the planes (``channels``
  wide) with the scalars added to every cell through a dense layer, then
  ``layers`` residual 3 x 3 convolutions;
* the spatial head: a 1 x 1 convolution to the 47 action planes, channels
  last as the compact ids are (``cell · 47 + plane``);
* the flat head and the value: dense layers over the pooled trunk and the
  scalars.

Illegal actions are masked out of the logits (``masked_logits``).

>>> from carcassonne_safari import GameState, play_game
>>> from carcassonne_safari.policy import PolicyBot
>>> bot = PolicyBot.load("model.msgpack")          # doctest: +SKIP
>>> bot.choose(state)                             # doctest: +SKIP
'place 1,0 90'
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Dict, Tuple

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from flax import serialization

from carcassonne_safari import compact, models
from carcassonne_safari._engine import GameState
from carcassonne_safari.compact import NUM_FLAT, NUM_PLANES as ACTION_PLANES

#: The logit given to illegal actions.
MASKED = -1e9


@dataclass(frozen=True)
class NetConfig:
    """The network's shape."""

    window: int = compact.DEFAULT_WINDOW
    channels: int = 16
    layers: int = 2
    hidden: int = 64


def _squash(x: jnp.ndarray) -> jnp.ndarray:
    """Counts (scores reach a few hundred) on a log scale."""
    return jnp.sign(x) * jnp.log1p(jnp.abs(x))


class PolicyNet(nn.Module):
    """Logits over the compact action ids and a value, from the observation."""

    config: NetConfig

    @nn.compact
    def __call__(self, board: jnp.ndarray, scalars: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
        c = self.config
        batch = board.shape[0]
        x = board.astype(jnp.float32)  # (batch, W, W, planes): channels last
        s = _squash(scalars.astype(jnp.float32))
        x = nn.Conv(c.channels, (1, 1), name="stem")(x)
        x = nn.relu(x + nn.Dense(c.channels, name="scalars_in")(s)[:, None, None, :])
        for i in range(c.layers):
            x = nn.relu(x + nn.Conv(c.channels, (3, 3), name=f"conv{i}")(x))
        # Channels last, as the compact ids: (batch, W, W, 47) flattens to them.
        spatial = nn.Conv(ACTION_PLANES, (1, 1), name="spatial_head")(x).reshape(batch, -1)
        pooled = jnp.concatenate([x.mean(axis=(1, 2)), x.max(axis=(1, 2)), s], axis=-1)
        h = nn.relu(nn.Dense(c.hidden, name="hidden")(pooled))
        flat = nn.Dense(NUM_FLAT, name="flat_head")(h)
        value = nn.Dense(1, name="value_head")(h)[:, 0]
        return jnp.concatenate([spatial, flat], axis=-1), value


def masked_logits(logits: jnp.ndarray, mask: jnp.ndarray) -> jnp.ndarray:
    """The logits with every illegal action at ``MASKED``."""
    return jnp.where(mask, logits, MASKED)


def init_params(config: NetConfig, seed: int = 0) -> Any:
    """Fresh parameters."""
    w = config.window
    board = jnp.zeros((1, w, w, len(_observation_planes())), jnp.uint8)
    scalars = jnp.zeros((1, _num_scalars()), jnp.int16)
    return PolicyNet(config).init(jax.random.PRNGKey(seed), board, scalars)


def _observation_planes() -> list[str]:
    from carcassonne_safari.observation import PLANE_NAMES

    return PLANE_NAMES


def _num_scalars() -> int:
    from carcassonne_safari.observation import NUM_SCALARS

    return NUM_SCALARS


def save(path: str | Path, params: Any, config: NetConfig, meta: Dict[str, Any] | None = None) -> None:
    """Writes the parameters (Flax's msgpack) and, beside them, a JSON file
    with the network's shape and ``meta``."""
    path = Path(path)
    path.write_bytes(serialization.to_bytes(params))
    info = {"config": asdict(config), "meta": meta or {}}
    path.with_suffix(".json").write_text(json.dumps(info, indent=2) + "\n")


def load(path: str | Path | None = None) -> Tuple[Any, NetConfig]:
    """The parameters and network shape written by ``save`` (default: the
    shipped model, ``carcassonne_safari.models``' ``ppo-2p.msgpack``)."""
    path = models.path("ppo-2p.msgpack") if path is None else Path(path)
    info = json.loads(path.with_suffix(".json").read_text())
    config = NetConfig(**info["config"])
    params = serialization.from_bytes(init_params(config), path.read_bytes())
    return params, config


class PolicyBot:
    """A trained policy as a bot: ``choose(state)`` returns its move
    (notation) for the player to move, like the bots crate's ``Bot``.
    ``greedy=True`` (the default) plays the most likely legal move; else it
    samples with the generator seeded by ``seed``."""

    def __init__(self, params: Any, config: NetConfig, greedy: bool = True, seed: int = 0, name: str = "policy"):
        self.params = params
        self.config = config
        self.greedy = greedy
        self.name = name
        self.spec = name
        self._key = jax.random.PRNGKey(seed)
        net = PolicyNet(config)
        self._forward = jax.jit(lambda p, b, s: net.apply(p, b, s))

    @classmethod
    def load(cls, path: str | Path | None = None, **kwargs: Any) -> "PolicyBot":
        """The bot of a model written by ``save`` (default: the shipped model,
        package data of the wheel)."""
        params, config = load(path)
        return cls(params, config, **kwargs)

    def action(self, board: np.ndarray, scalars: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Compact action ids for a batch of observations and masks."""
        logits, _ = self._forward(self.params, board, scalars)
        logits = masked_logits(logits, mask)
        if self.greedy:
            return np.asarray(jnp.argmax(logits, axis=-1))
        self._key, key = jax.random.split(self._key)
        return np.asarray(jax.random.categorical(key, logits, axis=-1))

    def choose(self, state: GameState) -> str:
        """The bot's move (notation) for the player to move in ``state``.
        Raises ``ValueError`` at a chance node or once the game is over."""
        player = state.to_move()
        if not isinstance(player, int):
            raise ValueError(f"no player is to move ({state.phase()['type']})")
        obs = compact.observe(state, player, self.config.window)
        action = self.action(obs["board"][None], obs["scalars"][None], obs["action_mask"][None])[0]
        return state.compact_move(int(action), self.config.window)

    def __repr__(self) -> str:
        return f"PolicyBot({self.name!r}, window={self.config.window})"

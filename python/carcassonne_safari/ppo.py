"""Proximal policy optimisation with action masks on the vectorised
environment (needs the training requirements: ``jax``, ``flax``, ``optax``,
``rlax``; see ``python/requirements-train.txt``).

A CleanRL-style PPO: rollouts of ``steps`` decisions in ``num_envs`` games
(``carcassonne_safari.vector``, stepped in Rust), generalised advantage
estimates and the clipped surrogate objective from RLax, Adam from Optax, the
network of ``carcassonne_safari.policy``. Illegal actions are masked out of
the logits, so the policy never picks one and gets no gradient for them.

``python/examples/train.py`` drives it; ``evaluate`` plays a policy against
bots on paired deals for the learning curve and ``python/examples/evaluate.py``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import jax
import jax.numpy as jnp
import numpy as np
import optax
import rlax

from carcassonne_safari.compact import num_actions
from carcassonne_safari.observation import NUM_PLANES, NUM_SCALARS
from carcassonne_safari.policy import NetConfig, PolicyNet, init_params, masked_logits
from carcassonne_safari.vector import CarcassonneVectorEnv


@dataclass(frozen=True)
class PPOConfig:
    """PPO's settings (CleanRL's defaults where they fit)."""

    num_envs: int = 32
    steps: int = 64
    epochs: int = 2
    minibatches: int = 4
    learning_rate: float = 3e-4
    gamma: float = 0.995
    gae_lambda: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    max_grad_norm: float = 0.5
    #: Rewards are the change of the score margin (``reward="score_diff"``),
    #: scaled by this.
    reward_scale: float = 0.05


@dataclass
class Batch:
    """One rollout, flattened over steps and games."""

    board: np.ndarray
    scalars: np.ndarray
    mask: np.ndarray
    actions: np.ndarray
    logp: np.ndarray
    advantages: np.ndarray
    returns: np.ndarray


def wilson(shares: Sequence[float]) -> Tuple[float, float, float]:
    """Mean of per-game win shares and its 95% Wilson score interval (the
    bots crate's arena uses the same)."""
    n = len(shares)
    if n == 0:
        return 0.0, 0.0, 0.0
    p = float(np.mean(shares))
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return p, max(0.0, centre - half), min(1.0, centre + half)


class Trainer:
    """The parameters, the optimiser and the jitted steps of PPO."""

    def __init__(self, net: NetConfig, ppo: PPOConfig, seed: int = 0) -> None:
        self.net_config = net
        self.config = ppo
        self.params = init_params(net, seed)
        self.optimizer = optax.chain(
            optax.clip_by_global_norm(ppo.max_grad_norm),
            optax.adam(ppo.learning_rate, eps=1e-5),
        )
        self.opt_state = self.optimizer.init(self.params)
        self.key = jax.random.PRNGKey(seed + 1)
        self.steps_done = 0
        model = PolicyNet(net)
        cfg = ppo

        def act(params: Any, board: Any, scalars: Any, mask: Any, key: Any) -> Tuple[Any, Any, Any]:
            logits, value = model.apply(params, board, scalars)
            logits = masked_logits(logits, mask)
            action = jax.random.categorical(key, logits, axis=-1)
            logp = jnp.take_along_axis(jax.nn.log_softmax(logits), action[:, None], axis=-1)[:, 0]
            return action, logp, value

        def value(params: Any, board: Any, scalars: Any) -> Any:
            return model.apply(params, board, scalars)[1]

        def loss(params: Any, mb: Dict[str, Any]) -> Tuple[Any, Dict[str, Any]]:
            logits, values = model.apply(params, mb["board"], mb["scalars"])
            logits = masked_logits(logits, mb["mask"])
            logp_all = jax.nn.log_softmax(logits)
            logp = jnp.take_along_axis(logp_all, mb["actions"][:, None], axis=-1)[:, 0]
            ratio = jnp.exp(logp - mb["logp"])
            adv = mb["advantages"]
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            pg = rlax.clipped_surrogate_pg_loss(ratio, adv, cfg.clip)
            v = 0.5 * jnp.mean((values - mb["returns"]) ** 2)
            probs = jnp.exp(logp_all)
            entropy = -jnp.sum(jnp.where(mb["mask"], probs * logp_all, 0.0), axis=-1).mean()
            total = pg + cfg.value * v - cfg.entropy * entropy
            kl = jnp.mean((ratio - 1) - jnp.log(ratio))
            return total, {"policy": pg, "value": v, "entropy": entropy, "kl": kl, "loss": total}

        def update(params: Any, opt_state: Any, mb: Dict[str, Any]) -> Tuple[Any, Any, Dict[str, Any]]:
            grads, stats = jax.grad(loss, has_aux=True)(params, mb)
            updates, opt_state = self.optimizer.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), opt_state, stats

        def gae(rewards: Any, discounts: Any, values: Any) -> Any:
            # rewards, discounts: (T, N); values: (T + 1, N).
            return jax.vmap(
                lambda r, d, v: rlax.truncated_generalized_advantage_estimation(r, d, cfg.gae_lambda, v),
                in_axes=1,
                out_axes=1,
            )(rewards, discounts, values)

        def greedy(params: Any, board: Any, scalars: Any, mask: Any) -> Any:
            logits, _ = model.apply(params, board, scalars)
            return jnp.argmax(masked_logits(logits, mask), axis=-1)

        self._greedy = jax.jit(greedy)
        self._act = jax.jit(act)
        self._value = jax.jit(value)
        self._loss = jax.jit(loss)
        self._update = jax.jit(update)
        self._gae = jax.jit(gae)

    def greedy(self, board: np.ndarray, scalars: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The most likely legal compact id of each observation (a ``choose``
        for ``evaluate``)."""
        return np.asarray(self._greedy(self.params, board, scalars, mask))

    def sampler(self, seed: int) -> Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
        """A ``choose`` for ``evaluate`` that samples from the current policy
        with its own generator seeded with ``seed`` (the policy as it is
        trained, where ``greedy`` plays its most likely move)."""
        key = jax.random.PRNGKey(seed)

        def choose(board: np.ndarray, scalars: np.ndarray, mask: np.ndarray) -> np.ndarray:
            nonlocal key
            key, sub = jax.random.split(key)
            return np.asarray(self._act(self.params, board, scalars, mask, sub)[0])

        return choose

    def _next_key(self) -> Any:
        self.key, key = jax.random.split(self.key)
        return key

    def collect(self, envs: CarcassonneVectorEnv, obs: Dict[str, np.ndarray], info: Dict[str, Any]) -> Tuple[Batch, Dict[str, Any], Dict[str, np.ndarray], Dict[str, Any]]:
        """Plays ``steps`` decisions in every game of ``envs`` (made with
        ``reward="score_diff"``); returns the batch, the finished games'
        statistics and the next observation and info."""
        t, n = self.config.steps, envs.num_envs
        w = self.net_config.window
        board = np.empty((t, n, w, w, NUM_PLANES), np.uint8)
        scalars = np.empty((t, n, NUM_SCALARS), np.int16)
        masks = np.empty((t, n, num_actions(w)), bool)
        actions = np.empty((t, n), np.int32)
        logp = np.empty((t, n), np.float32)
        values = np.empty((t + 1, n), np.float32)
        rewards = np.empty((t, n), np.float32)
        discounts = np.empty((t, n), np.float32)
        shares: List[float] = []
        margins: List[float] = []
        for i in range(t):
            board[i] = obs["board"]
            scalars[i] = obs["scalars"]
            masks[i] = info["action_mask"]
            a, lp, v = self._act(self.params, board[i], scalars[i], masks[i], self._next_key())
            actions[i] = np.asarray(a)
            logp[i] = np.asarray(lp)
            values[i] = np.asarray(v)
            obs, r, term, trunc, info = envs.step(actions[i])
            done = term | trunc
            rewards[i] = r * self.config.reward_scale
            discounts[i] = self.config.gamma * (1.0 - done)
            if "final_info" in info:
                fi = info["final_info"]
                for e in np.flatnonzero(info["_final_info"]):
                    seat = int(fi["seat"][e])
                    scores = fi["scores"][e]
                    shares.append(float(fi["shares"][e][seat]))
                    others = np.delete(scores, seat)
                    margins.append(float(scores[seat] - others.max()))
        values[t] = np.asarray(self._value(self.params, obs["board"], obs["scalars"]))
        adv = np.asarray(self._gae(rewards, discounts, values))
        returns = adv + values[:t]
        self.steps_done += t * n
        flat = lambda x: x.reshape((t * n,) + x.shape[2:])  # noqa: E731
        batch = Batch(
            board=flat(board),
            scalars=flat(scalars),
            mask=flat(masks),
            actions=flat(actions),
            logp=flat(logp),
            advantages=flat(adv),
            returns=flat(returns),
        )
        return batch, {"shares": shares, "margins": margins}, obs, info

    def update(self, batch: Batch) -> Dict[str, float]:
        """``epochs`` passes over the batch in ``minibatches`` shuffled
        minibatches; returns the mean of each loss term."""
        size = len(batch.actions)
        mb_size = size // self.config.minibatches
        rng = np.random.default_rng(int(jax.random.randint(self._next_key(), (), 0, 2**31 - 1)))
        stats: Dict[str, List[float]] = {}
        for _ in range(self.config.epochs):
            order = rng.permutation(size)
            for k in range(self.config.minibatches):
                idx = order[k * mb_size : (k + 1) * mb_size]
                mb = {
                    "board": batch.board[idx],
                    "scalars": batch.scalars[idx],
                    "mask": batch.mask[idx],
                    "actions": batch.actions[idx],
                    "logp": batch.logp[idx],
                    "advantages": batch.advantages[idx],
                    "returns": batch.returns[idx],
                }
                self.params, self.opt_state, s = self._update(self.params, self.opt_state, mb)
                for key, value in s.items():
                    stats.setdefault(key, []).append(float(value))
        return {k: float(np.mean(v)) for k, v in stats.items()}

    def loss_of(self, batch: Batch) -> Dict[str, float]:
        """The loss terms of the current parameters on a batch (no update)."""
        mb = {
            "board": batch.board,
            "scalars": batch.scalars,
            "mask": batch.mask,
            "actions": batch.actions,
            "logp": batch.logp,
            "advantages": batch.advantages,
            "returns": batch.returns,
        }
        _, s = self._loss(self.params, mb)
        return {k: float(v) for k, v in s.items()}


def evaluate(
    choose: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray],
    opponent: str,
    deals: int,
    players: int = 2,
    window: int = 32,
    seed: int = 10_000,
    threads: Optional[int] = None,
) -> Dict[str, Any]:
    """Plays ``deals`` deals, each from every seat in turn (paired deals: the
    deals the bots crate's arena plays with ``--seed seed``), between ``choose`` (a batch of boards,
    scalars and masks to compact action ids) and ``opponent`` bots in the other
    seats. Returns ``games``, the per-game win ``shares`` (``1/k`` for each of
    ``k`` leaders), ``win_rate`` with its 95% interval (``low``, ``high``),
    the mean ``score`` and ``margin`` (over the best other player) and
    ``seconds``."""
    start = time.perf_counter()
    envs = CarcassonneVectorEnv(
        deals, players=players, opponents=(opponent,), window=window, paired=True, seed=seed, threads=threads, copy=False
    )
    obs, info = envs.reset(seed=seed)
    played = np.zeros(deals, np.int64)
    shares: List[float] = []
    scores: List[float] = []
    margins: List[float] = []
    while (played < players).any():
        actions = choose(obs["board"], obs["scalars"], info["action_mask"])
        obs, _, term, trunc, info = envs.step(actions)
        if "final_info" in info:
            fi = info["final_info"]
            for e in np.flatnonzero(info["_final_info"]):
                if played[e] < players:
                    seat = int(fi["seat"][e])
                    s = fi["scores"][e]
                    shares.append(float(fi["shares"][e][seat]))
                    scores.append(float(s[seat]))
                    margins.append(float(s[seat] - np.delete(s, seat).max()))
                played[e] += 1
    rate, low, high = wilson(shares)
    return {
        "opponent": opponent,
        "players": players,
        "games": len(shares),
        "shares": shares,
        "win_rate": rate,
        "low": low,
        "high": high,
        "score": float(np.mean(scores)),
        "margin": float(np.mean(margins)),
        "seconds": time.perf_counter() - start,
    }


def uniform_random_choice(seed: int = 0) -> Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
    """A ``choose`` for ``evaluate`` that picks a uniform random legal id."""
    rng = np.random.default_rng(seed)

    def choose(board: np.ndarray, scalars: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.int64)

    return choose

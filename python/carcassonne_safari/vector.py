"""A vectorised environment for reinforcement learning (needs ``gymnasium``):
``num_envs`` games stepped in Rust per call, in Gymnasium's vector API.

>>> import numpy as np
>>> from carcassonne_safari.vector import CarcassonneVectorEnv
>>> envs = CarcassonneVectorEnv(num_envs=16, opponents=("random",), seed=1)
>>> obs, info = envs.reset(seed=1)
>>> obs["board"].shape, obs["board"].dtype
((16, 32, 32, 47), dtype('uint8'))
>>> mask = info["action_mask"]                # bool (16, 48140): the legal compact ids
>>> actions = np.array([np.flatnonzero(m)[0] for m in mask])
>>> obs, rewards, terminated, truncated, info = envs.step(actions)

* Each game is stepped in Rust: the agent's action, then chance (drawn from
  each game's deal: a shuffled tile order and a token stream) and the
  opponents' moves up to the agent's next decision. The interpreter is
  released while Rust works and the games are spread over ``threads``
  threads (default: every core).
* Opponents: bots of the bots crate by specification (``"random"``, the
  uniform random bot; ``"greedy"``; ``"mcts:it=200"``; ...), in seat order
  after the agent's seat, repeated as needed. The agent's seat rotates from
  game to game; ``paired=True`` plays every deal once from each seat in turn
  (the arena's paired deals). ``opponents=None`` is self-play: the agent
  decides for every seat, and each observation is seen by the seat to move
  (``info["seat"]``).
* Actions: compact action ids (``carcassonne_safari.compact``),
  ``Discrete(47·W² + 12)`` per game; ``info["action_mask"]`` (and
  ``action_masks()``) marks the legal ones: bool by default, int8 (0 or 1,
  the dtype Gymnasium's ``Discrete.sample(mask=)`` and
  ``MultiDiscrete.sample(mask=)`` take) with ``mask_dtype="int8"``, and
  ``int8_masks(mask)`` views a bool mask as int8 without a copy. An illegal
  action raises ``IllegalMoveError`` naming its game, and no game moves.
* Observations: ``{"board": uint8 (W, W, 47), "scalars": int16 (205,)}`` per
  game (channels last, as the compact action ids), seen by the deciding seat through the window that follows the board
  (``carcassonne_safari.observation`` names the planes and scalars; the
  ``ranger_0``/``ranger_1`` planes match the ``ranger_*`` action planes).
* Rewards: ``reward="win"`` gives the final zero-sum reward at the end
  (``carcassonne_safari.rewards``); ``"score_diff"`` gives at every step the
  change of the acting seat's score minus the mean of the others' since its
  last decision (the sum over a game is the final margin); ``"score"`` the
  change of its own score. By default ``step`` returns the acting seat's
  reward, float32 ``(num_envs,)``; with ``seat_rewards=True`` it returns the
  reward of every seat, float32 ``(num_envs, players)`` (as pgx does): under
  ``score_diff`` and ``score`` each seat's change since the previous step,
  under ``win`` every seat's final reward in the step that ends the game, so
  that a self-play learner has the other seats' terminal rewards without
  rebuilding them from ``final_info``. Either way a game's rewards of a seat
  sum to its final reward (``envs.core.seat_rewards`` always holds the
  per-seat array).
* Automatic reset in the same step (``AutoresetMode.SAME_STEP``): a finished
  game is replaced at once; ``info["final_obs"]`` holds the last observation
  of each finished game (seen by the seat that made its last decision) and
  ``info["final_info"]`` its ``scores``, win ``shares`` (by seat: ``1/k`` for
  each of ``k`` leaders), the agent's ``seat``, and the last observation of
  every seat, ``board_by_seat`` (uint8 ``(num_envs, players, W, W, 47)``) and
  ``scalars_by_seat`` (int16 ``(num_envs, players, 205)``), each with
  Gymnasium's ``_key`` masks. A game whose frontier
  outgrows the window ends as truncated (never seen in the measured games).
* Arrays: written by Rust in place into arrays allocated once; with
  ``copy=False`` ``reset`` and ``step`` return those arrays themselves
  (overwritten by the next call: the fast path for trainers that copy into
  their own buffers), with ``copy=True`` (the default, as in Gymnasium)
  copies.
* Seeded: ``reset(seed=s)`` gives the environment the deals of the bots'
  arena run with ``--seed s`` (its deal ``k`` from ``s + k``; game ``i``
  plays deals ``i``, ``i + num_envs``, ..., its bots seeded from its deals),
  so that ``paired=True`` plays the arena's paired deals;
  ``reset(seed=[s0, s1, ...])`` (one integer per game) seeds each
  game with its own seed alone (its deals, its bots, the agent's seat: seat 0
  in its first game, then rotating), so that a seed gives the same games at
  any index. The same seeds and actions give the same games; ``reset()``
  without a seed repeats the last seeding.

No PettingZoo parallel wrapper: the game is turn-based with chance between
decisions, which PettingZoo's parallel API (every agent acts each step) does
not model; self-play mode gives the per-seat view instead.
"""

from __future__ import annotations

import operator
from typing import Any, Dict, Optional, Sequence, Tuple

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from carcassonne_safari import rewards
from carcassonne_safari._engine import GameState, VecEnv
from carcassonne_safari.compact import DEFAULT_WINDOW, num_actions
from carcassonne_safari.observation import NUM_PLANES, NUM_SCALARS

__all__ = ["CarcassonneVectorEnv", "VecEnv", "int8_masks"]

MASK_DTYPES = ("bool", "int8")


def int8_masks(masks: np.ndarray) -> np.ndarray:
    """A bool mask (or masks) viewed as int8 (0 or 1) without a copy: the
    dtype Gymnasium's ``Discrete.sample(mask=)`` takes. An int8 array is
    returned as it is."""
    masks = np.asarray(masks)
    if masks.dtype == np.int8:
        return masks
    if masks.dtype != np.bool_:
        raise TypeError(f"masks are bool or int8, not {masks.dtype}")
    return masks.view(np.int8)


def _seeds(seed: Any, num_envs: int) -> Optional[int | list[int]]:
    """``reset``'s seed checked: None, one integer, or one per game."""
    if seed is None:
        return None
    if isinstance(seed, (bool, np.bool_)) or isinstance(seed, (float, np.floating)):
        raise TypeError(f"a seed is an integer or a list of integers, not {type(seed).__name__}")
    if isinstance(seed, (int, np.integer)):
        seeds = [int(seed)]
    else:
        try:
            seeds = [operator.index(s) for s in seed]
        except TypeError:
            raise TypeError("a seed is an integer or a list of integers (one per game)") from None
        if len(seeds) != num_envs:
            raise ValueError(f"{len(seeds)} seeds for {num_envs} games: give one per game, or one integer")
    for s in seeds:
        if not 0 <= s < 2**64:
            raise ValueError(f"seed {s} is outside 0..2**64")
    return seeds[0] if isinstance(seed, (int, np.integer)) else seeds


class CarcassonneVectorEnv(VectorEnv):
    """``CarcassonneVectorEnv(num_envs, players=2, opponents=("random",),
    window=32, reward="win", paired=False, seed=0, threads=None, copy=True,
    seat_rewards=False, mask_dtype="bool")``: see the module's documentation."""

    metadata: Dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        players: int = 2,
        opponents: Optional[Sequence[str]] = ("random",),
        window: int = DEFAULT_WINDOW,
        reward: str = "win",
        paired: bool = False,
        seed: int = 0,
        threads: Optional[int] = None,
        copy: bool = True,
        seat_rewards: bool = False,
        mask_dtype: str = "bool",
    ) -> None:
        rewards.check_mode(reward)
        if mask_dtype not in MASK_DTYPES:
            raise ValueError(f"mask_dtype {mask_dtype!r} is none of {', '.join(MASK_DTYPES)}")
        self.core = VecEnv(
            num_envs,
            players=players,
            opponents=None if opponents is None else list(opponents),
            window=window,
            reward=reward,
            paired=paired,
            seed=seed,
            threads=threads,
        )
        self.num_envs = num_envs
        self.players = players
        self.window = window
        self.copy = copy
        self.seat_rewards = seat_rewards
        self.mask_dtype = mask_dtype
        self.single_observation_space = spaces.Dict(
            {
                "board": spaces.Box(0, 255, (window, window, NUM_PLANES), np.uint8),
                "scalars": spaces.Box(-32768, 32767, (NUM_SCALARS,), np.int16),
            }
        )
        self.single_action_space = spaces.Discrete(num_actions(window))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = {"board": self.core.board, "scalars": self.core.scalars}

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _rows(self, array: np.ndarray, done: np.ndarray) -> np.ndarray:
        """``array`` itself without ``copy``; else a copy of its rows of the
        games that ended, zeros elsewhere (a copy of the whole array would
        cost every step's time when games end at every step)."""
        if not self.copy:
            return array
        out = np.zeros(array.shape, array.dtype)  # calloc: untouched pages cost nothing
        out[done] = array[done]
        return out

    def _observation(self) -> Dict[str, np.ndarray]:
        return {k: self._out(v) for k, v in self._obs.items()}

    def _info(self) -> Dict[str, Any]:
        masks = self._out(self.core.masks)
        info: Dict[str, Any] = {
            "action_mask": int8_masks(masks) if self.mask_dtype == "int8" else masks,
            "seat": self._out(self.core.seats),
        }
        done = self.core.terminated | self.core.truncated
        if done.any():
            final_obs = np.empty(self.num_envs, dtype=object)
            for i in np.flatnonzero(done):
                final_obs[i] = {
                    "board": self.core.final_board[i].copy(),
                    "scalars": self.core.final_scalars[i].copy(),
                }
            players = self.players
            info["final_obs"] = final_obs
            info["_final_obs"] = done.copy()
            info["final_info"] = {
                "scores": self.core.final_scores[:, :players].copy(),
                "_scores": done.copy(),
                "shares": self.core.final_shares[:, :players].copy(),
                "_shares": done.copy(),
                "seat": self.core.final_seats.copy(),
                "_seat": done.copy(),
                "board_by_seat": self._rows(self.core.final_seat_board, done),
                "_board_by_seat": done.copy(),
                "scalars_by_seat": self._rows(self.core.final_seat_scalars, done),
                "_scalars_by_seat": done.copy(),
            }
            info["_final_info"] = done.copy()
        return info

    def reset(
        self, *, seed: Optional[int | Sequence[int]] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """Starts every game over; ``seed`` (an integer, or a list of one
        integer per game; default: the last seeding) seeds the deals and bots
        (see the module's documentation). Raises ``TypeError`` or
        ``ValueError`` for another seed, before any game moves."""
        self.core.reset(_seeds(seed, self.num_envs))
        return self._observation(), self._info()

    def step(
        self, actions: Any
    ) -> Tuple[Dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Plays one compact action id per game; see the module's documentation."""
        given = np.asarray(actions)
        if given.dtype.kind not in "iu":
            raise TypeError(
                f"actions are integer compact ids, not {given.dtype} (a float or bool array would be truncated)"
            )
        actions = np.ascontiguousarray(given, dtype=np.int64).reshape(-1)
        if actions.size != self.num_envs:
            raise ValueError(f"{actions.size} actions for {self.num_envs} games")
        self.core.step(actions)
        return (
            self._observation(),
            self._out(self.core.seat_rewards if self.seat_rewards else self.core.rewards),
            self._out(self.core.terminated),
            self._out(self.core.truncated),
            self._info(),
        )

    def sample_actions(self, seed: Optional[int] = None) -> np.ndarray:
        """A uniformly random legal compact id per game, ``int64 (num_envs,)``,
        drawn in Rust without a pass over the masks (reseeded by ``seed`` when
        given): the random agent of baselines and benchmarks."""
        return self.core.sample_actions(seed)

    def action_masks(self, dtype: Optional[str] = None) -> np.ndarray:
        """The legal compact ids of every game, ``(num_envs, num_actions)``, in
        ``dtype`` (``"bool"`` or ``"int8"``; default: the environment's
        ``mask_dtype``): the array Rust writes, or an int8 view of it (copy
        it to keep it)."""
        dtype = self.mask_dtype if dtype is None else dtype
        if dtype not in MASK_DTYPES:
            raise ValueError(f"dtype {dtype!r} is none of {', '.join(MASK_DTYPES)}")
        return int8_masks(self.core.masks) if dtype == "int8" else self.core.masks

    def states(self) -> list[GameState]:
        """The games under way, as states with their records."""
        return self.core.states()

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""

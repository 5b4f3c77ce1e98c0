"""Self-play: a learner meets a pool of opponents, its own past selves among them.

>>> import tabletop
>>> from tabletop.rl.gymnasium import SingleSeatEnv
>>> from tabletop.rl.opponents import frozen
>>> from tabletop.rl.selfplay import OpponentPool, PoolEnv
>>> pool = OpponentPool(["random", "heuristic"])
>>> env = PoolEnv(SingleSeatEnv(tabletop.games()[0], 3), pool, seed=0)
>>> observation, info = env.reset(seed=0)  # each other seat drawn from the pool

Later, ``pool.add(frozen(model.policy))`` lets a frozen copy of the learner join it.

At every reset :class:`PoolEnv` draws each other seat's opponent from the pool (bot specs
and policies, :mod:`tabletop.rl.opponents`) and hands them to the single-seat env through
``reset(options={"opponents": ...})``. The pool is shared, so opponents added while
training are met from the next game on. Each seat is rewarded for its own result, so
this avoids the trap of PettingZoo's turn-based self-play recipe, which rewards only
the last mover. Nothing here imports torch; ``examples/selfplay_maskable_ppo.py``
trains sb3-contrib's MaskablePPO with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from tabletop.rl.gymnasium import SingleSeatEnv
from tabletop.rl.opponents import Opponent


class OpponentPool:
    """Opponents to draw from: bot specs and policies, ``latest`` most recent selves
    weighted as much as all the rest together (so the learner keeps meeting its
    current strength, and older selves and bots keep it from forgetting)."""

    def __init__(self, opponents: Sequence[Opponent], latest: int = 3) -> None:
        if not opponents:
            raise ValueError("an opponent pool needs at least one opponent")
        self.fixed: list[Opponent] = list(opponents)
        self.selves: list[Opponent] = []
        self.latest = latest

    def add(self, opponent: Opponent) -> None:
        """A new member (a frozen past self), met from the next game on."""
        self.selves.append(opponent)

    def __len__(self) -> int:
        return len(self.fixed) + len(self.selves)

    def draw(self, rng: np.random.Generator, count: int) -> list[Opponent]:
        """``count`` opponents: each a recent self half the time (once there is one),
        otherwise any member alike."""
        recent = self.selves[-self.latest :]
        everyone = self.fixed + self.selves
        picks = []
        for _ in range(count):
            if recent and rng.random() < 0.5:
                picks.append(recent[int(rng.integers(len(recent)))])
            else:
                picks.append(everyone[int(rng.integers(len(everyone)))])
        return picks


class PoolEnv(gymnasium.Wrapper[dict[str, np.ndarray], int, dict[str, np.ndarray], int]):
    """A single-seat env whose opponents are drawn from ``pool`` at every reset."""

    def __init__(self, env: SingleSeatEnv, pool: OpponentPool, seed: int | None = None) -> None:
        super().__init__(env)
        self.pool = pool
        self._rng = np.random.default_rng(seed)
        self._others = env.episode.players - 1

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game against opponents drawn from the pool (``options`` may not set
        them: the pool does)."""
        if options:
            raise ValueError(
                f"PoolEnv.reset takes no options (the pool picks the "
                f"opponents), got {sorted(options)}"
            )
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        picks = self.pool.draw(self._rng, self._others)
        return self.env.reset(seed=seed, options={"opponents": picks})

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions (what MaskablePPO asks for)."""
        single: SingleSeatEnv = self.env.unwrapped  # type: ignore[assignment]
        return single.action_masks()

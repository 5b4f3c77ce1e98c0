"""The policy and value network, run with NumPy alone (no torch at play time).

A small multilayer perceptron: the input (:mod:`tabletop.bots.neural.features`), two
hidden ReLU layers, then two heads: one logit per action of the game's table
(the policy, softmaxed over the legal actions only) and one value logit (the seat's
expected win share, through a sigmoid). Weights are a ``.npz`` file (``w0, b0, w1,
b1, policy_w, policy_b, value_w, value_b``, stored as float16 to keep the package
small, computed in float32; a game's may also hold a plan head, ``plan_*``, that its
kit's ``neural:plan`` part reads) written by :mod:`tabletop.training.train` (and
:mod:`tabletop.training.plan_train`); a game ships one as its kit's ``neural:weights``.
"""

from __future__ import annotations

from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.bots.neural.features import InputLayout, layout
from tabletop.games import REGISTRY

LAYERS = ("w0", "b0", "w1", "b1", "policy_w", "policy_b", "value_w", "value_b")
"""The arrays a weight file holds, in the order the forward pass uses them."""


SMALL_BATCH = 64
"""Batches up to this many rows are evaluated row by row (see :meth:`Network.forward`)."""


class Network:
    """One game's trained network: ``forward`` gives policy logits and values."""

    def __init__(self, game: str, arrays: dict[str, np.ndarray]) -> None:
        missing = [name for name in LAYERS if name not in arrays]
        if missing:
            raise ValueError(f"weights for {game} lack {', '.join(missing)}")
        self.game = game
        self.layout: InputLayout = layout(game)
        w = {name: np.asarray(arrays[name], np.float32) for name in LAYERS}
        if w["w0"].shape[0] != self.layout.size:
            raise ValueError(
                f"weights for {game} take {w['w0'].shape[0]} inputs, "
                f"the layout has {self.layout.size}"
            )
        self.w0, self.b0, self.w1, self.b1 = w["w0"], w["b0"], w["w1"], w["b1"]
        self.policy_w, self.policy_b = w["policy_w"], w["policy_b"]
        self.value_w, self.value_b = w["value_w"], w["value_b"]
        self.num_actions = self.policy_w.shape[1]
        self.plan: Any = None
        """The game's plan head (its ``neural:plan`` part's ``PlanHead``), where the file
        has one."""
        if any(name.startswith("plan_") for name in arrays):
            planner = REGISTRY.kit(game).part("neural:plan")
            absent = [name for name in planner.PLAN_LAYERS if name not in arrays]
            if absent:
                raise ValueError(f"weights for {game} lack {', '.join(absent)}")
            self.plan = planner.PlanHead(arrays)

    @classmethod
    def load(cls, game: str, path: str | Path | None = None) -> Network:
        """The weights at ``path``, or the package's own for ``game``."""
        if path is None:
            source: Traversable = REGISTRY.kit(game).part("neural:weights")
            with source.open("rb") as handle, np.load(handle) as data:
                return cls(game, dict(data))
        with np.load(path) as data:
            return cls(game, dict(data))

    def forward(self, inputs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(rows, actions)`` policy logits and ``(rows,)`` win-share estimates.

        A few rows go through one at a time: a matrix product of several rows is
        OpenBLAS's threaded gemm, which on a busy machine took 5 ms for 4 rows where
        4 single rows (gemv) take 0.1 ms.
        """
        if 1 < len(inputs) <= SMALL_BATCH:
            parts = [self.forward(inputs[k : k + 1]) for k in range(len(inputs))]
            return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]))
        h = np.maximum(inputs @ self.w0 + self.b0, 0.0)
        h = np.maximum(h @ self.w1 + self.b1, 0.0)
        logits = h @ self.policy_w + self.policy_b
        value = 1.0 / (1.0 + np.exp(-(h @ self.value_w + self.value_b)[:, 0]))
        return logits, value

    def evaluate(self, observations: np.ndarray, players: int) -> tuple[np.ndarray, np.ndarray]:
        """Policy logits and values of ``(rows, observation)`` observations at a table
        of ``players`` seats."""
        return self.forward(self.layout.inputs(observations, players))


def masked_softmax(logits: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """The policy over ``legal`` action ids only (1-D logits): probabilities summing to 1."""
    chosen = logits[legal].astype(np.float64)
    chosen -= chosen.max()
    p = np.exp(chosen)
    out: np.ndarray = p / p.sum()
    return out


@cache
def packaged(game: str) -> Network:
    """The package's network for ``game``, loaded once per process."""
    return Network.load(game)

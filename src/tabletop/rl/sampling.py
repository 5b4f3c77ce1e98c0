"""Uniformly random legal actions for many masks at once: the drivers of the envs'
benchmarks (:mod:`tabletop.bench.rl`), their tests and recorded simulation runs
(``tabletop.sim.choices``)."""

from __future__ import annotations

import numpy as np


def random_masked(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One uniformly drawn legal action per mask (last axis), for every mask at once:
    the largest of one random number per legal action. (One number per action of every
    mask, even one with a single legal action: recorded runs replay this stream,
    ``tabletop.sim.choices``.)"""
    scores = rng.random(masks.shape, dtype=np.float32)
    scores *= masks
    picked: np.ndarray = scores.argmax(axis=-1)
    return picked


def random_legal(rng: np.random.Generator, masks: np.ndarray, noop: int) -> np.ndarray:
    """One uniformly drawn legal action per seat, for every seat at once: ``noop``
    where the mask holds the no-op alone, else the largest of one random number in
    (0, 1] per legal action of the seats that decide (the batched env's driver: like
    the PettingZoo env's, it draws for the deciding seats only, and it reads only
    their masks)."""
    deciding = masks[..., noop] == 0
    picked = np.full(masks.shape[:-1], noop, np.intp)
    rows = masks[deciding]
    scores = rng.random(rows.shape, dtype=np.float32)
    np.subtract(1.0, scores, out=scores)
    scores *= rows
    picked[deciding] = scores.argmax(axis=-1)
    return picked

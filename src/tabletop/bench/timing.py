"""A rate measured over a fixed wall-clock budget."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    """``count`` units (games, copies) and ``decisions`` taken in ``seconds``."""

    count: int
    decisions: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.count / self.seconds

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds


def measure(unit: Callable[[int], int], seconds: float) -> Rate:
    """Call ``unit(k)`` for k = 0, 1, ... until ``seconds`` have passed (at least once).

    ``unit`` returns how many decisions it took (0 for a copy).
    """
    clock = time.perf_counter
    start = clock()
    end = start + seconds
    count = decisions = 0
    while True:
        decisions += unit(count)
        count += 1
        now = clock()
        if now >= end:
            return Rate(count, decisions, now - start)

"""A rate measured over a fixed budget of wall-clock or, asked, CPU time."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""The clocks a measurement may read: CPU time (this process's) lets runs before and
after a change compare fairly on a machine that other jobs share."""

_clock: Callable[[], float] = time.perf_counter


@contextmanager
def using_clock(name: str) -> Iterator[None]:
    """Time the measurements made inside by the clock ``name`` of :data:`CLOCKS`; the
    clock before is back afterwards (a bench asking for CPU time leaves later
    measurements of the process on wall-clock)."""
    global _clock
    before, _clock = _clock, CLOCKS[name]
    try:
        yield
    finally:
        _clock = before


def now() -> float:
    """The chosen clock's reading, in seconds."""
    return _clock()


def measure(unit: Callable[[int], int], seconds: float) -> Rate:
    """Call ``unit(k)`` for k = 0, 1, ... until ``seconds`` have passed (at least once)
    on the chosen clock (:func:`using_clock`; wall-clock unless asked).

    ``unit`` returns how many decisions it took (0 for a copy).
    """
    clock = _clock
    start = clock()
    end = start + seconds
    count = decisions = 0
    while True:
        decisions += unit(count)
        count += 1
        now = clock()
        if now >= end:
            return Rate(count, decisions, now - start)

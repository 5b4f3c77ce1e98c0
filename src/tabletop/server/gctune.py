"""Garbage collection tuned for a latency-bound process (the server, a load client).

CPython's cycle collector pauses the whole process; a full collection walks every
tracked object, and after importing FastAPI, SQLAlchemy and pydantic that is hundreds
of thousands of them: pauses of 100-400 ms were measured under load, each one a late
answer for every client waiting at that moment. What is loaded at start-up lives as
long as the process, so it is moved out of the collector's sight (``gc.freeze``), and
the youngest generation is collected ten times less often: frames, events and rows
are freed by reference counting as soon as they are sent; few of them form cycles.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 7_000
"""Allocations between collections of the youngest generation (CPython's default: 700)."""


def tune_gc() -> None:
    """Freeze what exists now and collect the young generation less often."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)

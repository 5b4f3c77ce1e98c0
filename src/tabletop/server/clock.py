"""The optional per-decision clock: one timer per seat that is deciding.

When a timer runs out the table plays the seat's default action (``bots.default_action``).
A timer is armed for a decision (identified by the sequence number it began at), so a
late timer for a decision that has already been answered does nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class DecisionClock:
    """Timers by seat; arming a seat again replaces its old timer."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._timers: dict[int, asyncio.TimerHandle] = {}

    @property
    def enabled(self) -> bool:
        return self.seconds is not None and self.seconds > 0

    def arm(self, seat: int, on_timeout: Callable[[], None], bank: float = 0.0) -> None:
        """Time ``seat``'s decision: the clock's seconds, then ``bank`` seconds more (the
        seat's time bank left)."""
        if not self.enabled:
            return
        self.cancel(seat)
        loop = asyncio.get_running_loop()
        self._timers[seat] = loop.call_later((self.seconds or 0.0) + bank, on_timeout)

    def cancel(self, seat: int) -> None:
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def cancel_all(self) -> None:
        for seat in list(self._timers):
            self.cancel(seat)

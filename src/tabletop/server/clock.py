"""The optional clock (per decision, or per game): one timer per seat that is deciding.

When a timer runs out the table plays the seat's default action (``bots.default_action``).
A timer is armed for a decision (identified by the sequence number it began at), so a
late timer for a decision that has already been answered does nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class DecisionClock:
    """Timers by seat; arming a seat again replaces its old timer."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        """Whether the table has a clock (else arming does nothing)."""
        self._timers: dict[int, asyncio.TimerHandle] = {}

    def arm(self, seat: int, on_timeout: Callable[[], None], seconds: float) -> None:
        """Time ``seat``'s decision: ``on_timeout`` after ``seconds`` (the decision's
        own and whatever the seat has beyond them: ``LiveTable.decision_time``)."""
        if not self.enabled:
            return
        self.cancel(seat)
        loop = asyncio.get_running_loop()
        self._timers[seat] = loop.call_later(seconds, on_timeout)

    def cancel(self, seat: int) -> None:
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def cancel_all(self) -> None:
        for seat in list(self._timers):
            self.cancel(seat)

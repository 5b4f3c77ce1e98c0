"""What a viewer missed: its version of every action's events after a point.

A page that comes back (a reload, a lost connection, a seat taken back on another
device) is welcomed with the whole current view, but its log of what happened has a
hole. This gives the hole's steps as that viewer would have received them, each event
through ``event.for_player`` like every frame, so it tells a seat nothing its frames
would not have: the same events those frames carried, kept by the table as it applied
each action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.events import Event
from tabletop.server import protocol


def events_after(
    step_events: Sequence[Sequence[Event]],
    viewer: protocol.Viewer,
    after: int,
    timeouts: Mapping[int, int] | None = None,
) -> list[dict[str, Any]]:
    """``[{"seq", "events", "timeout"?}]`` for every action after sequence number
    ``after``, from each action's events as the table applied them (``step_events``,
    action ``seq`` at ``seq - 1``); ``timeout`` (from ``timeouts``) names the seat the
    clock played for, as the step's events frame did.

    Only the hole is read: the table keeps every step's events, so a request costs
    what it returns (replaying the record for each request cost 2-3 ms of CPU for a
    whole game, which one client at the rate limit turned into most of a core)."""
    steps = []
    for seq in range(after + 1, len(step_events) + 1):
        step: dict[str, Any] = {
            "seq": seq,
            "events": protocol.visible_events(step_events[seq - 1], viewer),
        }
        if timeouts and seq in timeouts:
            step["timeout"] = timeouts[seq]
        steps.append(step)
    return steps

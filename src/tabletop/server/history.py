"""What a viewer missed: its version of every action's events after a point.

A page that comes back (a reload, a lost connection, a seat taken back on another
device) is welcomed with the whole current view, but its log of what happened has a
hole. This replays the table's record and gives the hole's steps as that viewer would
have received them, each event through ``event.for_player`` like every frame, so it
tells a seat nothing its frames would not have.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.server import protocol


def events_after(
    game: Game,
    record: GameRecord,
    viewer: protocol.Viewer,
    after: int,
    timeouts: Mapping[int, int] | None = None,
) -> list[dict[str, Any]]:
    """``[{"seq", "events", "timeout"?}]`` for every action after sequence number
    ``after``; ``timeout`` (from ``timeouts``) names the seat the clock played for, as
    the step's events frame did."""
    steps = []
    for seq, (_, _, events) in enumerate(record.steps(game)):
        if seq <= after:
            continue
        step: dict[str, Any] = {"seq": seq, "events": protocol.visible_events(events, viewer)}
        if timeouts and seq in timeouts:
            step["timeout"] = timeouts[seq]
        steps.append(step)
    return steps

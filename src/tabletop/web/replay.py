"""A finished game step by step, as one seat (or a spectator) saw it.

Built from the game record, which the server publishes once the game is over; each
step's events are cut to the viewer's version, as they were sent live.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.record import GameRecord
from tabletop.core.state import State
from tabletop.games import REGISTRY
from tabletop.server import protocol


def _start(record: GameRecord) -> State:
    game = REGISTRY.get(record.game)
    return game.new_game(record.players, record.seed, **record.options)


def steps(record: GameRecord, viewer: int | None) -> dict[str, Any]:
    """Every decision (seat, notation) with the events the viewer saw after it, and
    (``start``) the viewer's version of the setup's events (the deal)."""
    state = _start(record)
    start = protocol.visible_events(state.start_events, viewer)
    out = []
    for n, (seat, action) in enumerate(record.actions, start=1):
        events = state.apply(seat, action)
        out.append(
            {
                "step": n,
                "seat": seat,
                "action": action,
                "events": protocol.visible_events(events, viewer),
            }
        )
    return {
        "game": record.game,
        "players": record.players,
        "viewer": viewer,
        "start": start,
        "steps": out,
    }


def view_at(record: GameRecord, viewer: int | None, step: int) -> dict[str, Any]:
    """The viewer's view after ``step`` decisions (0: the start); IndexError past the end."""
    if not 0 <= step <= len(record.actions):
        raise IndexError(step)
    state = _start(record)
    for seat, action in record.actions[:step]:
        state.apply(seat, action)
    return {"step": step, "view": protocol.view_of(state, viewer), "over": state.is_terminal()}

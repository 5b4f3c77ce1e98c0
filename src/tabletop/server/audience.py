"""A table's audience: its connections, and the frame each one is sent.

Every frame is built by ``protocol`` from one viewer's projection of the state; here
each is built and encoded once per kind of viewer (seat or spectator, with or without
views) and the text is shared by every connection of that kind. Under load encoding
is much of an action's cost, and most tables have one connection per seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core.events import Event
from tabletop.core.state import State
from tabletop.server import protocol
from tabletop.server.connection import Connection
from tabletop.server.decisions import Decision


class Audience:
    """The connections watching one table."""

    def __init__(self) -> None:
        self.connections: set[Connection] = set()

    def __bool__(self) -> bool:
        return bool(self.connections)

    def welcome(
        self, conn: Connection, state: State, seq: int, decisions: Sequence[Decision], table: Any
    ) -> None:
        """Register a connection and queue its welcome frame (call under the table lock)."""
        self.connections.add(conn)
        decision = None if conn.viewer is None else decisions[conn.viewer]
        frame = protocol.view_frame("welcome", state, conn.viewer, seq, decision, decisions)
        # the setup's events (the deal), the log's first lines, in this viewer's version
        frame["start"] = protocol.visible_events(state.start_events, conn.viewer)
        frame["table"] = table
        conn.send(protocol.encode(frame))

    def remove(self, conn: Connection) -> None:
        self.connections.discard(conn)

    def events(
        self,
        state: State,
        seq: int,
        events: Sequence[Event],
        decisions: Sequence[Decision],
        actor: Connection | None = None,
        ref: Any = None,
        timeout: int | None = None,
    ) -> None:
        """Send each connection its viewer's frame for accepted action ``seq``
        (``timeout``: the seat the clock played it for).

        The actor's frame also acknowledges its action (``"ack": ref``): folding the
        acknowledgement into the frame it gets anyway saves a message per action.
        """
        frames = protocol.EventsFrames(state, seq, events, decisions, timeout)
        texts: dict[tuple[int | None, bool], str] = {}
        for conn in self.connections:
            key = (conn.viewer, conn.with_view)
            text = texts.get(key)
            if text is None:
                decision = None if conn.viewer is None else decisions[conn.viewer]
                text = texts[key] = frames.text(conn.viewer, decision, conn.with_view)
            conn.send(protocol.with_ack(text, ref) if conn is actor else text)

    def seats(self, state: State, seq: int, decisions: Sequence[Decision], table: Any) -> None:
        """Tell everyone the seats changed, and each seat its decision (play may start)."""
        texts: dict[int | None, str] = {}
        for conn in self.connections:
            text = texts.get(conn.viewer)
            if text is None:
                decision = None if conn.viewer is None else decisions[conn.viewer]
                frame = {"type": "seats", "seq": seq, "table": table}
                frame.update(protocol.decision_part(state, conn.viewer, decision))
                frame.update(protocol.clocks_part(decisions))
                text = texts[conn.viewer] = protocol.encode(frame)
            conn.send(text)

    def broadcast(self, text: str) -> None:
        """Send the same frame to every connection (chat, a rematch): nothing in it
        depends on the viewer."""
        for conn in self.connections:
            conn.send(text)

    def close(self) -> None:
        for conn in self.connections:
            conn.close()

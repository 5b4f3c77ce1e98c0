"""One WebSocket's outbox: frames wait here until the socket's writer task sends them.

A table never waits for a client: it queues each connection's frame and goes on. The
socket's own task sends them in order, waiting when the client reads slowly; a client
that falls ``limit`` frames behind is dropped (and may reconnect for a fresh welcome),
so one slow reader can neither stall a table nor fill the server's memory.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field


@dataclass(eq=False)
class Connection:
    """One WebSocket watching a table as a seat or (``viewer`` None) a spectator."""

    viewer: int | None
    with_view: bool
    limit: int
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    dropped: bool = False

    def send(self, text: str) -> None:
        """Queue a frame; a client that falls ``limit`` frames behind is dropped."""
        if self.dropped:
            return
        if self.queue.qsize() >= self.limit:
            self.dropped = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

    def close(self) -> None:
        """Ask the writer task to close the socket once the queued frames are sent."""
        self.queue.put_nowait(None)

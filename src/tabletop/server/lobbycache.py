"""Lobby pages kept as sent, so a client reading the lobby at its rate limit costs
little.

Building a page reads two queries and describes fifty tables (about 2.5 ms of CPU);
the issue's three addresses reading it at their limits moved its p99 to 3.2 s. A page
is kept for at most ``ttl`` seconds, and dropped at once when any table of this process
is made, or changes its seats or its status (``changed``). What may be older than that,
by at most ``ttl``: a playing table's ``seq``, and with several workers, what another
worker changed.
"""

from __future__ import annotations

import time

Key = tuple[int, str | None]
"""A page: its size and its ``before`` cursor."""


class LobbyCache:
    """Encoded lobby pages by size and cursor."""

    MOST = 64
    """Pages kept (cursors are a client's choice: the oldest go first)."""

    def __init__(self, ttl: float = 1.0) -> None:
        self.ttl = ttl
        self._pages: dict[Key, tuple[float, bytes]] = {}

    def get(self, key: Key) -> bytes | None:
        found = self._pages.get(key)
        if found is None or time.monotonic() - found[0] > self.ttl:
            return None
        return found[1]

    def put(self, key: Key, body: bytes) -> None:
        if len(self._pages) >= self.MOST:
            del self._pages[next(iter(self._pages))]
        self._pages[key] = (time.monotonic(), body)

    def changed(self) -> None:
        """A table was made or changed its seats or status: every page is old."""
        self._pages.clear()

"""Per-client quotas: WebSocket connects, open sockets, failed auths, tables made.

A client is its address: the peer's, or, behind a proxy listed in
``ServerConfig.trusted_proxies``, the one that proxy names in ``X-Forwarded-For``
(uvicorn's ``ProxyHeadersMiddleware`` rewrites it before any of this runs; no proxy is
trusted by default, so nobody can pick their own address). Addresses in
``quota_exempt`` (a load test's) skip every per-client limit.

Failed auths back off: a client may fail ``auth_failures_free`` times, then waits 1 s
before its next try, twice as long after each further failure, up to
``auth_backoff_max``; a quiet spell of that long forgives it.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import OrderedDict
from dataclasses import dataclass

from tabletop.server.config import ServerConfig
from tabletop.server.security import RateLimiter

MAX_CLIENTS = 10_000
"""Clients remembered at once (the oldest are forgotten first)."""


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0


class Clients:
    """One process's per-client counters."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.connects = RateLimiter(config.ws_connect_rate, config.ws_connect_burst, MAX_CLIENTS)
        self.sockets: dict[str, int] = {}
        self._failures: OrderedDict[str, _Failures] = OrderedDict()

    def exempt(self, address: str) -> bool:
        return address in self.config.quota_exempt

    @staticmethod
    def creator_key(address: str) -> str:
        """What a table stores of its maker: a digest, not the address itself."""
        return hashlib.sha256(address.encode("utf-8", "surrogatepass")).hexdigest()[:32]

    def connect(self, address: str) -> str | None:
        """Why a new WebSocket from ``address`` is refused now, or None (then it holds
        one of the client's sockets until :meth:`disconnect`)."""
        if self.exempt(address):
            return None
        if not self.connects.allow(address):
            return "too many connections a second from your address; slow down"
        if self.sockets.get(address, 0) >= self.config.sockets_per_client:
            return f"at most {self.config.sockets_per_client} open connections per address"
        self.sockets[address] = self.sockets.get(address, 0) + 1
        return None

    def disconnect(self, address: str) -> None:
        if self.exempt(address):
            return
        left = self.sockets.get(address, 0) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)

    def auth_wait(self, address: str, now: float | None = None) -> float:
        """Seconds ``address`` must still wait before its next auth (0: it may try)."""
        entry = self._failures.get(address)
        if entry is None or self.exempt(address):
            return 0.0
        now = time.monotonic() if now is None else now
        over = entry.count - self.config.auth_failures_free - 1
        if now - entry.last >= self.config.auth_backoff_max:
            del self._failures[address]  # forgiven after a quiet spell
            return 0.0
        if over < 0:
            return 0.0
        wait = min(self.config.auth_backoff_max, math.ldexp(1.0, min(over, 32)))
        return max(0.0, entry.last + wait - now)

    def auth_failed(self, address: str, now: float | None = None) -> None:
        if self.exempt(address):
            return
        entry = self._failures.pop(address, None) or _Failures()
        entry.count += 1
        entry.last = time.monotonic() if now is None else now
        self._failures[address] = entry
        while len(self._failures) > MAX_CLIENTS:
            self._failures.popitem(last=False)

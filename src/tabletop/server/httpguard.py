"""HTTP bounds below the application: what a connection may cost before any route runs.

uvicorn's HTTP parser (httptools) has no limit on a request's head, no time limit for
a request to arrive, and uvicorn none on connections per address: one 32 MB header was
read whole, a request that never finished held its connection for ever, and 1,100
half-sent requests from one address took every file a process under a 1,024-file
limit may open. ``tabletop serve`` runs every connection through
:class:`BoundedHttpProtocol`, uvicorn's own protocol with four bounds added
(``ServerConfig``; over each, an answer and the connection closed):

- a request's head (request line and headers) of at most ``max_header_bytes``, and at
  most ``max_headers`` headers (431);
- a request must arrive whole, head and body, within ``request_timeout`` seconds of its
  first byte (a new connection: of its opening) (408 while the head is unfinished);
- at most ``connections_per_client`` open connections per address, HTTP and WebSocket
  together (429; ``quota_exempt`` and ``trusted_proxies`` are free of it);
- between requests a connection is kept ``keep_alive`` seconds (uvicorn's own timer).

The counts are per worker process, as the other per-address limits are.
"""

from __future__ import annotations

import asyncio
import functools
import json
import weakref
from collections import Counter
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from tabletop.server.config import ServerConfig

open_connections: Counter[str] = Counter()
"""Open connections per client address in this process."""


def _release(address: str) -> None:
    open_connections[address] -= 1
    if open_connections[address] <= 0:
        del open_connections[address]


@functools.cache
def _config() -> ServerConfig:
    """This worker's config (``tabletop serve`` puts it in the environment)."""
    return ServerConfig.from_env()


class _Refused(Exception):
    """Stops the parser: the request is over a bound (the answer is already chosen)."""


class BoundedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with bounds on heads, time and connections."""

    def __init__(self, *args: Any, bounds: ServerConfig | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bounds = bounds or _config()
        self._address: str | None = None
        """The client address counted in :data:`open_connections` (until released)."""
        self._received: int | None = 0
        """Bytes received since the request head in progress began (None: not in a head)."""
        self._parsed = 0
        """Bytes of the request line and headers the parser has handed over."""
        self._headers = 0
        self._timer: asyncio.TimerHandle | None = None
        self._refusal: tuple[int, str] | None = None

    # ------------------------------------------------------------ connections

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "?"
        self._address = address
        open_connections[address] += 1
        free = (*self.bounds.quota_exempt, *self.bounds.trusted_proxies)
        limit = self.bounds.connections_per_client
        if open_connections[address] > limit and address not in free:
            self._answer(429, f"at most {limit} open connections per address")
            return
        self._start_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        self._release()
        super().connection_lost(exc)

    def _release(self) -> None:
        if self._address is not None:
            _release(self._address)
            self._address = None

    def handle_websocket_upgrade(self) -> None:
        """The connection becomes a WebSocket: no request timer now, and it still
        counts against its address until it closes.

        The WebSocket's ``connection_lost`` is wrapped to release the count. The
        wrapper holds the WebSocket weakly and this protocol not at all: a reference
        cycle would leave every closed WebSocket to the cyclic collector, which a
        tuned server runs seldom (+15 MB over 10,000 sockets, the loopback soak found)."""
        self._stop_timer()
        super().handle_websocket_upgrade()
        websocket = self.transport.get_protocol()
        address, self._address = self._address, None  # the WebSocket's to release now
        if address is None:
            return
        own = weakref.ref(websocket)
        lost = type(websocket).connection_lost

        def connection_lost(exc: Exception | None) -> None:
            try:
                alive = own()
                if alive is not None:
                    lost(alive, exc)
            finally:
                _release(address)

        websocket.connection_lost = connection_lost  # type: ignore[method-assign]

    # ------------------------------------------------------------ the head

    def data_received(self, data: bytes) -> None:
        if self._received is not None:
            self._received += len(data)
        super().data_received(data)
        if self._received is not None and self._received > self.bounds.max_header_bytes:
            # a head still unfinished past the bound (the parser keeps it all): stop now
            self._answer(*self._too_long())

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._parsed = self._headers = 0
        if self._received is None:
            self._received = 0
        if self._timer is None:
            self._start_timer()

    def on_url(self, url: bytes) -> None:
        self._count(len(url), 0)
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4, 1)
        super().on_header(name, value)

    def _count(self, size: int, headers: int) -> None:
        """Count a part of the head the parser handed over (a head that arrived in one
        read is measured only here), refusing one over the bounds."""
        self._parsed += size
        self._headers += headers
        if self._headers > self.bounds.max_headers:
            self._refusal = (431, f"a request may have at most {self.bounds.max_headers} headers")
        elif self._parsed > self.bounds.max_header_bytes:
            self._refusal = self._too_long()
        if self._refusal is not None:
            raise _Refused  # the parser stops; uvicorn calls send_400_response

    def _too_long(self) -> tuple[int, str]:
        return 431, f"a request's head may be at most {self.bounds.max_header_bytes} bytes"

    def on_headers_complete(self) -> None:
        self._received = None
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._stop_timer()
        super().on_message_complete()

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a parser error: ours when a bound stopped the parser."""
        if self._refusal is not None:
            self._answer(*self._refusal)
        else:
            super().send_400_response(msg)

    # ------------------------------------------------------------ time

    def _start_timer(self) -> None:
        self._timer = self.loop.call_later(self.bounds.request_timeout, self._too_slow)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _too_slow(self) -> None:
        """The request did not arrive whole in time: answer 408 if its head is
        unfinished (no route has seen it), and close the connection either way."""
        self._timer = None
        if self._received is not None:
            self._answer(408, f"a request must arrive within {self.bounds.request_timeout:g} s")
        else:
            self.transport.close()

    # ------------------------------------------------------------ answers

    def _answer(self, status: int, message: str) -> None:
        """Answer ``status`` in the error envelope and close the connection."""
        self._stop_timer()
        if self.transport.is_closing():
            return
        code, reason = ANSWERS[status]
        body = json.dumps({"error": {"code": code, "message": message}}).encode()
        self.transport.write(
            b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (status, reason, len(body), body)
        )
        self.transport.close()


ANSWERS = {
    408: ("request_timeout", b"Request Timeout"),
    429: ("too_many_connections", b"Too Many Requests"),
    431: ("header_too_large", b"Request Header Fields Too Large"),
}
"""Each refusal's error code and HTTP reason phrase."""

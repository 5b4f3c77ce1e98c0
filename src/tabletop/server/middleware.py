"""HTTP guards: a request-body size limit and a per-address rate limit (plain ASGI)."""

from __future__ import annotations

import json
from typing import Any

from tabletop.server.security import RateLimiter

Scope = dict[str, Any]


async def _refuse(send: Any, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class GuardMiddleware:
    """Refuses floods (429) and bodies over ``max_body`` bytes (413) before any route."""

    def __init__(self, app: Any, max_body: int, rate: float, burst: float) -> None:
        self.app = app
        self.max_body = max_body
        self.limiter = RateLimiter(rate, burst)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client") or ("?", 0)
        if not self.limiter.allow(str(client[0])):
            await _refuse(send, 429, "rate_limited", "too many requests; slow down")
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(
                send, 413, "too_large", f"a request body may be at most {self.max_body} bytes"
            )
            return
        seen = 0
        started = False

        async def counted_receive() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise _TooLarge
            return message

        async def tracked_send(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except _TooLarge:
            if not started:
                await _refuse(
                    send, 413, "too_large", f"a request body may be at most {self.max_body} bytes"
                )

"""HTTP guards before any route (plain ASGI): a per-address rate limit (429), a body
size limit (413 ``too_large``), a JSON nesting limit (413 ``too_deep``) and text that
is not Unicode (400 ``bad_request``)."""

from __future__ import annotations

import json
import re
from typing import Any

from tabletop.server.jsondepth import text_depth
from tabletop.server.security import RateLimiter

Scope = dict[str, Any]

_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def lone_surrogate(body: bytes) -> bool:
    """Whether JSON ``body`` holds half a character: a ``\\ud800``-``\\udfff`` escape
    without its pair. Python reads it into a string no UTF-8 answer can carry, so a
    route echoing it failed (500) after doing its work. Only a body with such an
    escape (rare: a pair is an emoji) is parsed here."""
    if _SURROGATE_ESCAPE.search(body) is None:
        return False
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return False  # not JSON: the route refuses it
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


async def _refuse(
    send: Any, status: int, code: str, message: str, extra: tuple[tuple[bytes, bytes], ...] = ()
) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *extra,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class GuardMiddleware:
    """Refuses floods (429), bodies over ``max_body`` bytes (413) and JSON bodies
    nested deeper than ``max_depth`` (413) before any route.

    The body is read here whole (it is small: at most ``max_body``) and handed on, so
    its nesting is measured before any parser sees it.
    """

    def __init__(
        self,
        app: Any,
        max_body: int,
        max_depth: int,
        rate: float,
        burst: float,
        exempt: tuple[str, ...] = (),
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.max_depth = max_depth
        self.exempt = exempt
        self.limiter = RateLimiter(rate, burst)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = str((scope.get("client") or ("?", 0))[0])
        if client not in self.exempt and not self.limiter.allow(client):
            await _refuse(
                send, 429, "rate_limited", "too many requests; slow down", ((b"retry-after", b"1"),)
            )
            return
        too_large = f"a request body may be at most {self.max_body} bytes"
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(send, 413, "too_large", too_large)
            return
        chunks: list[bytes] = []
        seen = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.max_body:
                await _refuse(send, 413, "too_large", too_large)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        if text_depth(body) > self.max_depth:
            await _refuse(
                send, 413, "too_deep", f"JSON may nest at most {self.max_depth} levels deep"
            )
            return
        if lone_surrogate(body):
            await _refuse(
                send,
                400,
                "bad_request",
                "the body holds a lone surrogate (\\ud800-\\udfff), half a character: not text",
            )
            return
        sent = False

        async def replay() -> Any:
            nonlocal sent
            if sent:
                return await receive()  # after the body: wait for a disconnect
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

"""Carrying table news between worker processes.

One process needs nothing: its tables tell their own connections. Several workers share
one database, and each publishes what it committed (an accepted action, a seat change)
on Redis; the others apply it to their copy of the table and tell their connections.
A message is only a hint (an accepted action with its sequence number, or "the seats
changed"): the database is the truth, and a worker that finds a gap reads the actions
it lacks from it. Redis is part of the server, like the database: nothing on it goes
to a client unprojected.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

log = logging.getLogger(__name__)

CHANNEL = "tabletop:tables"

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class LocalBus:
    """The single-process bus: nobody else to tell."""

    worker = "local"

    async def start(self, handler: Handler) -> None:
        return None

    def publish(self, message: dict[str, Any]) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisBus:
    """Redis pub/sub on one channel; a worker ignores its own messages."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis

        self.worker = secrets.token_hex(6)
        self.redis = redis.Redis.from_url(url)
        self._outbox: asyncio.Queue[bytes] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None

    async def start(self, handler: Handler) -> None:
        self._pubsub = pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self._tasks = [
            asyncio.create_task(self._listen(pubsub, handler)),
            asyncio.create_task(self._send()),
        ]

    async def _listen(self, pubsub: Any, handler: Handler) -> None:
        """Hand each message to its own task, so one busy table does not hold up the rest
        (order does not matter: a table reads whatever it lacks from the database)."""
        running: set[asyncio.Task[None]] = set()
        async for item in pubsub.listen():
            if item.get("type") != "message":
                continue
            try:
                message = orjson.loads(item["data"])
            except orjson.JSONDecodeError:
                log.error("a pub/sub message was not JSON")
                continue
            if not isinstance(message, dict) or message.pop("worker", None) == self.worker:
                continue
            if message.get("to", self.worker) != self.worker:  # for another worker alone
                continue
            task = asyncio.create_task(self._handle(handler, message))
            running.add(task)
            task.add_done_callback(running.discard)

    @staticmethod
    async def _handle(handler: Handler, message: dict[str, Any]) -> None:
        try:
            await handler(message)
        except Exception:  # one bad message must not stop the others
            log.exception("a pub/sub message could not be handled")

    def publish(self, message: dict[str, Any]) -> None:
        """Queue a message; one task sends them in order, in pipelined batches.

        Tables never wait for Redis, and hundreds of tables publishing at once share one
        connection instead of exhausting the pool.
        """
        self._outbox.put_nowait(orjson.dumps({**message, "worker": self.worker}))

    async def _send(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for text in batch:
                        pipe.publish(CHANNEL, text)
                    await pipe.execute()
            except Exception:  # Redis down: the others catch up from the database
                log.exception("could not publish %d table messages", len(batch))
                await asyncio.sleep(0.5)

    async def close(self) -> None:
        """Stop listening and sending, and close the connections.

        The listener is cancelled in the middle of a read; its connection is then closed
        without waiting for the transport (``aclose`` of the pub/sub object), since
        waiting for it while the cancelled read still held it could hang for ever
        (seen about once in five shutdowns).
        """
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2.0)
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._pubsub.aclose(), 2.0)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.redis.aclose(), 2.0)


Bus = LocalBus | RedisBus


def make_bus(redis_url: str) -> Bus:
    return RedisBus(redis_url) if redis_url else LocalBus()

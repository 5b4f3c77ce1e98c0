"""What every table of one server process shares: settings, store, writer and bus."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from tabletop.server.config import ServerConfig
from tabletop.server.pubsub import LocalBus, RedisBus
from tabletop.server.store import Store
from tabletop.server.writer import Writer

T = TypeVar("T")


@dataclass
class Services:
    """What every table of this process shares."""

    config: ServerConfig
    store: Store
    writer: Writer
    bus: LocalBus | RedisBus
    bot_delay: float = 0.0

    @property
    def shared(self) -> bool:
        """Whether other worker processes may write the same tables."""
        return isinstance(self.bus, RedisBus)

    async def read(self, fn: Callable[..., T], *args: object) -> T:
        """Run a database read off the event loop's critical path: awaited on the loop
        for a store that runs there (PostgreSQL), else in a worker thread."""
        if self.store.on_event_loop:
            return await self.store.run(fn, *args)
        return await asyncio.to_thread(fn, *args)

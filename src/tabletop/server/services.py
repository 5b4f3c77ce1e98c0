"""What every table of one server process shares: settings, store, writer, bus, owners."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from tabletop.server.config import ServerConfig
from tabletop.server.owners import Owners
from tabletop.server.pubsub import Bus, RedisBus
from tabletop.server.store import Store
from tabletop.server.writer import Writer

T = TypeVar("T")


@dataclass
class Services:
    """What every table of this process shares."""

    config: ServerConfig
    store: Store
    writer: Writer
    bus: Bus
    owners: Owners
    bot_delay: float = 0.0

    @property
    def shared(self) -> bool:
        """Whether other worker processes may write the same tables."""
        return isinstance(self.bus, RedisBus)

    async def read(self, fn: Callable[..., T], *args: object) -> T:
        """Run a database read without blocking the event loop (:meth:`Store.run`)."""
        return await self.store.run(fn, *args)

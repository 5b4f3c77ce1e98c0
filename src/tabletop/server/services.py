"""What every table of one server process shares: settings, store, writer, bus, owners."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from tabletop.server.botpool import BotPool
from tabletop.server.config import ServerConfig
from tabletop.server.lobbycache import LobbyCache
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
    _bot_pool: BotPool | None = None
    lobby: LobbyCache = field(default_factory=LobbyCache)
    """The lobby's pages as sent (tables tell it when they change)."""

    @property
    def bot_pool(self) -> BotPool:
        """The processes that decide for bots, started when a table first needs them."""
        if self._bot_pool is None:
            config = self.config
            self._bot_pool = BotPool(
                config.bot_workers, config.bot_limits.get("time", 1.0), config.bot_grace
            )
        return self._bot_pool

    def close_bots(self) -> None:
        """Stop the bot processes (at shutdown: a decision in progress is abandoned)."""
        if self._bot_pool is not None:
            self._bot_pool.close()
            self._bot_pool = None

    @property
    def shared(self) -> bool:
        """Whether other worker processes may write the same tables."""
        return isinstance(self.bus, RedisBus)

    async def read(self, fn: Callable[..., T], *args: object) -> T:
        """Run a database read without blocking the event loop (:meth:`Store.run`)."""
        return await self.store.run(fn, *args)

"""Group commit: accepted actions of many tables written in one transaction.

Each table waits for its own action to be committed before it acknowledges or
broadcasts it (nothing acknowledged can be lost), but tables do not wait for each
other: whatever actions arrive while one commit runs go together in the next. All
writes run on one thread, the only writer SQLite allows.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from tabletop.server.store import ActionRow, Store

T = TypeVar("T")


class Writer:
    """Serialises every database write of this process on one thread."""

    def __init__(self, store: Store, inline: bool = False) -> None:
        self.store = store
        self.inline = inline
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-db")
        self._pending: list[tuple[ActionRow, asyncio.Future[bool]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._executor.shutdown(wait=True)

    async def call(self, fn: Callable[..., T], *args: object) -> T:
        """Run another write (a new table, a seat change) on the writer thread."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def append(self, row: ActionRow) -> bool:
        """Commit ``row``; True once durable, False if another worker took its ``seq``."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((row, future))
        self._wake.set()
        return await future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            rows = [row for row, _ in batch]
            try:
                if self.inline:
                    results = self.store.append_actions(rows)
                else:
                    results = await loop.run_in_executor(
                        self._executor, self.store.append_actions, rows
                    )
            except Exception as exc:  # the database is down: every waiter hears why
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), ok in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(ok)

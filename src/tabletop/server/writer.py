"""Group commit: accepted actions of many tables written in one transaction.

Each table waits for its own action to be committed before it acknowledges or
broadcasts it (nothing acknowledged can be lost), but tables do not wait for each
other: whatever actions arrive while one commit runs go together in the next.

SQLite allows one writer, and a commit that only appends to its WAL takes tens of
microseconds, less than handing it to a thread and back (which, with the event loop
busy, waits for the GIL). So with SQLite every write runs on the event loop itself,
one at a time, and the slow part, checkpointing the WAL into the database file, runs
in a thread every second. Other databases (PostgreSQL) commit over the network and
wait for their disk, so their writes run on one writer thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from tabletop.server.store import ActionRow, Store

T = TypeVar("T")

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 1.0
"""Seconds between WAL checkpoints of an SQLite store that was written to."""


class Writer:
    """Serialises every database write of this process."""

    def __init__(self, store: Store, inline: bool = False) -> None:
        self.store = store
        self.inline = inline
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-db")
        self._pending: list[tuple[ActionRow, asyncio.Future[bool]]] = []
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._written = False

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._run())]
        if self.inline:
            self._tasks.append(asyncio.create_task(self._checkpoints()))

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._executor.shutdown(wait=True)

    async def call(self, fn: Callable[..., T], *args: object) -> T:
        """Run another write (a new table, a seat change) in turn with the appends."""
        if self.inline:
            self._written = True
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def append(self, row: ActionRow) -> bool:
        """Commit ``row``; True once durable, False if another worker took its ``seq``."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((row, future))
        self._wake.set()
        return await future

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            rows = [row for row, _ in batch]
            try:
                if self.inline:
                    self._written = True
                    results = self.store.append_actions(rows)
                else:
                    results = await asyncio.get_running_loop().run_in_executor(
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

    async def _checkpoints(self) -> None:
        """Checkpoint the WAL in a thread once a second while there are writes."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            if not self._written:
                continue
            self._written = False
            try:
                await loop.run_in_executor(self._executor, self.store.checkpoint)
            except Exception:  # the next one will do; the WAL only grows meanwhile
                log.exception("WAL checkpoint failed")

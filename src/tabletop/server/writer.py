"""Group commit: accepted actions of many tables written in one transaction.

Each table waits for its own action to be committed before it acknowledges or
broadcasts it (nothing acknowledged can be lost), but tables do not wait for each
other: whatever actions arrive while one commit runs go together in the next. A table
may also have several actions on the way (people deciding at once), each built on the
one before: if one of them is refused, none after it is written until the table has
taken them back (:meth:`Writer.discard`), so its log never holds an action that
followed one it does not hold.

SQLite allows one writer, and a commit that only appends to its WAL takes tens of
microseconds, less than handing it to a thread and back (which, with the event loop
busy, waits for the GIL). So with SQLite every write runs on the event loop itself,
one at a time, and the slow part, checkpointing the WAL into the database file, runs
in a thread every second. PostgreSQL commits over the network and waits for its disk,
so its writes are awaited on the event loop (:meth:`Store.open`), two commits at a
time: an action then waits for one commit, not for the one in flight and then its own.
Other databases' appends run in threads, two at a time. A table's rows
are never in two commits at once (a later one must not be stored before an earlier
one is known to be). Their other writes (new tables, seats) run on threads of their
own (PostgreSQL: tasks of their own): a burst of people joining tables must not queue
in front of the actions of the tables already playing.
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

COMMITS_AT_ONCE = 2
"""Commits in flight at once, unless they run on the event loop one by one (SQLite)."""

Pending = list[tuple[ActionRow, "asyncio.Future[bool]"]]


class Writer:
    """Serialises every database write of this process."""

    def __init__(self, store: Store, inline: bool = False) -> None:
        self.store = store
        self.inline = inline
        self._executor = ThreadPoolExecutor(
            max_workers=COMMITS_AT_ONCE, thread_name_prefix="tabletop-db"
        )
        self._others = ThreadPoolExecutor(max_workers=4, thread_name_prefix="tabletop-db-other")
        self._pending: Pending = []
        self._busy: set[str] = set()
        """Tables with rows in a commit in flight."""
        self._commits: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._written = False
        self._refused: dict[str, int] = {}
        """Tables with a refused row: its seq; later rows of the table are refused too."""

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._run())]
        if self.inline:
            self._tasks.append(asyncio.create_task(self._checkpoints()))

    async def close(self) -> None:
        for task in [*self._tasks, *self._commits]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._executor.shutdown(wait=True)
        self._others.shutdown(wait=True)

    async def call(self, fn: Callable[..., T], *args: object) -> T:
        """Run another write (a new table, a seat change): with SQLite in turn with the
        appends, elsewhere beside them."""
        if self.inline:
            self._written = True
            return fn(*args)
        return await self.store.run(fn, *args, executor=self._others)

    def append(self, row: ActionRow) -> asyncio.Future[bool]:
        """Queue ``row`` for the next commit.

        The future becomes True once the row is durable, False if it was refused (its
        ``seq`` was taken, or an earlier row of its table was refused), or the
        database's exception.
        """
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((row, future))
        self._wake.set()
        return future

    def discard(self, table_id: str, seq: int) -> None:
        """Table ``table_id`` took back its actions from ``seq`` on: refuse any still
        waiting, and accept the table's rows again."""
        keep = []
        for row, future in self._pending:
            if row.table_id == table_id and row.seq >= seq:
                if not future.done():
                    future.set_result(False)
            else:
                keep.append((row, future))
        self._pending = keep
        self._refused.pop(table_id, None)

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            if self.inline:
                batch, self._pending = self._take(self._pending)
                if batch:
                    self._written = True
                    try:
                        results = self.store.append_actions([row for row, _ in batch])
                    except Exception as exc:
                        self._failed(batch, exc)
                    else:
                        self._done(batch, results)
                continue
            while len(self._commits) < COMMITS_AT_ONCE:
                batch, self._pending = self._take(self._pending)
                if not batch:
                    break
                self._busy.update(row.table_id for row, _ in batch)
                task = asyncio.create_task(self._commit(batch))
                self._commits.add(task)

    async def _commit(self, batch: Pending) -> None:
        """One commit off the loop's critical path; then the rows it held back may go."""
        store = self.store
        try:
            rows = [row for row, _ in batch]
            results = await store.run(store.append_actions, rows, executor=self._executor)
        except Exception as exc:  # the database is down: every waiter hears why
            self._failed(batch, exc)
        else:
            self._done(batch, results)
        finally:
            self._busy.difference_update(row.table_id for row, _ in batch)
            self._commits.discard(asyncio.current_task())
            self._wake.set()

    def _done(self, batch: Pending, results: list[bool]) -> None:
        for (row, future), ok in zip(batch, results, strict=True):
            if not ok:
                self._refuse(row)
            if not future.done():
                future.set_result(ok)

    def _failed(self, batch: Pending, exc: Exception) -> None:
        for row, future in batch:
            self._refuse(row)
            if not future.done():
                future.set_exception(exc)

    def _take(self, pending: Pending) -> tuple[Pending, Pending]:
        """The rows to write now, and those that wait for their table's commit in flight.

        Rows after a refused row of their table are refused here.
        """
        batch: Pending = []
        later: Pending = []
        for row, future in pending:
            refused = self._refused.get(row.table_id)
            if future.done() or (refused is not None and row.seq >= refused):
                self._refuse(row)  # a cancelled row is refused like any other
                if not future.done():
                    future.set_result(False)
            elif row.table_id in self._busy:
                later.append((row, future))
            else:
                batch.append((row, future))
        return batch, later

    def _refuse(self, row: ActionRow) -> None:
        refused = self._refused.get(row.table_id)
        if refused is None or row.seq < refused:
            self._refused[row.table_id] = row.seq

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

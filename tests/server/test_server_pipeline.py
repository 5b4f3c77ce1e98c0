"""Actions on their way to the database: several in one commit, settled in order, and
taken back together when a commit refuses one of them."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import tabletop
from tabletop.server.config import ServerConfig
from tabletop.server.connection import Connection
from tabletop.server.errors import TableError
from tabletop.server.manager import SeatSpec, TableManager
from tabletop.server.owners import SoleOwner
from tabletop.server.pubsub import LocalBus
from tabletop.server.services import Services
from tabletop.server.store import ActionRow, Store
from tabletop.server.tables import LiveTable
from tabletop.server.writer import Writer

GAME = "wicked-labyrinth"  # its first decision is four sealed declarations at once


class RecordingStore(Store):
    """Records each batch; refuses the rows numbered in ``refuse`` once each, as when
    another worker took their sequence numbers (and every later row of the table)."""

    def __init__(self, url: str, refuse: Sequence[int] = ()) -> None:
        super().__init__(url)
        self.batches: list[list[int]] = []
        self.refuse = set(refuse)

    def append_actions(self, rows: Sequence[ActionRow]) -> list[bool]:
        self.batches.append([r.seq for r in rows])
        hit = min((r.seq for r in rows if r.seq in self.refuse), default=None)
        if hit is None:
            return super().append_actions(rows)
        self.refuse.discard(hit)
        kept = [r for r in rows if r.seq < hit]
        super().append_actions(kept)
        return [r.seq < hit for r in rows]


async def _table(store: Store) -> tuple[LiveTable, Writer]:
    writer = Writer(store, inline=True)
    writer.start()
    manager = TableManager(Services(ServerConfig(), store, writer, LocalBus(), SoleOwner()))
    table, _ = await manager.create(GAME, 4, {}, [SeatSpec("open")] * 4, 7, None)
    for seat in range(4):
        await table.join(seat, f"p{seat}")
    return table, writer


def _frames(conn: Connection) -> list[str]:
    out = []
    while not conn.queue.empty():
        text = conn.queue.get_nowait()
        if text is not None:
            out.append(text)
    return out


async def _declare_all(table: LiveTable, spectator: Connection) -> list[int | BaseException]:
    """Every seat declares at once, as four people whose think time ends together."""
    state = table.state
    moves = [
        table.submit(seat, state.legal_actions(seat)[-1], table.seq, "seat") for seat in range(4)
    ]
    return await asyncio.gather(*moves, return_exceptions=True)


def test_simultaneous_actions_share_one_commit_and_settle_in_order(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[list[int]], list[int | BaseException], list[str], int]:
        store = RecordingStore(f"sqlite:///{tmp_path / 'db.sqlite3'}")
        table, writer = await _table(store)
        spectator = Connection(None, False, 1000)
        async with table.lock:
            table.attach(spectator)
        results = await _declare_all(table, spectator)
        seq = table.seq
        await writer.close()
        store.close()
        return store.batches, results, _frames(spectator), seq

    batches, results, frames, seq = asyncio.run(scenario())
    assert results == [1, 2, 3, 4]
    assert batches == [[1, 2, 3, 4]]  # one commit for the four declarations
    seqs = [int(f.split('"seq":')[1].split(",")[0]) for f in frames if '"events"' in f]
    assert seqs == [1, 2, 3, 4] and seq == 4


def test_a_refused_action_takes_back_every_later_one_and_they_try_again(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[list[int]], list[int | BaseException], list[ActionRow]]:
        store = RecordingStore(f"sqlite:///{tmp_path / 'db.sqlite3'}", refuse=[2])
        table, writer = await _table(store)
        spectator = Connection(None, False, 1000)
        async with table.lock:
            table.attach(spectator)
        results = await _declare_all(table, spectator)
        # the log replays to the table's state: nothing taken back was kept
        logged = store.actions_after(table.id, 0)
        replayed = tabletop.new_game(GAME, players=4, seed=7)
        for row in logged:
            replayed.apply(row.seat, row.action)
        assert replayed.to_json() == table.state.to_json()
        await writer.close()
        store.close()
        return store.batches, results, logged

    batches, results, logged = asyncio.run(scenario())
    assert batches[0] == [1, 2, 3, 4]  # 1 stored; 2 refused, so 3 and 4 with it
    assert sorted(r for r in results if isinstance(r, int)) == [1, 2, 3, 4]
    assert [row.seq for row in logged] == [1, 2, 3, 4]
    assert sorted(row.seat for row in logged) == [0, 1, 2, 3]


def test_the_writer_refuses_a_tables_rows_after_a_refused_one_until_discarded(
    tmp_path: Path,
) -> None:
    async def scenario() -> list[bool]:
        store = RecordingStore(f"sqlite:///{tmp_path / 'db.sqlite3'}", refuse=[1])
        table, writer = await _table(store)
        first = writer.append(ActionRow(table.id, 1, 0, "d0", "seat"))
        assert await first is False
        later = writer.append(ActionRow(table.id, 2, 1, "d0", "seat"))
        await asyncio.sleep(0)
        refused_later = await later
        writer.discard(table.id, 1)
        again = await writer.append(ActionRow(table.id, 1, 0, "d0", "seat"))
        await writer.close()
        store.close()
        return [refused_later, again]

    assert asyncio.run(scenario()) == [False, True]


def test_storage_failure_is_a_typed_error_and_changes_nothing(tmp_path: Path) -> None:
    class BrokenStore(RecordingStore):
        def append_actions(self, rows: Sequence[ActionRow]) -> list[bool]:
            raise OSError("disk full: INSERT INTO tabletop_actions")

    async def scenario() -> tuple[list[str], list[str], int, int]:
        store = BrokenStore(f"sqlite:///{tmp_path / 'db.sqlite3'}")
        table, writer = await _table(store)
        results = await _declare_all(table, Connection(None, False, 1000))
        errors = [r for r in results if isinstance(r, TableError)]
        seq, head = table.seq, table._head_seq
        await writer.close()
        store.close()
        return [e.code for e in errors], [e.message for e in errors], seq, head

    codes, messages, seq, head = asyncio.run(scenario())
    assert codes and set(codes) <= {"storage", "conflict"} and "storage" in codes
    assert not [m for m in messages if "INSERT" in m or "disk full" in m]  # words of the log
    assert seq == 0 and head == 0


def test_threaded_commits_overlap_but_never_hold_one_tables_rows_twice(tmp_path: Path) -> None:
    """With commits in threads (PostgreSQL), two run at once, but a table's next rows
    wait until its commit in flight is done."""
    import threading
    import time

    class SlowStore(Store):
        def __init__(self, url: str) -> None:
            super().__init__(url)
            self.spans: list[tuple[float, float, set[str]]] = []
            self._lock = threading.Lock()

        def append_actions(self, rows: Sequence[ActionRow]) -> list[bool]:
            start = time.perf_counter()
            time.sleep(0.05)
            with self._lock:
                self.spans.append((start, time.perf_counter(), {r.table_id for r in rows}))
            return [True] * len(rows)

    async def scenario() -> tuple[list[bool], list[tuple[float, float, set[str]]]]:
        store = SlowStore(f"sqlite:///{tmp_path / 'db.sqlite3'}")
        writer = Writer(store, inline=False)
        writer.start()
        first = writer.append(ActionRow("a", 1, 0, "d0", "seat"))
        await asyncio.sleep(0.01)  # "a" is in flight now
        rest = [
            writer.append(ActionRow("a", 2, 1, "d0", "seat")),
            writer.append(ActionRow("b", 1, 0, "d0", "seat")),
        ]
        results = list(await asyncio.gather(first, *rest))
        await writer.close()
        store.close()
        return results, store.spans

    results, spans = asyncio.run(scenario())
    assert results == [True, True, True]
    by_table = {t: [(s, e) for s, e, tables in spans if t in tables] for t in ("a", "b")}
    (a1, a2) = sorted(by_table["a"])
    assert a2[0] >= a1[1]  # a's second row waited for its first commit
    (b1,) = by_table["b"]
    assert b1[0] < a1[1]  # b's row did not wait for a's commit

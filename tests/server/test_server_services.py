"""PostgreSQL and Redis, the real services: the store, the bus, and two workers sharing them.

With ``CI=true`` an unreachable service fails these tests loudly; elsewhere they skip.
Run ``scripts/services.sh`` first to start the services and create the test database.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from server.helpers import ServerProcess, kill_and_resume
from tabletop.loadtest import run_loadtest
from tabletop.server.pubsub import RedisBus
from tabletop.server.security import new_table_id
from tabletop.server.store import ActionRow, SeatRow, Store, TableRow

PG_URL = os.environ.get(
    "TABLETOP_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/tabletop_test"
)
REDIS_URL = os.environ.get("TABLETOP_TEST_REDIS", "redis://127.0.0.1:6379/0")

pytestmark = pytest.mark.services


def _unreachable(what: str, exc: Exception) -> None:
    message = f"{what} is unreachable ({exc}); run scripts/services.sh"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def pg_url() -> str:
    from sqlalchemy import create_engine, text

    try:
        engine = create_engine(PG_URL)
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        engine.dispose()
    except Exception as exc:
        _unreachable("PostgreSQL", exc)
    return PG_URL


@pytest.fixture(scope="module")
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_timeout=2).ping()
    except Exception as exc:
        _unreachable("Redis", exc)
    return REDIS_URL


def _one_order_per_table(store: Store, call: Callable[..., Any]) -> None:
    """The store's contract with racing workers; ``call(method, *args)`` calls it."""
    tid = new_table_id()
    row = TableRow(tid, "wicked-labyrinth", 3, 2**62, {}, None, False, time.time())
    call(store.create_table, row, [SeatRow(s, "open") for s in range(3)])
    assert call(store.claim_seat, tid, 0, "ann", "d" * 64)
    assert not call(store.claim_seat, tid, 0, "bob", "e" * 64)  # the seat is taken
    first = ActionRow(tid, 1, 0, "d3", "seat")
    assert call(store.append_actions, [first]) == [True]
    # a second worker racing for action 1 loses; its other rows still go in
    other = new_table_id()
    call(
        store.create_table,
        row.__class__(other, *list(row.__dict__.values())[1:]),
        [SeatRow(0, "bot", bot="random")],
    )
    rival = ActionRow(tid, 1, 1, "d0", "seat")
    batch = [rival, ActionRow(other, 1, 0, "d1", "bot")]
    assert call(store.append_actions, batch) == [False, True]
    assert call(store.actions_after, tid, 0) == [first]
    # rows built on a refused one are refused with it, even where their seq is free
    built_on_rival = ActionRow(tid, 2, 2, "d2", "seat")
    assert call(store.append_actions, [built_on_rival, rival]) == [False, False]
    # ... and taken back when their own insert went through: never a gap in a log
    third = ActionRow(tid, 3, 1, "d1", "seat")
    assert call(store.append_actions, [third, rival, built_on_rival]) == [False, False, False]
    assert call(store.actions_after, tid, 0) == [first]
    assert call(store.last_seqs, [tid, other, "nosuchtable"]) == {tid: 1, other: 1}
    loaded = call(store.load_table, tid)
    assert loaded is not None and loaded[0].seed == 2**62 and loaded[1][0].name == "ann"


def test_postgres_store_keeps_one_order_per_table(pg_url: str) -> None:
    store = Store(pg_url)
    try:
        assert not store.on_event_loop
        _one_order_per_table(store, lambda fn, *args: fn(*args))
    finally:
        store.close()


def test_postgres_append_racing_an_uncommitted_row_keeps_the_log_a_prefix(pg_url: str) -> None:
    """Another worker's commit of action 2 lands while ours of 2 and 3 is on its way: our
    2 is refused, and our 3, stored after it in the same transaction, is taken back."""
    from sqlalchemy import text

    store = Store(pg_url)
    try:
        tid = new_table_id()
        row = TableRow(tid, "wicked-labyrinth", 3, 7, {}, None, False, time.time())
        store.create_table(row, [SeatRow(s, "bot", bot="random") for s in range(3)])
        first = ActionRow(tid, 1, 0, "d3", "seat")
        assert store.append_actions([first]) == [True]
        theirs = ActionRow(tid, 2, 1, "d0", "bot")
        ours = [ActionRow(tid, 2, 2, "d1", "bot"), ActionRow(tid, 3, 0, "d2", "bot")]
        with store.engine.connect() as other:
            other.execute(
                text(
                    "INSERT INTO tabletop_actions (table_id, seq, seat, action, source) "
                    "VALUES (:t, 2, 1, 'd0', 'bot')"
                ),
                {"t": tid},
            )  # not committed yet: our insert of 2 waits for it
            results: list[list[bool]] = []
            racing = threading.Thread(target=lambda: results.append(store.append_actions(ours)))
            racing.start()
            time.sleep(0.5)
            assert racing.is_alive()  # blocked on the other transaction's key
            other.commit()
            racing.join(10)
        assert results == [[False, False]]
        assert store.actions_after(tid, 0) == [first, theirs]
    finally:
        store.close()


def test_postgres_store_on_the_event_loop_keeps_the_same_contract(pg_url: str) -> None:
    """The server's store (``Store.open``) runs the same methods over psycopg's async
    connection, awaited on the loop; called outside :meth:`Store.run` they refuse."""

    async def scenario() -> None:
        store = await Store.open(pg_url)
        try:
            assert store.on_event_loop
            with pytest.raises(Exception, match="greenlet_spawn"):
                store.last_seqs([new_table_id()])
            # sync calls inside one greenlet: the scenario itself runs on the loop
            await store.run(_one_order_per_table, store, lambda fn, *args: fn(*args))
        finally:
            await store.aclose()

    asyncio.run(scenario())


@pytest.mark.parametrize("game", ["wicked-labyrinth", "code-of-nine"])
def test_a_killed_server_on_postgres_resumes_every_table_exactly(pg_url: str, game: str) -> None:
    """kill -9 with the store on the event loop: every acknowledged action was committed."""
    kill_and_resume(game, "--db", pg_url)


def test_redis_bus_carries_messages_to_other_workers_only(redis_url: str) -> None:
    async def scenario() -> tuple[list[dict], list[dict]]:
        got_a: list[dict] = []
        got_b: list[dict] = []
        a, b = RedisBus(redis_url), RedisBus(redis_url)

        async def on_a(m: dict) -> None:
            got_a.append(m)

        async def on_b(m: dict) -> None:
            got_b.append(m)

        await a.start(on_a)
        await b.start(on_b)
        await asyncio.sleep(0.2)
        a.publish({"kind": "action", "table": "t", "seq": 1})
        for _ in range(50):
            if got_b:
                break
            await asyncio.sleep(0.05)
        await a.close()
        await b.close()
        return got_a, got_b

    got_a, got_b = asyncio.run(scenario())
    assert got_b == [{"kind": "action", "table": "t", "seq": 1}]
    assert got_a == []


@pytest.mark.parametrize("game", ["wicked-labyrinth", None])
def test_two_workers_on_postgres_and_redis_play_tables_together(
    pg_url: str, redis_url: str, game: str | None
) -> None:
    """Each table's seats are spread over both workers; frames are leak-checked."""
    args = ("--db", pg_url, "--redis", redis_url)
    first = ServerProcess(*args).start()
    second = ServerProcess(*args)
    try:
        second.start()
        report = asyncio.run(
            run_loadtest(
                f"{first.url},{second.url}",
                tables=3,
                game=game,
                think_ms=0,
                check_leaks=True,
                timeout=60,
            )
        )
    finally:
        first.stop()
        second.stop()
    assert report.ok, report.samples
    assert report.completed == 3 and report.leak_checked_frames > 0

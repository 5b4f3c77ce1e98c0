"""PostgreSQL and Redis, the real services: the store, the bus, and two workers sharing them.

With ``CI=true`` an unreachable service fails these tests loudly; elsewhere they skip.
Run ``scripts/services.sh`` first to start the services and create the test database.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.helpers import FAST, ServerProcess, Viewer, create_table, join_all, kill_and_resume
from tabletop.loadtest import run_loadtest
from tabletop.server import ServerConfig
from tabletop.server.pubsub import RedisBus
from tabletop.server.security import new_table_id
from tabletop.server.store import ActionRow, SeatRow, Store, TableRow
from tabletop.web.app import create_app

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


# ---------------------------------------------------------------- table ownership


@contextlib.contextmanager
def _worker(pg_url: str, redis_url: str) -> Iterator[TestClient]:
    """One in-process worker on the shared PostgreSQL and Redis (its lifespan running);
    the sockets opened with :func:`_seat_socket` are closed with it."""
    app = create_app(ServerConfig(db_url=pg_url, redis_url=redis_url, owner_lease=1.0, **FAST))
    with TestClient(app) as client, contextlib.ExitStack() as sockets:
        client.sockets = sockets  # type: ignore[attr-defined]
        yield client


def _live(client: TestClient, table_id: str) -> Any:
    return client.app.state.manager.tables[table_id]  # type: ignore[attr-defined]


def _seat_socket(client: TestClient, table_id: str, seat: int, token: str) -> Viewer:
    ws = client.sockets.enter_context(  # type: ignore[attr-defined]
        client.websocket_connect(f"/ws/tables/{table_id}")
    )
    viewer = Viewer(ws, seat)
    viewer.send({"type": "auth", "seat": seat, "token": token})
    assert viewer.recv()["type"] == "welcome"
    return viewer


def _wait(predicate: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_one_worker_owns_a_table_and_the_others_forward_to_it(pg_url: str, redis_url: str) -> None:
    """Actions sent to the worker that does not own the table are committed by the
    owner, acknowledged to their sender by its own worker, and refused with the
    owner's own error; the owner alone holds the table's lease."""
    import redis

    with _worker(pg_url, redis_url) as a, _worker(pg_url, redis_url) as b:
        table = create_table(a, "wicked-labyrinth", 3)
        tokens = join_all(a, table)
        viewers = [_seat_socket(b, table["id"], seat, tokens[seat]) for seat in range(3)]
        owner_a, owner_b = _live(a, table["id"]), _live(b, table["id"])
        assert owner_a.owned and not owner_b.owned
        lease = redis.Redis.from_url(redis_url).get(f"tabletop:owner:{table['id']}")
        assert lease.decode() == a.app.state.manager.services.owners.worker  # type: ignore[attr-defined]

        actor = next(v for v in viewers if v.last.get("legal"))
        # the owner checks the sequence number: its refusal reaches the sender
        actor.send({"type": "action", "seq": -1, "action": actor.last["legal"][0], "ref": "old"})
        error = actor.recv_until("error")
        assert (error["code"], error["ref"]) == ("stale", "old")

        for _ in range(4):
            actor = next(v for v in viewers if v.last.get("legal"))
            seq = actor.last["seq"]
            actor.send(
                {"type": "action", "seq": seq, "action": actor.last["legal"][0], "ref": seq + 100}
            )
            frame = actor.recv_until("events")
            assert (frame["seq"], frame.get("ack")) == (seq + 1, seq + 100)
            for v in viewers:
                if v is not actor:
                    assert v.recv_until("events")["seq"] == seq + 1
        _wait(lambda: owner_a.seq == 4)  # the owner holds what it committed
        assert owner_b.seq == 4


def _act_once(viewers: list[Viewer], live: Any, ref: int) -> None:
    """The first seat with a decision acts (its frame acknowledged), or, if only the
    bot decides, the table moves on without the people."""
    for v in viewers:
        while v.last["seq"] < live.seq:
            v.recv()
    actor = next((v for v in viewers if v.last.get("legal")), None)
    if actor is None:
        seq = live.seq
        _wait(lambda: live.seq > seq)
        return
    actor.send({"type": "action", "seq": live.seq, "action": actor.last["legal"][0], "ref": ref})
    while actor.recv().get("ack") != ref:
        pass


def test_a_dead_owners_tables_move_to_another_worker(pg_url: str, redis_url: str) -> None:
    """Only the owner runs a table's bots. When it stops (and so stops renewing its
    leases), another worker that holds the table takes it over: it commits the
    people's actions and runs the bots."""
    with _worker(pg_url, redis_url) as b:
        with _worker(pg_url, redis_url) as a:
            seats = [{"type": "open"}, {"type": "bot", "bot": "random"}, {"type": "open"}]
            table = create_table(a, "wicked-labyrinth", 3, seats=seats)
            tokens = {}
            for seat in (0, 2):
                r = a.post(f"/api/tables/{table['id']}/seats/{seat}/join", json={"name": "p"})
                tokens[seat] = r.json()["token"]
            viewers = [_seat_socket(b, table["id"], seat, tokens[seat]) for seat in (0, 2)]
            owner, held = _live(a, table["id"]), _live(b, table["id"])
            assert owner.owned and not held.owned
            woken: list[int] = []
            held.autoplay._wake_bots = lambda: woken.append(held.seq)
            for ref in range(6):
                _act_once(viewers, held, ref)
            assert woken == []  # the bot played on its owner only
            del held.autoplay._wake_bots
        # a is gone; its lease runs out (1 s) and b takes the table
        _wait(lambda: held.owned, seconds=5)
        start = held.seq
        store = Store(pg_url)
        try:
            for ref in range(6, 60):  # until the bot has played on b too
                _act_once(viewers, held, ref)
                rows = store.actions_after(table["id"], start)
                if ref >= 11 and "bot" in {r.source for r in rows}:
                    break
        finally:
            store.close()
        assert [r.seq for r in rows] == list(range(start + 1, start + 1 + len(rows)))
        assert len(rows) >= 6
        assert {"seat", "bot"} <= {r.source for r in rows}


def test_a_worker_that_misses_the_bus_catches_up_from_the_database(
    pg_url: str, redis_url: str
) -> None:
    """The safety net: a worker that never hears of an action (a lost pub/sub message)
    still tells its clients, in order, after reading the action from the database."""
    with _worker(pg_url, redis_url) as a, _worker(pg_url, redis_url) as b:
        table = create_table(a, "wicked-labyrinth", 3)
        tokens = join_all(a, table)
        actors = [_seat_socket(a, table["id"], seat, tokens[seat]) for seat in range(3)]
        watcher = b.sockets.enter_context(  # type: ignore[attr-defined]
            b.websocket_connect(f"/ws/tables/{table['id']}")
        )
        deaf = Viewer(watcher, None)
        deaf.send({"type": "spectate"})
        assert deaf.recv()["type"] == "welcome"
        held = _live(b, table["id"])

        async def lost(message: dict[str, Any]) -> None:
            return None

        held.on_remote = lost  # every message about this table is lost on the way to b
        portal = b.portal  # type: ignore[attr-defined]
        safety_net = portal.start_task_soon(b.app.state.manager.sync_forever, 0.2)  # type: ignore[attr-defined]
        try:
            for ref in range(3):
                _act_once(actors, _live(a, table["id"]), ref)
            _wait(lambda: held.seq >= 3, seconds=5)
            seqs = [deaf.recv_until("events")["seq"] for _ in range(3)]
        finally:
            safety_net.cancel()
        assert seqs == [1, 2, 3] and held.seq >= 3


def test_postgresql_gets_its_schema_from_the_migrations(pg_url: str) -> None:
    """A new PostgreSQL database opened as the server opens it (on the event loop) is
    migrated to the newest schema, which is what the queries use."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from server.schemas import revision, schema_drift
    from tabletop.server import schema

    url = make_url(pg_url)
    name = f"tabletop_schema_{os.getpid()}"
    admin = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name}"))
        connection.execute(text(f"CREATE DATABASE {name}"))
    fresh = url.set(database=name).render_as_string(hide_password=False)
    try:

        async def open_and_close() -> None:
            store = await Store.open(fresh)
            await store.aclose()

        asyncio.run(open_and_close())
        engine = create_engine(fresh)
        assert revision(engine) == schema.head()
        assert schema_drift(engine) == []
        engine.dispose()
    finally:
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()

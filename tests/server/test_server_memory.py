"""Memory that returns: nothing stays behind per request, and tables leave memory.

Each distinct unknown table id used to keep a lock for ever (+63 MB for 8,000 ids);
finished tables never left memory. The soak test sends 10,000 requests of each kind to
the application in this process (ASGI, no sockets, so it takes seconds) and holds its
resident memory flat within :data:`MARGIN_MB`.
"""

from __future__ import annotations

import asyncio
import gc
import json
import secrets
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

from server.helpers import FAST, create_table, make_client
from tabletop.server import ServerConfig, create_app
from tabletop.server.manager import SeatSpec

pytestmark = pytest.mark.slow  # ten thousand requests of each kind (not in --fast)

WL = "wicked-labyrinth"
REQUESTS = 10_000
"""Requests of each kind in the soak test."""
WARM_UP = 1_000
"""Requests of each kind before the first measure (caches, pools, allocator arenas)."""
AT_ONCE = 50
"""Requests in flight at once (as many clients would send them)."""
MARGIN_MB = 8.0
"""Largest growth of resident memory allowed over the soak (the old leak: 80 MB)."""


def test_unknown_tables_leave_nothing_behind(tmp_path: Path) -> None:
    with make_client(tmp_path, quota_exempt=("testclient",)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        for _ in range(200):
            r = client.get(f"/api/tables/{secrets.token_hex(8)}")
            assert r.status_code == 404
            with client.websocket_connect(f"/ws/tables/{secrets.token_hex(8)}") as ws:
                assert json.loads(ws.receive_text())["code"] == "unknown_table"
        assert manager._loading == {} and manager.tables == {}


def test_finished_and_idle_tables_leave_memory_and_come_back(tmp_path: Path) -> None:
    with make_client(tmp_path, idle_seconds=100.0, sweep_every=3600.0) as c:
        manager = c.app.state.manager  # type: ignore[attr-defined]
        done = create_table(c, game=WL, players=3, seats=[{"type": "bot"}] * 3, seed=4)
        waiting = create_table(c, game=WL, players=3)
        deadline = time.monotonic() + 60
        while c.get(f"/api/tables/{done['id']}/record").status_code != 200:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        now = time.monotonic()
        assert manager.sweep(now) == []  # nothing idle long enough yet
        assert manager.sweep(now + 11) == [done["id"]]  # over: a tenth of idle_seconds
        assert manager.sweep(now + 101) == [waiting["id"]]
        assert manager.tables == {}
        assert c.get(f"/api/tables/{done['id']}").json()["over"]  # loaded on demand
        r = c.post(f"/api/tables/{waiting['id']}/seats/0/join", json={"name": "late"})
        assert r.status_code == 200 and set(manager.tables) == {done["id"], waiting["id"]}


def test_abandoned_tables_leave_no_object_behind_once_swept(tmp_path: Path) -> None:
    """300 tables made and joined by one person who never comes back: once the sweep
    lets them go, not one of their tables, states or seats' objects is alive."""
    from tabletop.server.tables import LiveTable

    with make_client(tmp_path, quota_exempt=("testclient",), sweep_every=3600.0) as c:
        manager = c.app.state.manager  # type: ignore[attr-defined]
        for k in range(300):
            table = create_table(c, game=("code-of-nine", WL)[k % 2], players=3)
            joined = c.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "gone"})
            assert joined.status_code == 200
        assert len(manager.tables) == 300
        assert len(manager.sweep(time.monotonic() + 301)) == 300
        gc.collect()
        assert [o for o in gc.get_objects() if isinstance(o, LiveTable)] == []


def test_tables_that_play_by_themselves_or_are_watched_stay(tmp_path: Path) -> None:
    with make_client(tmp_path, idle_seconds=100.0, sweep_every=3600.0, bot_delay=1.0) as c:
        manager = c.app.state.manager  # type: ignore[attr-defined]
        bots = create_table(c, game=WL, players=3, seats=[{"type": "bot"}] * 3)
        watched = create_table(c, game=WL, players=3)
        with c.websocket_connect(f"/ws/tables/{watched['id']}") as ws:
            ws.send_text(json.dumps({"type": "spectate"}))
            json.loads(ws.receive_text())
            assert manager.sweep(time.monotonic() + 1000) == []
        assert set(manager.tables) == {bots["id"], watched["id"]}


CLIENT = ("127.0.0.9", 1)


def _scope(kind: str, path: str, method: str = "GET") -> dict[str, Any]:
    return {
        "type": kind,
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"content-type", b"application/json")],
        "client": CLIENT,
        "server": ("test", 80),
        "scheme": "http",
        "root_path": "",
        "http_version": "1.1",
        "subprotocols": [],
        "asgi": {"version": "3.0"},
    }


async def _call(app: Any, scope: dict[str, Any], inbox: list[dict[str, Any]]) -> Any:
    """One exchange through the ASGI interface (no sockets, no HTTP client: what is
    measured is the server); the first body or frame it sent."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if inbox:
            return inbox.pop(0)
        await asyncio.sleep(0)
        return {
            "type": "http.disconnect" if scope["type"] == "http" else "websocket.disconnect",
            "code": 1000,
        }

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    for message in sent:
        if message["type"] == "websocket.send":
            return message["text"]
        if message["type"] == "http.response.start":
            status = message["status"]
    return status


async def _http(app: Any, path: str, body: bytes = b"", method: str = "GET") -> Any:
    return await _call(
        app,
        _scope("http", path, method),
        [{"type": "http.request", "body": body, "more_body": False}],
    )


async def _socket(app: Any, path: str) -> Any:
    return await _call(app, _scope("websocket", path), [{"type": "websocket.connect"}])


async def _soak(tmp_path: Path) -> dict[str, Any]:
    config = ServerConfig(data_dir=str(tmp_path), quota_exempt=(CLIENT[0],), **FAST)
    app = create_app(config)
    process = psutil.Process()
    async with app.router.lifespan_context(app):
        table, _ = await app.state.manager.create(WL, 3, {}, [SeatSpec("open")] * 3, None, None)
        kinds = {
            "unknown table": lambda: _http(app, f"/api/tables/{secrets.token_hex(8)}"),
            "unknown table socket": lambda: _socket(app, f"/ws/tables/{secrets.token_hex(8)}"),
            "lobby": lambda: _http(app, "/api/tables"),
            "spectator view": lambda: _http(app, f"/api/tables/{table.id}"),
            "invalid join": lambda: _http(
                app, f"/api/tables/{table.id}/seats/9/join", b'{"name": "x"}', "POST"
            ),
        }
        first = [await make() for make in kinds.values()]
        assert first[0] == 404 and '"unknown_table"' in first[1] and first[2:] == [200, 200, 404]

        async def run(count: int) -> None:
            for make in kinds.values():
                for _ in range(0, count, AT_ONCE):
                    await asyncio.gather(*(make() for _ in range(AT_ONCE)))

        start = time.perf_counter()
        await run(WARM_UP)
        gc.collect()
        before = process.memory_info().rss
        await run(REQUESTS - WARM_UP)
        gc.collect()
        after = process.memory_info().rss
        manager = app.state.manager
        return {
            "requests": REQUESTS * len(kinds),
            "kinds": list(kinds),
            "seconds": round(time.perf_counter() - start, 1),
            "rss_before_mb": round(before / 2**20, 1),
            "rss_after_mb": round(after / 2**20, 1),
            "growth_mb": round((after - before) / 2**20, 2),
            "loading": len(manager._loading),
            "tables": len(manager.tables),
        }


def test_resident_memory_stays_flat_over_ten_thousand_requests_of_each_kind(
    tmp_path: Path,
) -> None:
    report = asyncio.run(_soak(tmp_path))
    print("soak:", json.dumps(report))
    assert report["loading"] == 0 and report["tables"] == 1
    assert report["growth_mb"] < MARGIN_MB, report

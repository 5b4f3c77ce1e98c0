"""Server bots think in their own processes, on a deadline, and never stop the server.

The hang found from outside: seven tables of ``mcts:time=inf`` bots took every thread
the database's reads used, so listing and joining timed out, SIGTERM did nothing, and a
restart after ``kill -9`` hung again on the stored tables.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import statistics
import time
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

import tabletop
from server.helpers import ServerProcess, Viewer, create_table, join_all, make_client, play_step
from tabletop.server import bots
from tabletop.server.config import DEFAULT_BOT_LIMITS

WL = "wicked-labyrinth"
LARGEST = "mcts:time=2,model=heuristic,guide=heuristic,search=sealed"
"""The strongest Wicked Labyrinth bot at the largest time a default server allows."""

BUDGET_S = 1.0
"""Longest a request or a round trip of a table without bots may take while the bot
pool is full: a hang shows as seconds (it used to be for ever), a busy machine as tens
of milliseconds."""


def _until(check: Any, seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s")


def test_a_bot_over_its_time_is_stopped_and_its_fallback_plays(tmp_path: Path) -> None:
    limits = {**DEFAULT_BOT_LIMITS, "time": 0.1, "iterations": 10**9}
    with make_client(tmp_path, bot_limits=limits, bot_grace=0.2) as c:
        seats = [{"type": "bot", "bot": "mcts:iterations=100000000"}] + [{"type": "open"}] * 2
        table = create_table(c, game=WL, players=3, seats=seats, seed=3)
        join_all_but_first(c, table)
        manager = c.app.state.manager  # type: ignore[attr-defined]
        live = manager.tables[table["id"]]
        _until(lambda: live.seq >= 1, 20)
        pool = manager.services.bot_pool
        assert pool.timeouts >= 1
        seat, action = live.state.record().actions[0]
    state = tabletop.new_game(WL, players=3, seed=3)
    heuristic = bots.choose("heuristic", state.game, 3, 0, 0, state.view(0), state.legal_actions(0))
    assert (seat, str(action)) == (0, heuristic.notation())


@pytest.mark.slow  # over 3 s: the full suite runs it, the fast tier does not
def test_a_tables_bots_think_within_its_share_of_the_pool(tmp_path: Path) -> None:
    with make_client(tmp_path, bot_table_share=0.05, bot_table_burst=0.5) as c:
        seats = [{"type": "bot", "bot": "mcts:time=0.25"}] * 3
        table = create_table(c, game=WL, players=3, seats=seats)
        live = c.app.state.manager.tables[table["id"]]  # type: ignore[attr-defined]
        _until(lambda: live.seq >= 1, 20)  # the bot processes are up
        budget = live.autoplay.thinking
        start, spent = time.monotonic(), budget.spent
        time.sleep(4.0)
        elapsed, used = time.monotonic() - start, budget.spent - spent
    # at most its burst and its share of the time, and the decision in progress
    assert used <= 0.5 + 0.05 * elapsed + 0.25 + 1.0
    assert budget.left < 0.25  # it did run out, and waited (without the budget: ~4 s)


def test_the_thinking_budget_refills_at_its_share() -> None:
    from tabletop.server.botpool import ThinkingBudget

    budget = ThinkingBudget(share=0.5, burst=2.0)
    budget.charge(3.0, now=budget.stamp)
    assert budget.pause(now=budget.stamp) == 2.0  # 1 s behind at half a second a second
    assert budget.pause(now=budget.stamp + 2.0) == 0.0
    budget.charge(0.5, now=budget.stamp + 100)  # refilled to its burst, not beyond
    assert budget.left == 1.5


def join_all_but_first(client: Any, table: dict[str, Any]) -> list[str]:
    return [
        client.post(f"/api/tables/{table['id']}/seats/{s}/join", json={"name": f"p{s}"}).json()[
            "token"
        ]
        for s in range(1, table["players"])
    ]


def test_many_tables_of_the_largest_bots_leave_the_rest_of_the_server_quick(
    tmp_path: Path,
) -> None:
    """Eight tables of four search bots at the largest allowed time keep both bot
    processes busy; meanwhile the lobby, joining and another table's round trips stay
    within :data:`BUDGET_S` (measured figures printed)."""
    with make_client(tmp_path, tables_per_client=100, bot_seconds_per_client=100.0) as c:
        for _ in range(8):
            create_table(c, game=WL, players=4, seats=[{"type": "bot", "bot": LARGEST}] * 4)
        pool = c.app.state.manager.services.bot_pool  # type: ignore[attr-defined]
        _until(lambda: pool.waiting == 8, 20)  # every table's first decision in the pool
        time.sleep(1.0)  # both workers deep in a search
        lobby, joins, trips = [], [], []
        for _ in range(10):
            start = time.perf_counter()
            assert c.get("/api/tables").status_code == 200
            lobby.append(time.perf_counter() - start)
        table = create_table(c, game=WL, players=3)
        for seat in range(3):
            start = time.perf_counter()
            r = c.post(f"/api/tables/{table['id']}/seats/{seat}/join", json={"name": "p"})
            joins.append(time.perf_counter() - start)
            assert r.status_code == 200
        played = create_table(c, game=WL, players=3)
        tokens = join_all(c, played)
        path = f"/ws/tables/{played['id']}"
        with (
            c.websocket_connect(path) as a,
            c.websocket_connect(path) as b,
            c.websocket_connect(path) as d,
        ):
            viewers = [Viewer(ws, seat) for seat, ws in enumerate((a, b, d))]
            for v in viewers:
                v.send({"type": "auth", "seat": v.seat, "token": tokens[v.seat or 0]})
                v.recv_until("welcome")
            for _ in range(15):
                start = time.perf_counter()
                assert play_step(viewers, 5)
                trips.append(time.perf_counter() - start)
        assert pool.waiting >= 2, "the bot pool ran dry: the test measured nothing"
    figures = {
        name: {
            "median_ms": round(statistics.median(xs) * 1000, 1),
            "max_ms": round(max(xs) * 1000, 1),
        }
        for name, xs in (("lobby", lobby), ("join", joins), ("round_trip", trips))
    }
    print("while 32 search bots think:", json.dumps(figures))
    assert max(lobby + joins + trips) < BUDGET_S, figures


def _workers_of(server: ServerProcess) -> list[psutil.Process]:
    return psutil.Process(server.proc.pid).children(recursive=True)  # type: ignore[no-any-return]


@pytest.mark.slow  # over 3 s: the full suite runs it, the fast tier does not
def test_sigterm_stops_a_server_full_of_thinking_bots_promptly(tmp_path: Path) -> None:
    # exempt from the quota: four tables of these bots weigh 32 s of thinking a decision
    server = ServerProcess("--data-dir", str(tmp_path), "--quota-exempt", "127.0.0.1").start()
    try:
        for _ in range(4):
            body = {"game": WL, "players": 4, "seats": [{"type": "bot", "bot": LARGEST}] * 4}
            assert httpx.post(f"{server.url}/api/tables", json=body).status_code == 201
        # the fork server and both bot workers, then a moment for the searches to start
        everyone = _until(lambda: [p for p in [_workers_of(server)] if len(p) >= 3], 60)[0]
        time.sleep(1.0)
        start = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(30)
        stopped = time.monotonic() - start
    finally:
        server.stop()
    print(f"SIGTERM to exit: {stopped:.2f} s")
    assert stopped < 10.0  # before the limits: never (0.5 s on a quiet machine)
    # the bot workers are ended at shutdown; the fork server sees its parent gone
    _, alive = psutil.wait_procs(everyone, timeout=5)
    assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE]


@pytest.mark.slow  # a real server restarted (not in --fast)
def test_stored_unbounded_bots_do_not_hang_a_restarted_server(tmp_path: Path) -> None:
    """Tables stored with ``mcts:time=inf`` and a billion iterations (as a server before
    the limits stored them), then ``kill -9``: the restarted server lists and plays,
    the heuristic taking those seats."""
    args = ("--data-dir", str(tmp_path), "--bot-delay", "0.05")
    server = ServerProcess(*args).start()
    ids = []
    try:
        for _ in range(3):
            body = {"game": WL, "players": 3, "seats": [{"type": "bot", "bot": "random"}] * 3}
            ids.append(httpx.post(f"{server.url}/api/tables", json=body).json()["table"]["id"])
    finally:
        server.kill()
    with sqlite3.connect(tmp_path / "tabletop.sqlite3") as db:
        for table_id, spec in zip(
            ids, ("mcts:time=inf", "mcts:iterations=1000000000", "mcts:time=nan"), strict=True
        ):
            db.execute(
                "UPDATE tabletop_seats SET bot = ? WHERE table_id = ? AND seat < 2",
                (spec, table_id),
            )
    server = ServerProcess(*args, port=server.port).start()
    try:
        # answered at all: the old server never answered (5 s, on a machine with a
        # load average of 20: the first request after a start can take a second)
        listed = httpx.get(f"{server.url}/api/tables", timeout=5).json()["tables"]
        assert {t["id"] for t in listed} == set(ids)
        for table_id in ids:
            _until(
                lambda t=table_id: (
                    httpx.get(f"{server.url}/api/tables/{t}/record", timeout=5).status_code == 200
                ),
                120,
            )
        seats = httpx.get(f"{server.url}/api/tables/{ids[0]}").json()["table"]["seats"]
    finally:
        server.stop()
    assert [s["bot"] for s in seats] == ["heuristic", "heuristic", "random"]

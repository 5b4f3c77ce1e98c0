"""A restart resumes every table it can: one bad table is logged, marked broken and
shown so, and never stops the others; stored bot specs stay within the limits.

Found from outside: ``resume_all`` loaded the tables in one ``try``, so an
``IndexError`` at one table stopped the resume of every table after it; and a bot spec
over the limits, written by an older server, was bounded when the table loaded but
came back unbounded whenever the seats were read again (a join, a take-over).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from server.helpers import make_client

WL = "wicked-labyrinth"


def _waiting_on_a_person(client: TestClient) -> str:
    """A table of two random bots and one person who never acts: it stays unfinished."""
    body = {
        "game": WL,
        "players": 3,
        "seats": [{"type": "open"}, {"type": "bot", "bot": "random"}, {"type": "bot"}],
    }
    table = client.post("/api/tables", json=body).json()["table"]
    joined = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "p"})
    assert joined.status_code == 200, joined.text
    return str(table["id"])


def _until(check: Callable[[], Any], seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


def _lobby(client: TestClient) -> dict[str, str]:
    return {t["id"]: t["status"] for t in client.get("/api/tables").json()["tables"]}


def test_one_table_that_does_not_load_never_stops_the_others(tmp_path: Path) -> None:
    with make_client(tmp_path, bot_delay=0.0) as client:
        ids = [_waiting_on_a_person(client) for _ in range(5)]
    bad_log, bad_seats = ids[1], ids[3]
    with sqlite3.connect(tmp_path / "tabletop.sqlite3") as db:
        (last,) = db.execute(
            "SELECT max(seq) FROM tabletop_actions WHERE table_id = ?", (bad_log,)
        ).fetchone()
        db.execute(  # an action no seat could take: the log does not replay
            "INSERT INTO tabletop_actions VALUES (?, ?, 1, 'no-such-action', 'seat')",
            (bad_log, (last or 0) + 1),
        )
        db.execute(  # a seat row gone: the IndexError of the issue
            "DELETE FROM tabletop_seats WHERE table_id = ? AND seat = 2", (bad_seats,)
        )
    good = [i for i in ids if i not in (bad_log, bad_seats)]
    with make_client(tmp_path, bot_delay=0.0) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        _until(lambda: all(i in manager.tables for i in good), 30)
        lobby = _until(lambda: (s := _lobby(client))[bad_seats] == "broken" and s, 30)
        assert lobby[bad_log] == lobby[bad_seats] == "broken"
        assert all(lobby[i] == "playing" for i in good), lobby
        refused = client.get(f"/api/tables/{bad_log}")
        assert refused.status_code == 500
        assert refused.json()["error"]["code"] == "corrupt_table"
    with make_client(tmp_path, bot_delay=0.0) as client:  # still broken, and left be
        manager = client.app.state.manager  # type: ignore[attr-defined]
        _until(lambda: all(i in manager.tables for i in good), 30)
        assert bad_log not in manager.tables and bad_seats not in manager.tables
        assert _lobby(client)[bad_log] == "broken"


def test_a_stored_spec_over_the_limits_is_bounded_whenever_seats_are_read(
    tmp_path: Path,
) -> None:
    body = {"game": WL, "players": 3, "seats": [{"type": "open"}] * 2 + [{"type": "bot"}]}
    with make_client(tmp_path, bot_delay=0.0) as client:
        table = client.post("/api/tables", json=body).json()["table"]
        with sqlite3.connect(tmp_path / "tabletop.sqlite3") as db:  # an older server's spec
            db.execute(
                "UPDATE tabletop_seats SET bot = 'mcts:time=inf' WHERE table_id = ? AND seat = 2",
                (table["id"],),
            )
        # a token the table does not know makes it read its seats again (the way a
        # join on another worker reaches it); the refusal is the token's
        wrong = client.get(
            f"/api/tables/{table['id']}/seats/0", headers={"Authorization": "Bearer nope"}
        )
        assert wrong.status_code == 403
        seats = client.get(f"/api/tables/{table['id']}").json()["table"]["seats"]
        assert seats[2]["bot"] == "heuristic"
        live = client.app.state.manager.tables[table["id"]]  # type: ignore[attr-defined]
        assert live.seats[2].bot == "heuristic"
    with make_client(tmp_path, bot_delay=0.0) as client:  # and at load, after a restart
        seats = client.get(f"/api/tables/{table['id']}").json()["table"]["seats"]
        assert seats[2]["bot"] == "heuristic"

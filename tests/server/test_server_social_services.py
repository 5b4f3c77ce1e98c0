"""Chat and rematch with two workers on PostgreSQL and Redis: a message sent through one
worker reaches the other worker's connections, and two people asking for a rematch on
different workers at the same moment get the same new table."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

from server.helpers import create_table
from server.test_server_services import _worker, pg_url, redis_url  # noqa: F401

pytestmark = pytest.mark.services


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_chat_and_rematch_across_two_workers(pg_url: str, redis_url: str) -> None:  # noqa: F811
    with _worker(pg_url, redis_url) as a, _worker(pg_url, redis_url) as b:
        seats = [{"type": "open"}, {"type": "open"}, {"type": "bot", "bot": "random"}]
        table = create_table(a, "wicked-labyrinth", 3, seats=seats)
        tid = table["id"]
        tokens = [
            a.post(f"/api/tables/{tid}/seats/{s}/join", json={"name": n}).json()["token"]
            for s, n in enumerate(["Ann", "Bob"])
        ]
        with b.websocket_connect(f"/ws/tables/{tid}") as watcher:
            watcher.send_text(json.dumps({"type": "spectate"}))
            assert json.loads(watcher.receive_text())["type"] == "welcome"
            r = a.post(
                f"/api/tables/{tid}/seats/0/chat",
                json={"text": "hi from A"},
                headers=_bearer(tokens[0]),
            )
            assert r.status_code == 201, r.text
            while (frame := json.loads(watcher.receive_text()))["type"] != "chat":
                pass
            assert frame["message"] == r.json()["message"]
        assert b.get(f"/api/tables/{tid}/chat").json()["messages"] == [r.json()["message"]]

        for s, token in enumerate(tokens):
            assert (
                a.post(f"/api/tables/{tid}/seats/{s}/leave", headers=_bearer(token)).status_code
                == 200
            )
        deadline = time.monotonic() + 60
        while not a.get(f"/api/tables/{tid}").json()["over"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        b.get(f"/api/tables/{tid}")  # b holds the table too

        answers: dict[int, Any] = {}

        def ask(client: Any, seat: int) -> None:
            answers[seat] = client.post(
                f"/api/tables/{tid}/seats/{seat}/rematch", headers=_bearer(tokens[seat])
            )

        threads = [threading.Thread(target=ask, args=(c, s)) for s, c in enumerate((a, b))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert [answers[s].status_code for s in (0, 1)] == [201, 201], answers
        new_ids = {answers[s].json()["table"]["id"] for s in (0, 1)}
        assert len(new_ids) == 1
        (new_id,) = new_ids
        deadline = time.monotonic() + 10
        while a.get(f"/api/tables/{new_id}").json()["table"]["status"] != "playing":
            assert time.monotonic() < deadline, "the rematch did not start"
            time.sleep(0.05)
        kinds = [s["kind"] for s in a.get(f"/api/tables/{new_id}").json()["table"]["seats"]]
        assert kinds == ["human", "human", "bot"]

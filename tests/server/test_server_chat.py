"""Table chat over the HTTP API and the WebSocket: kept with the table, told to seats and
spectators, never part of the game; every bad message refused with its reason, and a
refused message stored nowhere."""

from __future__ import annotations

import json
import time
from pathlib import Path

from fastapi.testclient import TestClient

from server.helpers import create_table, join_all, make_client
from tabletop.server import chat

WL = "wicked-labyrinth"


def _say(client: TestClient, table_id: str, seat: int, token: str | None, text: object):  # type: ignore[no-untyped-def]
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return client.post(
        f"/api/tables/{table_id}/seats/{seat}/chat", json={"text": text}, headers=headers
    )


def _history(client: TestClient, table_id: str, after: int = 0) -> list[dict[str, object]]:
    r = client.get(f"/api/tables/{table_id}/chat", params={"after": after})
    assert r.status_code == 200, r.text
    return r.json()["messages"]  # type: ignore[no-any-return]


def test_a_message_reaches_seats_and_spectators_and_is_kept(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        table = create_table(client, WL, 3)
        tokens = join_all(client, table)
        with (
            client.websocket_connect(f"/ws/tables/{table['id']}") as seat1,
            client.websocket_connect(f"/ws/tables/{table['id']}") as watcher,
        ):
            seat1.send_text(json.dumps({"type": "auth", "seat": 1, "token": tokens[1]}))
            watcher.send_text(json.dumps({"type": "spectate"}))
            assert json.loads(seat1.receive_text())["type"] == "welcome"
            assert json.loads(watcher.receive_text())["type"] == "welcome"
            r = _say(client, table["id"], 0, tokens[0], "  hello\n  <b>all</b>  ")
            assert r.status_code == 201, r.text
            sent = r.json()["message"]
            assert sent["text"] == "hello <b>all</b>"  # one line; markup stays text
            assert (sent["seat"], sent["name"]) == (0, "p0")
            for ws in (seat1, watcher):
                assert json.loads(ws.receive_text()) == {"type": "chat", "message": sent}
        assert _history(client, table["id"]) == [sent]
        assert _history(client, table["id"], after=sent["id"]) == []
        seq = client.get(f"/api/tables/{table['id']}").json()["seq"]
        assert seq == 0  # the chat is not an action of the game
    with make_client(tmp_path) as client:  # a restart keeps it
        assert _history(client, table["id"]) == [sent]


def test_bad_messages_are_refused_with_their_reason_and_stored_nowhere(client: TestClient) -> None:
    table = create_table(client, WL, 3)
    tokens = join_all(client, table)
    tid = table["id"]
    cases = [
        (tokens[0], 0, "   ", 422, "chat_empty"),
        (tokens[0], 0, "x" * (chat.MAX_CHARS + 1), 422, "chat_too_long"),
        (tokens[0], 0, "bell\x07", 422, "chat_bad_text"),
        (tokens[0], 0, 5, 422, None),  # not text: the schema's own refusal
        (tokens[1], 0, "hi", 403, "auth_failed"),  # another seat's token
        (None, 0, "hi", 401, "auth_required"),  # no token: spectators read only
        (tokens[0], 7, "hi", 404, "bad_seat"),
    ]
    for token, seat, text, status, code in cases:
        r = _say(client, tid, seat, token, text)
        assert r.status_code == status, (text, r.text)
        if code is not None:
            assert r.json()["error"]["code"] == code
            assert r.json()["error"]["message"]
    r = client.post(
        f"/api/tables/{tid}/seats/0/chat",
        json={"text": "hi", "extra": 1},
        headers={"Authorization": f"Bearer {tokens[0]}"},
    )
    assert r.status_code == 422
    assert client.get(f"/api/tables/{tid}/chat", params={"after": -1}).status_code == 422
    assert client.get("/api/tables/nope/chat").status_code == 404
    assert _history(client, tid) == []
    # exactly the longest message goes through
    assert _say(client, tid, 0, tokens[0], "y" * chat.MAX_CHARS).status_code == 201


def test_a_seat_that_floods_is_slowed_down_and_others_are_not(client: TestClient) -> None:
    table = create_table(client, WL, 3)
    tokens = join_all(client, table)
    tid = table["id"]
    codes = [_say(client, tid, 0, tokens[0], f"m{i}").status_code for i in range(chat.BURST + 2)]
    assert codes == [201] * chat.BURST + [429, 429]
    r = _say(client, tid, 0, tokens[0], "again")
    assert r.json()["error"]["code"] == "chat_rate_limited"
    assert "wait" in r.json()["error"]["message"]
    assert _say(client, tid, 1, tokens[1], "me too").status_code == 201  # per seat
    time.sleep(1.1 / chat.RATE)
    assert _say(client, tid, 0, tokens[0], "later").status_code == 201
    texts = [m["text"] for m in _history(client, tid)]
    assert texts == [f"m{i}" for i in range(chat.BURST)] + ["me too", "later"]

"""Rematch: a finished table continues in a new one with the same game, options, clock
and bots; each person who accepts gets their own seat there, with a new token, and
nobody else can take it."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from server.helpers import create_table

WL = "wicked-labyrinth"


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def finished_table(client: TestClient) -> tuple[dict[str, Any], list[str]]:
    """A 3-player table, two people (who then leave to bots) and a heuristic bot,
    played to the end by the server."""
    table = create_table(
        client,
        WL,
        3,
        seats=[{"type": "open"}, {"type": "open"}, {"type": "bot", "bot": "heuristic"}],
        clock=60,
    )
    tokens = []
    for seat, name in enumerate(["Ann", "Bob"]):
        r = client.post(f"/api/tables/{table['id']}/seats/{seat}/join", json={"name": name})
        tokens.append(r.json()["token"])
    for seat, token in enumerate(tokens):
        r = client.post(f"/api/tables/{table['id']}/seats/{seat}/leave", headers=_bearer(token))
        assert r.status_code == 200, r.text
    deadline = time.monotonic() + 60
    while not client.get(f"/api/tables/{table['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    return table, tokens


def test_a_rematch_keeps_the_seats_and_options_and_moves_who_accepts(client: TestClient) -> None:
    table, tokens = finished_table(client)
    tid = table["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        watcher.send_text(json.dumps({"type": "spectate"}))
        assert json.loads(watcher.receive_text())["type"] == "welcome"
        r = client.post(f"/api/tables/{tid}/seats/1/rematch", headers=_bearer(tokens[1]))
        assert r.status_code == 201, r.text
        new = r.json()["table"]
        assert json.loads(watcher.receive_text()) == {"type": "rematch", "rematch": new["id"]}
    assert new["id"] != tid
    assert (new["game"], new["players"], new["options"], new["clock"]) == (
        WL,
        3,
        table["options"],
        60,
    )
    assert not new["seeded"]
    assert [(s["kind"], s["name"]) for s in new["seats"]] == [
        ("reserved", "Ann"),
        ("human", "Bob"),
        ("bot", "heuristic"),
    ]
    assert new["seats"][2]["bot"] == "heuristic"
    assert new["status"] == "waiting"
    assert client.get(f"/api/tables/{tid}").json()["table"]["rematch"] == new["id"]

    bob = r.json()["token"]
    assert bob not in tokens
    seat_view = client.get(f"/api/tables/{new['id']}/seats/1", headers=_bearer(bob))
    assert seat_view.status_code == 200
    # the old token does not open the new seat, and nobody else can take Ann's
    assert (
        client.get(f"/api/tables/{new['id']}/seats/1", headers=_bearer(tokens[1])).status_code
        == 403
    )
    r = client.post(f"/api/tables/{new['id']}/seats/0/join", json={"name": "Eve"})
    assert (r.status_code, r.json()["error"]["code"]) == (409, "seat_reserved")
    # accepting twice is refused, and changes nothing
    r = client.post(f"/api/tables/{tid}/seats/1/rematch", headers=_bearer(tokens[1]))
    assert (r.status_code, r.json()["error"]["code"]) == (409, "already_accepted")

    r = client.post(f"/api/tables/{tid}/seats/0/rematch", headers=_bearer(tokens[0]))
    assert r.status_code == 201 and r.json()["table"]["id"] == new["id"]
    after = client.get(f"/api/tables/{new['id']}").json()["table"]
    assert [s["kind"] for s in after["seats"]] == ["human", "human", "bot"]
    assert after["status"] == "playing"
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[new["id"]]["status"] == "playing"


def test_a_rematch_is_refused_before_the_end_and_without_the_seat_token(
    client: TestClient,
) -> None:
    table = create_table(client, WL, 3, seats=[{"type": "open"}, {"type": "bot"}, {"type": "bot"}])
    token = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "A"}).json()[
        "token"
    ]
    r = client.post(f"/api/tables/{table['id']}/seats/0/rematch", headers=_bearer(token))
    assert (r.status_code, r.json()["error"]["code"]) == (409, "not_over")
    r = client.post(f"/api/tables/{table['id']}/seats/0/rematch")
    assert (r.status_code, r.json()["error"]["code"]) == (401, "auth_required")
    r = client.post(f"/api/tables/{table['id']}/seats/1/rematch", headers=_bearer(token))
    assert r.status_code == 403
    assert "rematch" not in client.get(f"/api/tables/{table['id']}").json()["table"]


def test_a_seat_kept_for_someone_who_does_not_come_can_go_to_a_bot(client: TestClient) -> None:
    table, tokens = finished_table(client)
    r = client.post(f"/api/tables/{table['id']}/seats/0/rematch", headers=_bearer(tokens[0]))
    new, ann = r.json()["table"], r.json()["token"]
    base = f"/api/tables/{new['id']}/seats"

    refused = [
        (client.post(f"{base}/0/fill-kept", json={"kept": 1}), 401, "auth_required"),
        (
            client.post(f"{base}/1/fill-kept", json={"kept": 1}, headers=_bearer(ann)),
            403,
            "auth_failed",
        ),  # only a seated person, with their own seat's token
        (
            client.post(f"{base}/0/fill-kept", json={"kept": 0}, headers=_bearer(ann)),
            409,
            "not_kept",
        ),  # Ann's own seat is hers now
        (
            client.post(f"{base}/0/fill-kept", json={"kept": 2}, headers=_bearer(ann)),
            409,
            "not_kept",
        ),  # already a bot
        (
            client.post(f"{base}/0/fill-kept", json={"kept": 9}, headers=_bearer(ann)),
            404,
            "bad_seat",
        ),
        (
            client.post(
                f"{base}/0/fill-kept", json={"kept": 1, "bot": "nonsense"}, headers=_bearer(ann)
            ),
            422,
            None,
        ),
    ]
    for response, status, code in refused:
        assert response.status_code == status, response.text
        if code is not None:
            assert response.json()["error"]["code"] == code
    # nothing changed meanwhile
    kinds = [s["kind"] for s in client.get(f"/api/tables/{new['id']}").json()["table"]["seats"]]
    assert kinds == ["human", "reserved", "bot"]

    r = client.post(
        f"{base}/0/fill-kept", json={"kept": 1, "bot": "heuristic"}, headers=_bearer(ann)
    )
    assert r.status_code == 200, r.text
    after = r.json()["table"]
    assert [(s["kind"], s.get("bot")) for s in after["seats"]] == [
        ("human", None),
        ("bot", "heuristic"),
        ("bot", "heuristic"),
    ]
    assert after["status"] == "playing"
    # Bob comes too late: his seat is a bot's now, and nobody may take it
    r = client.post(f"/api/tables/{table['id']}/seats/1/rematch", headers=_bearer(tokens[1]))
    assert (r.status_code, r.json()["error"]["code"]) == (409, "seat_given")

"""A viewer's missed events: the same steps, in the same versions, as its frames."""

from __future__ import annotations

import contextlib
import json

import pytest

from server.helpers import GAMES, Viewer, create_table, join_all, play_step


@pytest.mark.parametrize("game", GAMES)
def test_history_repeats_each_viewers_frames(client, game: str) -> None:
    table = create_table(client, game=game, seed=5)
    tokens = join_all(client, table)
    path = f"/ws/tables/{table['id']}"
    with contextlib.ExitStack() as stack:
        viewers = []
        hellos = [(s, {"type": "auth", "seat": s, "token": t}) for s, t in enumerate(tokens)]
        for seat, hello in [*hellos, (None, {"type": "spectate"})]:
            ws = stack.enter_context(client.websocket_connect(path))
            ws.send_text(json.dumps(hello))
            viewers.append(Viewer(ws, seat))
            viewers[-1].recv_until("welcome")
        for _ in range(30):
            if not play_step(viewers, 5):
                break
    base = f"/api/tables/{table['id']}"
    for v in viewers:
        seen = [{"seq": f["seq"], "events": f["events"]} for f in v.frames if f["type"] == "events"]
        assert len(seen) >= 20
        if v.seat is None:
            got = client.get(f"{base}/events", params={"after": 7}).json()
        else:
            auth = {"Authorization": f"Bearer {tokens[v.seat]}"}
            got = client.get(
                f"{base}/seats/{v.seat}/events", params={"after": 7}, headers=auth
            ).json()
        assert got["seq"] == seen[-1]["seq"]
        assert got["steps"] == [s for s in seen if s["seq"] > 7]


def test_history_needs_the_seats_token_and_a_point_in_the_game(client) -> None:
    table = create_table(client, seed=5)
    tokens = join_all(client, table)
    base = f"/api/tables/{table['id']}"
    other = {"Authorization": f"Bearer {tokens[1]}"}
    assert client.get(f"{base}/seats/0/events", headers=other).status_code == 403
    assert client.get(f"{base}/seats/0/events").status_code == 401
    r = client.get(f"{base}/events", params={"after": 3})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_seq"
    r = client.get(f"{base}/events", params={"after": "x"})
    assert r.status_code == 422
    assert client.get(f"{base}/events").json() == {"seq": 0, "steps": []}

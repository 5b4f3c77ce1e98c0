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


@pytest.mark.parametrize("game", GAMES)
def test_history_after_a_restart_is_the_records_replay(tmp_path, game: str) -> None:
    """The table keeps each step's events as it applies them, at play and at load; both
    are what a replay of the record gives each viewer (how the history was made before)."""
    import time

    from server.helpers import make_client
    from tabletop.core.record import GameRecord
    from tabletop.games import REGISTRY
    from tabletop.server import protocol

    seats = [{"type": "bot", "bot": "random"}] * 3
    with make_client(tmp_path) as c:
        table = create_table(c, game=game, players=3, seats=seats, seed=11)
        base = f"/api/tables/{table['id']}"
        deadline = time.monotonic() + 60
        while not c.get(base).json()["over"] and time.monotonic() < deadline:
            time.sleep(0.05)
        played = c.get(f"{base}/events").json()
        record = GameRecord.from_json(c.get(f"{base}/record").json())
    with make_client(tmp_path) as c:  # loaded again: its steps come from the replay
        loaded = c.get(f"{base}/events", params={"after": 2}).json()
    steps = list(record.steps(REGISTRY.get(game)))
    replayed = [
        {"seq": seq, "events": protocol.visible_events(events, None)}
        for seq, (_, _, events) in enumerate(steps)
        if seq > 0
    ]
    assert played["steps"] == replayed and len(replayed) > 20
    assert loaded["steps"] == replayed[2:]

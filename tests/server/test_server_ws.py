"""The WebSocket protocol: connect, welcome, events in order, actions, and every bad input."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

import pytest

import tabletop
from server.helpers import GAMES, Viewer, create_table, join_all, make_client, play_step


def connect(client, table_id: str, hello: dict | None):  # type: ignore[no-untyped-def]
    ws = client.websocket_connect(f"/ws/tables/{table_id}")
    conn = ws.__enter__()
    if hello is not None:
        conn.send_text(json.dumps(hello))
    return ws, conn


@pytest.fixture
def seated(client):  # type: ignore[no-untyped-def]
    """A full all-human table with every seat and a spectator connected."""
    table = create_table(client)
    tokens = join_all(client, table)
    contexts, viewers = [], []
    for seat, token in enumerate(tokens):
        ctx, conn = connect(client, table["id"], {"type": "auth", "seat": seat, "token": token})
        contexts.append(ctx)
        viewers.append(Viewer(conn, seat))
    ctx, conn = connect(client, table["id"], {"type": "spectate"})
    contexts.append(ctx)
    viewers.append(Viewer(conn, None))
    for v in viewers:
        assert v.recv()["type"] == "welcome"
    yield client, table, tokens, viewers
    for ctx in contexts:
        ctx.__exit__(None, None, None)


def test_welcome_gives_each_seat_its_own_view_and_legal_actions(seated) -> None:
    _client, table, _tokens, viewers = seated
    state = tabletop.new_game(table["game"], players=table["players"])
    for v in viewers:
        frame = v.frames[0]
        assert frame["seq"] == 0 and frame["seat"] == v.seat and not frame["over"]
        assert frame["table"]["id"] == table["id"]
        if v.seat is None:
            assert "legal" not in frame
        elif v.seat in state.current_players():
            assert frame["legal"] and frame["decision"] == 0


def test_actions_are_acknowledged_and_broadcast_in_order(seated) -> None:
    _client, _table, _tokens, viewers = seated
    for _ in range(6):
        assert play_step(viewers, seed=1)
    for v in viewers:
        seqs = [f["seq"] for f in v.frames if f["type"] == "events"]
        assert seqs == list(range(1, 7))


def test_actions_in_json_form_and_by_id(seated) -> None:
    from tabletop.server.protocol import action_json

    _client, table, _tokens, viewers = seated
    game = tabletop.game(table["game"])
    actor = next(v for v in viewers if v.last.get("legal"))
    action = game.action(actor.last["legal"][0])
    actor.send({"type": "action", "seq": 0, "action": action_json(action), "ref": "j"})
    for v in viewers:
        v.recv()
    assert actor.last["seq"] == 1 and actor.last["ack"] == "j"
    actor = next(v for v in viewers if v.last.get("legal"))
    action = game.action(actor.last["legal"][-1])
    actor.send({"type": "action", "seq": 1, "action": game.actions.id_of(action), "ref": 7})
    frame = actor.recv()
    assert frame["seq"] == 2 and frame["ack"] == 7


def expect_error(v: Viewer, message, code: str, live: bool = False) -> dict:  # type: ignore[no-untyped-def]
    """Send ``message`` and read its error (on a ``live`` table, past other frames)."""
    v.send(message)
    frame = v.recv()
    while live and frame["type"] != "error":
        frame = v.recv()
    assert frame["type"] == "error" and frame["code"] == code, (message, frame)
    assert frame["message"]
    return frame  # type: ignore[no-any-return]


def test_bad_messages_get_typed_errors_and_change_nothing(seated) -> None:
    client, table, _tokens, viewers = seated
    actor = next(v for v in viewers if v.last.get("legal"))
    idle = next((v for v in viewers if v.seat is not None and not v.last.get("legal")), None)
    spectator = viewers[-1]
    expect_error(actor, "{nope", "malformed_json")
    expect_error(actor, "[1, 2]", "bad_message")
    expect_error(actor, {"kind": "action"}, "bad_message")
    expect_error(actor, {"type": "dance"}, "bad_message")
    expect_error(actor, {"type": "action", "seq": "0", "action": "x"}, "bad_message")
    expect_error(actor, {"type": "action", "seq": 0, "action": ["x"]}, "bad_message")
    expect_error(actor, {"type": "action", "seq": 0, "action": True}, "bad_message")
    expect_error(actor, {"type": "action", "seq": 0, "action": "no-such-move"}, "unknown_action")
    expect_error(actor, {"type": "action", "seq": 0, "action": 10**9}, "unknown_action")
    expect_error(actor, {"type": "action", "seq": 0, "action": {"type": "Nope"}}, "unknown_action")
    expect_error(actor, {"type": "action", "seq": 5, "action": actor.last["legal"][0]}, "bad_seq")
    expect_error(
        actor,
        {"type": "action", "seq": 0, "action": actor.last["legal"][0], "ref": {"x": 1}},
        "bad_message",
    )
    expect_error(  # a ref is echoed back, so it is at most 64 characters
        actor,
        {"type": "action", "seq": 0, "action": actor.last["legal"][0], "ref": "r" * 65},
        "bad_message",
    )
    expect_error(actor, "x" * 9000, "too_large")
    expect_error(
        actor,
        {
            "type": "action",
            "seq": 0,
            "seat": (actor.seat or 0) + 1,
            "action": actor.last["legal"][0],
        },
        "not_your_seat",
    )
    expect_error(spectator, {"type": "action", "seq": 0, "action": "d0"}, "spectator")
    if idle is not None:
        game = tabletop.game(table["game"])
        any_action = game.actions[0].notation()
        expect_error(idle, {"type": "action", "seq": 0, "action": any_action}, "not_your_turn")
    illegal = next(
        (
            a.notation()
            for a in tabletop.game(table["game"]).actions
            if a.notation() not in actor.last["legal"]
        ),
        None,
    )
    if illegal is not None:
        expect_error(actor, {"type": "action", "seq": 0, "action": illegal}, "illegal_action")
    actor.ws.send_bytes(b"\x00\x01")
    assert actor.recv()["code"] == "bad_message"
    assert client.get(f"/api/tables/{table['id']}").json()["seq"] == 0
    assert play_step(viewers, seed=2)  # the table still plays


def test_stale_actions_are_refused(seated) -> None:
    _client, _table, _tokens, viewers = seated
    actor = next(v for v in viewers if v.last.get("legal"))
    legal, seat = actor.last["legal"], actor.seat
    assert play_step(viewers, seed=3)
    # whoever acted now holds a new decision; an action for the old one is stale
    acted = next(v for v in viewers if "ack" in v.frames[-1])
    if acted.last.get("legal"):
        expect_error(acted, {"type": "action", "seq": 0, "action": acted.last["legal"][0]}, "stale")
    assert legal and seat is not None
    other = [
        v for v in viewers if v.seat is not None and v.last.get("legal") and v.last["decision"] > 0
    ]
    for v in other:
        expect_error(
            v,
            {"type": "action", "seq": v.last["decision"] - 1, "action": v.last["legal"][0]},
            "stale",
        )


def test_an_action_for_another_decision_is_refused_by_its_id(seated) -> None:
    """A client names the decision its control was drawn for; any other is refused as
    ``stale_decision`` even when the sequence number is current, and changes nothing."""
    client, table, _tokens, viewers = seated
    for step in range(40):
        deciding = [v for v in viewers if v.seat is not None and v.last.get("legal")]
        later = [v for v in deciding if v.last["decision"] > 0]
        if later:
            break
        assert play_step(viewers, seed=step)
    v = later[0]
    seq, decision, action = v.last["seq"], v.last["decision"], v.last["legal"][0]
    for wrong in (decision - 1, decision + 1):
        frame = expect_error(
            v, {"type": "action", "seq": seq, "decision": wrong, "action": action}, "stale_decision"
        )
        assert f"seat {v.seat + 1}" in frame["message"]
    assert client.get(f"/api/tables/{table['id']}").json()["seq"] == seq
    v.send({"type": "action", "seq": seq, "decision": decision, "action": action, "ref": "ok"})
    frame = v.recv()
    while "ack" not in frame:
        assert frame["type"] != "error", frame
        frame = v.recv()
    assert frame["ack"] == "ok" and frame["seq"] == seq + 1


def test_view_and_ping_requests(seated) -> None:
    _client, _table, _tokens, viewers = seated
    v = viewers[0]
    v.send({"type": "ping", "ref": 3})
    assert v.recv() == {"type": "pong", "ref": 3}
    v.send({"type": "view"})
    frame = v.recv()
    assert frame["type"] == "view" and frame["seq"] == 0 and frame["view"] == v.frames[0]["view"]


def test_authentication_failures_close_the_socket(client) -> None:
    table = create_table(client)
    tokens = join_all(client, table)
    for hello, code in [
        ({"type": "auth", "seat": 0, "token": tokens[1]}, "auth_failed"),
        ({"type": "auth", "seat": 0, "token": "x" * 43}, "auth_failed"),
        ({"type": "auth", "seat": 0}, "auth_failed"),
        ({"type": "auth", "seat": 9, "token": tokens[0]}, "bad_seat"),
        ({"type": "auth", "seat": "0", "token": tokens[0]}, "bad_seat"),
        ({"type": "action", "seq": 0, "action": "d0"}, "auth_required"),
        ({"type": "spectate", "views": "yes"}, "bad_message"),
    ]:
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_text(json.dumps(hello))
            frame = json.loads(ws.receive_text())
            assert frame["code"] == code, hello
            assert ws.receive()["type"] == "websocket.close"
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert json.loads(ws.receive_text())["code"] == "unknown_table"


def test_views_option_sends_the_seat_view_with_every_event(client) -> None:
    table = create_table(client)
    tokens = join_all(client, table)
    viewers = []
    with contextlib.ExitStack() as stack:
        for seat, token in enumerate(tokens):
            conn = stack.enter_context(client.websocket_connect(f"/ws/tables/{table['id']}"))
            conn.send_text(
                json.dumps({"type": "auth", "seat": seat, "token": token, "views": True})
            )
            viewers.append(Viewer(conn, seat))
            viewers[-1].recv()
        assert play_step(viewers, seed=4)
        state = tabletop.game(table["game"]).new_game(table["players"], 0)
        for v in viewers:
            frame = v.frames[-1]
            assert frame["view"] == json.loads(json.dumps(frame["view"]))
            assert frame["view"] != v.frames[0]["view"] or state.is_terminal()


def test_floods_are_rate_limited_then_closed(tmp_path: Path) -> None:
    with make_client(tmp_path, ws_rate=1.0, ws_burst=3.0, ws_flood_close=10) as c:
        table = create_table(c)
        with c.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_text(json.dumps({"type": "spectate"}))
            ws.receive_text()
            for _ in range(4):
                ws.send_text(json.dumps({"type": "ping"}))
            frames = [json.loads(ws.receive_text()) for _ in range(4)]
            assert [f["type"] for f in frames[:3]] == ["pong"] * 3
            assert frames[3]["code"] == "rate_limited"
            for _ in range(12):
                ws.send_text(json.dumps({"type": "ping"}))
            kinds = []
            while True:
                message = ws.receive()
                if message["type"] == "websocket.close":
                    assert message["code"] == 1008
                    break
                kinds.append(json.loads(message["text"])["code"])
            assert set(kinds) == {"rate_limited"}
        assert c.get("/healthz").status_code == 200


def test_bots_play_for_a_seat_that_leaves_until_it_returns(client) -> None:
    table = create_table(
        client, game=GAMES[0], players=3, seats=[{"type": "open"}, {"type": "bot"}, {"type": "bot"}]
    )
    token = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "a"}).json()[
        "token"
    ]
    auth = {"Authorization": f"Bearer {token}"}
    with client.websocket_connect(f"/ws/tables/{table['id']}") as conn:
        conn.send_text(json.dumps({"type": "auth", "seat": 0, "token": token}))
        _leave_play_and_return(client, table, auth, Viewer(conn, 0))
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert tabletop.replay(record).is_terminal()


def _leave_play_and_return(client, table, auth, v: Viewer) -> None:  # type: ignore[no-untyped-def]
    v.recv_until("welcome")
    while not v.last.get("legal"):
        v.recv()
    assert client.post(f"/api/tables/{table['id']}/seats/0/leave", headers=auth).status_code == 200
    v.recv_until("seats")
    before = v.last["seq"]
    while v.last["seq"] < before + 6 and not v.last.get("over"):
        v.recv()  # the bot plays seat 0 along with the others
    assert client.post(f"/api/tables/{table['id']}/seats/0/return", headers=auth).status_code == 200
    v.send({"type": "view"})  # what is my decision now?
    v.recv_until("view")
    acted = None
    while not v.last.get("over"):
        if v.last.get("legal") and v.last["decision"] != acted:
            acted = v.last["decision"]
            v.send({"type": "action", "seq": v.last["seq"], "action": v.last["legal"][0]})
        v.recv()


def timeout_action(legal: list[str]) -> str:
    """The documented time-out action (docs/server.md, "The clock"): ``done``, else
    ``keep``, else the first legal action in the game's order."""
    for preferred in ("done", "keep"):
        if preferred in legal:
            return preferred
    return legal[0]


@pytest.mark.parametrize(
    ("game", "options", "expected"),
    [
        ("wicked-labyrinth", {}, {"d0", "done"}),
        ("code-of-nine", {"expert": True}, {"keep"}),
    ],
)
def test_the_clock_plays_the_documented_default_for_a_silent_seat(
    client, game: str, options: dict, expected: set[str]
) -> None:
    """A seat that never acts: every action the clock played for it is the documented
    default for its decision (an empty hand, ``done`` in soul processing, keeping the
    dealt memory cards...); once its time ran out in soul processing it does nothing
    but what it must before ``done``. Every step the clock played says so, in the
    frames and in the history a page fills its log from."""
    table = create_table(
        client,
        game=game,
        players=3,
        options=options,
        clock=0.02,
        seats=[{"type": "open"}, {"type": "bot"}, {"type": "bot"}],
    )
    token = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "silent"}).json()[
        "token"
    ]
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        r = client.get(f"/api/tables/{table['id']}/record")
        if r.status_code == 200:
            break
        time.sleep(0.05)
    record = r.json()
    state = tabletop.game(record["game"]).new_game(
        record["players"], record["seed"], **record["options"]
    )
    played: list[str] = []
    silent_steps = []
    for seq, (seat, text) in enumerate(record["actions"], 1):
        if seat == 0:
            assert text == timeout_action([a.notation() for a in state.legal_actions(0)])
            played.append(text)
            silent_steps.append(seq)
        state.apply(seat, text)
    assert state.is_terminal() and expected <= set(played)
    if game == "wicked-labyrinth":  # soul processing is over at the first time-out
        assert not any(a.startswith(("pair:", "spell:", "change:")) for a in played)
    history = client.get(
        f"/api/tables/{table['id']}/seats/0/events?after=0",
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    timed_out = [step["seq"] for step in history["steps"] if step.get("timeout") == 0]
    assert timed_out == silent_steps
    assert all("timeout" not in step or step["timeout"] == 0 for step in history["steps"])


def test_every_viewer_is_told_each_seats_clock_and_each_time_out(client) -> None:
    """Every frame tells everyone (spectators too) how long each deciding seat has left;
    the events frame of an action the clock played names the seat whose time ran out."""
    table = create_table(client, game="wicked-labyrinth", players=3, clock=0.6)
    tokens = join_all(client, table)
    path = f"/ws/tables/{table['id']}"
    with client.websocket_connect(path) as ws, client.websocket_connect(path) as watch:
        ws.send_text(json.dumps({"type": "auth", "seat": 0, "token": tokens[0]}))
        watch.send_text(json.dumps({"type": "spectate"}))
        v, spectator = Viewer(ws, 0), Viewer(watch, None)
        welcome = spectator.recv_until("welcome")
        assert [c is not None and 0 < c <= 0.6 for c in welcome["clocks"]] == [True] * 3
        assert "clock_left" not in welcome and "legal" not in welcome
        mine = v.recv_until("welcome")
        v.send({"type": "action", "seq": 0, "decision": mine["decision"], "action": "d1"})
        acked = v.recv_until("events")
        assert acked["clocks"][0] is None and "timeout" not in acked
        assert all(c is not None for c in acked["clocks"][1:])
        frame = spectator.recv_until("events")
        frame = spectator.recv_until("events")  # seats 1 and 2 time out
        assert frame["timeout"] in (1, 2)


def test_a_seat_on_a_clock_is_told_the_time_it_has_left(client) -> None:
    """Frames of a seat with a decision carry ``clock_left`` (seconds, falling while it
    thinks); a seat without a decision, a spectator and a table without a clock get
    none. The HTTP view tells it too."""
    table = create_table(client, players=3, clock=30)
    tokens = join_all(client, table)
    path = f"/ws/tables/{table['id']}"
    with client.websocket_connect(path) as ws, client.websocket_connect(path) as watch:
        ws.send_text(json.dumps({"type": "auth", "seat": 0, "token": tokens[0]}))
        v = Viewer(ws, 0)
        first = v.recv_until("welcome")["clock_left"]
        assert 25 < first <= 30
        time.sleep(0.3)
        v.send({"type": "view"})
        later = v.recv_until("view")["clock_left"]
        assert later <= first - 0.2
        watch.send_text(json.dumps({"type": "spectate"}))
        assert "clock_left" not in Viewer(watch, None).recv_until("welcome")
        v.send({"type": "action", "seq": v.last["seq"], "action": v.last["legal"][0]})
        done = v.recv_until("events")  # the declaration is sealed: others still decide
        assert "legal" not in done and "clock_left" not in done
    out = client.get(
        f"/api/tables/{table['id']}/seats/1", headers={"Authorization": f"Bearer {tokens[1]}"}
    ).json()
    assert 25 < out["clock_left"] <= 30

    plain = create_table(client, players=3)
    tokens = join_all(client, plain)
    with client.websocket_connect(f"/ws/tables/{plain['id']}") as ws:
        ws.send_text(json.dumps({"type": "auth", "seat": 0, "token": tokens[0]}))
        welcome = Viewer(ws, 0).recv_until("welcome")
        assert welcome["legal"] and "clock_left" not in welcome


def test_seats_connected_before_the_last_join_learn_their_decision(client) -> None:
    """Play starts with the last join: the seats frame carries each seat's decision."""
    table = create_table(client, players=3)
    first = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "a"}).json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_text(json.dumps({"type": "auth", "seat": 0, "token": first["token"]}))
        v = Viewer(ws, 0)
        welcome = v.recv()
        assert welcome["table"]["status"] == "waiting" and "legal" not in welcome
        expect_error(v, {"type": "action", "seq": 0, "action": "d0"}, "not_started")
        for seat in (1, 2):
            client.post(f"/api/tables/{table['id']}/seats/{seat}/join", json={"name": "b"})
        frames = [v.recv(), v.recv()]
        assert [f["type"] for f in frames] == ["seats", "seats"]
        state = tabletop.new_game(table["game"], players=3)
        assert frames[0]["table"]["status"] == "waiting" and "legal" not in frames[0]
        assert frames[1]["table"]["status"] == "playing"
        if 0 in state.current_players():
            assert frames[1]["legal"] and frames[1]["decision"] == 0


@pytest.mark.slow  # over 4 s: the full suite runs it, the fast tier not
def test_a_time_bank_gives_a_slow_decision_more_time_once(tmp_path: Path) -> None:
    """With 1 s a decision and a 3 s bank, a silent seat's first decision runs 4 s (the
    frames say so, and the time-out comes when they said), spends the whole bank, and its
    next decision has the clock alone. What was spent is stored: a restarted server still
    knows it. (The margins leave a busy machine up to 3 s between the start and the
    welcome frame.)"""
    clock, bank = 1.0, 3.0
    with make_client(tmp_path) as client:
        table = create_table(
            client,
            game="wicked-labyrinth",
            players=3,
            clock=clock,
            bank=bank,
            seats=[{"type": "open"}, {"type": "bot"}, {"type": "bot"}],
        )
        assert table["bank"] == bank
        token = client.post(
            f"/api/tables/{table['id']}/seats/0/join", json={"name": "slow"}
        ).json()["token"]
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_text(json.dumps({"type": "auth", "seat": 0, "token": token}))
            v = Viewer(ws, 0)
            first = v.recv_until("welcome")
            started = time.monotonic()
            assert clock < first["clock_left"] <= clock + bank  # the bank is in it
            assert first["clocks"][0] == pytest.approx(first["clock_left"], abs=0.05)
            frame = v.recv()
            while frame.get("timeout") != 0:
                frame = v.recv()
            # the time-out came when the welcome said, so past the clock alone
            assert time.monotonic() - started > first["clock_left"] - 0.25
            seats = v.recv_until("seats")
            assert seats["table"]["seats"][0]["bank_used"] == bank
            frame = v.recv()
            while "clock_left" not in frame:
                frame = v.recv()
            assert frame["clock_left"] <= clock  # the next decision: the clock alone
    with make_client(tmp_path) as again:
        seats = again.get("/api/tables").json()
        row = next(t for t in seats.get("tables", seats) if t["id"] == table["id"])
        assert row["seats"][0].get("bank_used") == bank


def test_a_time_bank_needs_a_clock(client) -> None:
    r = client.post("/api/tables", json={"game": "wicked-labyrinth", "players": 3, "bank": 30})
    assert r.status_code == 422 and "clock" in r.text

"""Every input a stranger controls is bounded, and each limit answers with its own code.

The denial-of-service cases found from outside, as regression tests: unbounded bot
specs, 21,000-character card ids, JSON nested 1,000 deep (HTTP and WebSocket), and no
quota on tables or connections per client.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.helpers import Viewer, create_table, join_all, make_client
from tabletop.games.wicked_labyrinth import cards

WL = "wicked-labyrinth"
CARDS = Path(cards.__file__).with_name("cards.toml")


def error(response: Any) -> tuple[int, str, str]:
    body = response.json()["error"]
    return response.status_code, body["code"], body["message"]


def card_data() -> dict[str, Any]:
    with CARDS.open("rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("mcts:time=inf", "time"),  # the old hang, across restarts
        ("mcts:time=nan", "time"),
        ("mcts:time=30", "time"),
        ("mcts:iterations=1000000000", "iterations"),  # the other old hang
        ("mcts:samples=100000", "samples"),
        ("heuristic:budget=100000000", "budget"),
        ("mcts:guide=heuristic:budget=100000000,search=sealed", "budget"),  # nested spec
        ("mcts:clock=" + "x" * 40, "clock"),
        ("random:frobs=3", "frobs"),  # a numeric parameter no limit allows
        ("neural:weights=/etc/passwd", "weights"),  # the server opens no file a client names
        ("mcts:guide=neural:weights=/tmp/w.npz", "weights"),  # nested spec
    ],
)
def test_unbounded_bot_specs_are_refused_naming_the_parameter_and_limit(
    client: TestClient, spec: str, named: str
) -> None:
    seats = [{"type": "bot", "bot": spec}] + [{"type": "open"}] * 2
    r = client.post("/api/tables", json={"game": WL, "players": 3, "seats": seats})
    status, code, message = error(r)
    assert (status, code) == (422, "bot_limit"), message
    assert named in message
    assert client.get("/api/tables").json()["tables"] == []


def test_a_bot_spec_is_at_most_200_characters(client: TestClient) -> None:
    spec = "random:" + "x" * 194  # 201 characters: refused by its length, before parsing
    seats = [{"type": "bot", "bot": spec}] + [{"type": "open"}] * 2
    status, code, message = error(
        client.post("/api/tables", json={"game": WL, "players": 3, "seats": seats})
    )
    assert (status, code) == (422, "invalid") and "200 characters" in message


def test_the_largest_allowed_bots_are_accepted_and_leaving_to_one_is_checked_too(
    client: TestClient,
) -> None:
    seats = [
        {"type": "open"},
        {"type": "bot", "bot": "mcts:time=2,model=heuristic"},
        {"type": "bot", "bot": "mcts:iterations=4000"},
    ]
    table = create_table(client, game=WL, players=3, seats=seats)
    token = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "a"}).json()
    auth = {"Authorization": f"Bearer {token['token']}"}
    r = client.post(
        f"/api/tables/{table['id']}/seats/0/leave", json={"bot": "mcts:time=inf"}, headers=auth
    )
    assert error(r)[:2] == (422, "bot_limit")
    seats_now = client.get(f"/api/tables/{table['id']}").json()["table"]["seats"]
    assert not seats_now[0]["away"]


def test_limits_come_from_the_servers_config(tmp_path: Path) -> None:
    with make_client(tmp_path, bot_limits={"time": 0.5}) as c:
        body = {"game": WL, "players": 3, "seats": [{"type": "bot", "bot": "mcts:time=1"}] * 3}
        status, code, message = error(c.post("/api/tables", json=body))
        assert (status, code) == (422, "bot_limit") and "0.5" in message
        body["seats"] = [{"type": "bot", "bot": "mcts:iterations=10"}] * 3  # not allowed here
        assert error(c.post("/api/tables", json=body))[:2] == (422, "bot_limit")


def test_card_data_is_bounded_in_text_items_nesting_and_size(tmp_path: Path) -> None:
    with make_client(tmp_path, max_options_bytes=8192) as c:

        def create(options: Any) -> Any:
            return c.post("/api/tables", json={"game": WL, "players": 3, "options": options})

        data = card_data()
        assert create({"cards": data}).status_code == 201  # the shipped cards: 4 KiB
        long_id = json.loads(json.dumps(data))
        first = next(iter(long_id.values()))
        first[0]["id"] = "x" * 21_000
        status, code, message = error(create({"cards": long_id}))
        assert (status, code) == (413, "option_too_large")
        assert "21000 characters" in message and "at most 200" in message
        many = {"cards": {"corridor": [{"id": f"c{i}"} for i in range(201)]}}
        status, code, message = error(create(many))
        assert (status, code) == (413, "option_too_large") and "201 items" in message
        deep: Any = "x"
        for _ in range(12):
            deep = [deep]
        status, code, message = error(create({"cards": {"corridor": deep}}))
        assert (status, code) == (413, "option_too_large") and "deeper than 8" in message
        wide = {"cards": {f"k{i}": "y" * 150 for i in range(100)}}  # 15 KiB > 8 KiB
        status, code, message = error(create(wide))
        assert (status, code) == (413, "option_too_large") and "8192" in message
        assert len(c.get("/api/tables").json()["tables"]) == 1


def test_bodies_are_bounded_in_size_and_nesting(client: TestClient) -> None:
    big = json.dumps({"game": WL, "players": 3, "options": {"x": "a" * (300 << 10)}})
    r = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert error(r)[:2] == (413, "too_large")
    deep = (
        '{"game": "wicked-labyrinth", "players": 3, "options": {"x": '
        + "[" * 1000
        + ("]" * 1000 + "}}")
    )
    r = client.post("/api/tables", content=deep, headers={"content-type": "application/json"})
    assert error(r)[:2] == (413, "too_deep")
    text = '{"name": "' + "[" * 1000 + '"}'  # brackets inside a string are only text
    table = create_table(client, game=WL, players=3)
    r = client.post(
        f"/api/tables/{table['id']}/seats/0/join",
        content=text,
        headers={"content-type": "application/json"},
    )
    assert error(r)[:2] == (422, "invalid")  # a name too long, not too deep


def test_a_deeply_nested_websocket_action_gets_an_error_frame_and_the_socket_lives(
    client: TestClient,
) -> None:
    table = create_table(client, game=WL, players=3)
    tokens = join_all(client, table)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        seat = Viewer(ws, 0)
        seat.send({"type": "auth", "seat": 0, "token": tokens[0]})
        seat.recv_until("welcome")
        action = '{"x": ' * 1000 + '{"type": "Declare"}' + "}" * 1000  # 8 KiB
        seat.send('{"type": "action", "seq": 0, "action": ' + action + "}")
        frame = seat.recv()
        assert (frame["type"], frame["code"]) == ("error", "too_deep")
        nested = "[" * 1000 + "]" * 1000
        seat.send('{"type": "action", "seq": 0, "action": ' + nested + "}")
        frame = seat.recv()
        assert (frame["type"], frame["code"]) == ("error", "too_deep")
        seat.send({"type": "ping", "ref": 1})
        assert seat.recv() == {"type": "pong", "ref": 1}


def test_a_client_may_make_so_many_unfinished_tables(tmp_path: Path) -> None:
    with make_client(tmp_path, tables_per_client=3) as c:
        for _ in range(3):
            create_table(c, game=WL, players=3)
        status, code, message = error(c.post("/api/tables", json={"game": WL, "players": 3}))
        assert (status, code) == (429, "too_many_tables") and "3" in message
    with make_client(tmp_path / "exempt", tables_per_client=3, quota_exempt=("testclient",)) as c:
        for _ in range(5):
            create_table(c, game=WL, players=3)


def test_expensive_bots_weigh_in_the_quota_with_their_thinking_time(tmp_path: Path) -> None:
    """Each bot seat counts for the seconds a decision it may think (a search's
    ``time``; one budgeted by ``iterations``, the largest allowed, 2 s), a quick bot for
    nothing: one address may not hold twenty tables of ``mcts:time=2`` searches, and the
    refusal gives the numbers. The tables keep an open seat, so no bot thinks here."""
    search = {"type": "bot", "bot": "mcts:time=2"}
    with make_client(tmp_path) as c:
        for _ in range(2):  # 8 s each: 16 of the address's 20 s
            create_table(c, game=WL, players=5, seats=[{"type": "open"}, *[search] * 4])
        body = {"game": WL, "players": 5, "seats": [{"type": "open"}, *[search] * 4]}
        status, code, message = error(c.post("/api/tables", json=body))
        assert (status, code) == (429, "too_much_thinking"), message
        assert "would think 8 s a decision" in message
        assert "your 2 unfinished tables already think 16 s" in message
        assert "20 s a decision in all" in message
        cheap = [{"type": "open"}, *[{"type": "bot", "bot": "random"}] * 4]
        create_table(c, game=WL, players=5, seats=cheap)  # quick bots weigh nothing
        by_iterations = [{"type": "open"}, *[{"type": "bot", "bot": "mcts:iterations=50"}] * 2]
        create_table(c, game=WL, players=3, seats=by_iterations)  # 2 x 2 s: 20 in all
        one_more = {"game": WL, "players": 3, "seats": [{"type": "open"}, search, search]}
        assert error(c.post("/api/tables", json=one_more))[1] == "too_much_thinking"
    with make_client(tmp_path / "exempt", quota_exempt=("testclient",)) as c:
        for _ in range(3):
            create_table(c, game=WL, players=5, seats=[{"type": "open"}, *[search] * 4])


def test_forwarded_addresses_count_only_from_trusted_proxies(tmp_path: Path) -> None:
    def made(client: TestClient, forwarded: str) -> int:
        r = client.post(
            "/api/tables", json={"game": WL, "players": 3}, headers={"X-Forwarded-For": forwarded}
        )
        return r.status_code

    with make_client(tmp_path / "a", tables_per_client=1) as c:  # no proxy trusted
        assert made(c, "10.0.0.1") == 201
        assert made(c, "10.0.0.2") == 429  # the header is ignored: the same client
    with make_client(tmp_path / "b", tables_per_client=1, trusted_proxies=("testclient",)) as c:
        assert made(c, "10.0.0.1") == 201
        assert made(c, "10.0.0.2") == 201  # two clients behind the trusted proxy
        assert made(c, "10.0.0.1") == 429


def _refused_socket(client: TestClient, path: str) -> dict[str, Any]:
    with client.websocket_connect(path) as ws:
        frame = json.loads(ws.receive_text())
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        frame["close"] = closed.value.code
        return frame  # type: ignore[no-any-return]


def test_websockets_per_client_are_bounded_in_number_and_rate(tmp_path: Path) -> None:
    with make_client(tmp_path, sockets_per_client=2) as c:
        table = create_table(c, game=WL, players=3)
        path = f"/ws/tables/{table['id']}"
        with c.websocket_connect(path) as one, c.websocket_connect(path) as two:
            for ws in (one, two):
                ws.send_text(json.dumps({"type": "spectate"}))
                assert json.loads(ws.receive_text())["type"] == "welcome"
            frame = _refused_socket(c, path)
            assert (frame["code"], frame["close"]) == ("rate_limited", 4429)
            assert "2 open connections" in frame["message"]
        with c.websocket_connect(path) as again:  # a closed one frees its place
            again.send_text(json.dumps({"type": "spectate"}))
            assert json.loads(again.receive_text())["type"] == "welcome"
    with make_client(tmp_path / "rate", ws_connect_rate=0.01, ws_connect_burst=3) as c:
        table = create_table(c, game=WL, players=3)
        codes = []
        for _ in range(5):
            with c.websocket_connect(f"/ws/tables/{table['id']}") as ws:
                ws.send_text(json.dumps({"type": "spectate"}))
                codes.append(json.loads(ws.receive_text()).get("code", "welcome"))
        assert codes[:3] == ["welcome"] * 3 and codes[3:] == ["rate_limited"] * 2


def test_failed_websocket_auths_back_off(tmp_path: Path) -> None:
    with make_client(tmp_path, auth_failures_free=3) as c:
        table = create_table(c, game=WL, players=3)
        tokens = join_all(c, table)
        path = f"/ws/tables/{table['id']}"

        def auth(token: str) -> str:
            with c.websocket_connect(path) as ws:
                ws.send_text(json.dumps({"type": "auth", "seat": 0, "token": token}))
                frame = json.loads(ws.receive_text())
                return str(frame.get("code", frame["type"]))

        assert [auth("wrong") for _ in range(3)] == ["auth_failed"] * 3
        assert auth("wrong") == "auth_failed"  # the fourth failure starts the wait
        assert auth(tokens[0]) == "rate_limited"  # even the right token waits now
        clients = c.app.state.clients  # type: ignore[attr-defined]
        assert clients.auth_wait("testclient") > 0.5


def test_backoff_doubles_and_is_forgiven_after_a_quiet_spell() -> None:
    from tabletop.server.clients import Clients
    from tabletop.server.config import ServerConfig

    clients = Clients(ServerConfig(auth_failures_free=2, auth_backoff_max=60.0))
    waits = []
    for _ in range(6):
        clients.auth_failed("x", now=100.0)
        waits.append(clients.auth_wait("x", now=100.0))
    assert waits == [0.0, 0.0, 1.0, 2.0, 4.0, 8.0]
    assert clients.auth_wait("x", now=104.0) == 4.0
    assert clients.auth_wait("x", now=161.0) == 0.0  # forgiven
    assert clients.auth_wait("other", now=100.0) == 0.0


def test_a_socket_that_never_says_who_it_is_is_closed(tmp_path: Path) -> None:
    """``auth_timeout``: a WebSocket that sends no ``auth`` or ``spectate`` in time gets
    ``auth_timeout`` and the close code 4401, so idle sockets cannot pile up."""
    with make_client(tmp_path, auth_timeout=0.2) as c:
        table = create_table(c, game=WL, players=3)
        frame = _refused_socket(c, f"/ws/tables/{table['id']}")
        assert (frame["type"], frame["code"], frame["close"]) == ("error", "auth_timeout", 4401)


def test_a_reader_that_falls_behind_is_dropped_with_4408() -> None:
    """``send_queue``: a connection whose client reads more slowly than its table makes
    frames holds at most that many; then it is dropped (close 4408) instead of growing,
    and what was queued is still sent first."""
    import asyncio

    from tabletop.server import ws
    from tabletop.server.connection import Connection

    class Socket:
        def __init__(self) -> None:
            self.sent: list[str] = []
            self.closed: int | None = None

        async def send_text(self, text: str) -> None:
            self.sent.append(text)

        async def close(self, code: int = 1000) -> None:
            self.closed = code

    conn = Connection(None, False, 3)
    for n in range(10):
        conn.send(f"frame {n}")
    assert conn.dropped and conn.queue.qsize() == 4  # three frames and the close
    socket = Socket()
    asyncio.run(ws._write(socket, conn))  # type: ignore[arg-type]
    assert socket.sent == ["frame 0", "frame 1", "frame 2"] and socket.closed == 4408


NOT_LIMITS = {"db_url", "data_dir", "redis_url", "bot_delay", "owner_lease"}
"""``ServerConfig`` fields that bound nothing a client controls (where the data lives,
the bus, a test's pacing, the workers' lease)."""


def test_docs_name_every_limit_of_the_servers_config() -> None:
    """docs/server.md's "Limits" names each setting that bounds a client, so a new limit
    cannot be added without its row (the defaults there are read against config.py)."""
    import dataclasses

    from tabletop.server.config import DEFAULT_BOT_LIMITS, ServerConfig

    doc = (Path(__file__).parents[2] / "docs" / "server.md").read_text()
    start = doc.index("\n## Limits")
    section = doc[start : doc.index("\n## ", start + 1)]
    settings = {f.name for f in dataclasses.fields(ServerConfig)} - NOT_LIMITS
    assert sorted(n for n in settings if f"`{n}`" not in section) == []
    weights = {"aggression", "spite", "future", "will", "info", "guard"}  # "heuristic weights"
    assert sorted(n for n in set(DEFAULT_BOT_LIMITS) - weights if f"`{n}`" not in section) == []


def test_serve_sets_the_thinking_quota(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``tabletop serve --bot-seconds-per-client 8`` reaches the workers' config: one
    table of four ``mcts:time=2`` seats (8 s) fits, a second is refused with the 8."""
    import uvicorn
    from typer.testing import CliRunner

    from tabletop.cli.app import app
    from tabletop.server.config import ENV_VAR, ServerConfig
    from tabletop.web.app import create_app

    served: list[ServerConfig] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: served.append(ServerConfig.from_env()))
    monkeypatch.delenv(ENV_VAR, raising=False)
    args = ["serve", "--data-dir", str(tmp_path), "--bot-seconds-per-client", "8"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert [c.bot_seconds_per_client for c in served] == [8.0]
    search = {"type": "bot", "bot": "mcts:time=2"}
    body = {"game": WL, "players": 5, "seats": [{"type": "open"}, *[search] * 4]}
    with TestClient(create_app(served[0])) as c:
        assert c.post("/api/tables", json=body).status_code == 201
        status, code, message = error(c.post("/api/tables", json=body))
        assert (status, code) == (429, "too_much_thinking") and "8 s a decision in all" in message
    bad = CliRunner().invoke(app, [*args[:3], "--bot-seconds-per-client", "-1"])
    assert bad.exit_code == 2 and "bot-seconds-per-client" in bad.output

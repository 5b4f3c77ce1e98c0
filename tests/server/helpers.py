"""Helpers for the server tests: apps on temporary SQLite files, and seat drivers."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

import tabletop  # noqa: E402
from tabletop.loadtest.runner import default_players  # noqa: E402
from tabletop.server import ServerConfig  # noqa: E402
from tabletop.web.app import create_app  # noqa: E402

GAMES = tabletop.games()


FAST = {"ws_rate": 10_000.0, "ws_burst": 10_000.0}
"""Test players act as fast as the machine allows, far above a person's rate limit."""


def make_client(tmp_path: Path, **config: Any) -> TestClient:
    return TestClient(create_app(ServerConfig(data_dir=str(tmp_path), **{**FAST, **config})))


def create_table(
    client: TestClient, game: str = GAMES[0], players: int | None = None, **body: Any
) -> dict[str, Any]:
    players = players or default_players(game)
    r = client.post("/api/tables", json={"game": game, "players": players, **body})
    assert r.status_code == 201, r.text
    return r.json()["table"]  # type: ignore[no-any-return]


def join_all(client: TestClient, table: dict[str, Any]) -> list[str]:
    tokens = []
    for seat in range(table["players"]):
        r = client.post(f"/api/tables/{table['id']}/seats/{seat}/join", json={"name": f"p{seat}"})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return tokens


class Viewer:
    """One WebSocket connection of a test: every frame it received, in order."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.frames: list[dict[str, Any]] = []
        self.last: dict[str, Any] = {}

    def recv(self) -> dict[str, Any]:
        frame = json.loads(self.ws.receive_text())
        self.frames.append(frame)
        if frame["type"] in ("welcome", "events", "view"):
            self.last = frame
        return frame

    def recv_until(self, kind: str) -> dict[str, Any]:
        while True:
            frame = self.recv()
            if frame["type"] == kind:
                return frame

    def send(self, message: Any) -> None:
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))


def choice(seed: int, seq: int, seat: int, n: int) -> int:
    """The test players' deterministic choice among ``n`` legal actions."""
    return (seed * 7919 + seq * 104_729 + seat * 13) % n


def play_step(viewers: list[Viewer], seed: int) -> bool:
    """The lowest deciding seat acts; every viewer reads its frame. False when over."""
    seats = [v for v in viewers if v.seat is not None]
    if seats[0].last.get("over"):
        return False
    actor = next(v for v in seats if v.last.get("legal"))
    legal = actor.last["legal"]
    seq = actor.last["seq"]
    actor.send(
        {
            "type": "action",
            "seq": seq,
            "ref": seq,
            "action": legal[choice(seed, seq, actor.seat or 0, len(legal))],
        }
    )
    for v in viewers:
        frame = v.recv()
        assert frame["type"] == "events" and frame["seq"] == seq + 1, frame
        assert frame.get("ack", "none") == (seq if v is actor else "none"), frame
    return True


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


START_S = 60
"""Seconds a server subprocess may take to answer: importing FastAPI, SQLAlchemy and
the games takes seconds of CPU, and a machine shared with other work (load average
near 30 on 2 cores) has taken over 30 s."""


class ServerProcess:
    """A real ``tabletop serve`` subprocess, started and waited for."""

    def __init__(self, *args: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.args = args
        self.proc: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        import subprocess
        import sys
        import time

        import httpx

        exe = str(Path(sys.executable).parent / "tabletop")
        self.proc = subprocess.Popen(
            [exe, "serve", "--port", str(self.port), "--ws-rate", "10000", *self.args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()  # no server of a failed start outlives its test
        raise RuntimeError(f"server did not start in {START_S} s")

    def kill(self) -> None:
        """``kill -9``: no shutdown handlers run."""
        import signal

        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except Exception:
                self.kill()
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()


class SyncSocket:
    """A ``websockets`` sync client with the TestClient socket's method names."""

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        self._context = connect(url, open_timeout=10, compression=None)
        self.ws = self._context.__enter__()

    def receive_text(self) -> str:
        return str(self.ws.recv(timeout=30))

    def send_text(self, text: str) -> None:
        self.ws.send(text)

    def close(self) -> None:
        self._context.__exit__(None, None, None)


def connect_seats(
    url: str, table_id: str, tokens: list[str], spectator: bool = True, views: bool = False
) -> list[Viewer]:
    """Real WebSocket connections for every seat (and a spectator), past their welcome."""
    base = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    viewers = []
    hellos: list[tuple[int | None, dict[str, Any]]] = [
        (seat, {"type": "auth", "seat": seat, "token": token, "views": views})
        for seat, token in enumerate(tokens)
    ]
    if spectator:
        hellos.append((None, {"type": "spectate", "views": views}))
    for seat, hello in hellos:
        sock = SyncSocket(base)
        sock.send_text(json.dumps(hello))
        viewer = Viewer(sock, seat)
        viewer.recv_until("welcome")
        viewers.append(viewer)
    return viewers


def local_policy_record(game: str, players: int, seed: int, policy_seed: int) -> dict[str, Any]:
    """The record the test players' policy makes with no server at all (``play_step``)."""
    state = tabletop.new_game(game, players=players, seed=seed)
    seq = 0
    while not state.is_terminal():
        seat = min(p for p in state.current_players() if state.legal_action_ids(p))
        legal = [a.notation() for a in state.legal_actions(seat)]
        state.apply(seat, legal[choice(policy_seed, seq, seat, len(legal))])
        seq += 1
    return state.record().to_json()  # type: ignore[no-any-return]


SEED = 77
KILL_AFTER = 25
"""Acknowledged actions before :func:`kill_and_resume` kills the server."""


def kill_and_resume(game: str, *args: str) -> None:
    """Play a table of ``game`` on ``tabletop serve *args``, kill -9 the server after
    :data:`KILL_AFTER` acknowledged actions, start it again on the same storage, finish,
    and compare the record with the same players' game with no server at all."""
    import httpx

    from tabletop.loadtest.runner import default_players

    players = default_players(game)
    server = ServerProcess(*args).start()
    try:
        http = httpx.Client(base_url=server.url, timeout=10)
        r = http.post("/api/tables", json={"game": game, "players": players, "seed": SEED})
        table_id = r.json()["table"]["id"]
        tokens = [
            http.post(f"/api/tables/{table_id}/seats/{s}/join", json={"name": f"p{s}"}).json()[
                "token"
            ]
            for s in range(players)
        ]
        viewers = connect_seats(server.url, table_id, tokens)
        for _ in range(KILL_AFTER):
            assert play_step(viewers, SEED)
        server.kill()  # right after the last acknowledgement
        for v in viewers:
            v.ws.close()

        server = ServerProcess(*args, port=server.port).start()
        viewers = connect_seats(server.url, table_id, tokens)
        assert [v.last["seq"] for v in viewers] == [KILL_AFTER] * len(viewers)
        while play_step(viewers, SEED):
            pass
        for v in viewers:
            v.ws.close()
        record = http.get(f"/api/tables/{table_id}/record").json()
    finally:
        server.stop()
    assert record == local_policy_record(game, players, SEED, SEED)

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
from tabletop.server import ServerConfig, create_app  # noqa: E402

GAMES = tabletop.games()


def make_client(tmp_path: Path, **config: Any) -> TestClient:
    return TestClient(create_app(ServerConfig(data_dir=str(tmp_path), **config)))


def create_table(client: TestClient, game: str = GAMES[0], players: int | None = None,
                 **body: Any) -> dict[str, Any]:
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
    actor.send({"type": "action", "seq": seq, "ref": seq,
                "action": legal[choice(seed, seq, actor.seat or 0, len(legal))]})
    ack = actor.recv()
    assert ack == {"type": "ack", "seq": seq + 1, "ref": seq}, ack
    for v in viewers:
        frame = v.recv()
        assert frame["type"] == "events" and frame["seq"] == seq + 1, frame
    return True

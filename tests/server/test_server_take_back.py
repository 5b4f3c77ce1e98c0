"""A person whose seat a bot plays takes it back by acting through their seat's link.

The issue asks that "the person can take it back": a person who comes back to the page
and plays expects the move to count, not ``seat_away``. The action takes the seat back
(as ``return`` does) and is played; the bot's decision still in flight is then refused
(``seat_returned``), and a bot action already committed stands (the person's is stale).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from server.helpers import Viewer, create_table, join_all, make_client
from tabletop.core.actions import Action


class HeldBot:
    """Seat 0's bot thinks until the test lets it answer; what it was asked, and when."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.asked = threading.Event()
        self.answered = threading.Event()
        self.release: asyncio.Event | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    async def choose(
        self, spec: str, game: Any, seed: int, seat: int, decision: int, view: Any,
        legal: Sequence[Action], asker: Any = None,
    ) -> tuple[Action, float]:  # fmt: skip
        self.loop, self.release = asyncio.get_running_loop(), asyncio.Event()
        self.asked.set()
        await self.release.wait()
        try:
            return await self.real(spec, game, seed, seat, decision, view, legal, asker)  # type: ignore[no-any-return]
        finally:
            self.answered.set()

    def let_answer(self) -> None:
        assert self.loop is not None and self.release is not None
        self.loop.call_soon_threadsafe(self.release.set)


def _seated(client: Any, game: str) -> tuple[dict[str, Any], list[str], Viewer, Any]:
    table = create_table(client, game=game, players=3)
    tokens = join_all(client, table)
    ws = client.websocket_connect(f"/ws/tables/{table['id']}").__enter__()
    viewer = Viewer(ws, 0)
    viewer.send({"type": "auth", "seat": 0, "token": tokens[0]})
    viewer.recv_until("welcome")
    assert viewer.last.get("legal"), "goofspiel: every seat bids from the first step"
    return table, tokens, viewer, ws


def test_an_action_from_an_away_seat_takes_it_back_and_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with make_client(tmp_path) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        bot = HeldBot(manager.services.bot_pool.choose)
        monkeypatch.setattr(manager.services.bot_pool, "choose", bot.choose)
        table, tokens, v, ws = _seated(client, "goofspiel")
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        left = client.post(f"/api/tables/{table['id']}/seats/0/leave", headers=auth)
        assert left.status_code == 200 and left.json()["table"]["seats"][0]["away"] is True
        assert bot.asked.wait(30), "the bot was never asked for seat 0's bid"
        seq, decision, legal = v.last["seq"], v.last["decision"], v.last["legal"]

        # the bot is thinking; the person bids through their link: seat back, bid played
        v.send({"type": "action", "seq": seq, "decision": decision, "action": legal[-1], "ref": 7})
        frames = []
        while not any(f.get("ack") == 7 for f in frames):
            frame = v.recv()
            assert frame["type"] != "error", frame
            frames.append(frame)
        seats = [f for f in frames if f["type"] == "seats"]
        assert seats and seats[-1]["table"]["seats"][0]["away"] is False
        acked = next(f for f in frames if f.get("ack") == 7)
        assert acked["seq"] == seq + 1 and not acked.get("legal")  # seat 0 has bid
        live = manager.tables[table["id"]]
        assert not live.seats[0].away and live.seq == seq + 1

        # the bot's answer, when it comes, is refused: the seat is the person's again
        bot.let_answer()
        assert bot.answered.wait(30)
        driver = live.autoplay._bots
        while driver is not None and not driver.done():
            v.send({"type": "ping", "ref": 0})  # give the app's loop a turn
            v.recv_until("pong")
        assert live.seq == seq + 1 and live.decisions[0] is None
        ws.__exit__(None, None, None)


def test_an_action_after_the_bot_played_takes_the_seat_back_and_is_stale(
    tmp_path: Path,
) -> None:
    """The bot answered first: its bid stands, the person's (for the same decision) is
    refused as stale in words, and the seat is theirs again for the next decision."""
    with make_client(tmp_path) as client:
        table, tokens, v, ws = _seated(client, "goofspiel")
        seq, decision, legal = v.last["seq"], v.last["decision"], v.last["legal"]
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        assert client.post(f"/api/tables/{table['id']}/seats/0/leave", headers=auth).status_code
        while v.last["seq"] == seq:  # the bot bids for seat 0 (the others have not)
            v.recv()
        assert not v.last.get("legal")
        v.send({"type": "action", "seq": seq, "decision": decision, "action": legal[0], "ref": 8})
        frame = v.recv()
        while frame["type"] != "error":
            frame = v.recv()
        assert frame["code"] in ("stale_decision", "not_your_turn"), frame
        assert frame["message"] and frame.get("ref") == 8
        summary = client.get(f"/api/tables/{table['id']}").json()["table"]
        assert summary["seats"][0]["away"] is False
        ws.__exit__(None, None, None)

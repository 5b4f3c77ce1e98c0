"""One seat's client: a WebSocket that waits, thinks, and answers each decision.

It behaves as a person would: on each new decision it waits ``think`` seconds, then
sends one of its legal actions (chosen by its own seeded generator) with the sequence
number of the last frame it saw. It records every frame for the leak check and the
round trip of every action (send to the frame that acknowledges it). Frames are kept
as the text received (a string is one object, invisible to the garbage collector) and
parsed again for the leak check once the games are over.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tabletop.core.rng import SplitMix64

RATE_LIMITED = 4429
"""The close code of a WebSocket a per-address limit refused (``--sockets-per-client``)."""


class SetupRefused(Exception):
    """The server refused to set a table up; the message is its own reason."""


QUOTA_HINT = " (a load test comes from one address: serve with --quota-exempt ADDRESS)"
"""What lifts a per-address quota, said with every refusal by one."""


class QuotaRefused(SetupRefused):
    """A per-address quota refused the load test (HTTP 429, or a WebSocket closed with
    4429): every later table would be refused too, so the test stops at once."""


@dataclass
class SeatStats:
    latencies: list[float] = field(default_factory=list)
    acked_at: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stale: int = 0
    conflicts: int = 0
    frames: list[str | bytes] = field(default_factory=list)
    """Every frame's text, in order (kept for the leak check)."""
    over: bool = False


class SeatGate:
    """Holds every client's first action until every client of the test is seated.

    A load test measures play: people who sit down and then play at the same time. The
    load generator's own start (its processes, a thousand HTTP requests and as many
    WebSocket handshakes, on the same cores as the server) is not a round trip of
    anybody's action, and when it overlapped the first seconds of play, the clients'
    own busy loops were most of the round trips they measured.
    """

    def __init__(self, expected: int) -> None:
        self.expected = expected
        self.open = asyncio.Event()
        self.opened_at = 0.0
        """The event loop's time when play began."""
        self.all_seated = asyncio.Event()
        if expected <= 0:
            self.all_seated.set()

    def let_in(self) -> None:
        """Play begins."""
        self.opened_at = asyncio.get_running_loop().time()
        self.open.set()

    def arrive(self, count: int = 1) -> None:
        """``count`` clients are seated, or gave up (their tables failed to set up)."""
        self.expected -= count
        if self.expected <= 0:
            self.all_seated.set()


class SeatClient:
    """Plays ``seat`` of table ``table_id`` at ``ws_url`` until the game is over."""

    def __init__(
        self,
        ws_url: str,
        table_id: str,
        seat: int | None,
        token: str | None,
        seed: int,
        think: float,
        keep_frames: bool,
        gate: SeatGate | None = None,
        start_delay: float = 0.0,
    ) -> None:
        self.url = f"{ws_url}/ws/tables/{table_id}"
        self.seat = seat
        self.token = token
        self.rng = SplitMix64(seed)
        self.think = think
        self.keep_frames = keep_frames
        self.stats = SeatStats()
        self.gate = gate
        self.start_delay = start_delay
        """Seconds after the gate opens before this client's first action."""
        self._arrived = False
        self._seq = 0
        self._decision: int | None = None
        self._legal: list[str] = []
        self._plan: asyncio.Task[None] | None = None
        self._sent: dict[int, float] = {}
        self._ref = 0

    def _arrive(self) -> None:
        """Tell the gate this client is seated (or will never be): once only."""
        if not self._arrived and self.gate is not None:
            self._arrived = True
            self.gate.arrive()

    async def run(self) -> SeatStats:
        try:
            return await self._run()
        except ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code == RATE_LIMITED:
                raise QuotaRefused(
                    f"seat {self.seat}: WebSocket closed with {RATE_LIMITED} "
                    f"({exc.rcvd.reason or 'rate_limited'}){QUOTA_HINT}"
                ) from None
            raise
        finally:
            self._arrive()

    async def _run(self) -> SeatStats:
        async with connect(
            self.url, max_size=1 << 22, open_timeout=60, ping_interval=None, compression=None
        ) as ws:
            hello: dict[str, Any] = (
                {"type": "spectate"}
                if self.seat is None
                else {"type": "auth", "seat": self.seat, "token": self.token}
            )
            await ws.send(orjson.dumps(hello).decode())
            try:
                async for text in ws:
                    frame = orjson.loads(text)
                    if self.keep_frames:
                        self.stats.frames.append(text)
                    if self._on_frame(ws, frame):
                        break
            finally:
                if self._plan is not None:
                    self._plan.cancel()
        if not self.stats.over:
            self.stats.errors.append(f"seat {self.seat}: connection closed before the end")
        return self.stats

    def _on_frame(self, ws: Any, frame: dict[str, Any]) -> bool:
        """Handle a frame; True when this client is done."""
        kind = frame.get("type")
        if "ack" in frame:
            sent = self._sent.pop(frame["ack"], None)
            if sent is not None:
                now = time.perf_counter()
                self.stats.latencies.append(now - sent)
                self.stats.acked_at.append(now)
        if kind == "error":
            if frame.get("code") == "stale":
                self.stats.stale += 1
            elif frame.get("code") == "conflict" and self._decision is not None:
                # the server asks to send again: other workers kept winning the race
                self.stats.conflicts += 1
                self._plan = asyncio.create_task(self._act(ws, self._decision, self._legal, 0.0))
            else:
                self.stats.errors.append(
                    f"seat {self.seat}: {frame.get('code')}: {frame.get('message')}"
                )
            return False
        if kind in ("welcome", "events", "view", "seats"):
            if kind == "welcome":
                self._arrive()
            self._seq = frame["seq"]
            if frame.get("over"):
                self.stats.over = True
                return True
            decision = frame.get("decision")
            if frame.get("legal") and isinstance(decision, int) and decision != self._decision:
                self._decision = decision
                if self._plan is not None:
                    self._plan.cancel()
                self._legal = frame["legal"]
                self._plan = asyncio.create_task(self._act(ws, decision, self._legal, self.think))
        return False

    async def _act(self, ws: Any, decision: int, legal: list[str], think: float) -> None:
        if self.gate is not None:
            await self.gate.open.wait()
            wait = self.gate.opened_at + self.start_delay - asyncio.get_running_loop().time()
            if wait > 0:  # this table has not started yet
                await asyncio.sleep(wait)
        await asyncio.sleep(think)
        if decision != self._decision:
            return
        self._ref += 1
        ref = self._ref
        action = legal[self.rng.below(len(legal))]
        self._sent[ref] = time.perf_counter()
        with contextlib.suppress(Exception):
            await ws.send(
                orjson.dumps(
                    {"type": "action", "seq": self._seq, "action": action, "ref": ref}
                ).decode()
            )

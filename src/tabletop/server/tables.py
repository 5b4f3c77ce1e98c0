"""Live tables: one game state per table, its seats, its connections, bots and clock.

A table changes only under its lock, through :meth:`LiveTable.submit` (an action from
a seat, a server bot or the clock) or :meth:`LiveTable.on_remote` (news from another
worker). An action is validated by the game, committed to the event log, and only then
acknowledged and broadcast, each connection getting the frame built for its own seat.

Every seat has a *decision marker*: the sequence number at which its current decision
began (its legal actions last changed). An action sent with the sequence number the
client last saw is accepted while that number is at or after the marker: an action
chosen before the decision changed is stale and refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.errors import IllegalActionError, TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.games import REGISTRY
from tabletop.server import bots, protocol
from tabletop.server.clock import DecisionClock
from tabletop.server.config import ServerConfig
from tabletop.server.pubsub import LocalBus, RedisBus
from tabletop.server.security import (
    new_seed,
    new_table_id,
    new_token,
    token_digest,
    token_matches,
)
from tabletop.server.store import ActionRow, SeatRow, Store, TableRow
from tabletop.server.writer import Writer

log = logging.getLogger(__name__)

CONFLICT_RETRIES = 20
"""Times an action is retried after other workers took its sequence number first."""


class TableError(Exception):
    """A refused request: ``code`` for machines, ``message`` for people, HTTP ``status``."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


@dataclass(eq=False)
class Connection:
    """One WebSocket watching a table as a seat or (``viewer`` None) a spectator."""

    viewer: int | None
    with_view: bool
    limit: int
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    dropped: bool = False

    def send(self, text: str) -> None:
        """Queue a frame; a client that falls ``limit`` frames behind is dropped."""
        if self.dropped:
            return
        if self.queue.qsize() >= self.limit:
            self.dropped = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)


@dataclass
class Services:
    """What every table of this process shares."""

    config: ServerConfig
    store: Store
    writer: Writer
    bus: LocalBus | RedisBus
    bot_delay: float = 0.0

    async def read(self, fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)


def public_seat(seat: SeatRow) -> dict[str, Any]:
    """What anyone may know of a seat (never its token)."""
    out: dict[str, Any] = {"seat": seat.seat, "kind": seat.kind, "name": seat.name}
    if seat.kind == "bot" or seat.away:
        out["bot"] = seat.bot
    out["away"] = seat.away
    return out


class LiveTable:
    """One table in this process's memory, kept in step with the event log."""

    def __init__(self, row: TableRow, seats: list[SeatRow], services: Services) -> None:
        self.row = row
        self.id = row.id
        self.game: Game = REGISTRY.get(row.game)
        self.seats = seats
        self.services = services
        self.state: State = self.game.new_game(row.players, row.seed, **row.options)
        self.seq = 0
        self.decisions: list[int | None] = [None] * row.players
        self._legal: list[tuple[int, ...]] = [()] * row.players
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.clock = DecisionClock(row.clock)
        self._bot_task: asyncio.Task[None] | None = None
        self._refresh_decisions(None)

    # ------------------------------------------------------------------ facts

    @property
    def seats(self) -> list[SeatRow]:
        return self._seats

    @seats.setter
    def seats(self, rows: list[SeatRow]) -> None:
        self._seats = rows
        self.started = all(s.kind != "open" for s in rows)  # play starts once none is open

    def _set_seat(self, row: SeatRow) -> None:
        self.seats = [row if s.seat == row.seat else s for s in self.seats]

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def status(self) -> str:
        if self.over:
            return "over"
        return "playing" if self.started else "waiting"

    def botted(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind == "bot" or (s.kind == "human" and s.away)

    def summary(self) -> dict[str, Any]:
        return table_summary(self.row, self.seats, self.status(), self.seq)

    def authenticate(self, seat: Any, token: Any) -> int:
        """The seat number if ``token`` is that seat's secret; TableError otherwise."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"there is no seat {seat!r} at this table", 404)
        if not token_matches(token, self.seats[seat].token_digest):
            raise TableError("auth_failed", "wrong or missing seat token", 403)
        return seat

    async def check_token(self, seat: Any, token: Any) -> int:
        """:meth:`authenticate`, reading the seats again before refusing a token.

        With several workers this copy may not have heard yet that the seat was taken.
        """
        try:
            return self.authenticate(seat, token)
        except TableError as exc:
            if exc.code != "auth_failed":
                raise
        async with self.lock:
            await self._reload_seats_locked()
        return self.authenticate(seat, token)

    # ------------------------------------------------------------------ replay

    def replay(self, rows: list[ActionRow]) -> None:
        """Apply logged actions (at load or catch-up) without telling anyone."""
        for row in rows:
            self.state.apply(row.seat, row.action)
            self.seq = row.seq
            self._refresh_decisions(row.seat)

    def _refresh_decisions(self, acted: int | None) -> list[int]:
        """Update the decision markers; return the seats whose decision changed."""
        changed = []
        current = set(self.state.current_players()) if self.started else set()
        for p in range(len(self.decisions)):
            ids = tuple(self.state.legal_action_ids(p)) if p in current else ()
            if not ids:
                self.decisions[p] = None
            elif p == acted or ids != self._legal[p] or self.decisions[p] is None:
                self.decisions[p] = self.seq
                changed.append(p)
            self._legal[p] = ids
        return changed

    # ------------------------------------------------------------------ connections

    def attach(self, conn: Connection) -> None:
        """Register a connection and queue its welcome frame (call under the lock)."""
        self.connections.add(conn)
        decision = None if conn.viewer is None else self.decisions[conn.viewer]
        frame = protocol.view_frame("welcome", self.state, conn.viewer, self.seq, decision)
        frame["table"] = self.summary()
        conn.send(json.dumps(frame))

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)

    def view_frame(self, viewer: int | None) -> str:
        decision = None if viewer is None else self.decisions[viewer]
        return json.dumps(protocol.view_frame("view", self.state, viewer, self.seq, decision))

    def _broadcast(
        self, events: list[Event], actor: Connection | None = None, ref: Any = None
    ) -> None:
        """Send each connection its seat's frame; the actor's also acknowledges its action.

        Folding the acknowledgement into the actor's frame (``"ack": ref``) saves a
        message per action: the server's send and the client's receive are most of the
        cost of an action under load.
        """
        frames: dict[tuple[int | None, bool], dict[str, Any]] = {}
        texts: dict[tuple[int | None, bool], str] = {}
        for conn in list(self.connections):
            key = (conn.viewer, conn.with_view)
            frame = frames.get(key)
            if frame is None:
                decision = None if conn.viewer is None else self.decisions[conn.viewer]
                frame = frames[key] = protocol.events_frame(
                    self.state, conn.viewer, self.seq, events, decision, conn.with_view
                )
            if conn is actor:
                conn.send(json.dumps({**frame, "ack": ref}))
                continue
            text = texts.get(key)
            if text is None:
                text = texts[key] = json.dumps(frame)
            conn.send(text)

    def _broadcast_seats(self) -> None:
        """Tell everyone the seats changed, and each seat its decision (play may start)."""
        summary = self.summary()
        texts: dict[int | None, str] = {}
        for conn in list(self.connections):
            text = texts.get(conn.viewer)
            if text is None:
                decision = None if conn.viewer is None else self.decisions[conn.viewer]
                frame = {"type": "seats", "seq": self.seq, "table": summary}
                frame.update(protocol.decision_part(self.state, conn.viewer, decision))
                text = texts[conn.viewer] = json.dumps(frame)
            conn.send(text)

    # ------------------------------------------------------------------ actions

    def _check(self, seat: int, client_seq: int, source: str) -> None:
        if not self.started:
            raise TableError("not_started", "the game starts when every seat is taken")
        if self.over:
            raise TableError("game_over", "the game is over")
        if source == "seat" and self.botted(seat):
            raise TableError("seat_away", "this seat is played by a bot; return to it first")
        if source == "bot" and not self.botted(seat):
            raise TableError("seat_returned", "the player is back at this seat")
        if client_seq > self.seq:
            raise TableError(
                "bad_seq",
                f"sequence number {client_seq} is in the future (the table is at {self.seq})",
            )
        decision = self.decisions[seat]
        if decision is None:
            raise TableError("not_your_turn", f"seat {seat} has no decision to make now")
        if client_seq < decision:
            raise TableError(
                "stale", f"your decision changed at {decision}; you sent an action for {client_seq}"
            )

    async def submit(
        self,
        seat: int,
        action: Action,
        client_seq: int,
        source: str,
        actor: Connection | None = None,
        ref: Any = None,
    ) -> int:
        """Validate, commit, acknowledge and broadcast one action; its sequence number."""
        async with self.lock:
            for attempt in range(CONFLICT_RETRIES):
                self._check(seat, client_seq, source)
                before = self.state.clone()
                try:
                    events = self.state.apply(seat, action)
                except IllegalActionError as exc:
                    raise TableError("illegal_action", str(exc)) from None
                row = ActionRow(self.id, self.seq + 1, seat, action.notation(), source)
                try:
                    stored = await self.services.writer.append(row)
                except Exception as exc:
                    self.state = before
                    log.exception("table %s: could not store action %s", self.id, row.seq)
                    raise TableError("storage", f"the action was not stored: {exc}", 503) from None
                if stored:
                    self._accepted(row, events, actor, ref)
                    # workers are one server: the accepted action goes to them as it goes
                    # to the database (never to a client), so they need not read it back
                    await self.services.bus.publish(
                        {
                            "kind": "action",
                            "table": self.id,
                            "seq": row.seq,
                            "seat": seat,
                            "action": row.action,
                        }
                    )
                    return row.seq
                # another worker took this sequence number: catch up and try again
                self.state = before
                await self._catch_up_locked()
                await asyncio.sleep(random.uniform(0, 0.001 * attempt))
            raise TableError("conflict", "the table is busy; send the action again", 503)

    def _accepted(
        self,
        row: ActionRow,
        events: list[Event],
        actor: Connection | None = None,
        ref: Any = None,
    ) -> None:
        self.seq = row.seq
        changed = self._refresh_decisions(row.seat)
        self._broadcast(events, actor, ref)
        self._after_change(changed)

    def _after_change(self, changed: list[int]) -> None:
        """Start bots and clocks for the seats whose decision changed."""
        if self.over:
            self.clock.cancel_all()
            if not self.row.over:
                self.row = replace(self.row, over=True)
                self._spawn(self.services.writer.call(self.services.store.mark_over, self.id))
            return
        for seat in changed:
            self.clock.cancel(seat)
            decision = self.decisions[seat]
            if decision is None:
                continue
            if self.botted(seat):
                self._wake_bots()
            else:
                self.clock.arm(seat, functools.partial(self._on_timeout, seat, decision))

    def _on_timeout(self, seat: int, decision: int) -> None:
        self._spawn(self._timeout(seat, decision))

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        return asyncio.get_running_loop().create_task(coro)

    def _wake_bots(self) -> None:
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = self._spawn(self._drive_bots())

    async def _drive_bots(self) -> None:
        """Play the bot seats' decisions one at a time, lowest seat first.

        One driver per table, not a task per seat: bots deciding at the same moment then
        always act in the same order, so a table's record depends only on its seed and
        its people, never on thread timing.
        """
        failed: tuple[int, int] | None = None
        while True:
            await asyncio.sleep(self.services.bot_delay)
            if self.over:
                return
            found = next(
                ((p, d) for p, d in enumerate(self.decisions) if d is not None and self.botted(p)),
                None,
            )
            if found is None:
                return
            seat, decision = found
            spec = self.seats[seat].bot or bots.DEFAULT_BOT
            view = self.state.view(seat)
            legal = self.state.legal_actions(seat)
            action = await asyncio.to_thread(
                bots.choose, spec, self.game, self.row.seed, seat, decision, view, legal
            )
            try:
                await self.submit(seat, action, decision, "bot")
            except TableError as exc:  # the decision moved on meanwhile, or worse
                if failed == (seat, decision):
                    log.error("table %s: bot for seat %d is stuck: %s", self.id, seat, exc.code)
                    return
                failed = (seat, decision)

    async def _timeout(self, seat: int, decision: int) -> None:
        if self.decisions[seat] != decision or self.botted(seat) or self.over:
            return
        action = bots.default_action(self.state.legal_actions(seat))
        with contextlib.suppress(TableError):
            await self.submit(seat, action, decision, "clock")

    def start_play(self) -> None:
        """Arm bots and clocks for every current decision (at load or when play starts)."""
        if self.started:
            self._after_change([p for p, d in enumerate(self.decisions) if d is not None])

    # ------------------------------------------------------------------ seats

    async def join(self, seat: int, name: str) -> str:
        """Take an open seat; returns the seat's secret token (shown once)."""
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                raise TableError("bad_seat", f"there is no seat {seat} at this table", 404)
            if self.seats[seat].kind != "open":
                raise TableError("seat_taken", f"seat {seat} is not open")
            token = new_token()
            digest = token_digest(token)
            ok = await self.services.writer.call(
                self.services.store.claim_seat, self.id, seat, name, digest
            )
            if not ok:
                raise TableError("seat_taken", f"seat {seat} was just taken")
            self._set_seat(SeatRow(seat, "human", name, None, digest, False))
            await self._seats_changed()
            return token

    async def set_away(self, seat: int, away: bool, bot: str | None) -> None:
        """A human leaves (a bot plays for them) or comes back."""
        async with self.lock:
            current = self.seats[seat]
            spec = (bot or current.bot or bots.DEFAULT_BOT) if away else current.bot
            await self.services.writer.call(self.services.store.set_away, self.id, seat, away, spec)
            self._set_seat(replace(current, away=away, bot=spec))
            await self._seats_changed(seat)

    async def _seats_changed(self, seat: int | None = None) -> None:
        """Tell everyone; start play, or hand a seat's decision to its bot or its clock."""
        changed = set(self._refresh_decisions(None))
        if seat is not None and self.decisions[seat] is not None:
            changed.add(seat)
        self._broadcast_seats()
        await self.services.bus.publish({"kind": "seats", "table": self.id})
        self._after_change(sorted(changed))

    # ------------------------------------------------------------------ other workers

    async def on_remote(self, message: dict[str, Any]) -> None:
        async with self.lock:
            if message.get("kind") == "seats":
                await self._reload_seats_locked()
                return
            seq = message.get("seq")
            if not isinstance(seq, int) or seq <= self.seq:
                return
            seat, action = message.get("seat"), message.get("action")
            if (
                seq == self.seq + 1
                and self.started
                and isinstance(seat, int)
                and isinstance(action, str)
            ):
                row = ActionRow(self.id, seq, seat, action, "")
                try:
                    events = self.state.apply(row.seat, row.action)
                except TabletopError:
                    log.error("table %s: action %d from the bus does not apply", self.id, seq)
                else:
                    self._accepted(row, events)
                    return
            await self._catch_up_locked()

    async def _reload_seats_locked(self) -> None:
        seats = await self.services.read(self.services.store.load_seats, self.id)
        if seats == self.seats:
            return
        self.seats = seats
        changed = self._refresh_decisions(None)
        self._broadcast_seats()
        self._after_change(changed)

    async def catch_up(self) -> None:
        async with self.lock:
            await self._catch_up_locked()

    async def _catch_up_locked(self) -> None:
        if not self.started:  # a seat may have been taken on another worker
            await self._reload_seats_locked()
        rows = await self.services.read(self.services.store.actions_after, self.id, self.seq)
        for row in rows:
            events = self.state.apply(row.seat, row.action)
            self._accepted(row, events)

    def close(self) -> None:
        self.clock.cancel_all()
        if self._bot_task is not None:
            self._bot_task.cancel()
        for conn in list(self.connections):
            conn.queue.put_nowait(None)


def table_summary(row: TableRow, seats: list[SeatRow], status: str, seq: int) -> dict[str, Any]:
    """A table's public description (no seed until the game is over, no tokens)."""
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "clock": row.clock,
        "seeded": row.seeded,
        "status": status,
        "seq": seq,
        "seats": [public_seat(s) for s in seats],
    }


@dataclass(frozen=True)
class SeatSpec:
    """How a seat starts: open for a person to join, or a named bot."""

    kind: str
    bot: str | None = None
    name: str | None = None


class TableManager:
    """The tables this process holds, loading them from the store on demand."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[SeatSpec],
        seed: int | None,
        clock: float | None,
    ) -> LiveTable:
        game = REGISTRY.get(game_name)
        game.new_game(players, 0, **options)  # validates players and options
        if len(seats) != players:
            raise TableError("bad_seats", f"give one seat description per player ({players})", 422)
        for spec in seats:
            if spec.kind == "bot":
                bots.check_spec(spec.bot or bots.DEFAULT_BOT, game)
        row = TableRow(
            id=new_table_id(),
            game=game_name,
            players=players,
            seed=new_seed() if seed is None else seed,
            options=options,
            clock=clock,
            seeded=seed is not None,
            created=time.time(),
        )
        seat_rows = [
            SeatRow(
                p,
                s.kind,
                s.name or (s.bot or bots.DEFAULT_BOT if s.kind == "bot" else None),
                (s.bot or bots.DEFAULT_BOT) if s.kind == "bot" else None,
            )
            for p, s in enumerate(seats)
        ]
        await self.services.writer.call(self.services.store.create_table, row, seat_rows)
        table = LiveTable(row, seat_rows, self.services)
        self.tables[row.id] = table
        async with table.lock:
            table._refresh_decisions(None)
            table.start_play()
        return table

    async def get(self, table_id: str, fresh: bool = False) -> LiveTable:
        """The live table ``table_id``; ``fresh`` reads any actions other workers wrote."""
        table = self.tables.get(table_id)
        if table is not None:
            if fresh and isinstance(self.services.bus, RedisBus):
                await table.catch_up()
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is None:
                table = await self._load(table_id)
                self.tables[table_id] = table
                # news published while the table loaded was not delivered to it
                await table.catch_up()
        self._loading.pop(table_id, None)
        return table

    async def _load(self, table_id: str) -> LiveTable:
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise TableError("unknown_table", f"no table {table_id!r}", 404)
        loaded = await self.services.read(self.services.store.load_table, table_id)
        if loaded is None:
            raise TableError("unknown_table", f"no table {table_id!r}", 404)
        row, seat_rows = loaded
        table = LiveTable(row, seat_rows, self.services)
        rows = await self.services.read(self.services.store.actions_after, table_id, 0)
        try:
            table.replay(rows)
        except TabletopError as exc:
            raise TableError(
                "corrupt_table", f"table {table_id} does not replay: {exc}", 500
            ) from None
        async with table.lock:
            table.start_play()
        return table

    async def resume_all(self) -> int:
        """Load the unfinished tables with bots, away seats or a clock, so they play on."""
        ids = await self.services.read(self.services.store.tables_to_resume)
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    async def sync_forever(self, every: float = 5.0) -> None:
        """With several workers: now and then read what the bus may have failed to say.

        A lost pub/sub message would otherwise leave this worker's clients waiting for
        an action another worker committed; one read per busy table every ``every``
        seconds bounds that wait.
        """
        while True:
            await asyncio.sleep(every)
            for table in list(self.tables.values()):
                if table.connections and not table.over:
                    try:
                        await table.catch_up()
                    except Exception:
                        log.exception("table %s: catch-up failed", table.id)

    async def on_bus(self, message: dict[str, Any]) -> None:
        table = self.tables.get(str(message.get("table")))
        if table is not None:
            await table.on_remote(message)

    def close(self) -> None:
        for table in self.tables.values():
            table.close()

"""A live table: one game state, its seats, its audience, kept in step with the event log.

An action (from a seat, a server bot or the clock) is validated by the game, committed
to the event log, and only then acknowledged and broadcast, each connection getting
the frame built for its own seat.

Actions are *pipelined*: when several people decide at once (sealed declarations),
each action is checked against and applied to the table's *head*, the state with every
action on its way to the database, and queued for the writer at once, so they all go
in the same commit instead of one commit each. The table's ``state`` is what is
durable: an action is applied to it, acknowledged and broadcast only when its commit
is done, in order; everything clients and the HTTP API see comes from ``state``. If a
commit refuses an action (another worker took its sequence number, or the database
failed), that action and every one after it is taken back: the head is rebuilt from
``state`` and their senders catch up and try again, or hear why not.

Changes that wait for the database while holding the table's lock (catching up,
seats, news from other workers) take the lock only when no action is on its way.

With several workers, only the table's owner (``owners``) commits its actions and runs
its bots and clock; the others forward their clients' actions to it (``forwarding``)
and apply what it accepted, as news from the bus.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, replace
from typing import Any

import orjson

from tabletop.core.actions import Action
from tabletop.core.errors import IllegalActionError, TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.games import REGISTRY
from tabletop.server import bots, protocol
from tabletop.server.audience import Audience
from tabletop.server.autoplay import Autoplay
from tabletop.server.chat import TableChat
from tabletop.server.connection import Connection
from tabletop.server.decisions import DecisionMarkers, Decisions
from tabletop.server.errors import TableError, refused_action, seat_words
from tabletop.server.forwarding import Forwards, Sent, refusal
from tabletop.server.history import events_after
from tabletop.server.limits import fallback_spec, within_limits
from tabletop.server.protocol import ProtocolError
from tabletop.server.seatvote import SeatVotes
from tabletop.server.security import new_token, token_digest, token_matches
from tabletop.server.services import Services
from tabletop.server.store import WAITING_KINDS, ActionRow, SeatRow, TableRow
from tabletop.server.summary import table_summary

__all__ = ["LiveTable", "TableError"]

log = logging.getLogger(__name__)

CONFLICT_RETRIES = 20
"""Times an action is retried after other workers took its sequence number first."""


@dataclass(eq=False)
class _OnTheWay:
    """An action applied to the head, waiting for its commit.

    It carries what the head was just after it (a copy of the state, the markers, the
    events and the seats whose decision changed), which becomes the table's durable
    state when the commit is done: cheaper than applying the action a second time.
    """

    row: ActionRow
    state: State
    markers: DecisionMarkers
    events: list[Event]
    changed: list[int]
    stored: asyncio.Future[bool]
    actor: Connection | None
    ref: Any
    req: str | None
    """The request id of an action another worker forwarded, for its acknowledgement."""


class LiveTable:
    """One table in this process's memory, kept in step with the event log."""

    def __init__(self, row: TableRow, seats: list[SeatRow], services: Services) -> None:
        self.row = row
        self.id = row.id
        self.game: Game = REGISTRY.get(row.game)
        if [s.seat for s in seats] != list(range(row.players)):  # every seat is indexed
            raise TableError("corrupt_table", f"table {row.id} has not one seat per player", 500)
        self.services = services
        self._within_limits: dict[str, str] = {}
        """Each bot spec met here and the spec that plays for it (see :meth:`bounded`)."""
        self.seats = seats
        self.state: State = self.game.new_game(row.players, row.seed, **row.options)
        self.seq = 0
        self.markers = DecisionMarkers(
            row.players, row.increment if row.game_clock is not None else None
        )
        self.audience = Audience()
        self.chat = TableChat(self.id, services, self.audience)
        self.lock = asyncio.Lock()
        self.autoplay = Autoplay(self)
        self.forwards = Forwards(self.id, services.bus, services.owners.worker)
        self._on_the_way: deque[_OnTheWay] = deque()
        self.active = time.monotonic()
        """When something last happened here (an action, a seat, a connection)."""
        self.timeouts: dict[int, int] = {}
        self.votes = SeatVotes(row.players)
        """Each seat's timed-out decisions in a row, and the votes to hand it to a bot."""
        self._vote_news = False
        """Whether a seat's run of time-outs changed whether it may be voted on."""
        """The actions the clock played: sequence number -> the seat whose time ran out
        (every viewer's log says so, and so does a log filled in later)."""
        self.step_events: list[list[Event]] = []
        """Each action's events (action ``seq`` at ``seq - 1``), as applied here: a page
        filling its log reads them (``history``) instead of replaying the record."""
        self._histories: dict[int | None, list[dict[str, Any]]] = {}
        """Each viewer's steps as :meth:`history` gave them, extended as play goes on."""
        self._finished_reads: dict[tuple[str, int | None, int], bytes] = {}
        """Reads of the finished game (its replay, a step's view), encoded once each."""
        self._refresh(None)
        self._reset_head()

    # ------------------------------------------------------------------ facts

    @property
    def seats(self) -> list[SeatRow]:
        return self._seats

    @seats.setter
    def seats(self, rows: list[SeatRow]) -> None:
        self._seats = self.bounded(rows)
        self.started = not any(s.kind in WAITING_KINDS for s in rows)

    def bounded(self, rows: list[SeatRow]) -> list[SeatRow]:
        """The seats with every bot spec within this server's limits.

        A table stored with an unbounded bot (``mcts:time=inf``, from before the limits
        or by a server with looser ones) plays on with the fallback bot in that seat
        instead of taking a worker for ever. Every seat list the table holds passes
        here: at load, and whenever its seats are read again (a join on another
        worker, a take-over), so no stored spec escapes the bounds later.
        """
        out = []
        for seat in rows:
            if seat.bot is not None:
                spec = self._within_limits.get(seat.bot)
                if spec is None:
                    limits = self.services.config.bot_limits
                    spec = self._within_limits[seat.bot] = within_limits(
                        seat.bot, self.game, limits
                    )
                    if spec != seat.bot:
                        log.warning(
                            "table %s seat %d: bot %r is over this server's limits; %r plays",
                            self.id,
                            seat.seat,
                            seat.bot,
                            spec,
                        )
                if spec != seat.bot:
                    seat = replace(seat, bot=spec)
            out.append(seat)
        return out

    @property
    def decisions(self) -> list[int | None]:
        """Each seat's decision marker (see ``decisions``), None when it has none."""
        return self.markers.markers

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def owned(self) -> bool:
        """Whether this worker commits the table's actions and runs its bots and clock."""
        return self.services.owners.owns(self.id)

    def status(self) -> str:
        if self.over:
            return "over"
        return "playing" if self.started else "waiting"

    def botted(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind == "bot" or (s.kind == "human" and s.away)

    def quiet(self) -> bool:
        """Nobody connected and nothing in progress: the table may leave memory."""
        return not self.audience and not self._on_the_way and not self.lock.locked()

    def plays_by_itself(self) -> bool:
        """Whether the server plays on here with nobody connected (bots, a clock)."""
        return (
            self.started
            and not self.over
            and (self.row.timed or any(self.botted(p) for p in range(len(self.seats))))
        )

    def summary(self) -> dict[str, Any]:
        out = table_summary(self.row, self.seats, self.status(), self.seq)
        for entry in self.votes.described(self.seats):  # time-outs in a row, votes
            out["seats"][entry.pop("seat")].update(entry)
        return out

    def authenticate(self, seat: Any, token: Any) -> int:
        """The seat number if ``token`` is that seat's secret; TableError otherwise."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"there is no {seat_words(seat)} at this table", 404)
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
        async with self._quiet():
            await self._reload_seats_locked()
        return self.authenticate(seat, token)

    def history(self, viewer: int | None, after: int) -> list[dict[str, Any]]:
        """The viewer's version of every step after ``after`` (``history.events_after``),
        each step worked out once per viewer: a page filling its log, however often,
        costs what is new since the last one."""
        steps = self._histories.setdefault(viewer, [])
        if len(steps) < self.seq:
            steps.extend(events_after(self.step_events, viewer, len(steps), self.timeouts))
        return steps[after : self.seq]

    FINISHED_READS = 64
    """Encoded reads of a finished game kept per table (the oldest go first)."""

    def finished_read(self, key: tuple[str, int | None, int], build: Callable[[], Any]) -> bytes:
        """A read of the finished game (``key``: its kind, the viewer and a step), built
        by ``build`` and encoded the first time, then kept: a game that is over never
        changes, so a client reading its replay at its rate limit costs a lookup."""
        if not self.over:
            raise TableError("not_over", "the game is not over yet")
        body = self._finished_reads.get(key)
        if body is None:
            body = orjson.dumps(build())
            if len(self._finished_reads) >= self.FINISHED_READS:
                del self._finished_reads[next(iter(self._finished_reads))]
            self._finished_reads[key] = body
        return body

    # ------------------------------------------------------------------ replay

    def replay(self, rows: list[ActionRow]) -> None:
        """Apply logged actions (at load) without telling anyone."""
        for row in rows:
            key = self._clock_key(row)
            self.step_events.append(self.state.apply(row.seat, row.action))
            self.seq = row.seq
            self._note_timeout(row, key)
            self._refresh(row.seat)
        self._vote_news = False  # nobody to tell yet
        self._reset_head()

    def _clock_key(self, row: ActionRow) -> tuple[int, int] | None:
        """The decision (``State.decision_key``) the clock played ``row`` in, read from
        the state before it; None for an action the clock did not play."""
        return self.state.decision_key(row.seat) if row.source == "clock" else None

    def _note_timeout(self, row: ActionRow, key: tuple[int, int] | None) -> int | None:
        """The seat whose time ran out if the clock played ``row``; counts the seat's
        timed-out decisions in a row (``seatvote``: the others may vote past two)."""
        if 0 <= row.seat < len(self.seats):
            was = self.votes.eligible(row.seat, self.seats)
            if self.votes.note(row.seat, row.source, key, row.seq):
                self._vote_news |= was or self.votes.eligible(row.seat, self.seats)
        if row.source != "clock":
            return None
        self.timeouts[row.seq] = row.seat
        return row.seat

    def _refresh(self, acted: int | None) -> list[int]:
        return self.markers.refresh(self.state, self.seq, self.started, acted)

    def _reset_head(self) -> None:
        """The head is the durable state again (nothing is on its way)."""
        self._head = self.state.clone()
        self._head_seq = self.seq
        self._head_markers = self.markers.copy()

    @contextlib.asynccontextmanager
    async def _quiet(self) -> AsyncIterator[None]:
        """Hold the table's lock at a moment when no action is on its way.

        For changes that read or write the database meanwhile: new actions wait for the
        lock, and the ones on their way settle first, without the lock, so a table never
        holds its lock through someone else's commit.
        """
        while True:
            while self._on_the_way:
                await asyncio.wait([self._on_the_way[-1].stored])
            await self.lock.acquire()
            if not self._on_the_way:
                break
            self.lock.release()
        try:
            yield
        finally:
            self.lock.release()

    # ------------------------------------------------------------------ connections

    def reserve_left(self, seat: int) -> float:
        """Seconds ``seat`` has beyond its decision's own: its time bank left, or at a
        table with a game clock, its game clock left (0 at a table with neither)."""
        total = self.row.game_clock if self.row.game_clock is not None else self.row.bank
        return max(0.0, (total or 0.0) - self.seats[seat].bank_used)

    def decision_time(self, seat: int) -> float:
        """Seconds ``seat``'s decision has from its start: the clock's seconds and the
        time bank left, or the step's increment and the game clock left."""
        if self.row.game_clock is not None:
            return self.markers.credit[seat] + self.reserve_left(seat)
        return (self.row.clock or 0.0) + self.reserve_left(seat)

    def _spend_bank(self, seat: int, source: str) -> bool:
        """Charge ``seat``'s time bank for the decision it just ended (by acting, or the
        clock for it) past the clock's seconds; whether anything was spent.

        At a table with a game clock the seat's step is charged what it took less its
        increment (Fischer): a step quicker than its increment earns the rest, and a
        seat whose time ran out has spent its game clock whole."""
        elapsed = self.markers.elapsed(seat)
        if elapsed is None or source not in ("seat", "clock"):
            return False
        left = self.reserve_left(seat)
        if self.row.game_clock is not None:
            over = left if source == "clock" else min(elapsed - self.markers.credit[seat], left)
            if over == 0:
                return False
        else:
            clock = self.row.clock
            if not self.row.bank or not clock:
                return False
            over = left if source == "clock" else min(elapsed - clock, left)
            if over <= 0:
                return False
        used = self.seats[seat].bank_used + over
        self._set_seat(replace(self.seats[seat], bank_used=used))
        self.autoplay.spawn(self._bank_spent(seat, used))
        return True

    async def _bank_spent(self, seat: int, used: float) -> None:
        """Store what ``seat`` spent of its bank and tell everyone (the seats frame)."""
        await self.services.writer.call(self.services.store.spend_bank, self.id, seat, used)
        self.audience.seats(self.state, self.seq, self.decisions_now(), self.summary())
        self.services.bus.publish({"kind": "seats", "table": self.id})

    def decisions_now(self) -> Decisions:
        """Each seat's decision as its frames tell it, with its time left on the clock
        and its time bank (none for a seat a bot plays: no clock runs for it)."""
        reserved = self.row.bank or self.row.game_clock is not None
        banks = [self.reserve_left(p) for p in range(len(self.seats))] if reserved else []
        now = self.markers.current(self.row.clock, banks)
        out = Decisions(
            (d[0], None) if d is not None and self.botted(p) else d for p, d in enumerate(now)
        )
        if self.row.game_clock is not None:
            # a deciding seat's game clock counts down with its decision (its increment
            # included); the others' stand still
            out.game_clocks = [
                d[1] if d is not None and d[1] is not None else self.reserve_left(p)
                for p, d in enumerate(out)
            ]
        return out

    def attach(self, conn: Connection) -> None:
        """Register a connection and queue its welcome frame (call under the lock)."""
        self.active = time.monotonic()
        self.audience.welcome(conn, self.state, self.seq, self.decisions_now(), self.summary())

    def detach(self, conn: Connection) -> None:
        self.active = time.monotonic()
        self.audience.remove(conn)

    def view(self, viewer: int | None) -> dict[str, Any]:
        """A ``view`` frame for ``viewer``: its view, decision and clock (not encoded)."""
        decisions = self.decisions_now()
        decision = None if viewer is None else decisions[viewer]
        return protocol.view_frame("view", self.state, viewer, self.seq, decision, decisions)

    def view_frame(self, viewer: int | None) -> str:
        return protocol.encode(self.view(viewer))

    # ------------------------------------------------------------------ actions

    def _check(self, seat: int, client_seq: int, source: str, decision: int | None) -> None:
        if not self.started:
            raise TableError("not_started", "the game starts when every seat is taken")
        if self._head.is_terminal():
            raise TableError("game_over", "the game is over")
        if source == "seat" and self.botted(seat):
            raise TableError("seat_away", "this seat is played by a bot; return to it first")
        if source == "bot" and not self.botted(seat):
            raise TableError("seat_returned", "the player is back at this seat")
        self._head_markers.check(seat, client_seq, self._head_seq, decision)

    async def submit(
        self,
        seat: int,
        action: Action,
        client_seq: int,
        source: str,
        actor: Connection | None = None,
        ref: Any = None,
        decision: int | None = None,
    ) -> int:
        """Validate, commit, acknowledge and broadcast one action; its sequence number.

        ``decision``, if given, is the decision the action answers (its marker), which
        must be the seat's decision now. At a table another worker owns, the action goes
        to that worker instead. An action of an away seat's own person takes the seat
        back first (:meth:`take_back`).
        """
        if source == "seat" and self.seats[seat].kind == "human" and self.seats[seat].away:
            await self.take_back(seat)
        owners = self.services.owners
        for _ in range(3):
            if self.owned:
                return await self._submit_here(
                    seat, action, client_seq, source, actor, ref, decision=decision
                )
            owner = await owners.claim(self.id)
            if owner == owners.worker:  # nobody held it: ours now
                await self.take_over()
                continue
            try:
                return await self.forwards.send(
                    owner, seat, action.notation(), client_seq, source, actor, ref, decision
                )
            except TableError as exc:
                if exc.code in ("moved", "unavailable"):
                    owners.forget(self.id)  # next time, ask Redis who owns it now
                if exc.code != "moved":
                    raise
        raise TableError("conflict", "the table is moving between workers; send again", 503)

    async def _submit_here(
        self,
        seat: int,
        action: Action,
        client_seq: int,
        source: str,
        actor: Connection | None = None,
        ref: Any = None,
        req: str | None = None,
        decision: int | None = None,
    ) -> int:
        """:meth:`submit` at a table this worker owns.

        A refused action is tried again on top of what took its place, read from the
        database unless the bus has already told (usually it has: the winner publishes
        as soon as it commits).
        """
        refused = 0
        for attempt in range(CONFLICT_RETRIES):
            if attempt:
                async with self._quiet():
                    if self.seq < refused:
                        await self._catch_up_locked()
                    way = self._propose(seat, action, client_seq, source, actor, ref, req, decision)
            else:
                async with self.lock:
                    way = self._propose(seat, action, client_seq, source, actor, ref, req, decision)
            try:
                # shielded: once queued, the action is settled even if its sender goes
                stored = await asyncio.shield(way.stored)
            except Exception as exc:  # the log gets the database's words, never a client
                log.error("table %s: could not store action %d: %r", self.id, way.row.seq, exc)
                raise TableError(
                    "storage",
                    "the action was not stored (the database failed); send it again",
                    503,
                ) from None
            if stored:
                return way.row.seq
            refused = way.row.seq
            await asyncio.sleep(random.uniform(0, 0.001 * attempt))
        raise TableError("conflict", "the table is busy; send the action again", 503)

    def _propose(
        self,
        seat: int,
        action: Action,
        client_seq: int,
        source: str,
        actor: Connection | None,
        ref: Any,
        req: str | None,
        decision: int | None,
    ) -> _OnTheWay:
        """Check and apply an action to the head and queue it for the writer."""
        self._check(seat, client_seq, source, decision)
        try:
            events = self._head.apply(seat, action)
        except IllegalActionError as exc:
            raise TableError("illegal_action", refused_action(exc)) from None
        self._head_seq += 1
        changed = self._head_markers.refresh(self._head, self._head_seq, self.started, seat)
        row = ActionRow(self.id, self._head_seq, seat, action.notation(), source)
        way = _OnTheWay(
            row,
            self._head.clone(),
            self._head_markers.copy(),
            events,
            changed,
            self.services.writer.append(row),
            actor,
            ref,
            req,
        )
        way.stored.add_done_callback(self._settle)
        self._on_the_way.append(way)
        return way

    def _settle(self, _done: object = None) -> None:
        """Accept every committed action at the front of the queue, in order; on the
        first refused one, take it and every later one back."""
        while self._on_the_way:
            way = self._on_the_way[0]
            if not way.stored.done():
                return
            if way.stored.cancelled() or way.stored.exception() or not way.stored.result():
                self._on_the_way.clear()
                self.services.writer.discard(self.id, way.row.seq)
                self._reset_head()
                return
            self._on_the_way.popleft()
            if self.owned:
                self._spend_bank(way.row.seat, way.row.source)
            key = self._clock_key(way.row)
            self.state, self.markers, self.seq = way.state, way.markers, way.row.seq
            timeout = self._note_timeout(way.row, key)
            self._tell(way.events, way.changed, way.actor, way.ref, timeout)
            # workers are one server: the accepted action goes to them as it goes to
            # the database (never to a client), so they need not read it back
            news = {
                "kind": "action",
                "table": self.id,
                "seq": way.row.seq,
                "seat": way.row.seat,
                "action": way.row.action,
                "source": way.row.source,
            }
            if way.req is not None:
                news["req"] = way.req
            self.services.bus.publish(news)

    def _accepted(
        self,
        row: ActionRow,
        events: list[Event],
        key: tuple[int, int] | None,
        actor: Connection | None = None,
        ref: Any = None,
    ) -> None:
        """Another worker's action ``row``, just applied to ``state`` (``key``: see
        :meth:`_clock_key`); ``actor`` and ``ref`` when this worker forwarded it, to
        acknowledge it to its sender."""
        self.seq = row.seq
        self._tell(events, self._refresh(row.seat), actor, ref, self._note_timeout(row, key))

    def _tell(
        self,
        events: list[Event],
        changed: list[int],
        actor: Connection | None = None,
        ref: Any = None,
        timeout: int | None = None,
    ) -> None:
        """Broadcast the action that brought the table to ``seq`` (``timeout``: the seat
        the clock played it for); start bots and clocks."""
        self.active = time.monotonic()
        self.step_events.append(events)
        if self.over:  # its status in the lobby
            self.services.lobby.changed()
        decisions = self.decisions_now()
        self.audience.events(self.state, self.seq, events, decisions, actor, ref, timeout)
        if self._vote_news:  # a seat may now be voted on, or no longer: pages show it
            self._vote_news = False
            self.services.lobby.changed()
            self.audience.seats(self.state, self.seq, decisions, self.summary())
        self._after_change(changed)

    def _after_change(self, changed: list[int]) -> None:
        """Start bots and clocks for the seats whose decision changed; note the end."""
        if not self.owned:
            return
        if self.over:
            self.autoplay.stop()
            if not self.row.over:
                self.row = replace(self.row, over=True)
                writer, store = self.services.writer, self.services.store
                self.autoplay.spawn(writer.call(store.mark_over, self.id))
            return
        self.autoplay.decisions_changed(changed)

    def start_play(self) -> None:
        """Arm bots and clocks for every current decision (at load or when play starts)."""
        if self.started:
            self._after_change(self.markers.pending())

    # ------------------------------------------------------------------ seats

    async def join(
        self, seat: int, name: str, kind: str = "open", invitation: str | None = None
    ) -> str:
        """Take an open seat (or, for its one player, a ``reserved`` one: see
        ``rematch``); returns the seat's secret token (shown once).

        At a private table an open seat needs its ``invitation`` secret."""
        async with self._quiet():
            if not 0 <= seat < len(self.seats):
                raise TableError("bad_seat", f"there is no {seat_words(seat)} at this table", 404)
            if self.seats[seat].kind == "reserved" and kind == "open":
                raise TableError(
                    "seat_reserved",
                    f"seat {seat + 1} is kept for its player of the last game (a rematch)",
                )
            if self.seats[seat].kind != kind:
                raise TableError("seat_taken", f"{seat_words(seat)} is not open")
            if self.row.private and kind == "open":
                if invitation is None:
                    raise TableError(
                        "invitation_required", "this table is private: join by its invitation", 403
                    )
                if not token_matches(invitation, self.seats[seat].invite_digest):
                    raise TableError(
                        "bad_invitation", f"that is not {seat_words(seat)}'s invitation", 403
                    )
            token = new_token()
            digest = token_digest(token)
            ok = await self.services.writer.call(
                self.services.store.claim_seat, self.id, seat, name, digest, kind
            )
            if not ok:
                raise TableError("seat_taken", f"{seat_words(seat)} was just taken")
            self._set_seat(SeatRow(seat, "human", name, None, digest, False))
            self._seats_changed()
            return token

    async def fill_kept(self, seat: int, spec: str) -> None:
        """A bot takes a seat kept for a rematch's player (play may then start)."""
        async with self._quiet():
            if self.seats[seat].kind != "reserved":
                raise TableError(
                    "not_kept", f"seat {seat + 1} is not waiting for its player any more"
                )
            ok = await self.services.writer.call(
                self.services.store.kept_seat_to_bot, self.id, seat, spec
            )
            if not ok:
                raise TableError("not_kept", f"seat {seat + 1} was just taken")
            self._set_seat(SeatRow(seat, "bot", spec, spec))
            self._seats_changed()

    async def set_away(self, seat: int, away: bool, bot: str | None) -> None:
        """A human leaves (a bot plays for them) or comes back."""
        async with self._quiet():
            await self._set_away_locked(seat, away, bot)

    async def take_back(self, seat: int) -> None:
        """The person of an away seat acted through their seat's link: they take the seat
        back (as by ``return``), so their action plays instead of ``seat_away``.

        Under the table's quiet lock, so it is ordered with the bot's answer: a bot
        action already committed stands (the person's action is then stale and refused
        in those words), and one still thinking is refused ``seat_returned``."""
        async with self._quiet():
            if self.seats[seat].kind == "human" and self.seats[seat].away:
                log.info("table %s: seat %d acted and took its seat back", self.id, seat + 1)
                await self._set_away_locked(seat, False, None)

    async def _set_away_locked(self, seat: int, away: bool, bot: str | None) -> None:
        current = self.seats[seat]
        spec = (bot or current.bot or bots.DEFAULT_BOT) if away else current.bot
        await self.services.writer.call(self.services.store.set_away, self.id, seat, away, spec)
        self._set_seat(replace(current, away=away, bot=spec))
        if not away:  # the person is back: their time-outs and the votes are forgotten
            self.votes.forgive(seat)
        self._seats_changed(seat)

    async def vote(self, voter: int, target: int) -> dict[str, Any]:
        """``voter``'s vote to hand ``target`` (a seat whose time ran out at
        ``seatvote.VOTE_AFTER`` decisions in a row) to a bot; the count, and whether the
        seat went to the bot (the game's heuristic: ``limits.fallback_spec``).

        Every connection hears of it (a ``vote`` frame, for the log), and so does the
        server's log. The person takes the seat back with ``return``."""
        async with self._quiet():
            if not 0 <= target < len(self.seats):
                raise TableError("bad_seat", f"there is no {seat_words(target)} at this table", 404)
            if self.over:
                raise TableError("game_over", "the game is over")
            if not self.started:
                raise TableError("not_started", "the game starts when every seat is taken")
            handed = self.votes.cast(voter, target, self.seats)
            if not handed:  # kept for a restart and the other workers' loads
                await self._keep_votes(voter, target)
            votes = len(self.votes.votes.get(target, ()))
            needed = self.votes.needed(target, self.seats)
            self.services.bus.publish(
                {"kind": "vote", "table": self.id, "target": target, "voter": voter}
            )
            log.info(
                "table %s: seat %d votes to hand seat %d to a bot (%d of %d)",
                self.id,
                voter + 1,
                target + 1,
                votes,
                needed,
            )
            outcome = {"seat": target, "voter": voter, "votes": votes, "needed": needed}
            outcome["handed"] = handed
            self.audience.broadcast(protocol.encode({"type": "vote", **outcome}))
            if handed:
                log.info("table %s: seat %d handed to a bot by the others' vote", self.id, target)
                self.votes.votes.pop(target, None)
                await self._set_away_locked(target, True, fallback_spec(self.game))
            else:
                self.services.lobby.changed()
                self.audience.seats(self.state, self.seq, self.decisions_now(), self.summary())
            return outcome

    async def _keep_votes(self, voter: int, target: int) -> None:
        """Store the votes against ``target`` (a hand-over clears them with the seat's
        ``set_away``); if the database fails, ``voter``'s vote is not counted either."""
        voters = self.votes.votes[target]
        try:
            store = self.services.store
            await self.services.writer.call(store.set_votes, self.id, target, voters, self.seq)
        except Exception as exc:
            voters.discard(voter)
            log.error("table %s: could not store a vote: %r", self.id, exc)
            raise TableError(
                "storage", "the vote was not stored (the database failed); vote again", 503
            ) from None

    def restore_votes(self, kept: dict[int, tuple[list[int], int]]) -> None:
        """At load, after :meth:`replay`: the votes kept in the database that still
        stand (``SeatVotes.restore``)."""
        self.votes.restore(kept, self.seats)

    def rematch_made(self, table_id: str) -> None:
        """Someone asked for a rematch (``TableManager.rematch``): note the new table
        and tell everyone watching, so each person may accept and move to it."""
        if self.row.rematch == table_id:
            return
        self.row = replace(self.row, rematch=table_id)
        self.services.lobby.changed()
        self.audience.broadcast(protocol.encode({"type": "rematch", "rematch": table_id}))

    def _set_seat(self, row: SeatRow) -> None:
        self.seats = [row if s.seat == row.seat else s for s in self.seats]

    def _seats_changed(self, seat: int | None = None) -> None:
        """Tell everyone; start play, or hand a seat's decision to its bot or its clock."""
        self.services.lobby.changed()
        changed = set(self._refresh(None))
        if seat is not None and self.decisions[seat] is not None:
            changed.add(seat)  # its bot or its clock starts over on the same decision
            self.markers.restart(seat)
        self._reset_head()
        self.active = time.monotonic()
        self.audience.seats(self.state, self.seq, self.decisions_now(), self.summary())
        self.services.bus.publish({"kind": "seats", "table": self.id})
        self._after_change(sorted(changed))

    # ------------------------------------------------------------------ other workers

    async def on_remote(self, message: dict[str, Any]) -> None:
        """News from another worker: apply its accepted action, or read what we lack."""
        async with self._quiet():
            if message.get("kind") == "seats":
                await self._reload_seats_locked()
                return
            if message.get("kind") == "vote":  # cast on another worker: count it here too
                target, voter = message.get("target"), message.get("voter")
                if isinstance(target, int) and isinstance(voter, int):
                    self.votes.votes.setdefault(target, set()).add(voter)
                return
            seq = message.get("seq")
            if not isinstance(seq, int):
                return
            sent = self.forwards.take(message.get("req"))
            acked = self._apply_remote(seq, message, sent)
            if seq > self.seq:
                await self._catch_up_locked()
            if sent is None or seq > self.seq or sent.future.done():
                return
            if not acked and sent.actor is not None:
                # it came with what we read from the database: acknowledge it apart
                sent.actor.send(protocol.with_ack(self.view_frame(sent.actor.viewer), sent.ref))
            sent.future.set_result(seq)

    def _apply_remote(self, seq: int, message: dict[str, Any], sent: Sent | None) -> bool:
        """Apply action ``seq`` from the bus if it is the next one and applies (its
        events frame then acknowledges ``sent``); whether it was applied."""
        if seq != self.seq + 1 or not self.started:
            return False
        seat, action, source = message.get("seat"), message.get("action"), message.get("source")
        if not isinstance(seat, int) or not isinstance(action, str):
            return False
        row = ActionRow(self.id, seq, seat, action, source if isinstance(source, str) else "")
        try:
            key = self._clock_key(row)
            events = self.state.apply(row.seat, row.action)
        except TabletopError:
            log.error("table %s: action %d from the bus does not apply", self.id, seq)
            return False
        if sent is None:
            self._accepted(row, events, key)
        else:
            self._accepted(row, events, key, sent.actor, sent.ref)
        self._reset_head()
        return True

    async def on_forward(self, message: dict[str, Any]) -> None:
        """Another worker forwards its client's action to this table's owner."""
        bus = self.services.bus
        try:
            if not self.owned:
                raise TableError("moved", "this worker no longer owns the table", 503)
            seat, client_seq = message.get("seat"), message.get("seq")
            source, req = message.get("source"), message.get("req")
            decision = message.get("decision")
            if not (
                isinstance(seat, int)
                and isinstance(client_seq, int)
                and (decision is None or isinstance(decision, int))
                and source in ("seat", "bot", "clock")
                and isinstance(req, str)
            ):
                raise TableError("bad_message", "a forwarded action was malformed", 500)
            if not 0 <= seat < len(self.seats):
                raise TableError("bad_seat", f"there is no {seat_words(seat)} at this table", 404)
            action = protocol.parse_action(self.game, message.get("action"))
            try:
                await self._submit_here(
                    seat, action, client_seq, source, req=req, decision=decision
                )
            except TableError as exc:
                if exc.code not in ("not_started", "seat_away", "seat_returned"):
                    raise
                # the sender's worker may have heard of a seat change before this one
                async with self._quiet():
                    await self._reload_seats_locked()
                await self._submit_here(
                    seat, action, client_seq, source, req=req, decision=decision
                )
        except (TableError, ProtocolError) as exc:
            status = exc.status if isinstance(exc, TableError) else 409
            bus.publish(refusal(message, exc.code, exc.message, status))

    async def take_over(self) -> None:
        """This worker just became the owner: read what the last one committed, and play."""
        async with self._quiet():
            await self._catch_up_locked()
            self.start_play()

    async def _reload_seats_locked(self) -> None:
        seats = self.bounded(await self.services.read(self.services.store.load_seats, self.id))
        if seats == self.seats:
            return
        self.seats = seats
        self.services.lobby.changed()
        changed = self._refresh(None)
        self._reset_head()
        self.audience.seats(self.state, self.seq, self.decisions_now(), self.summary())
        self._after_change(changed)

    async def catch_up(self) -> None:
        async with self._quiet():
            await self._catch_up_locked()

    async def _catch_up_locked(self) -> None:
        if not self.started:  # a seat may have been taken on another worker
            await self._reload_seats_locked()
        rows = await self.services.read(self.services.store.actions_after, self.id, self.seq)
        for row in rows:
            if row.seq == self.seq + 1:
                key = self._clock_key(row)
                events = self.state.apply(row.seat, row.action)
                self._accepted(row, events, key)
        self._reset_head()

    def close(self) -> None:
        self.autoplay.stop()
        self.audience.close()

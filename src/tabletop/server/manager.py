"""The tables one server process holds: created here, or loaded from the store on demand.

After a restart the unfinished tables that play on by themselves (bots, away seats, a
clock) are loaded at once; the others when a client first asks for them. With several
workers, each keeps its own copy of the tables its clients use, in step through the bus,
and one of them owns each table (``owners``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from tabletop.core.errors import TabletopError
from tabletop.games import REGISTRY
from tabletop.server import bots
from tabletop.server.errors import TableError
from tabletop.server.forwarding import refusal
from tabletop.server.limits import (
    check_bot_spec,
    check_options,
    check_thinking_quota,
    thinking_seconds,
)
from tabletop.server.security import new_seed, new_table_id, new_token, token_digest
from tabletop.server.services import Services
from tabletop.server.store import SeatRow, TableRow
from tabletop.server.tables import LiveTable

log = logging.getLogger(__name__)


def _corrupt(table_id: str) -> TableError:
    return TableError(
        "corrupt_table", f"table {table_id} is stored damaged and cannot be played", 500
    )


QUOTA_WINDOW = 3600.0
"""Seconds over which a client's unfinished tables count against ``tables_per_client``."""

SETUP_AT_ONCE = 4
"""Table set-ups (creating, joining, loading) a process runs at once; more wait.

Every set-up is several database round trips, and each is a turn of the event loop
that the tables already playing share: hundreds of people arriving in the same second
would otherwise fill every turn, and each of the playing tables' actions would wait
through it. Waiting here, new arrivals take a little longer to sit down instead."""


@dataclass(frozen=True)
class SeatSpec:
    """How a seat starts: open for a person to join, or a named bot."""

    kind: str
    bot: str | None = None
    name: str | None = None


@dataclass(eq=False)
class _Loading:
    """A table being loaded, and how many requests wait for it (the last one out
    removes it, whether the load worked or not)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class TableManager:
    """The tables this process holds, loading them from the store on demand."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, _Loading] = {}
        self.setting_up = asyncio.Semaphore(SETUP_AT_ONCE)
        self._quota = asyncio.Lock()
        """Held while a quota-bound client's table is counted and stored."""

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[SeatSpec],
        seed: int | None,
        clock: float | None,
        private: bool = False,
        creator: str | None = None,
        bank: float | None = None,
        game_clock: tuple[float, float] | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table, and (private tables) each open seat's invitation secret.

        ``creator`` is the client's key for its quota (None: exempt); ``game_clock``,
        a game clock's seconds per player and increment per decision."""
        invitations = {p: new_token() for p, s in enumerate(seats) if private and s.kind == "open"}
        row, seat_rows = self._new_rows(
            game_name,
            players,
            options,
            seats,
            seed,
            clock,
            private,
            creator,
            invitations,
            bank,
            game_clock,
        )
        # counted and stored in one step: requests sent at once cannot all pass the count
        async with self._quota if creator is not None else contextlib.nullcontext():
            if creator is not None:
                await self._check_quota(creator, seat_rows)
            async with self.setting_up:
                await self.services.writer.call(self.services.store.create_table, row, seat_rows)
        return await self._open_new(row, seat_rows), invitations

    async def _check_quota(self, creator: str, seat_rows: list[SeatRow]) -> None:
        """Refuse a table past its creator's quota: ``tables_per_client`` unfinished
        tables, whose bots may think ``bot_seconds_per_client`` a decision in all (an
        expensive spec counts for what it asks, so one address cannot fill the bot
        processes with twenty tables of searches)."""
        config = self.services.config
        limit = config.tables_per_client
        bots_of = await self.services.read(
            self.services.store.unfinished_bots_of, creator, time.time() - QUOTA_WINDOW
        )
        largest = config.bot_limits.get("time", 0.0)
        used = sum(thinking_seconds(b, largest) for specs in bots_of.values() for b in specs)
        asked = sum(thinking_seconds(s.bot, largest) for s in seat_rows if s.bot is not None)
        check_thinking_quota(used, asked, len(bots_of), config)
        made = len(bots_of)
        if made >= limit:
            raise TableError(
                "too_many_tables",
                f"a client may have {limit} unfinished tables made in the last hour; "
                "finish or wait for some",
                429,
            )

    async def rematch(self, old: LiveTable) -> LiveTable:
        """The table that continues ``old`` (over): made by the first request, with the
        same game, players, options, clock, bots and privacy, a new secret seed, and
        each of ``old``'s people's seats ``reserved`` for them. Later requests, on any
        worker, get the same table."""
        if old.row.rematch is None:
            specs = [
                SeatSpec("bot", s.bot, s.name)
                if s.kind == "bot"
                else SeatSpec("reserved", None, s.name)
                for s in old.seats
            ]
            row, seat_rows = self._new_rows(
                old.row.game,
                old.row.players,
                old.row.options,
                specs,
                None,
                old.row.clock,
                old.row.private,
                old.row.creator,
                {},
                old.row.bank,
                None
                if old.row.game_clock is None
                else (old.row.game_clock, old.row.increment or 0.0),
            )
            async with self.setting_up:
                made = await self.services.writer.call(
                    self.services.store.create_rematch, old.id, row, seat_rows
                )
            if made == row.id:
                await self._open_new(row, seat_rows)
            old.rematch_made(made)
            self.services.bus.publish({"kind": "rematch", "table": old.id, "rematch": made})
            return await self.get(made)
        return await self.get(old.row.rematch)

    def _new_rows(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[SeatSpec],
        seed: int | None,
        clock: float | None,
        private: bool,
        creator: str | None,
        invitations: dict[int, str],
        bank: float | None = None,
        game_clock: tuple[float, float] | None = None,
    ) -> tuple[TableRow, list[SeatRow]]:
        """A new table's rows, checked: players, options (their size too), the clock,
        seats and bot specs (within this server's limits)."""
        config = self.services.config
        check_options(options, config)
        if bank and not clock:
            raise TableError("bad_options", "a time bank needs a clock (seconds per decision)", 422)
        if game_clock is not None and clock is not None:
            raise TableError(
                "bad_clock",
                "choose one clock: seconds per decision (clock, with its bank) or a game clock"
                " (game_clock, with its increment)",
                422,
            )
        game = REGISTRY.get(game_name)
        try:
            game.new_game(players, 0, **options)  # validates players and options
        except TabletopError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            # a game's parser that missed a shape: the client's data is refused, not a 500
            log.warning("options the game could not read: %r", exc, exc_info=True)
            raise TableError(
                "bad_options",
                f"the game could not read these options ({type(exc).__name__}); "
                "compare them with the game's own data file",
                422,
            ) from None
        if len(seats) != players:
            raise TableError("bad_seats", f"give one seat description per player ({players})", 422)
        for spec in seats:
            if spec.kind == "bot":
                check_bot_spec(spec.bot or bots.DEFAULT_BOT, game, config.bot_limits)
        row = TableRow(
            id=new_table_id(),
            game=game_name,
            players=players,
            seed=new_seed() if seed is None else seed,
            options=options,
            clock=clock,
            seeded=seed is not None,
            created=time.time(),
            private=private,
            creator=creator,
            bank=bank or None,
            game_clock=None if game_clock is None else game_clock[0],
            increment=None if game_clock is None else game_clock[1],
        )
        seat_rows = [
            SeatRow(
                p,
                s.kind,
                s.name or (s.bot or bots.DEFAULT_BOT if s.kind == "bot" else None),
                (s.bot or bots.DEFAULT_BOT) if s.kind == "bot" else None,
                invite_digest=token_digest(invitations[p]) if p in invitations else None,
            )
            for p, s in enumerate(seats)
        ]
        return row, seat_rows

    async def _open_new(self, row: TableRow, seat_rows: list[SeatRow]) -> LiveTable:
        """A table just stored: this worker owns it and holds it; bots start."""
        async with self.setting_up:
            await self.services.owners.claim(row.id)
        table = LiveTable(row, seat_rows, self.services)
        self.tables[row.id] = table
        self.services.lobby.changed()
        async with table.lock:
            table.start_play()
        return table

    async def join(
        self, table_id: str, seat: int, name: str, invitation: str | None = None
    ) -> tuple[LiveTable, str]:
        """A person takes an open seat (a set-up, waiting its turn); the table and the
        seat's secret token. A private table's seat needs its ``invitation``."""
        table = await self.get(table_id)
        async with self.setting_up:
            return table, await table.join(seat, name, invitation=invitation)

    async def get(self, table_id: str, fresh: bool = False) -> LiveTable:
        """The live table ``table_id``; ``fresh`` reads any actions other workers wrote."""
        table = self.tables.get(table_id)
        if table is not None:
            if fresh and self.services.shared:
                await table.catch_up()
            return table
        loading = self._loading.setdefault(table_id, _Loading())
        loading.users += 1
        try:
            async with loading.lock:
                table = self.tables.get(table_id)
                if table is None:
                    async with self.setting_up:
                        table = await self._load(table_id)
                        self.tables[table_id] = table
                        # news published while the table loaded was not delivered to it
                        await table.catch_up()
        finally:
            # also when the load failed (an unknown id): nothing stays behind per id
            loading.users -= 1
            if not loading.users:
                del self._loading[table_id]
        return table

    async def _load(self, table_id: str) -> LiveTable:
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise TableError("unknown_table", f"no table {table_id!r}", 404)
        loaded = await self.services.read(self.services.store.load_table, table_id)
        if loaded is None:
            raise TableError("unknown_table", f"no table {table_id!r}", 404)
        row, seat_rows = loaded
        if row.broken:
            raise _corrupt(table_id)
        rows = await self.services.read(self.services.store.actions_after, table_id, 0)
        kept: dict[int, tuple[list[int], int]] = {}  # only a table with a clock has time-outs
        if row.timed and not row.over:
            kept = await self.services.read(self.services.store.load_votes, table_id)
        try:  # only the table's own computation: a database failure is not the table's
            table = LiveTable(row, seat_rows, self.services)
            table.replay(rows)
            table.restore_votes(kept)
        except Exception as exc:
            if isinstance(exc, TabletopError):
                log.error("table %s does not replay: %s", table_id, exc)
            else:
                log.exception("table %s does not load", table_id)
            await self.services.writer.call(self.services.store.mark_broken, table_id)
            self.services.lobby.changed()
            raise _corrupt(table_id) from None
        if not table.over:
            await self.services.owners.claim(table_id)
        async with table.lock:
            table.start_play()
        return table

    def sweep(self, now: float | None = None) -> list[str]:
        """Let go of the tables that need no memory now (they load again on demand):
        nobody connected, nothing on its way, and either over for a tenth of
        ``idle_seconds`` or, not playing by itself, idle for ``idle_seconds``."""
        now = time.monotonic() if now is None else now
        idle = self.services.config.idle_seconds
        gone = [
            t.id
            for t in self.tables.values()
            if t.quiet()
            and now - t.active >= (idle / 10 if t.over else idle)
            and (t.over or not t.plays_by_itself())
        ]
        for table_id in gone:
            self.tables.pop(table_id).close()
        return gone

    async def sweep_forever(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            gone = self.sweep()
            if gone:
                log.info("let go of %d idle tables", len(gone))
                give_back_memory()

    async def resume_all(self) -> int:
        """Load the unfinished tables with bots, away seats or a clock, so they play on;
        how many did. Each table on its own: one that fails to load (marked broken, if
        its log is at fault) is logged and the others still resume."""
        ids = await self.services.read(self.services.store.tables_to_resume)
        resumed = 0
        for table_id in ids:
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s: could not resume it", table_id)
            else:
                resumed += 1
        return resumed

    async def sync_forever(self, every: float = 5.0) -> None:
        """With several workers: now and then read what the bus may have failed to say.

        A lost pub/sub message would otherwise leave this worker's clients waiting for
        an action another worker committed. Every ``every`` seconds one query asks for
        the last sequence number of every busy table, and the tables still behind what
        the previous query found read their missing actions. Only those: an action
        committed a moment ago is usually on its way on the bus, and reading it first
        would take its acknowledgement out of the frame that tells it (its sender then
        gets it in a ``view`` frame of its own).
        """
        seen: dict[str, int] = {}
        while True:
            await asyncio.sleep(every)
            busy = {t.id: t for t in self.tables.values() if t.audience and not t.over}
            try:
                last = await self.services.read(self.services.store.last_seqs, list(busy))
            except Exception:
                log.exception("could not read the tables' last actions")
                continue
            for table_id, table in busy.items():
                if table.seq < seen.get(table_id, 0):
                    try:
                        await table.catch_up()
                    except Exception:
                        log.exception("table %s: catch-up failed", table.id)
            seen = last

    async def keep_owning(self, every: float) -> None:
        """With several workers: renew the leases of the tables this worker owns, and
        take over the ones whose owner stopped renewing (it died), so that their bots
        and clocks play on and their seats' actions are taken again."""
        owners = self.services.owners
        while True:
            await asyncio.sleep(every)
            try:
                playing = [t for t in self.tables.values() if not t.over]
                for table_id in await owners.renew([t.id for t in playing if t.owned]):
                    log.warning("table %s: another worker took it over", table_id)
                    self.tables[table_id].autoplay.stop()
                for table_id in await owners.take_free([t.id for t in playing if not t.owned]):
                    log.info("table %s: taken over from a worker that stopped", table_id)
                    await self._take_over(table_id)
            except Exception:
                log.exception("could not renew or take over table leases")

    async def _take_over(self, table_id: str) -> None:
        """Play on at a table whose owner stopped; a table that fails here (its log,
        not the database) is let go and marked broken, and the others are taken over."""
        table = self.tables[table_id]
        try:
            await table.take_over()
        except SQLAlchemyError:
            raise  # the database: every table would fail alike; try again next round
        except Exception:
            log.exception("table %s: could not take it over; marked broken", table_id)
            self.tables.pop(table_id, None)
            table.close()
            await self.services.writer.call(self.services.store.mark_broken, table_id)
            self.services.lobby.changed()

    async def on_bus(self, message: dict[str, Any]) -> None:
        """News from another worker, or an action forwarded to a table this one owns."""
        kind = message.get("kind")
        table = self.tables.get(str(message.get("table")))
        if kind == "submit":
            if table is None:
                self.services.bus.publish(
                    refusal(message, "moved", "this worker does not hold the table", 503)
                )
            else:
                await table.on_forward(message)
        elif table is None:
            return
        elif kind == "refused":
            table.forwards.refused(message)
        elif kind == "chat" and isinstance(message.get("message"), dict):
            table.chat.tell(message["message"])
        elif kind == "rematch" and isinstance(message.get("rematch"), str):
            table.rematch_made(message["rematch"])
        else:
            await table.on_remote(message)

    def close(self) -> None:
        for table in self.tables.values():
            table.close()


def give_back_memory() -> None:
    """Hand the memory of tables let go back to the system where the C library can
    (glibc's ``malloc_trim``): freed blocks otherwise stay in the process, and its
    resident size stays where the busiest moment left it. 1,500 abandoned tables: +11
    MB resident, 2 MB back after the sweep, 2 more with this (no object of theirs is
    left: the rest is the allocator's)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


@functools.cache
def _libc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.malloc_trim  # noqa: B018  (glibc only)
    except (OSError, AttributeError):
        return None
    return libc

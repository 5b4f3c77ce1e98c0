"""The tables one server process holds: created here, or loaded from the store on demand.

After a restart the unfinished tables that play on by themselves (bots, away seats, a
clock) are loaded at once; the others when a client first asks for them. With several
workers, each keeps its own copy of the tables its clients use, in step through the bus,
and one of them owns each table (``owners``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.games import REGISTRY
from tabletop.server import bots
from tabletop.server.errors import TableError
from tabletop.server.forwarding import refusal
from tabletop.server.security import new_seed, new_table_id
from tabletop.server.services import Services
from tabletop.server.store import SeatRow, TableRow
from tabletop.server.tables import LiveTable

log = logging.getLogger(__name__)

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


class TableManager:
    """The tables this process holds, loading them from the store on demand."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.setting_up = asyncio.Semaphore(SETUP_AT_ONCE)

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[SeatSpec],
        seed: int | None,
        clock: float | None,
    ) -> LiveTable:
        row, seat_rows = self._new_rows(game_name, players, options, seats, seed, clock)
        async with self.setting_up:
            await self.services.writer.call(self.services.store.create_table, row, seat_rows)
        return await self._open_new(row, seat_rows)

    async def rematch(self, old: LiveTable) -> LiveTable:
        """The table that continues ``old`` (over): made by the first request, with the
        same game, players, options, clock and bots, a new secret seed, and each of
        ``old``'s people's seats ``reserved`` for them. Later requests, on any worker,
        get the same table."""
        if old.row.rematch is None:
            specs = [
                SeatSpec("bot", s.bot, s.name)
                if s.kind == "bot"
                else SeatSpec("reserved", None, s.name)
                for s in old.seats
            ]
            row, seat_rows = self._new_rows(
                old.row.game, old.row.players, old.row.options, specs, None, old.row.clock
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
    ) -> tuple[TableRow, list[SeatRow]]:
        """A new table's rows, checked: players, options, seats and bot specs."""
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
        return row, seat_rows

    async def _open_new(self, row: TableRow, seat_rows: list[SeatRow]) -> LiveTable:
        """A table just stored: this worker owns it and holds it; bots start."""
        async with self.setting_up:
            await self.services.owners.claim(row.id)
        table = LiveTable(row, seat_rows, self.services)
        self.tables[row.id] = table
        async with table.lock:
            table.start_play()
        return table

    async def join(self, table_id: str, seat: int, name: str) -> tuple[LiveTable, str]:
        """A person takes an open seat (a set-up, waiting its turn); the table and the
        seat's secret token."""
        table = await self.get(table_id)
        async with self.setting_up:
            return table, await table.join(seat, name)

    async def get(self, table_id: str, fresh: bool = False) -> LiveTable:
        """The live table ``table_id``; ``fresh`` reads any actions other workers wrote."""
        table = self.tables.get(table_id)
        if table is not None:
            if fresh and self.services.shared:
                await table.catch_up()
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is None:
                async with self.setting_up:
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
        if not table.over:
            await self.services.owners.claim(table_id)
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
                    await self.tables[table_id].take_over()
            except Exception:
                log.exception("could not renew or take over table leases")

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

"""The server playing for seats: bots in bot and away seats, the clock for people.

Bots run one decision at a time per table, lowest seat first, in the server's bot
processes (``botpool``: a search bot thinks for a while, on a deadline; the event loop
must not). The clock, when the table has
one, plays a person's default action when their decision runs out of time. Both answer
a decision by its marker, so an answer that comes after the decision moved on is
refused by the table and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from tabletop.server import bots
from tabletop.server.botpool import Asker, ThinkingBudget
from tabletop.server.clock import DecisionClock
from tabletop.server.errors import TableError

if TYPE_CHECKING:
    from tabletop.server.tables import LiveTable

log = logging.getLogger(__name__)


class Autoplay:
    """One table's bot driver and clock."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.clock = DecisionClock(bool(table.row.clock) or table.row.game_clock is not None)
        self.timed_out: dict[int, tuple[int, int]] = {}
        """Seats whose time ran out, with the key (``State.decision_key``) of the decision
        it ran out in: while the seat's steps keep that key the clock plays them at once
        (a forced choice in soul processing, then ``done``), not one clock period per
        step; its next decision gets the whole clock again."""
        self._bots: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        config = table.services.config
        self.thinking = ThinkingBudget(config.bot_table_share, config.bot_table_burst)
        """This table's bots' share of the bot processes' time."""

    def decisions_changed(self, seats: list[int]) -> None:
        """Hand each of these seats' new decisions to its bot, or arm its clock."""
        table = self.table
        for seat in seats:
            self.clock.cancel(seat)
            decision = table.decisions[seat]
            ran_out = self.timed_out.pop(seat, None)
            if decision is None:
                continue
            if table.botted(seat):
                self._wake_bots()
            elif ran_out is not None and ran_out == table.state.decision_key(seat):
                self.timed_out[seat] = ran_out
                self._on_timeout(seat, decision)
            else:
                timeout = functools.partial(self._on_timeout, seat, decision)
                self.clock.arm(seat, timeout, table.decision_time(seat))

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task this table keeps until it ends."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def stop(self) -> None:
        self.clock.cancel_all()
        if self._bots is not None:
            self._bots.cancel()

    def _wake_bots(self) -> None:
        if self._bots is None or self._bots.done():
            self._bots = asyncio.get_running_loop().create_task(self._drive_bots())

    async def _drive_bots(self) -> None:
        """Play the bot seats' decisions one at a time, lowest seat first.

        One driver per table, not a task per seat: bots deciding at the same moment then
        always act in the same order, so a table's record depends only on its seed and
        its people, never on thread timing.
        """
        table = self.table
        failed: tuple[int, int] | None = None
        while True:
            await asyncio.sleep(table.services.bot_delay)
            if table.over:
                return
            found = next(
                (
                    (p, d)
                    for p, d in enumerate(table.decisions)
                    if d is not None and table.botted(p)
                ),
                None,
            )
            if found is None:
                return
            seat, decision = found
            spec = table.seats[seat].bot or bots.DEFAULT_BOT
            view = table.state.view(seat)
            legal = table.state.legal_actions(seat)
            pause = self.thinking.pause()
            if pause > 0:  # this table's bots used their share of the pool: wait
                await asyncio.sleep(pause)
                continue  # and look again: the seat may have come back meanwhile
            asker = Asker(
                table=table.id,
                owner=table.row.creator or f"table {table.id}",
                people=any(s.kind == "human" and not s.away for s in table.seats),
            )
            action, thought = await table.services.bot_pool.choose(
                spec, table.game, table.row.seed, seat, decision, view, legal, asker
            )
            self.thinking.charge(thought)
            try:
                await table.submit(seat, action, decision, "bot", decision=decision)
            except TableError as exc:  # the decision moved on meanwhile, or worse
                if failed == (seat, decision):
                    log.error("table %s: bot for seat %d is stuck: %s", table.id, seat, exc.code)
                    return
                failed = (seat, decision)

    def _on_timeout(self, seat: int, decision: int) -> None:
        self.spawn(self._timeout(seat, decision))

    async def _timeout(self, seat: int, decision: int) -> None:
        table = self.table
        if table.decisions[seat] != decision or table.botted(seat) or table.over:
            return
        self.timed_out[seat] = table.state.decision_key(seat)
        action = bots.default_action(table.state.legal_actions(seat))
        with contextlib.suppress(TableError):
            await table.submit(seat, action, decision, "clock", decision=decision)

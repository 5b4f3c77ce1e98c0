"""Server bots think in a pool of processes of their own, each decision on a deadline.

A search bot thinks for seconds; in the event loop's process it would take the GIL
from every table, and in asyncio's default threads (which the database's reads use too)
seven slow bots once stopped the whole server. So bot decisions run in ``bot_workers``
processes (pebble's :class:`ProcessPool`), at a lower CPU priority than the server:
the tables' I/O always comes first, and no bot can hold a thread the server needs.

Every decision has a deadline: its bot's ``time`` (else the server's largest allowed
time) plus ``bot_grace``. A bot still thinking then is stopped (pebble ends its
process and starts a fresh one), and the game's fallback bot (the heuristic) plays the
decision instead; if that fails too, the seat plays its first legal action, as the
clock would. Each table hands the pool one decision at a time (``autoplay``), so a
table with four search bots takes one worker at most, and the pool serves tables in
turn; and each table has a budget of thinking time (:class:`ThinkingBudget`). Shutting
the server down stops every worker at once.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Sequence
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from pebble import ProcessPool

from tabletop.bots import parse_spec
from tabletop.core.actions import Action
from tabletop.core.game import Game
from tabletop.server import bots
from tabletop.server.limits import fallback_spec

log = logging.getLogger(__name__)

NICENESS = 10
"""How much lower the workers' CPU priority is than the server's."""

FALLBACK_SECONDS = 1.0
"""Deadline of the fallback bot's decision."""


def _start_worker() -> None:
    """In each worker: yield the CPU to the server's own process."""
    os.nice(NICENESS)


def _decide(
    spec: str, game_name: str, seed: int, seat: int, decision: int, view: Any, legal: list[int]
) -> tuple[int, float]:
    """In a worker: the bot's action id for this decision, and the seconds it thought."""
    from tabletop.games import REGISTRY

    start = time.perf_counter()
    game = REGISTRY.get(game_name)
    actions = [game.actions[i] for i in legal]
    chosen = bots.choose(spec, game, seed, seat, decision, view, actions)
    return int(game.actions.id_of(chosen)), time.perf_counter() - start


class ThinkingBudget:
    """A table's bots' share of the pool: on average ``share`` of one worker's time,
    with bursts of up to ``burst`` seconds. A table whose bots thought more than that
    waits before its next decision, so a table of search bots slows itself down rather
    than the tables behind it in the pool's queue."""

    def __init__(self, share: float, burst: float) -> None:
        self.share = share
        self.burst = burst
        self.left = burst
        self.stamp = time.monotonic()
        self.spent = 0.0
        """Seconds charged in all."""

    def _refill(self, now: float) -> None:
        self.left = min(self.burst, self.left + (now - self.stamp) * self.share)
        self.stamp = now

    def charge(self, seconds: float, now: float | None = None) -> None:
        """The table's bots thought ``seconds``."""
        self._refill(time.monotonic() if now is None else now)
        self.left -= seconds
        self.spent += seconds

    def pause(self, now: float | None = None) -> float:
        """Seconds the table waits before its next bot decision (0: none)."""
        self._refill(time.monotonic() if now is None else now)
        return 0.0 if self.left >= 0 else -self.left / self.share


def decision_seconds(spec: str, largest: float) -> float:
    """The thinking time a spec asks for: its ``time``, else the server's largest."""
    try:
        _, params = parse_spec(spec)
    except ValueError:
        return largest
    asked = params.get("time")
    if isinstance(asked, int | float) and not isinstance(asked, bool) and 0 < asked <= largest:
        return float(asked)
    return largest


class BotPool:
    """Processes that decide for server bots, on a deadline."""

    def __init__(self, workers: int, largest_time: float, grace: float) -> None:
        self.largest_time = largest_time
        self.grace = grace
        # forkserver: a worker is forked from a small clean process (not from this one,
        # with its threads and sockets) that has the bots' modules loaded already
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tabletop.server.botpool"])
        self._pool = ProcessPool(max_workers=workers, initializer=_start_worker, context=context)
        self.timeouts = 0
        """Decisions stopped at their deadline (for tests and logs)."""
        self.waiting = 0
        """Decisions in the pool now, thinking or queued."""

    async def choose(
        self,
        spec: str,
        game: Game,
        table_seed: int,
        seat: int,
        decision: int,
        view: Any,
        legal: Sequence[Action],
    ) -> tuple[Action, float]:
        """The bot's action, its fallback's if it overruns its deadline or fails; and
        the seconds the pool spent on it."""
        if len(legal) == 1:
            return legal[0], 0.0
        ids = [game.actions.id_of(a) for a in legal]
        asked = (game.info.name, table_seed, seat, decision, view, ids)
        deadline = decision_seconds(spec, self.largest_time) + self.grace
        spent = 0.0
        for attempt, seconds in ((spec, deadline), (fallback_spec(game), FALLBACK_SECONDS)):
            try:
                chosen, thought = await self._run(attempt, asked, seconds)
            except asyncio.CancelledError:
                raise
            except (TimeoutError, FutureTimeout):
                self.timeouts += 1
                spent += seconds
                log.warning("bot %r ran out of its %.1f s; its fallback plays", attempt, seconds)
            except Exception as exc:  # a bot that fails must not stop its table
                log.error("bot %r failed (%s); its fallback plays", attempt, type(exc).__name__)
            else:
                action: Action = game.actions[chosen]
                return action, spent + thought
        return bots.default_action(legal), spent

    async def _run(self, spec: str, asked: tuple[Any, ...], seconds: float) -> tuple[int, float]:
        """``spec``'s decision on ``asked`` (the rest of :func:`_decide`'s arguments)."""
        future = self._pool.schedule(_decide, args=(spec, *asked), timeout=seconds)
        self.waiting += 1
        try:
            result: tuple[int, float] = await asyncio.wrap_future(future)
        finally:
            self.waiting -= 1
        return result

    def close(self) -> None:
        """Stop every worker now (a decision in progress is abandoned)."""
        self._pool.stop()  # type: ignore[no-untyped-call]
        self._pool.join(timeout=5)

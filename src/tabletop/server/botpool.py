"""Server bots think in a pool of processes of their own, each decision on a deadline.

A search bot thinks for seconds; in the event loop's process it would take the GIL
from every table, and in asyncio's default threads (which the database's reads use too)
seven slow bots once stopped the whole server. So bot decisions run in ``bot_workers``
processes (pebble's :class:`ProcessPool`), at a lower CPU priority than the server:
the tables' I/O always comes first, and no bot can hold a thread the server needs.

Every decision has a deadline: its bot's ``ceiling`` (the wall-clock cap of a CPU-time
search, :mod:`tabletop.bots.levels`), else its ``time``, else the server's largest
allowed time, plus ``bot_grace``. A bot still thinking then is stopped (pebble ends its
process and starts a fresh one), and the game's fallback bot (the heuristic) plays the
decision instead; if that fails too, the seat plays its first legal action, as the
clock would. Each table hands the pool one decision at a time (``autoplay``), so a
table with four search bots takes one worker at most; and each table has a budget of
thinking time (:class:`ThinkingBudget`). Shutting the server down stops every worker at
once.

The pool is shared fairly (issue 26: one address's twenty tables of search bots made
every other table with a bot wait tens of seconds a decision). Two lanes:

- **Quick** bots (a spec whose decisions take under :data:`QUICK_SECONDS` on average,
  as measured here; a spec not yet measured is quick unless it asks for ``time``)
  decide in a process of their own, so a table of cheap bots never waits behind
  anyone's search.
- **Search** bots share the ``bot_workers`` processes through :class:`FairShare`,
  not first come first served: when a process is free, the next decision is a table
  with people at it before a table of bots only, then the one whose address has used
  the least thinking time lately, then its table that has. Every decision counts
  against its address at its asked time when it starts (corrected by what it took
  when it ends), so an address with expensive specs waits its turn behind the others.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Sequence
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
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

QUICK_SECONDS = 0.05
"""A spec whose decisions take less than this on average thinks in the quick lane."""

HALF_LIFE = 60.0
"""Seconds over which an address's or a table's thinking time counts half as much."""


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


def deadline_seconds(spec: str, largest: float) -> float:
    """The longest a spec's decision may take before ``bot_grace``: its ``ceiling``
    (a ``clock=cpu`` search's ``time`` is CPU seconds, which a loaded machine stretches
    up to the ceiling), else :func:`decision_seconds`."""
    try:
        _, params = parse_spec(spec)
    except ValueError:
        return largest
    ceiling = params.get("ceiling")
    if isinstance(ceiling, int | float) and not isinstance(ceiling, bool) and ceiling > 0:
        return float(min(ceiling, largest))
    return decision_seconds(spec, largest)


@dataclass(frozen=True)
class Asker:
    """Who a decision is for, as :class:`FairShare` weighs it."""

    table: str
    owner: str
    """The address that made the table (its quota key), else the table itself."""
    people: bool = False
    """Whether a person sits at the table (their tables come first)."""


@dataclass(eq=False)
class _Waiting:
    asker: Asker
    expect: float
    order: int
    turn: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class FairShare:
    """Hands ``slots`` processes to waiting decisions fairly (see the module's docstring).

    Usage is thinking time, kept per address and per table and halving every
    :data:`HALF_LIFE` seconds, so an address that stops asking is soon served like a
    new one.
    """

    def __init__(self, slots: int, half_life: float = HALF_LIFE) -> None:
        self.slots = slots
        self.busy = 0
        self.half_life = half_life
        self.waiting: list[_Waiting] = []
        self.used: dict[str, float] = {}
        """Recent thinking seconds of each address (``a:``) and table (``t:``)."""
        self._stamp = time.monotonic()
        self._order = 0

    def _decay(self) -> None:
        now = time.monotonic()
        factor = 0.5 ** ((now - self._stamp) / self.half_life)
        self._stamp = now
        self.used = {k: v * factor for k, v in self.used.items() if v * factor > 1e-3}

    def charge(self, asker: Asker, seconds: float) -> None:
        for key in (f"a:{asker.owner}", f"t:{asker.table}"):
            self.used[key] = max(0.0, self.used.get(key, 0.0) + seconds)

    async def turn(self, asker: Asker, expect: float) -> None:
        """Wait for a process; the caller then thinks and calls :meth:`done` (also when
        it fails). ``expect`` is counted against the asker at once."""
        self._order += 1
        waiting = _Waiting(asker, expect, self._order)
        self.waiting.append(waiting)
        self._next()
        try:
            await waiting.turn
        except asyncio.CancelledError:
            if waiting in self.waiting:
                self.waiting.remove(waiting)
            elif not waiting.turn.cancelled():  # given a process as it was cancelled
                self.done(asker, expect, 0.0)
            raise

    def done(self, asker: Asker, expected: float, took: float) -> None:
        """A decision that had a process ended after ``took`` seconds."""
        self.busy -= 1
        self.charge(asker, took - expected)
        self._next()

    def _next(self) -> None:
        if not self.waiting or self.busy >= self.slots:
            return
        self._decay()
        used = self.used
        while self.waiting and self.busy < self.slots:
            chosen = min(
                self.waiting,
                key=lambda w: (
                    not w.asker.people,
                    used.get(f"a:{w.asker.owner}", 0.0),
                    used.get(f"t:{w.asker.table}", 0.0),
                    w.order,
                ),
            )
            self.waiting.remove(chosen)
            if chosen.turn.done():  # its asker gave up (was cancelled) meanwhile
                continue
            self.busy += 1
            self.charge(chosen.asker, chosen.expect)
            chosen.turn.set_result(None)


class SpecCosts:
    """What each bot spec's decisions have taken on average, to choose its lane."""

    MOST = 1000
    """Specs remembered (a client could send many different ones)."""

    def __init__(self) -> None:
        self.mean: dict[str, float] = {}

    def quick(self, spec: str) -> bool:
        known = self.mean.get(spec)
        if known is not None:
            return known < QUICK_SECONDS
        try:
            _, params = parse_spec(spec)
        except ValueError:
            return False
        return "time" not in params

    def note(self, spec: str, seconds: float) -> None:
        if spec not in self.mean and len(self.mean) >= self.MOST:
            self.mean.clear()
        known = self.mean.get(spec)
        self.mean[spec] = seconds if known is None else 0.8 * known + 0.2 * seconds


class BotPool:
    """Processes that decide for server bots, on a deadline, shared fairly."""

    def __init__(self, workers: int, largest_time: float, grace: float) -> None:
        self.largest_time = largest_time
        self.grace = grace
        # forkserver: a worker is forked from a small clean process (not from this one,
        # with its threads and sockets) that has the bots' modules loaded already
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tabletop.server.botpool"])
        self._pool = ProcessPool(max_workers=workers, initializer=_start_worker, context=context)
        self._quick = ProcessPool(max_workers=1, initializer=_start_worker, context=context)
        """The quick lane: cheap bots never wait behind a search."""
        self.share = FairShare(workers)
        self.costs = SpecCosts()
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
        asker: Asker | None = None,
    ) -> tuple[Action, float]:
        """The bot's action, its fallback's if it overruns its deadline or fails; and
        the seconds the pool spent on it. ``asker``: who it is for (default: a table of
        its own)."""
        if len(legal) == 1:
            return legal[0], 0.0
        asker = asker or Asker(table="?", owner="?")
        ids = [game.actions.id_of(a) for a in legal]
        asked = (game.info.name, table_seed, seat, decision, view, ids)
        deadline = deadline_seconds(spec, self.largest_time) + self.grace
        spent = 0.0
        for attempt, seconds in ((spec, deadline), (fallback_spec(game), FALLBACK_SECONDS)):
            try:
                chosen, thought = await self._lane(attempt, asked, seconds, asker)
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

    async def _lane(
        self, spec: str, asked: tuple[Any, ...], seconds: float, asker: Asker
    ) -> tuple[int, float]:
        """``spec``'s decision on ``asked`` (the rest of :func:`_decide`'s arguments),
        in the quick lane or, waiting its fair turn, in the search processes."""
        self.waiting += 1
        try:
            if self.costs.quick(spec):
                try:
                    result = await self._run(self._quick, spec, asked, seconds)
                except (TimeoutError, FutureTimeout):
                    self.costs.note(spec, seconds)  # not quick after all: a search lane's
                    raise
            else:
                expect = decision_seconds(spec, self.largest_time)
                await self.share.turn(asker, expect)
                took = seconds  # a decision that fails or overruns took its deadline
                try:
                    result = await self._run(self._pool, spec, asked, seconds)
                    took = result[1]
                finally:
                    self.share.done(asker, expect, took)
        finally:
            self.waiting -= 1
        self.costs.note(spec, result[1])
        return result

    @staticmethod
    async def _run(
        pool: ProcessPool, spec: str, asked: tuple[Any, ...], seconds: float
    ) -> tuple[int, float]:
        future = pool.schedule(_decide, args=(spec, *asked), timeout=seconds)
        result: tuple[int, float] = await asyncio.wrap_future(future)
        return result

    def close(self) -> None:
        """Stop every worker now (a decision in progress is abandoned)."""
        for pool in (self._pool, self._quick):
            pool.stop()  # type: ignore[no-untyped-call]
            pool.join(timeout=5)

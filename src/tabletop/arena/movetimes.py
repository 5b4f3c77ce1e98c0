"""How long each bot the lobby offers takes a decision, on a quiet and a loaded machine.

The lobby's server makes a fresh bot for every decision (``server.bots.choose``) and
never asks a bot to choose among one legal action; :func:`measure` does the same on
positions drawn from games the game's heuristic plays against itself (every part of a
game, not only its opening), timing each decision in the thread's CPU time and in
wall-clock time. ``load`` busy-loop processes (started here, stopped at the end) stand
for a busy server: a ``clock=cpu`` search keeps its CPU time and waits longer, up to its
``ceiling`` (:mod:`tabletop.bots.levels`), where it stops (counted as ``ceiling``).

``tabletop bots move-times`` is the command; docs/bots/move-times.md its report.
"""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tabletop import compiled
from tabletop.bots import BOTS, make_bot
from tabletop.bots.levels import levels
from tabletop.core.actions import Action
from tabletop.core.game import Game
from tabletop.games import REGISTRY
from tabletop.sim.runner import make_bots

POSITION_BOT = "heuristic"
"""The bot whose self-play games the positions are drawn from (``random`` for a game
without a heuristic)."""

MOST_GAMES = 200
"""Games played at most to collect positions."""


@dataclass(frozen=True)
class Position:
    """One decision of a game: who decides, what they see and may do."""

    seat: int
    view: Any
    legal: tuple[Action, ...]


@dataclass(frozen=True)
class Times:
    """One spec's decisions: CPU and wall seconds each, and how its searches stopped."""

    spec: str
    cpu: tuple[float, ...]
    wall: tuple[float, ...]
    ceiling: int
    """Decisions a search's wall-clock ceiling cut short."""

    def to_json(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "decisions": len(self.cpu),
            "cpu": summary(self.cpu),
            "wall": summary(self.wall),
            "ceiling": self.ceiling,
        }


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` percentile (0 < q <= 100) of ``values``."""
    if not values:
        raise ValueError("a percentile of no values")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def summary(values: Sequence[float]) -> dict[str, float]:
    """Mean, 95th percentile and largest of ``values`` (seconds)."""
    return {
        "mean": sum(values) / len(values),
        "p95": percentile(values, 95),
        "max": max(values),
    }


def lobby_specs(game: str) -> list[str]:
    """Every bot spec the lobby offers for ``game`` (each bot's levels), in name order."""
    out: list[str] = []
    for bot in BOTS.names(game):
        out.extend(s for s in levels(game, bot) if s not in out)
    return out


def positions(game: Game, count: int, seed: int, players: int) -> list[Position]:
    """``count`` decisions with more than one legal action, drawn uniformly (seeded)
    from self-play games of :data:`POSITION_BOT`, games seeded ``seed``, ``seed + 1``..."""
    if count < 1:
        raise ValueError(f"positions must be at least 1, got {count}")
    kit = REGISTRY.kit(game.info.name)
    spec = POSITION_BOT if kit.has(f"bot:{POSITION_BOT}") else "random"
    found: list[Position] = []
    for g in range(MOST_GAMES):
        if len(found) >= 4 * count:
            break
        state = game.new_game(players, seed + g)
        bots = make_bots(game, [spec] * players, seed + g)
        while not state.is_terminal():
            chosen = []
            for p in state.current_players():
                legal = tuple(state.legal_actions(p))
                view = state.view(p)
                if len(legal) > 1:
                    found.append(Position(p, view, legal))
                chosen.append((p, bots[p].act(view, legal)))
            for p, action in chosen:
                state.apply(p, action)
    if not found:
        raise ValueError(f"{game.info.name}: no decision with a choice in {MOST_GAMES} games")
    rng = random.Random(seed)
    return rng.sample(found, min(count, len(found)))


def time_spec(
    game: Game,
    spec: str,
    where: Sequence[Position],
    seed: int,
    cpu_clock: Callable[[], float] = time.thread_time,
    wall_clock: Callable[[], float] = time.perf_counter,
) -> Times:
    """Each decision of ``spec`` on ``where``, a fresh bot each (as the server makes)."""
    cpu: list[float] = []
    wall: list[float] = []
    cut = 0
    for i, position in enumerate(where):
        c0, w0 = cpu_clock(), wall_clock()
        bot = make_bot(spec, game, position.seat, seed + i)
        bot.act(position.view, position.legal)
        cpu.append(cpu_clock() - c0)
        wall.append(wall_clock() - w0)
        last = getattr(bot, "last", None)
        if getattr(last, "stopped", None) == "ceiling":
            cut += 1
    return Times(spec, tuple(cpu), tuple(wall), cut)


SPIN = "while True: pass"
"""A load process's program: a bare interpreter, so it needs nothing of this package."""


@contextmanager
def load(processes: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``processes`` busy-looping processes for the duration (a busy server); a clear
    error if one does not start."""
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(processes)]
    try:
        time.sleep(0.2 if processes else 0.0)
        dead = [s.args for s in spinners if s.poll() is not None]
        if dead:
            raise RuntimeError(f"{len(dead)} load processes did not start")
        yield spinners
    finally:
        for s in spinners:
            s.terminate()
        for s in spinners:
            s.wait()


@dataclass(frozen=True)
class Run:
    """One game at one load: the machine's load average and each spec's times."""

    game: str
    load: int
    loadavg: tuple[float, float]
    """The one-minute load average before and after."""
    times: tuple[Times, ...]
    compiled: bool = True
    """Whether the compiled engine modules ran (else the pure-Python sources)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "load": self.load,
            "compiled": self.compiled,
            "loadavg": list(self.loadavg),
            "specs": [t.to_json() for t in self.times],
        }


def measure(
    game_name: str,
    specs: Sequence[str],
    count: int,
    loads: Sequence[int],
    seed: int,
    players: int = 4,
    on_spec: Callable[[str, int], None] | None = None,
) -> list[Run]:
    """Every spec's decisions on the same ``count`` positions of ``game_name``, at each
    number of ``loads`` processes. ``on_spec(spec, load)`` is called before each."""
    game = REGISTRY.get(game_name)
    where = positions(game, count, seed, players)
    runs = []
    for busy in loads:
        if busy < 0:
            raise ValueError(f"a load is a number of processes, got {busy}")
        before = os.getloadavg()[0]
        found = []
        with load(busy):
            for spec in specs:
                if on_spec is not None:
                    on_spec(spec, busy)
                found.append(time_spec(game, spec, where, seed))
        after = os.getloadavg()[0]
        runs.append(Run(game_name, busy, (before, after), tuple(found), compiled.ACTIVE))
    return runs


def markdown(runs: Sequence[Run], command: str, cores: int | None = None) -> str:
    """The report: one table per game and load."""
    lines = [
        "# Move times of the lobby's bots",
        "",
        "Every bot spec the lobby offers, timed on the same positions (decisions with more",
        "than one legal action, drawn from the heuristic's self-play games), a fresh bot",
        "each decision as the server makes them; CPU is the deciding thread's CPU time",
        "(`time.thread_time`), wall the wall-clock time; `ceiling`: decisions a search's",
        "wall-clock ceiling cut short. Times in milliseconds. Made by",
        "(`src/tabletop/arena/movetimes.py`):",
        "",
        "```",
        command,
        "```",
        "",
        f"Machine: {cores or os.cpu_count()} cores, shared with other work; its one-minute "
        "load average",
        'before and after each table is given ("0 load processes": none of the command\'s',
        "own).",
    ]
    for run in runs:
        count = len(run.times[0].cpu) if run.times else 0
        lines += [
            "",
            f"## {run.game}, {run.load} load processes ({count} decisions each; "
            f"load average {run.loadavg[0]:.1f} before, {run.loadavg[1]:.1f} after"
            f"{'' if run.compiled else '; pure Python, the compiled build was stale'})",
            "",
            "| bot spec | CPU mean | CPU p95 | CPU max | wall mean | wall p95 | wall max "
            "| ceiling |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for t in run.times:
            c, w = summary(t.cpu), summary(t.wall)
            cells = [f"{1000 * x[k]:.1f}" for x in (c, w) for k in ("mean", "p95", "max")]
            lines.append(f"| `{t.spec}` | {' | '.join(cells)} | {t.ceiling} |")
    return "\n".join(lines) + "\n"

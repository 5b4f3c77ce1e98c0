"""Search budgets fair on a busy server: CPU time with a wall-clock ceiling.

The clocks are injected (fake clocks that tick a fixed step on every reading), so the
tests say exactly when a budget stops without timing anything. Steps are powers of two,
so the sums are exact. The timer reads the CPU clock once per check and the wall clock
once more only when a ceiling is set and the CPU budget is not spent yet.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

import tabletop
from tabletop.bots import UnknownBotError, make_bot
from tabletop.bots.mcts.search import Budget, Settings, search

from .matrix_game import MatrixGame
from .test_mcts_bot import _deciding_state
from .test_simultaneous_nodes import PENNIES


class _Ticking:
    """A fake clock: each reading moves it on by ``step`` seconds."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


def _iterations(budget: Budget) -> tuple[int, str]:
    game = MatrixGame(PENNIES)
    out = search(
        lambda k: game.determinize(None, k),
        0,
        [0, 1],
        budget,
        Settings(c=0.7, margin=0.0),
        random.Random(1),
    )
    return out.iterations, out.stopped


def test_a_cpu_budget_counts_cpu_time_not_wall_time() -> None:
    """A loaded machine: an iteration takes 1/64 s of CPU and 1/8 s of wall time. The
    CPU budget runs its 0.25 s of CPU (16 iterations) however long the wall clock says."""
    budget = Budget(seconds=0.25, cpu=True, cpu_clock=_Ticking(1 / 64), wall_clock=_Ticking(1 / 8))
    assert _iterations(budget) == (16, "time")


def test_the_ceiling_stops_a_cpu_budget_the_load_stretches() -> None:
    """The same load with a 1 s ceiling: 1/8 s of wall time an iteration stops it after
    8 iterations (1 s), before its CPU budget is spent."""
    budget = Budget(
        seconds=0.25,
        cpu=True,
        ceiling=1.0,
        cpu_clock=_Ticking(1 / 64),
        wall_clock=_Ticking(1 / 8),
    )
    assert _iterations(budget) == (8, "ceiling")


def test_on_a_quiet_machine_the_ceiling_is_never_reached() -> None:
    budget = Budget(
        seconds=0.25, cpu=True, ceiling=1.0, cpu_clock=_Ticking(1 / 64), wall_clock=_Ticking(1 / 64)
    )
    assert _iterations(budget) == (16, "time")


def test_the_ceiling_caps_an_iteration_budget() -> None:
    budget = Budget(iterations=1000, ceiling=1.0, wall_clock=_Ticking(1 / 16))
    assert _iterations(budget) == (16, "ceiling")
    assert _iterations(replace(budget, ceiling=None)) == (1000, "iterations")


def test_a_wall_clock_budget_reads_only_the_wall_clock() -> None:
    cpu = _Ticking(1.0)
    budget = Budget(seconds=0.5, cpu_clock=cpu, wall_clock=_Ticking(1 / 16))
    assert _iterations(budget) == (8, "time")
    assert cpu.readings == 1  # the timer's start only


def test_the_default_cpu_clock_is_the_searching_threads() -> None:
    """``thread_time``: only this thread's CPU is this decision's (a pool's or a
    progress bar's threads in the same process are not)."""
    assert Budget(seconds=1.0, cpu=True).cpu_clock is time.thread_time
    assert Budget(seconds=1.0).wall_clock is time.perf_counter


def test_the_bot_counts_its_guide_in_its_budget() -> None:
    """The decision's timer starts before the guide is asked: a guide that spends the
    whole ceiling leaves the search its one iteration."""
    state, seat = _deciding_state("wicked-labyrinth", 3)
    bot = make_bot("mcts:time=0.25,clock=cpu,ceiling=1,guide=heuristic", state.game, seat, seed=1)
    wall = _Ticking(0.0)
    bot.budget = replace(bot.budget, wall_clock=wall)  # type: ignore[attr-defined]
    guide = bot.guide  # type: ignore[attr-defined]
    asked = guide.act

    def slow(view, legal):  # type: ignore[no-untyped-def]
        wall.now += 5.0  # the guide took five wall seconds
        return asked(view, legal)

    guide.act = slow
    action = bot.act(state.view(seat), state.legal_actions(seat))
    assert state.is_legal(seat, action)
    assert bot.last.iterations == 1 and bot.last.stopped == "ceiling"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:time=0.25,ceiling=2", "a wall-clock time is its own ceiling"),
        ("mcts:time=0.25,clock=cpu,ceiling=0.1", "must be at least the time"),
        ("mcts:iterations=10,ceiling=0", "ceiling must be positive seconds"),
        ("mcts:iterations=10,ceiling=soon", "ceiling must be seconds"),
    ],
)
def test_bad_ceilings_are_refused(spec: str, words: str) -> None:
    with pytest.raises(UnknownBotError, match=words):
        make_bot(spec, tabletop.game("code-of-nine"), 0)


def test_a_lobby_spec_plays_with_its_ceiling() -> None:
    state, seat = _deciding_state("code-of-nine", 4)
    bot = make_bot("mcts:time=0.05,clock=cpu,ceiling=2,depth=4", state.game, seat, seed=1)
    assert state.is_legal(seat, bot.act(state.view(seat), state.legal_actions(seat)))
    assert bot.last.stopped in ("time", "ceiling")  # type: ignore[attr-defined]

"""A lobby search counts CPU time with a wall-clock ceiling: the pool waits for the
ceiling (not the CPU ``time``, which a loaded worker stretches), and the fair share
still expects the ``time`` it asked for."""

from __future__ import annotations

import tabletop
from tabletop.bots.levels import LEVELS
from tabletop.server.botpool import deadline_seconds, decision_seconds
from tabletop.server.config import DEFAULT_BOT_LIMITS
from tabletop.server.limits import check_bot_spec


def test_a_ceiling_is_the_deadline_and_time_the_expected_cost() -> None:
    spec = "mcts:time=0.25,clock=cpu,ceiling=1.5"
    assert deadline_seconds(spec, 2.0) == 1.5
    assert decision_seconds(spec, 2.0) == 0.25


def test_a_ceiling_past_the_servers_largest_time_is_cut_to_it() -> None:
    assert deadline_seconds("mcts:iterations=100,ceiling=9", 2.0) == 2.0


def test_without_a_ceiling_the_deadline_is_the_time() -> None:
    assert deadline_seconds("mcts:time=0.5", 2.0) == 0.5
    assert deadline_seconds("heuristic", 2.0) == 2.0


def test_the_default_limits_accept_every_search_the_lobby_offers() -> None:
    for game, by_bot in LEVELS.items():
        for spec in by_bot.get("mcts", ()):
            check_bot_spec(spec, tabletop.game(game), DEFAULT_BOT_LIMITS)

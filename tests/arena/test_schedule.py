"""Seat rotation: every bot plays every seat equally often, lineups share their deal."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.arena.schedule import cycle_length, lineups, match, schedule


def test_rotations_put_every_bot_in_every_seat_equally() -> None:
    bots = ("a", "b", "c", "d", "e")
    cycle = cycle_length(bots, 4)
    assert cycle == 4 * 5
    plan = schedule(bots, 4, 2 * cycle, seed=10)
    seats = Counter((bot, seat) for m in plan for seat, bot in enumerate(m.seats))
    assert set(seats.values()) == {2 * 4}  # each bot sits in each seat 8 times
    assert len(seats) == 5 * 4


def test_a_lineup_is_played_rotated_from_one_seed() -> None:
    plan = schedule(("x", "y", "z"), 3, 6, seed=7)
    assert [m.seed for m in plan] == [7, 7, 7, 8, 8, 8]
    assert [m.seats for m in plan[:3]] == [("x", "y", "z"), ("z", "x", "y"), ("y", "z", "x")]
    assert [m.index for m in plan] == list(range(6))
    assert match(4, ("x", "y", "z"), 3, 7) == plan[4]


def test_a_repeated_bot_holds_several_seats() -> None:
    plan = schedule(("m", "h", "h", "h"), 4, 8, seed=0)
    assert [m.seats.index("m") for m in plan] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert all(Counter(m.seats) == {"h": 3, "m": 1} for m in plan)


def test_too_few_bots_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 4 bots"):
        lineups(("a", "b"), 4)
    with pytest.raises(ValueError):
        match(-1, ("a", "b"), 2, 0)

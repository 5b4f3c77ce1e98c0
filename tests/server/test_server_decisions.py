"""Decision markers' clocks: how long a seat has left to decide."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.server import decisions


def test_a_clock_counts_from_when_the_decision_began_or_started_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Time left is the clock minus the time since the seat's marker was set; a seat
    that comes back to the same decision starts over; no clock: no time; no decision:
    None."""
    now = [100.0]
    monkeypatch.setattr(decisions.time, "monotonic", lambda: now[0])
    state = tabletop.new_game("code-of-nine", players=3, seed=1)
    markers = decisions.DecisionMarkers(3)
    markers.refresh(state, 0, True, None)
    deciding = state.current_players()[0]
    now[0] = 112.5
    current = markers.current(30.0)
    assert current[deciding] == (0, 17.5)
    assert all(current[p] is None for p in range(3) if p not in state.current_players())
    assert markers.current(None)[deciding] == (0, None)
    markers.restart(deciding)
    assert markers.current(30.0)[deciding] == (0, 30.0)
    now[0] = 200.0
    assert markers.current(30.0)[deciding] == (0, 0.0)  # run out: never below zero

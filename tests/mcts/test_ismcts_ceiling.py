"""OpenSpiel's ``ismcts`` under a wall-clock ceiling: the lobby offers it bounded, so a
person never waits past the ceiling for it (issue 27, item 5: 100 simulations took up
to 11.5 s a decision on a loaded machine). The clock is a fake one that ticks on each
reading, so no test here depends on the machine's speed."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import tabletop
from tabletop.bots import UnknownBotError, make_bot
from tabletop.bots import openspiel_ismcts as module
from tabletop.bots.levels import CEILING, LEVELS, levels, lobby_spec

from .test_budget import _Ticking
from .test_mcts_bot import _deciding_state


@pytest.mark.parametrize("game", ["code-of-nine", "wicked-labyrinth"])
def test_the_ceiling_stops_the_simulations(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _Ticking(0.01)
    monkeypatch.setattr(module, "time", SimpleNamespace(perf_counter=clock))
    state, seat = _deciding_state(game, 4)
    bot = make_bot("ismcts:simulations=100000,ceiling=0.05", state.game, seat, seed=3)
    legal = state.legal_actions(seat)
    assert state.is_legal(seat, bot.act(state.view(seat), legal))
    # one reading when the decision starts and one per simulation begun: the fifth
    # simulation's reading is past 0.05 s, so four ran, not a hundred thousand
    assert 2 <= bot.simulated <= 5  # type: ignore[attr-defined]


def test_without_a_ceiling_every_simulation_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "time", SimpleNamespace(perf_counter=_Ticking(100.0)))
    state, seat = _deciding_state("code-of-nine", 4)
    bot = make_bot("ismcts:simulations=7", state.game, seat, seed=3)
    bot.act(state.view(seat), state.legal_actions(seat))
    assert bot.simulated == 7  # type: ignore[attr-defined]


def test_a_ceiling_already_past_still_simulates_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel answers only from a root with visits, and its first simulation only
    expands the root: two always run."""
    monkeypatch.setattr(module, "time", SimpleNamespace(perf_counter=_Ticking(100.0)))
    state, seat = _deciding_state("code-of-nine", 4)
    bot = make_bot("ismcts:simulations=50,ceiling=0.001", state.game, seat, seed=3)
    assert state.is_legal(seat, bot.act(state.view(seat), state.legal_actions(seat)))
    assert bot.simulated == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "words"),
    [("ismcts:ceiling=0", "positive seconds"), ("ismcts:ceiling=soon", "positive seconds")],
)
def test_bad_ceilings_are_refused(spec: str, words: str) -> None:
    with pytest.raises(UnknownBotError, match=words):
        make_bot(spec, tabletop.game("code-of-nine"), 0)


@pytest.mark.parametrize("game", sorted(LEVELS))
def test_the_lobby_offers_ismcts_with_the_ceiling(game: str) -> None:
    assert levels(game, "ismcts") == (f"ismcts:ceiling={CEILING}",)
    assert (
        lobby_spec("ismcts:simulations=40,ceiling=9") == f"ismcts:simulations=40,ceiling={CEILING}"
    )

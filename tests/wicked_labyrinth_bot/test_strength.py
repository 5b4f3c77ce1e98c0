"""The strength measurement's statistics."""

from __future__ import annotations

import pytest

from tabletop.games.wicked_labyrinth import GAME
from tabletop.sim.strength import Strength, measure, timing_summary, versus


def strength(wins: int, games: int) -> Strength:
    return Strength("heuristic", 4, games, wins, 50.0, 5.0, 1.0)


def test_wilson_interval_of_a_clean_sweep_stays_below_one() -> None:
    """500 wins in 500 games: the 95% Wilson interval is about 99.2%-100%."""
    low, high = strength(500, 500).interval()
    assert low == pytest.approx(0.9924, abs=1e-3) and high == 1.0


def test_wilson_interval_is_centred_near_the_rate() -> None:
    low, high = strength(50, 100).interval()
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)


def test_measure_refuses_an_empty_batch() -> None:
    with pytest.raises(ValueError, match="games"):
        measure(GAME, "heuristic", 4, 0)


def test_timing_summary_reports_each_kind_of_decision() -> None:
    text = timing_summary({"declare": [0.001, 0.003], "processing": []})
    assert text.startswith("declare: 2 decisions, mean 2.0 ms") and "processing" not in text


def test_versus_reports_the_pairs_win_share_and_scores() -> None:
    text = versus(GAME, "heuristic:budget=50", "random", 2, seed=5)
    share = float(text.split("win share ")[1].split()[0])
    mine, theirs = (float(x) for x in text.split("mean score ")[1].split(" vs "))
    assert 0.0 <= share <= 1.0 and mine > theirs


def test_versus_needs_two_different_bots() -> None:
    with pytest.raises(ValueError, match="different"):
        versus(GAME, "random", "random", 2)

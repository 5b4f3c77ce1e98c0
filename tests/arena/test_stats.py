"""Ratings and interval arithmetic of the arena's figures."""

from __future__ import annotations

import math

import pytest

from tabletop.arena import stats


def test_wilson_interval_known_values() -> None:
    low, high = stats.wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = stats.wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = stats.wilson(120, 300)  # the target's 40% over 300 games
    assert low == pytest.approx(0.3462, abs=1e-4) and high == pytest.approx(0.4564, abs=1e-4)
    assert stats.wilson(0, 0) == (0.0, 1.0)


def _record(index: int, seats: list[str], placings: list[int]) -> dict:  # type: ignore[type-arg]
    firsts = [p for p in range(len(seats)) if placings[p] == 1]
    shares = [1 / len(firsts) if p in firsts else 0.0 for p in range(len(seats))]
    scores = [10 - placing for placing in placings]
    return {
        "index": index,
        "seats": seats,
        "placings": placings,
        "shares": shares,
        "scores": scores,
        "cards": [],
        "decisions": 5,
        "seconds": 0.1,
    }


def test_rates_count_shared_wins_as_fractions_per_seat() -> None:
    records = [_record(0, ["a", "b", "b"], [1, 1, 3]), _record(1, ["b", "a", "b"], [1, 2, 3])]
    rates = stats.by_bot(records)
    assert rates["a"].games == 2 and rates["a"].wins == 0.5
    assert rates["b"].games == 4 and rates["b"].wins == 1.5
    seats = stats.by_seat(records)
    assert seats[0].wins == 1.5 and seats[1].wins == 0.5 and seats[2].wins == 0.0
    assert stats.by_bot_and_seat(records)[("b", 1)].wins == 0.5


def test_ratings_rank_the_bot_that_keeps_winning_first_and_shrink_uncertainty() -> None:
    lineups = [["strong", "weak", "weak"], ["weak", "strong", "weak"], ["weak", "weak", "strong"]]
    records = [  # the strong bot wins, the weak copies tie for second
        _record(i, lineups[i % 3], [1 if b == "strong" else 2 for b in lineups[i % 3]])
        for i in range(30)
    ]
    ladder = stats.ratings(records, ["weak", "strong"])
    assert [r.bot for r in ladder] == ["strong", "weak"]
    assert ladder[0].mu > 25 > ladder[1].mu
    assert all(r.sigma < 25 / 3 for r in ladder)
    assert ladder[0].ordinal == pytest.approx(ladder[0].mu - 3 * ladder[0].sigma)
    # the order of the records does not matter: the passes' orders are seeded
    again = stats.ratings(list(reversed(records)), ["weak", "strong"])
    assert [(r.mu, r.sigma) for r in again] == [(r.mu, r.sigma) for r in ladder]


def test_ratings_do_not_favour_the_bot_that_won_last() -> None:
    # "a" wins 20 of 32 games against "b", "b" the last 12: a single pass of OpenSkill
    # in index order rated "b" 31.9 and "a" 18.1 (it weighs the latest games most)
    records = [_record(i, ["a", "b"], [1, 2] if i < 20 else [2, 1]) for i in range(32)]
    ladder = stats.ratings(records, ["a", "b"])
    assert [r.bot for r in ladder] == ["a", "b"]
    assert ladder[0].mu - ladder[1].mu > 2


def test_summary_holds_every_figure() -> None:
    records = [_record(i, ["a", "b"], [1, 2] if i % 4 else [2, 1]) for i in range(8)]
    f = stats.summary(records, ["a", "b"])
    assert f["games"] == 8 and f["decisions"] == 40
    a = next(b for b in f["bots"] if b["bot"] == "a")
    assert a["win_rate"]["rate"] == 0.75
    assert a["win_rate"]["low"] < 0.75 < a["win_rate"]["high"]
    assert math.isclose(a["mean_score"], (6 * 9 + 2 * 8) / 8)

"""``tabletop bench``: its JSON keys and ratios, with and without OpenSpiel."""

from __future__ import annotations

import json
import random

import pytest

from tabletop import compiled
from tabletop.bench import openspiel

WL = "wicked-labyrinth"


def test_bench_json_keys_and_ratios(cli) -> None:
    if not openspiel.available():
        pytest.fail("open_spiel (the bench extra) is installed in this project's environment")
    result = cli("bench", WL, "--json", "--seconds", "0.02")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in (
        "games_per_second",
        "decisions_per_second",
        "copies_per_second",
        "openspiel_games_per_second",
        "openspiel_copies_per_second",
        "ratio",
        "copies_ratio",
    ):
        assert data[key] > 0, key
    assert set(data["players"]) == {"3", "4", "5"}
    assert data["compiled"] is compiled.ACTIVE
    assert data["games_per_second"] == data["players"]["4"]["games_per_second"]
    assert data["ratio"] == pytest.approx(
        data["games_per_second"] / data["openspiel_games_per_second"]
    )
    assert data["copies_ratio"] == pytest.approx(
        data["copies_per_second"] / data["openspiel_copies_per_second"]
    )
    # a game OpenSpiel lacks is compared with the registered game OpenSpiel has
    assert data["openspiel_game"] == "goofspiel"
    assert data["openspiel_params"] == {"players": 4, "num_cards": 13, "imp_info": True}


def test_bench_compares_goofspiel_with_openspiel_s_own(cli) -> None:
    """Issue 25: ``tabletop bench goofspiel`` times our engine against OpenSpiel's on the
    same game (its kit's ``bench:openspiel``), 4 players each."""
    result = cli("bench", "goofspiel", "--json", "--seconds", "0.02")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["openspiel_game"] == "goofspiel" and data["reference_players"] == 4
    assert data["ratio"] > 0 and data["copies_ratio"] > 0


def test_bench_without_open_spiel_says_so(cli, monkeypatch) -> None:
    monkeypatch.setattr(openspiel, "available", lambda: False)
    data = json.loads(cli("bench", WL, "--json", "--seconds", "0.01").stdout)
    assert data["openspiel"] is False and "ratio" not in data
    table = cli("bench", WL, "--seconds", "0.01")
    assert table.exit_code == 0
    assert "open_spiel is not installed" in table.stdout


def test_playouts_reach_the_end_and_copies_start_mid_game() -> None:
    import tabletop
    from tabletop.bench import engine

    game = tabletop.game(WL)
    state = game.new_game(4, 9)
    decisions = engine.random_playout(state, random.Random(9))
    assert state.is_terminal() and decisions == len(state.history) - _chance(state)
    middle = engine.mid_game(game, 4, 9)
    assert not middle.is_terminal()
    assert 0 < len(middle.history) - _chance(middle) == decisions // 2


def _chance(state) -> int:
    return sum(1 for p, _ in state.history if p < 0)


@pytest.mark.slow  # over 3 s: the full suite runs it, the fast tier does not
def test_bench_clock_cpu_times_by_cpu_seconds(cli, monkeypatch) -> None:
    from tabletop.bench import timing

    ticks = iter(range(10**9))
    monkeypatch.setitem(timing.CLOCKS, "cpu", lambda: float(next(ticks)))
    monkeypatch.setattr(openspiel, "available", lambda: False)
    data = json.loads(cli("bench", WL, "--json", "--seconds", "1", "--clock", "cpu").stdout)
    assert data["clock"] == "cpu"
    # The fake CPU clock advances one second a reading: each loop stops at once.
    assert data["players"]["4"]["games"] == 1
    assert timing._clock is timing.CLOCKS["wall"]  # the clock before is back
    bad = cli("bench", WL, "--clock", "moon")
    assert bad.exit_code != 0 and "--clock" in bad.output

"""Each lobby level rated against the same generated fields, and the order of the levels
checked field by field (``tabletop bots levels``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.arena import level_ratings as lr
from tabletop.arena import population as pop
from tabletop.core.kit import Level


def _rated(name: str, shares: dict[int, float]) -> lr.Rated:
    records = []
    for f, share in shares.items():
        # the bot wins share * 4 of the field's four games (the rest go to seat "x")
        wins = round(share * 4)
        for r in range(4):
            seats = ["x", "y", "z"]
            seats.insert(r, "B")
            won = [0.0] * 4
            won[r if r < wins else (r + 1) % 4] = 1.0
            records.append({"index": 4 * f + r, "seats": seats, "shares": won, "kind": "styles"})
    return lr.Rated(Level(name, name), name, pop.summary(records, 4), shares, None)


def test_a_step_compares_levels_on_the_fields_both_played() -> None:
    low = _rated("easy", {0: 0.25, 1: 0.25, 2: 0.0, 3: 0.5})
    high = _rated("hard", {0: 0.5, 1: 0.75, 2: 0.25})  # field 3 not played
    s = lr.step(low, high)
    assert s.fields == 3
    assert s.difference == pytest.approx((0.25 + 0.5 + 0.25) / 3)
    assert s.holds and s.clear and s.low > 0
    back = lr.step(high, low)
    assert back.difference == pytest.approx(-s.difference)
    assert not back.holds and not back.clear


def test_a_step_within_noise_holds_but_is_not_clear() -> None:
    low = _rated("easy", {0: 0.25, 1: 0.5, 2: 0.25, 3: 0.5})
    high = _rated("normal", {0: 0.5, 1: 0.25, 2: 0.5, 3: 0.5})
    s = lr.step(low, high)
    assert s.holds and not s.clear and s.low < 0 < s.high


def test_the_report_states_each_level_and_whether_the_order_holds() -> None:
    rated = [
        _rated("easy", {0: 0.25, 1: 0.25}),
        _rated("normal", {0: 0.5, 1: 0.25}),
        _rated("hard", {0: 0.25, 1: 0.0}),
    ]
    text = lr.markdown("g", rated, "tabletop bots levels g")
    assert "| easy | `easy` | 8 | **25.0%** |" in text
    assert "| normal | easy | 2 | **+12.5** |" in text
    assert "| hard | normal | 2 | **-25.0** |" in text
    assert "The order easy < normal < hard does not hold (not every step clear)." in text
    ordered = lr.markdown("g", rated[:2], "c")
    assert "The order easy < normal holds (not every step clear)." in ordered


def test_a_level_is_rated_from_the_population_commands_results_file(tmp_path: Path) -> None:
    spec = "heuristic:shift=1"
    pop.run("goofspiel", spec, 8, 5, pop.results_path(tmp_path, "goofspiel", spec, 5))
    played: list[int] = []
    rated = lr.rate(
        "goofspiel", Level("hard", spec), 8, 5, tmp_path, on_game=lambda r: played.append(1)
    )
    assert played == []  # every game was already in the file
    assert rated.figures["all"]["games"] == 8 and sorted(rated.shares) == [0, 1]
    assert rated.to_json()["level"] == "hard"


def test_a_search_level_is_rated_as_measured_without_the_ceiling(tmp_path: Path) -> None:
    level = Level("strongest", "mcts:time=0.005,clock=cpu,ceiling=2")
    rated = lr.rate("goofspiel", level, 4, 5, tmp_path)
    assert rated.spec == "mcts:time=0.005,clock=cpu"
    assert lr.is_search(rated.spec) and not lr.is_search("heuristic")


def test_the_command_rates_every_level_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from typer.testing import CliRunner

    from tabletop.cli.app import app

    ladder = (
        Level("easy", "heuristic:shift=-2"),
        Level("normal", "heuristic"),
        Level("strongest", "mcts:time=0.005,clock=cpu,ceiling=2"),
    )
    monkeypatch.setattr(lr, "levels", lambda game: ladder)
    args = ["bots", "levels", "goofspiel", "--games", "8", "--search-games", "4"]
    args += ["--seed", "9", "--results", str(tmp_path), "--json"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    found = json.loads(first.stdout.splitlines()[-1])["goofspiel"]
    assert [r["all"]["games"] for r in found["levels"]] == [8, 8, 4]
    searched = found["levels"][2]
    assert searched["spec"] == "mcts:time=0.005,clock=cpu"
    assert searched["results"] == str(pop.results_path(tmp_path, "goofspiel", searched["spec"], 9))
    assert [(s["lower"], s["upper"], s["fields"]) for s in found["steps"]] == [
        ("easy", "normal", 2),
        ("normal", "strongest", 1),
    ]
    report = tmp_path / "levels.md"
    again = CliRunner().invoke(app, [*args, "--out", str(report)])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout.splitlines()[-1])["goofspiel"] == found  # resumed, not replayed
    text = report.read_text()
    assert "tabletop bots levels goofspiel --games 8 --search-games 4 --seed 9" in text
    assert "The order easy < normal < strongest" in text


def test_bad_levels_and_kinds_options_are_refused() -> None:
    from typer.testing import CliRunner

    from tabletop.cli.app import app

    out = CliRunner().invoke(app, ["bots", "levels", "code-of-nine", "--games", "0"])
    assert out.exit_code != 0 and "--games must be at least 1" in out.output
    out = CliRunner().invoke(app, ["bots", "levels", "goofspiel"])
    assert out.exit_code != 0 and "goofspiel has no levels" in out.output
    out = CliRunner().invoke(app, ["bots", "population", "goofspiel", "--kinds", "mixed,copy"])
    assert out.exit_code != 0 and "--kinds are mixed, styles, copies" in out.output

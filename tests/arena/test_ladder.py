"""``tabletop bots ladder``: each level one against three of the level below, with
the verdict (30% or more, the 95% interval clear of 25%)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tabletop.arena import ladder
from tabletop.arena.stats import Rate
from tabletop.cli.app import app
from tabletop.core.kit import Level
from tabletop.games import REGISTRY

LOW = Level("low", "heuristic", 0.0, 1.0)
HIGH = Level("high", "heuristic:shift=1", 1.0, 1.0)


def test_a_search_is_measured_without_its_ceiling() -> None:
    spec = "mcts:time=0.25,model=adaptive,clock=cpu,ceiling=2"
    assert ladder.measured_spec(spec) == "mcts:time=0.25,model=adaptive,clock=cpu"
    assert ladder.measured_spec("heuristic") == "heuristic"
    assert ladder.measured_spec("mcts:ceiling=2") == "mcts"


@pytest.mark.parametrize("game", ["wicked-labyrinth", "code-of-nine"])
def test_both_games_have_three_rungs(game: str) -> None:
    rungs = ladder.pairs(game)
    names = [(low.name, high.name) for low, high in rungs]
    assert names == [("easy", "normal"), ("normal", "hard"), ("hard", "strongest")]
    head = ladder.header(game, *rungs[-1], 0)
    assert head.bots[1:] == (rungs[-1][0].spec,) * 3
    assert "ceiling" not in head.bots[0]


def test_a_game_without_levels_has_no_ladder() -> None:
    assert not REGISTRY.kit("goofspiel").levels
    with pytest.raises(ValueError, match="goofspiel has no ladder"):
        ladder.pairs("goofspiel")


@pytest.mark.parametrize(
    ("wins", "games", "clears"),
    [(160, 400, True), (130, 400, True), (110, 400, False), (18, 60, False), (12, 40, False)],
)
def test_clearing_needs_the_share_and_the_interval(wins: int, games: int, clears: bool) -> None:
    rate = Rate.of([1.0] * wins + [0.0] * (games - wins))
    assert ladder.Step("g", LOW, HIGH, rate).clears is clears


def test_a_rung_rotates_the_upper_level_through_every_seat(tmp_path) -> None:  # type: ignore[no-untyped-def]
    found = ladder.step("goofspiel", LOW, HIGH, 8, 5, tmp_path / "r.jsonl")
    assert found.rate.games == 8
    again = ladder.step("goofspiel", LOW, HIGH, 8, 5, tmp_path / "r.jsonl")  # resumed
    assert again.rate == found.rate
    text = ladder.markdown([found], "tabletop bots ladder")
    assert "| goofspiel | high | low | 8 |" in text


def test_the_command_reports_each_rung(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(ladder, "pairs", lambda game: [(LOW, HIGH)])
    out = tmp_path / "ladder.md"
    result = CliRunner().invoke(
        app,
        [
            "bots",
            "ladder",
            "goofspiel",
            "--games",
            "4",
            "--seed",
            "1",
            "--results",
            str(tmp_path),
            "--out",
            str(out),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    (rung,) = json.loads(result.stdout.splitlines()[-1])
    assert (rung["upper"], rung["lower"], rung["games"]) == ("high", "low", 4)
    assert "tabletop bots ladder goofspiel --games 4 --seed 1" in out.read_text()


def test_search_rungs_may_play_fewer_games(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    search = Level("search", "mcts:iterations=5", 2.0, 1.0)
    monkeypatch.setattr(ladder, "pairs", lambda game: [(LOW, HIGH), (HIGH, search)])
    args = ["bots", "ladder", "goofspiel", "--games", "8", "--search-games", "4"]
    result = CliRunner().invoke(app, [*args, "--results", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    rungs = json.loads(result.stdout.splitlines()[-1])
    assert [(r["upper"], r["games"]) for r in rungs] == [("high", 8), ("search", 4)]

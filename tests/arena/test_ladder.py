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

LOW = Level("low", "heuristic")
HIGH = Level("high", "heuristic:shift=1")


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
    step = ladder.Step("g", LOW, HIGH, rate)
    assert step.clears is clears
    text = ladder.markdown([step], {"g": "tabletop bots ladder"})
    # a rung that does not clear is named under the table with its figures, never hidden
    assert ("Not clearing:" in text and "- g: high (`heuristic:shift=1`)" in text) is not clears
    assert ("Every rung clears." in text) is clears


def test_a_rung_has_a_results_file_per_specs(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A level given another spec starts its own file: resuming never mixes specs."""
    path = ladder.results_path(tmp_path, "goofspiel", LOW, HIGH, 5)
    assert path.parent == tmp_path and path.name.startswith("goofspiel-high-over-low-")
    assert path.name.endswith("-seed5.jsonl")
    assert path == ladder.results_path(tmp_path, "goofspiel", LOW, HIGH, 5)
    other = Level("high", "heuristic:shift=2")
    assert ladder.results_path(tmp_path, "goofspiel", LOW, other, 5) != path
    assert ladder.results_path(tmp_path, "goofspiel", LOW, HIGH, 6) != path


def test_a_rung_rotates_the_upper_level_through_every_seat(tmp_path) -> None:  # type: ignore[no-untyped-def]
    found = ladder.step("goofspiel", LOW, HIGH, 8, 5, tmp_path / "r.jsonl")
    assert found.rate.games == 8
    again = ladder.step("goofspiel", LOW, HIGH, 8, 5, tmp_path / "r.jsonl")  # resumed
    assert again.rate == found.rate
    text = ladder.markdown([found], {"goofspiel": "tabletop bots ladder"})
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
            "--data",
            str(tmp_path / "data" / "ladder.json"),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    (rung,) = json.loads(result.stdout.splitlines()[-1])
    assert (rung["upper"], rung["lower"], rung["games"]) == ("high", "low", 4)
    command = (
        f"tabletop bots ladder goofspiel --games 4 --seed 1 --workers 1 --out {out} "
        f"--data {tmp_path / 'data' / 'ladder.json'}"
    )
    assert command in out.read_text()
    data = json.loads((tmp_path / "data" / "ladder.json").read_text())
    assert data["commands"] == {"goofspiel": command}
    assert data["rungs"] == [rung]
    assert (rung["lower_spec"], rung["upper_spec"]) == (LOW.spec, HIGH.spec)


def test_search_rungs_may_play_fewer_games(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    search = Level("search", "mcts:iterations=5")
    monkeypatch.setattr(ladder, "pairs", lambda game: [(LOW, HIGH), (HIGH, search)])
    args = ["bots", "ladder", "goofspiel", "--games", "8", "--search-games", "4"]
    result = CliRunner().invoke(app, [*args, "--results", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    rungs = json.loads(result.stdout.splitlines()[-1])
    assert [(r["upper"], r["games"]) for r in rungs] == [("high", 8), ("search", 4)]


def test_measuring_one_game_again_keeps_the_others_rungs() -> None:
    rate = Rate.of([1.0] * 3 + [0.0] * 5)
    old = ladder.data(
        [ladder.Step("a", LOW, HIGH, rate), ladder.Step("b", LOW, HIGH, rate)],
        {"a": "cmd a", "b": "cmd b"},
    )
    again = ladder.Step("b", LOW, HIGH, Rate.of([1.0] * 6 + [0.0] * 10))
    steps, commands = ladder.merged(old, [again], "cmd b2")
    assert [(s.game, s.rate.games) for s in steps] == [("a", 8), ("b", 16)]
    assert steps[0] == ladder.step_of(old["rungs"][0])
    assert commands == {"a": "cmd a", "b": "cmd b2"}
    text = ladder.markdown(steps, commands)
    assert "```\ncmd a\ncmd b2\n```" in text
    assert ladder.merged(None, [again], "c") == ([again], {"b": "c"})

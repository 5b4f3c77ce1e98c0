"""``tabletop bots move-times``: every lobby bot timed per decision, quiet and loaded.

No test times anything: the clocks are fake where a figure is checked, and the
command's run only checks the report's shape.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.arena.movetimes import (
    load,
    lobby_specs,
    markdown,
    percentile,
    positions,
    summary,
    time_spec,
)
from tabletop.bots.levels import LEVELS
from tabletop.cli.app import app


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(v) for v in range(1, 21)]  # 1..20
    assert percentile(values, 95) == 19.0
    assert percentile(values, 100) == 20.0
    assert percentile([3.0], 95) == 3.0
    assert summary([1.0, 2.0, 3.0, 10.0]) == {"mean": 4.0, "p95": 10.0, "max": 10.0}
    with pytest.raises(ValueError, match="no values"):
        percentile([], 50)


def test_positions_are_choices_drawn_from_whole_games() -> None:
    game = tabletop.game("goofspiel")
    found = positions(game, 30, seed=3, players=4)
    assert len(found) == 30
    assert all(len(p.legal) > 1 for p in found)
    assert len({len(p.legal) for p in found}) > 3  # hands of every size: the whole game
    again = positions(game, 30, seed=3, players=4)
    assert [p.legal for p in again] == [p.legal for p in found]


class _Ticking:
    def __init__(self, step: float) -> None:
        self.step, self.now = step, 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_each_decision_is_timed_on_both_clocks_with_a_fresh_bot() -> None:
    game = tabletop.game("goofspiel")
    where = positions(game, 5, seed=1, players=4)
    times = time_spec(game, "random", where, 0, cpu_clock=_Ticking(0.5), wall_clock=_Ticking(2.0))
    assert times.cpu == (0.5,) * 5 and times.wall == (2.0,) * 5
    assert times.ceiling == 0
    assert times.to_json()["wall"] == {"mean": 2.0, "p95": 2.0, "max": 2.0}


def test_a_search_stopped_by_its_ceiling_is_counted() -> None:
    """No machine runs 10^8 iterations in 10 ms: each search stops at its ceiling."""
    game = tabletop.game("goofspiel")
    where = positions(game, 2, seed=1, players=4)
    times = time_spec(game, "mcts:iterations=100000000,ceiling=0.01", where, 0)
    assert times.ceiling == 2


def test_the_lobby_specs_are_every_level_and_bot_it_offers() -> None:
    for game, by_bot in LEVELS.items():
        specs = lobby_specs(game)
        assert {s for ss in by_bot.values() for s in ss} <= set(specs)
        assert "random" in specs and len(specs) == len(set(specs))


def test_load_processes_run_and_stop() -> None:
    with load(2) as spinners:
        assert len(spinners) == 2 and all(s.poll() is None for s in spinners)
    assert all(s.poll() is not None for s in spinners)


def test_the_command_writes_a_report_per_game_and_load(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "times.md"
    result = CliRunner().invoke(
        app,
        [
            "bots",
            "move-times",
            "goofspiel",
            "--specs",
            "random,heuristic",
            "--positions",
            "3",
            "--load",
            "0",
            "--out",
            str(out),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    runs = json.loads(result.stdout.splitlines()[-1])
    assert [(r["game"], r["load"]) for r in runs] == [("goofspiel", 0)]
    assert [s["spec"] for s in runs[0]["specs"]] == ["random", "heuristic"]
    assert all(s["decisions"] == 3 for s in runs[0]["specs"])
    text = out.read_text()
    assert "## goofspiel, 0 load processes (3 decisions each" in text
    assert "| `heuristic` |" in text and "tabletop bots move-times goofspiel" in text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--load", "x"], "--load is whole numbers"),
        (["--load", "-1"], "--load needs numbers of processes >= 0"),
        (["--positions", "0"], "--positions must be at least 1"),
        (["chess"], "no game 'chess'"),
    ],
)
def test_bad_options_are_refused(args: list[str], words: str) -> None:
    result = CliRunner().invoke(app, ["bots", "move-times", *args])
    assert result.exit_code != 0
    assert words in result.output


def test_markdown_states_the_command_and_the_load() -> None:
    game = tabletop.game("goofspiel")
    where = positions(game, 2, seed=1, players=4)
    from tabletop.arena.movetimes import Run

    times = time_spec(
        game, "random", where, 0, cpu_clock=_Ticking(0.001), wall_clock=_Ticking(0.25)
    )
    text = markdown([Run("goofspiel", 4, (1.0, 5.0), (times,))], "tabletop bots move-times")
    assert "tabletop bots move-times\n" in text
    assert "## goofspiel, 4 load processes (2 decisions each; load average 1.0 before" in text
    assert "| `random` | 1.0 | 1.0 | 1.0 | 250.0 | 250.0 | 250.0 | 0 |" in text

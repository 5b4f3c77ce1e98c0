"""``tabletop bots versus``: one bot against copies of another, seats rotated, with its
win share, interval and mean scores (issue 27: ``neural`` against three ``heuristic``)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tabletop.arena import versus
from tabletop.arena.stats import Rate
from tabletop.cli.app import app


def test_the_bot_takes_one_seat_and_the_rival_every_other() -> None:
    head = versus.header("goofspiel", "heuristic", "random", 4, 7)
    assert head.bots == ("heuristic", "random", "random", "random")
    assert head.players == 4 and head.seed == 7
    # a search is measured in CPU time alone: the lobby's ceiling would tie it to the load
    head = versus.header("goofspiel", "mcts:time=0.1,clock=cpu,ceiling=2", "random", 3, 0)
    assert head.bots[0] == "mcts:time=0.1,clock=cpu"


@pytest.mark.parametrize(
    ("bot", "rival", "players", "message"),
    [
        ("heuristic", "heuristic", 4, "the same spec"),
        ("heuristic", "heuristic:ceiling=2", 4, "the same spec"),
        ("heuristic", "random", 1, "at least 2 players"),
    ],
)
def test_a_match_that_measures_nothing_is_refused(
    bot: str, rival: str, players: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        versus.header("goofspiel", bot, rival, players, 0)


def test_a_run_rotates_the_bot_through_every_seat_and_resumes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    head = versus.header("goofspiel", "heuristic", "random", 4, 3)
    path = versus.results_path(tmp_path, head)
    found = versus.run(head, 8, path)
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert sorted(r["seats"].index("heuristic") for r in records) == [0, 0, 1, 1, 2, 2, 3, 3]
    shares = [r["shares"][r["seats"].index("heuristic")] for r in records]
    assert found.rate == Rate.of(shares)
    mine = [r["scores"][r["seats"].index("heuristic")] for r in records]
    assert found.score == pytest.approx(sum(mine) / 8)
    assert versus.run(head, 8, path) == found  # resumed: nothing played again
    assert path.read_text().count("\n") == len(records) + 1


@pytest.mark.parametrize(
    ("wins", "games", "meets"), [(160, 400, True), (130, 400, False), (14, 40, False)]
)
def test_the_target_needs_the_share_and_an_interval_above_parity(
    wins: int, games: int, meets: bool
) -> None:
    rate = Rate.of([1.0] * wins + [0.0] * (games - wins))
    found = versus.Versus("g", "neural", "heuristic", 4, rate, 30.0, 31.0)
    assert found.meets(0.35) is meets
    text = versus.markdown([found], "tabletop bots versus g", 0.35)
    assert text.rstrip().splitlines()[-3].endswith(" yes |" if meets else " no |")
    assert "reaches 35%?" in text
    assert "reaches" not in versus.markdown([found], "c", None)


def test_the_command_writes_its_report(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "versus.md"
    result = CliRunner().invoke(
        app,
        [
            "bots", "versus", "goofspiel", "--bot", "heuristic", "--against", "random",
            "--games", "4", "--players", "3", "--target", "0.5",
            "--results", str(tmp_path / "r"), "--out", str(out), "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures[0]["games"] == 4 and figures[0]["players"] == 3
    text = out.read_text()
    assert "--players 3" in text and "| goofspiel | `heuristic` | `random` | 3 | 4 |" in text


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--bot", "nonesuch"], "nonesuch"),
        (["--bot", "random", "--against", "random"], "the same spec"),
        (["--players", "11"], "not 11"),
        (["--target", "35"], "between 0 and 1"),
        (["--games", "0"], "at least 1"),
    ],
)
def test_bad_options_get_a_clear_error(tmp_path, words: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(
        app, ["bots", "versus", "goofspiel", "--results", str(tmp_path), *words]
    )
    assert result.exit_code != 0
    assert message in result.output
    assert not list(tmp_path.iterdir())  # nothing played, nothing written

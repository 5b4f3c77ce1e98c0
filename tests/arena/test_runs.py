"""Arena runs: resuming from the results file, backends agreeing, the report, the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tabletop.arena.results import Header, ResultsFileError, read
from tabletop.arena.runner import Backend, run_arena
from tabletop.cli.app import app
from tabletop.reports.arena import card_impacts, write_report

HEADER = Header("code-of-nine", 3, ("mcts:iterations=4", "random", "random"), 21, {})


def _same(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records without their timing, which is all that may differ between runs."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    first = run_arena(HEADER, 4, path)
    played: list[int] = []
    resumed = run_arena(HEADER, 6, path, on_game=lambda r: played.append(r["index"]))
    assert played == [4, 5]  # only the games the file did not hold
    assert _same(resumed[:4]) == _same(first)
    fresh = run_arena(HEADER, 6, None)
    assert _same(resumed) == _same(fresh)
    fewer = run_arena(HEADER, 2, path, on_game=lambda r: played.append(r["index"]))
    assert played == [4, 5] and [r["index"] for r in fewer] == [0, 1]  # reported, not played
    header, games = read(path)
    assert header == HEADER and sorted(games) == list(range(6))
    for record in resumed:  # the search bot's iterations are counted, 4 per search
        mcts = record["seats"].index("mcts:iterations=4")
        searches, iterations = record["searches"][mcts]
        assert searches > 0 and iterations == 4 * searches
        assert all(record["searches"][p] == [0, 0] for p in range(3) if p != mcts)


def test_a_truncated_last_line_is_played_again(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run_arena(HEADER, 3, path)
    text = path.read_text()
    path.write_text(text[: len(text) - 25])  # the last write was cut short
    played: list[int] = []
    records = run_arena(HEADER, 3, path, on_game=lambda r: played.append(r["index"]))
    assert played == [2] and [r["index"] for r in records] == [0, 1, 2]
    assert len(path.read_text().splitlines()) == 4


def test_a_results_file_of_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run_arena(HEADER, 1, path)
    other = Header("code-of-nine", 3, ("random", "random", "random"), 21, {})
    with pytest.raises(ResultsFileError, match="another arena run"):
        run_arena(other, 2, path)
    path.write_text('{"not": "an arena"}\n')
    with pytest.raises(ResultsFileError, match="header"):
        run_arena(HEADER, 2, path)


def test_worker_processes_give_the_same_records() -> None:
    one = run_arena(HEADER, 4, None, Backend(workers=1))
    two = run_arena(HEADER, 4, None, Backend(workers=2))
    assert _same(one) == _same(two)


def test_the_report_writes_its_page_and_figures(tmp_path: Path) -> None:
    header = Header("wicked-labyrinth", 3, ("random", "random", "random"), 0, {})
    records = run_arena(header, 3, None)
    impacts = card_impacts(records, 3)
    assert {c["kind"] for c in impacts} >= {"great", "small", "corridor"}
    assert sum(c["holders"] for c in impacts if c["kind"] == "great") == 3 * 3 * 2
    paths = write_report(header, records, tmp_path / "report")
    names = [p.name for p in paths]
    assert names == [
        "index.html",
        "ladder.png",
        "seats.png",
        "scores.png",
        "cards.png",
        "summary.json",
    ]
    for p in paths:
        assert p.stat().st_size > 500
    page = (tmp_path / "report" / "index.html").read_text()
    assert all(f'src="{n}"' in page or f"src='{n}'" in page for n in names[1:5])
    summary = json.loads((tmp_path / "report" / "summary.json").read_text())
    assert summary["games"] == 3 and len(summary["cards"]) == len(impacts)


def test_the_command_prints_json_and_resumes(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    args = [
        "arena",
        "code-of-nine",
        "--bots",
        "mcts:iterations=3,c=0.5,random,random",
        "--games",
        "3",
        "--seed",
        "4",
        "--json",
        "--results",
        str(results),
    ]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    figures = json.loads(out.output)
    assert figures["games"] == 3 and figures["players"] == 3
    assert {b["bot"] for b in figures["bots"]} == {"mcts:iterations=3,c=0.5", "random"}
    again = CliRunner().invoke(app, [*args[:5], "6", *args[6:]])
    assert json.loads(again.output)["games"] == 6
    assert len(results.read_text().splitlines()) == 1 + 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,random"], "not 2"),
        (["--bots", "random,random,random", "--players", "4"], "lists 3"),
        (["--bots", "c=1,random,random"], "starts with a parameter"),
        (["--bots", "random,random,nobot"], "no bot 'nobot'"),
        (["--bots", "random,random,random", "--games", "0"], "--games"),
    ],
)
def test_bad_input_is_one_error_line(args: list[str], message: str) -> None:
    out = CliRunner().invoke(app, ["arena", "code-of-nine", *args])
    assert out.exit_code == 2 and message in out.output


def test_ray_address_needs_ray() -> None:
    out = CliRunner().invoke(
        app, ["arena", "code-of-nine", "--bots", "random,random,random", "--ray-address", "auto"]
    )
    assert out.exit_code == 2 and "--ray-address needs --ray" in out.output

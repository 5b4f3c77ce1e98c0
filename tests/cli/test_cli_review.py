"""``tabletop review RECORD --seat N``: the mistakes table, JSON, and clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CON = "code-of-nine"


@pytest.fixture(scope="module")
def record_file(tmp_path_factory) -> Path:
    from typer.testing import CliRunner

    from tabletop.cli.app import app

    path = tmp_path_factory.mktemp("review") / "game.json"
    result = CliRunner().invoke(
        app,
        [
            "play",
            CON,
            "--seats",
            "heuristic,heuristic,heuristic",
            "--seed",
            "4",
            "--save",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    return path


def test_review_as_json_lists_the_seats_own_moves(cli, record_file: Path) -> None:
    result = cli("review", str(record_file), "--seat", "2", "--samples", "2", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    record = json.loads(record_file.read_text())
    assert out["seat"] == 1 and out["game"] == CON and out["appraised"] == out["decisions"] > 0
    assert out["mistakes"]
    gains = [m["gain"] for m in out["mistakes"]]
    assert gains == sorted(gains, reverse=True)
    for m in out["mistakes"]:
        assert record["actions"][m["step"] - 1] == [1, m["chosen"]]
        assert set(m["lines"]) == {"en", "ja"}


def test_review_table_in_japanese(cli, record_file: Path) -> None:
    result = cli(
        "review", str(record_file), "--seat", "1", "--samples", "2", "--lang", "ja", "--top", "3"
    )
    assert result.exit_code == 0, result.output
    assert "座席1の振り返り" in result.stdout
    assert "期待値で約" in result.stdout


def test_review_refuses_a_game_not_over(cli, record_file: Path, tmp_path: Path) -> None:
    record = json.loads(record_file.read_text())
    record["actions"] = record["actions"][:10]
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps(record))
    result = cli("review", str(partial), "--seat", "1")
    assert result.exit_code == 2
    assert "the game is not over: a review is made only after its end" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "4"], "--seat 4: this game has seats 1 to 3"),
        (["--seat", "0"], "--seat 0: this game has seats 1 to 3"),
        (["--seat", "1", "--lang", "fr"], "--lang is en or ja, not 'fr'"),
        (["--seat", "1", "--samples", "0"], "--samples must be at least 1, got 0"),
    ],
)
def test_review_bad_input(cli, record_file: Path, args: list[str], message: str) -> None:
    result = cli("review", str(record_file), *args)
    assert result.exit_code == 2
    assert message in result.output

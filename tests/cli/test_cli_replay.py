"""``tabletop replay``: any step, from any seat or the spectator, nothing leaked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletop

WL = "wicked-labyrinth"


@pytest.fixture(scope="module")
def record_file(tmp_path_factory) -> Path:
    from typer.testing import CliRunner

    from tabletop.cli.app import app

    path = tmp_path_factory.mktemp("replay") / "game.json"
    result = CliRunner().invoke(
        app, ["play", WL, "--seats", "random,random,random", "--seed", "12", "--save", str(path)]
    )
    assert result.exit_code == 0, result.output
    return path


def test_replay_to_the_end_shows_the_final_board(cli, record_file: Path) -> None:
    record = json.loads(record_file.read_text())
    result = cli("replay", str(record_file), "--to-end")
    assert result.exit_code == 0, result.output
    total = len(record["actions"])
    assert f"step {total}/{total} (spectator)" in result.stdout
    scores = ", ".join(map(str, tabletop.replay(record).result().scores))
    assert f"Scores {scores}" in result.stdout
    assert "game over" in result.stdout


def test_replay_defaults_to_the_last_step_when_not_at_a_terminal(cli, record_file: Path) -> None:
    assert (
        cli("replay", str(record_file)).stdout == cli("replay", str(record_file), "--to-end").stdout
    )


def test_replay_step_zero_is_the_setup(cli, record_file: Path) -> None:
    result = cli("replay", str(record_file), "--step", "0", "--seat", "3")  # seats are 1..N
    assert result.exit_code == 0, result.output
    assert "step 0/" in result.stdout and "(seat 3)" in result.stdout
    assert "round 1/4, search phase  (you are seat 3)" in result.stdout


def test_a_closed_hand_is_shown_only_to_its_owner(cli, record_file: Path) -> None:
    record = json.loads(record_file.read_text())
    player, hand = record["actions"][0]  # the first hand of the game, before any reveal
    assert player == 0
    own = cli("replay", str(record_file), "--step", "1", "--seat", "1").stdout
    assert f"seat 1 played {hand}" in own and "Seat 1 holds" in own
    for args in (["--seat", "2"], ["--spectator"]):
        other = cli("replay", str(record_file), "--step", "1", *args).stdout
        assert "seat 1 decided" in other
        assert "Seat 1 holds" not in other and "your closed hand" not in other
        assert "Seat 1 has put out a closed hand." in other


def test_bad_step_and_seat_are_refused(cli, record_file: Path) -> None:
    total = len(json.loads(record_file.read_text())["actions"])
    for args, words in [
        (["--step", str(total + 1)], f"steps 0 to {total}"),
        (["--seat", "4"], "seats 1 to 3"),
        (["--seat", "0"], "seats 1 to 3"),
        (["--seat", "1", "--spectator"], "exclude"),
        (["--step", "2", "--to-end"], "exclude"),
    ]:
        result = cli("replay", str(record_file), *args)
        assert result.exit_code == 2
        assert result.stderr.startswith("error: ") and words in result.stderr


def test_browsing_steps_back_and_forth(record_file: Path) -> None:
    from rich.console import Console

    from tabletop.cli.replay import Viewer, _browse, load_record, replay_steps

    steps = replay_steps(load_record(record_file))
    console = Console(record=True, width=80)
    answers = iter(["", "", "b", "5", "q"])
    _browse(Viewer(console, WL, None, len(steps) - 1), steps, 0, lambda _: next(answers))
    shown = [
        line.split("step ")[1].split("/")[0]
        for line in console.export_text().splitlines()
        if "step " in line and "/" in line
    ]
    assert shown == ["0", "1", "2", "1", "5"]

"""Every bad input gives one ``error:`` line on stderr and exit code 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def _one_error_line(result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output
    for word in words:
        assert word in lines[0]


WL = "wicked-labyrinth"


@pytest.mark.parametrize(
    "args, words",
    [
        (["play", "chess", "--seats", "random,random,random"], ["unknown game", "chess"]),
        (["simulate", "chess", "--bots", "random,random,random"], ["unknown game"]),
        (["bench", "chess"], ["unknown game"]),
        (["play", WL, "--seats", "random,nobot,random"], ["no bot 'nobot'"]),
        (["simulate", WL, "--bots", "random,random,nobot"], ["no bot 'nobot'"]),
        (["simulate", WL, "--bots", "random:depth=3,random,random"], ["depth"]),
        (["play", WL, "--seats", "random,random"], ["3, 4, 5 players, not 2"]),
        (["simulate", WL, "--bots", "random," * 5 + "random"], ["not 6"]),
        (["play", WL, "--players", "4", "--seats", "random,random,random"], ["--players is 4"]),
        (["play", WL, "--seats", "random,,random"], ["--seats"]),
        (["simulate", WL, "--bots", "random,random,random", "--games", "0"], ["--games"]),
        (["simulate", WL, "--bots", "random,random,random", "--workers", "0"], ["--workers"]),
        (
            ["simulate", WL, "--bots", "random,random,random", "--option", "speed=3"],
            ["no option 'speed'"],
        ),
        (["simulate", WL, "--bots", "random,random,random", "--option", "cards"], ["NAME=VALUE"]),
        (["play", WL, "--seats", "random,random,random", "--expert"], ["no option 'expert'"]),
        (
            ["play", WL, "--seats", "random,random,random", "--cards", "/nonexistent.toml"],
            ["cannot read card file"],
        ),
        (
            ["play", WL, "--seats", "random,random,random", "--save", "/nonexistent/dir/g.json"],
            ["no such directory"],
        ),
        (["bench", WL, "--seconds", "0"], ["--seconds"]),
        (["play", WL, "--seats", "random,random,random", "--pace", "-1"], ["--pace"]),
        (["replay", "/nonexistent/game.json"], ["cannot read"]),
    ],
)
def test_bad_arguments(cli, args: list[str], words: list[str]) -> None:
    _one_error_line(cli(*args), *words)


def test_bad_card_file_names_the_file(cli, tmp_path: Path) -> None:
    cards = tmp_path / "cards.toml"
    cards.write_text("[[corridor]]\nid = 'C01'\n")
    result = cli("simulate", WL, "--bots", "random,random,random", "--cards", str(cards))
    _one_error_line(result, "cards.toml")


def test_replay_refuses_non_json(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("not json {")
    _one_error_line(cli("replay", str(path)), "not JSON")


def test_replay_refuses_a_record_that_does_not_replay(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = {"game": WL, "players": 3, "seed": 1, "options": {}, "actions": [[0, "great:1"]]}
    path.write_text(json.dumps(record))
    _one_error_line(cli("replay", str(path)), "step 1")


def test_replay_refuses_an_unknown_game(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "chess", "players": 2, "seed": 1, "actions": []}))
    _one_error_line(cli("replay", str(path)), "unknown game")


def test_replay_refuses_a_missing_field(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": WL, "players": 3}))
    _one_error_line(cli("replay", str(path)), "not a valid game record")

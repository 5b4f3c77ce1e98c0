"""``tabletop play``: all-bot games, a human by piped input, hot seat, saving."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tabletop
from tabletop.bots.random_bot import RandomBot
from tabletop.core.record import GameRecord

WL = "wicked-labyrinth"
MANY_ONES = "1\n" * 400
"""Choice 1 is always legal, so enough of these finish any game."""


def test_all_bot_game_plays_to_the_end_and_saves(cli, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = cli(
        "play", WL, "--seats", "random,random,random,random", "--seed", "5", "--save", str(save)
    )
    assert result.exit_code == 0, result.output
    record = GameRecord.from_json(json.loads(save.read_text()))
    final = tabletop.replay(record)
    assert final.is_terminal()
    scores = ", ".join(map(str, final.result().scores))
    assert f"Scores {scores}" in result.stdout
    assert "Result" in result.stdout
    assert "(spectator)" in result.stdout


def test_players_defaults_to_the_seat_count(cli, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = cli(
        "play", WL, "--players", "5", "--seats", ",".join(["random"] * 5), "--save", str(save)
    )
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["players"] == 5


def test_human_seat_by_piped_input_refuses_wrong_entries(cli, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    entries = "zzz\n99\n²\nd7\n" + MANY_ONES
    result = cli(
        "play",
        WL,
        "--seats",
        "human,random,random",
        "--seed",
        "3",
        "--save",
        str(save),
        input=entries,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "player 0 cannot play 'zzz'" in out
    assert "There is no choice 99: pick 1 to 28." in out
    assert "player 0 cannot play d7" in out  # 6 search pieces with 3 players
    record = json.loads(save.read_text())
    human = [a for p, a in record["actions"] if p == 0]
    assert human[0] == "d0"  # the refused entries changed nothing; "1" is the first choice
    assert tabletop.replay(record).is_terminal()
    assert "1. d0" in out and "you are seat 1" in out


def test_bot_hands_never_show_before_the_reveal(cli, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = cli(
        "play",
        WL,
        "--seats",
        "random,human,random,random",
        "--seed",
        "8",
        "--save",
        str(save),
        input=MANY_ONES,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seat 2 holds" in out  # the human (seats are 1..N) sees their own hand ...
    for bot in (1, 3, 4):  # ... and only that a bot has put one out
        assert f"Seat {bot} holds" not in out
        assert f"Seat {bot} has put out a closed hand." in out
    # Each corridor: every bot's closed hand is announced before the hands open.
    corridors = out.split("Hands open on")
    for before in corridors[:-1]:
        tail = re.split(r"Signs revealed|is skipped\.", before)[-1]
        assert all(f"Seat {bot} has put out a closed hand." in tail for bot in (1, 3, 4))


def test_hot_seat_hands_over_the_keyboard_when_the_screen_is_private(cli) -> None:
    result = cli("play", WL, "--seats", "human,human,random", "--seed", "4", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    handovers = out.count("Pass the keyboard to seat")
    switches = len(re.findall(r"─ seat \d \(human\) ─", out))
    assert handovers > 0
    # Soul processing is public: the keyboard changes hands there without a hand-over.
    assert handovers < switches
    # Right after a human commits a hand, the other one is asked to take the keyboard.
    first = out.index("Seat 1 holds")
    assert out.index("Pass the keyboard to seat 2", first) < out.index("seat 2 >", first)


def test_stopped_game_saves_a_partial_record_that_replays(cli, tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    result = cli("play", WL, "--seats", "human,random,random", "--save", str(save), input="1\n1\n")
    assert result.exit_code == 130
    assert "Partial record written" in result.stdout
    record = json.loads(save.read_text())
    assert [a for p, a in record["actions"] if p == 0] == ["d0", "d0"]
    assert not tabletop.replay(record).is_terminal()
    replayed = cli("replay", str(save), "--to-end")
    assert replayed.exit_code == 0, replayed.output


def test_ctrl_c_saves_the_record_so_far(cli, tmp_path: Path, monkeypatch) -> None:
    calls = 0
    act = RandomBot.act

    def interrupted(self, view, legal):
        nonlocal calls
        calls += 1
        if calls > 10:
            raise KeyboardInterrupt
        return act(self, view, legal)

    monkeypatch.setattr(RandomBot, "act", interrupted)
    save = tmp_path / "partial.json"
    result = cli("play", WL, "--seats", "random,random,random", "--save", str(save))
    assert result.exit_code == 130
    assert len(json.loads(save.read_text())["actions"]) == 9  # 3 full ticks of 3 bots


@pytest.mark.parametrize("players", [3, 4, 5])
def test_output_fits_80_columns(cli, players: int) -> None:
    result = cli("play", WL, "--seats", ",".join(["random"] * players), "--seed", "2")
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "…" not in result.stdout


def test_a_bot_error_is_one_line_and_the_game_so_far_is_saved(
    cli, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setattr(RandomBot, "act", lambda self, view, legal: "great:1")
    save = tmp_path / "partial.json"
    result = cli("play", WL, "--seats", "random,random,random", "--save", str(save))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: player 0 cannot play great:1")
    assert json.loads(save.read_text())["actions"] == []

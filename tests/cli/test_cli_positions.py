"""``tabletop play --position FILE`` and ``tabletop analyse FILE --bot mcts``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import tabletop


def _position_file(tmp_path: Path, name: str, players: int, steps: int) -> tuple[Path, dict]:
    state = tabletop.new_game(name, players=players, seed=4)
    rng = random.Random(1)
    for _ in range(steps):
        p = rng.choice(state.current_players())
        state.apply(p, rng.choice(list(state.legal_action_ids(p))))
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(state.position()))
    return path, state.position()


def test_analyse_prints_the_choice_and_a_value_for_every_legal_action(cli, tmp_path) -> None:
    path, data = _position_file(tmp_path, "code-of-nine", 3, 25)
    state = tabletop.position("code-of-nine", data)
    (seat,) = state.current_players()
    result = cli("analyse", str(path), "--bot", "mcts:iterations=120", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    (entry,) = out["seats"]
    legal = {a.notation() for a in state.legal_actions(seat)}
    assert entry["seat"] == seat and entry["choice"] in legal and entry["iterations"] == 120
    assert {row["action"] for row in entry["actions"]} == legal
    assert sum(row["visits"] for row in entry["actions"]) == 120
    best = max(entry["actions"], key=lambda row: row["visits"])
    assert best["action"] == entry["choice"] and 0.0 <= best["value"] <= 1.0
    table = cli("analyse", str(path), "--bot", "mcts:iterations=60")
    assert f"seat {seat + 1}: mcts:iterations=60 plays" in table.stdout  # 1..N, as printed


def test_analyse_at_a_simultaneous_decision_answers_for_every_deciding_seat(cli, tmp_path) -> None:
    path, _ = _position_file(tmp_path, "wicked-labyrinth", 4, 0)
    result = cli("analyse", str(path), "--bot", "mcts:iterations=40", "--json")
    assert result.exit_code == 0, result.output
    assert [e["seat"] for e in json.loads(result.stdout)["seats"]] == [0, 1, 2, 3]
    one = cli("analyse", str(path), "--bot", "heuristic", "--seat", "3", "--json")
    (entry,) = json.loads(one.stdout)["seats"]  # --seat counts 1..N; the JSON from 0
    assert entry["seat"] == 2 and entry["iterations"] == 0 and "visits" not in entry["actions"][0]
    for outside in ("0", "5"):
        refused = cli("analyse", str(path), "--bot", "heuristic", "--seat", outside)
        assert refused.exit_code == 2
        assert f"--seat {outside} does not decide here (deciding: 1, 2, 3, 4)" in refused.output


def test_a_bad_position_is_one_error_line_naming_the_field(cli, tmp_path) -> None:
    path, data = _position_file(tmp_path, "wicked-labyrinth", 3, 0)
    data["player"][1]["impurity"] = -3
    path.write_text(json.dumps(data))
    result = cli("analyse", str(path))
    assert result.exit_code == 2
    assert "field 'player[1].impurity'" in result.output and "error:" in result.output


def test_play_from_a_position_and_its_record_replays_from_there(cli, tmp_path) -> None:
    path, data = _position_file(tmp_path, "code-of-nine", 3, 30)
    save = tmp_path / "game.json"
    result = cli(
        "play",
        "code-of-nine",
        "--seats",
        "random,heuristic,random",
        "--position",
        str(path),
        "--save",
        str(save),
    )
    assert result.exit_code == 0, result.output
    record = json.loads(save.read_text())
    assert record["position"] == data
    final = tabletop.replay(record)
    assert final.is_terminal()
    wrong = cli(
        "play", "wicked-labyrinth", "--seats", "random,random,random", "--position", str(path)
    )
    assert wrong.exit_code == 2 and "is a position of code-of-nine" in wrong.output
    count = cli(
        "play", "code-of-nine", "--seats", "random,random,random,random", "--position", str(path)
    )
    assert count.exit_code == 2 and "the position has 3 players" in count.output

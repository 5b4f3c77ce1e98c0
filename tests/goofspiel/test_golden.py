"""Golden records (design guide, tests 4): a rule change that alters them is deliberate.

Each file holds a full record and what replaying it must give. Regenerate with
``.venv/bin/python -m tests.goofspiel.test_golden`` and review the diff when the rules
change (the heuristic bot plays the odd seats, random bots the others).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.core.bot import Bot
from tabletop.core.record import GameRecord
from tabletop.games.goofspiel import GAME
from tabletop.games.goofspiel.bots import GoofspielHeuristic

FOLDER = Path(__file__).parent / "golden"
GOLDEN: list[tuple[int, int, dict[str, Any]]] = [
    (2, 606, {"num_cards": 13, "points_order": "random"}),
    (4, 707, {"num_cards": 8, "points_order": "descending"}),
]
FILES = sorted(FOLDER.glob("*.json"))


def _bot(seat: int, seed: int) -> Bot:
    from tabletop.bots.random_bot import RandomBot

    if seat % 2:
        return GoofspielHeuristic(GAME, seat, seed * 7 + seat + 1)
    return RandomBot(GAME, seat, seed * 7 + seat + 1)


def regenerate() -> None:
    FOLDER.mkdir(exist_ok=True)
    for players, seed, options in GOLDEN:
        state = GAME.new_game(players, seed, **options)
        bots = [_bot(p, seed) for p in range(players)]
        while not state.is_terminal():
            for p in state.current_players():
                state.apply(p, bots[p].act(state.view(p), state.legal_actions(p)))
        result = state.result()
        data = {
            "record": state.record().to_json(),
            "scores": list(result.scores),
            "winners": list(result.winners),
            "final_state": state.to_json()["state"],
        }
        path = FOLDER / f"{players}p-seed{seed}.json"
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {path}: scores {result.scores}")


def test_there_is_a_golden_record_for_each_entry() -> None:
    assert [f.name for f in FILES] == sorted(f"{p}p-seed{s}.json" for p, s, _ in GOLDEN)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_record_replays_to_the_same_end(path: Path) -> None:
    data = json.loads(path.read_text())
    state = GameRecord.from_json(data["record"]).replay(GAME)
    assert state.is_terminal()
    assert list(state.result().scores) == data["scores"]
    assert list(state.result().winners) == data["winners"]
    assert state.to_json()["state"] == data["final_state"]


if __name__ == "__main__":
    regenerate()

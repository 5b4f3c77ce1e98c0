"""Regenerate the golden game records under tests/*/golden/ (a deliberate rule change).

Usage: .venv/bin/python scripts/regen_golden.py
Each file holds a full record (seed, options, every decision) and what replaying it
must give: the final scores and the final state. The tests replay and compare. Replay
needs only the engine, so the bots that chose the moves can change freely.
"""

from __future__ import annotations

import json
from pathlib import Path

import tabletop
from tabletop.sim.runner import play_game

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = [
    ("wicked-labyrinth", ["heuristic", "heuristic", "heuristic"], 101, {}),
    ("wicked-labyrinth", ["heuristic", "random", "heuristic", "random"], 202, {}),
    ("wicked-labyrinth", ["random", "heuristic", "random", "heuristic", "random"], 303, {}),
    ("code-of-nine", ["heuristic", "random", "random"], 404, {}),
    ("code-of-nine", ["random", "heuristic", "random", "heuristic"], 505, {"expert": True}),
]


def main() -> None:
    for name, bots, seed, options in GOLDEN:
        outcome = play_game(tabletop.game(name), bots, seed, options)
        state = outcome.state
        data = {
            "record": state.record().to_json(),
            "scores": list(outcome.result.scores),
            "winners": list(outcome.result.winners),
            "final_state": state.to_json()["state"],
        }
        folder = ROOT / "tests" / name.replace("-", "_") / "golden"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{len(bots)}p-seed{seed}.json"
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {path.relative_to(ROOT)}: scores {outcome.result.scores}")


if __name__ == "__main__":
    main()

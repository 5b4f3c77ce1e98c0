"""Record what the heuristic bots choose, so a faster heuristic can prove it chooses alike.

Usage: .venv/bin/python scripts/record_heuristic_choices.py

Plays the seeded games of :data:`GAMES` (heuristics with their default and with
stressed settings, e.g. planner budgets so small that its fallback levels answer often,
beside ``random`` seats and the search bots whose model is the heuristic) and the
single-seat learner env against heuristic opponents, and writes every action taken to
``tests/<game>/heuristic_choices.json``. ``tests/arena/test_heuristic_choices_recorded.py``
replays the same games with today's bots (:mod:`tabletop.sim.choices`) and requires
the same actions, decision by decision. Rerun this only when the bots are meant to
choose differently.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tabletop.sim.choices import env_histories, game_choices

ROOT = Path(__file__).resolve().parent.parent

GAMES: dict[str, list[tuple[list[str], int, dict[str, Any]]]] = {
    "wicked-labyrinth": [
        (["random", "heuristic", "heuristic", "heuristic"], 1, {}),
        (["random", "heuristic", "heuristic", "heuristic"], 2, {}),
        (["heuristic", "heuristic", "heuristic", "heuristic"], 3, {}),
        (
            [
                "heuristic:budget=10",
                "heuristic:budget=25",
                "heuristic:budget=60",
                "heuristic:budget=150",
            ],
            4,
            {},
        ),
        (
            [
                "heuristic:budget=12,aggression=1.6,spite=0.6",
                "random",
                "heuristic:budget=30,future=0.5",
                "heuristic:budget=10",
            ],
            5,
            {},
        ),
        (["heuristic", "random", "heuristic:aggression=0.6,spite=0"], 6, {}),
        (["heuristic:budget=20", "heuristic", "random", "heuristic:budget=40", "heuristic"], 7, {}),
        (
            [
                "mcts:model=heuristic,iterations=25",
                "heuristic",
                "random",
                "mcts:model=adaptive,iterations=25",
            ],
            8,
            {},
        ),
    ],
    "code-of-nine": [
        (["random", "heuristic", "heuristic", "heuristic"], 1, {}),
        (["random", "heuristic", "heuristic", "heuristic"], 2, {}),
        (["heuristic", "heuristic", "heuristic", "heuristic"], 3, {}),
        (
            [
                "heuristic:samples=2",
                "heuristic:samples=5,will=0.2,info=2",
                "heuristic:guard=1",
                "random",
            ],
            4,
            {"expert": True},
        ),
        (["heuristic", "random", "heuristic:samples=3"], 5, {}),
        (["heuristic", "heuristic:samples=1", "random"], 6, {"expert": True}),
        (["mcts:model=heuristic,iterations=15", "heuristic", "random"], 7, {}),
    ],
}
"""Per game: (bot specs by seat, seed, game options) of each recorded game."""

ENV_STEPS = 400
"""Learner steps (random masked actions) recorded in the single-seat env per game."""


def main() -> None:
    for name, games in GAMES.items():
        start = time.perf_counter()
        data = {
            "games": [
                {
                    "specs": specs,
                    "seed": seed,
                    "options": options,
                    "decisions": game_choices(name, specs, seed, options),
                }
                for specs, seed, options in games
            ],
            "env": {"steps": ENV_STEPS, "seed": 0, "episodes": env_histories(name, ENV_STEPS)},
        }
        path = ROOT / "tests" / name.replace("-", "_") / "heuristic_choices.json"
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        decisions = sum(len(g["decisions"]) for g in data["games"])
        print(
            f"wrote {path.relative_to(ROOT)}: {decisions} decisions in {len(games)} games, "
            f"{len(data['env']['episodes'])} env episodes, "
            f"{time.perf_counter() - start:.1f} s"
        )


if __name__ == "__main__":
    main()

"""The heuristics choose exactly as they did before they were made faster.

``tests/<game>/heuristic_choices.json`` holds every action of seeded games (default and
stressed bot settings, the search bots whose model is the heuristic) and of the
single-seat learner env against heuristic opponents, recorded by
``scripts/record_heuristic_choices.py`` from the code before the speed-ups. The same
games are replayed here with the code as it is: every decision must match.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.sim.choices import env_histories, game_choices

TESTS = Path(__file__).resolve().parents[1]
GAMES = ("wicked-labyrinth", "code-of-nine")
RECORDED = {
    game: json.loads((TESTS / game.replace("-", "_") / "heuristic_choices.json").read_text())
    for game in GAMES
}


def first_difference(got: list, want: list) -> str:
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            return f"decision {i}: got {a}, recorded {b}"
    return f"lengths differ: {len(got)} decisions, recorded {len(want)}"


@pytest.mark.parametrize(
    ("game", "recorded"),
    [(game, g) for game in GAMES for g in RECORDED[game]["games"]],
    ids=lambda v: v if isinstance(v, str) else f"seed{v['seed']}-{'+'.join(v['specs'])}",
)
def test_games_choose_as_recorded(game, recorded):
    got = game_choices(game, recorded["specs"], recorded["seed"], recorded["options"])
    assert len(recorded["decisions"]) > 50
    assert got == recorded["decisions"], first_difference(got, recorded["decisions"])


@pytest.mark.parametrize("game", GAMES)
def test_learner_env_opponents_choose_as_recorded(game):
    env = RECORDED[game]["env"]
    got = env_histories(game, env["steps"], env["seed"])
    assert len(env["episodes"]) >= 3
    assert got == env["episodes"], first_difference(got, env["episodes"])

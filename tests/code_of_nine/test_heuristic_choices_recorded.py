"""The heuristic chooses exactly as it did before it was made faster.

``heuristic_choices.json`` holds every action of seeded games (default and stressed bot
settings, the search bots whose model is the heuristic) and of the single-seat learner
env against heuristic opponents, recorded by ``scripts/record_heuristic_choices.py``
from the code before the speed-ups. The same games are replayed here with the code as
it is: every decision must match.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.sim.choices import env_histories, game_choices

GAME = "code-of-nine"
RECORDED = json.loads((Path(__file__).parent / "heuristic_choices.json").read_text())


def first_difference(got: list, want: list) -> str:
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            return f"decision {i}: got {a}, recorded {b}"
    return f"lengths differ: {len(got)} decisions, recorded {len(want)}"


@pytest.mark.parametrize("recorded", RECORDED["games"],
                         ids=lambda g: f"seed{g['seed']}-{'+'.join(g['specs'])}")
def test_games_choose_as_recorded(recorded):
    got = game_choices(GAME, recorded["specs"], recorded["seed"], recorded["options"])
    assert len(recorded["decisions"]) > 50
    assert got == recorded["decisions"], first_difference(got, recorded["decisions"])


def test_learner_env_opponents_choose_as_recorded():
    env = RECORDED["env"]
    got = env_histories(GAME, env["steps"], env["seed"])
    assert len(env["episodes"]) >= 3
    assert got == env["episodes"], first_difference(got, env["episodes"])

"""The OpenSpiel examples run OpenSpiel's own algorithms on both games, small and
bounded (seconds): the functions the example script prints are checked here."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.slow  # the examples train and search (not in --fast)

pytest.importorskip("pyspiel")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_algorithms.py"
example = runpy.run_path(str(EXAMPLE))


@pytest.mark.parametrize(
    ("game", "players", "iterations"), [("code-of-nine", 3, 30), ("wicked-labyrinth", 3, 6)]
)
def test_outcome_sampling_mccfr_learns_an_average_policy(game, players, iterations):
    out = example["mccfr"](game, players, iterations, seed=1)
    assert out["infosets"] > 100
    assert out["queried"] == 200  # checked inside: a distribution over the legal actions
    assert out["regrets_moved"] > 10  # the iterations learned something


@pytest.mark.parametrize(("game", "players"), [("code-of-nine", 4), ("wicked-labyrinth", 3)])
def test_dqn_agents_play_whole_episodes_through_rl_environment(game, players):
    results = example["dqn_episodes"](game, players, 2, seed=3)
    assert len(results) == 2
    for rewards in results:
        assert len(rewards) == players
        assert sum(rewards) == pytest.approx(1.0)  # win shares of a finished game
        assert max(rewards) > 0


def test_ismcts_with_the_games_resampler_beats_random_seats():
    shares = example["ismcts_vs_random"](3, 9, 30, seed=0)  # seeded: repeatable
    assert np.mean(shares) > 0.5  # a clear majority (a random seat's fair share: 1/3)


def test_the_script_prints_its_figures(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), "mccfr", "--iterations", "3"])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    assert "MCCFR, 3 iterations" in capsys.readouterr().out

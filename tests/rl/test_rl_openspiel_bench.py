"""``tabletop.bench.spiel`` (``scripts/openspiel_speed.py``): one short run gives every
figure, positive, and the ratio of the totals with each turn's."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.bench import spiel

pytest.importorskip("pyspiel")


def test_one_run_gives_every_figure():
    f = spiel.spiel_figures(tabletop.game("goofspiel"), 2, 0.16)
    for key in (
        "rl_environment_steps_per_cpu_second",
        "pettingzoo_steps_per_cpu_second",
        "pyspiel_games_per_cpu_second",
        "reference_games_per_cpu_second",
        "reference_rl_environment_steps_per_cpu_second",
    ):
        assert f[key] > 0, key
    assert len(f["ratio_per_round"]) == spiel.ROUNDS
    assert f["rl_environment_over_pettingzoo"] == pytest.approx(
        f["rl_environment_steps_per_cpu_second"] / f["pettingzoo_steps_per_cpu_second"]
    )
    assert f["reference"] == "goofspiel"
    assert f["max_game_length"] == tabletop.game("goofspiel").longest(2, {"num_cards": 13}).nodes

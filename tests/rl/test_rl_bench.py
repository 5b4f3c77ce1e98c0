"""The wrapper-cost figures that ``tabletop bench`` prints (figures, never timed asserts)."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.rl.bench import available, env_episodes, rl_figures


def test_env_episodes_count_real_decisions_only():
    game = tabletop.game("wicked-labyrinth")
    rate, steps = env_episodes(game, 3, 0.0, seed=4)
    assert rate.count == 1  # one whole episode at least
    assert steps < rate.decisions  # simultaneous steps hold several decisions


def test_rl_figures_keys_and_ratio():
    figures = rl_figures(tabletop.game("wicked-labyrinth"), 3, 0.0, seed=1)
    assert figures["rl_players"] == 3
    assert figures["env_cost_ratio"] == pytest.approx(
        figures["engine_decisions_per_second"] / figures["env_decisions_per_second"])
    assert figures["env_steps_per_second"] < figures["env_decisions_per_second"]
    assert figures["view_floor_ratio"] > 0


def test_available_needs_an_encoder():
    assert available(tabletop.game("wicked-labyrinth"))

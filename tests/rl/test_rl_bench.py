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
    assert figures["free_observation_ratio"] > 0


def test_free_observations_keep_the_api_but_not_the_encoder():
    """The floor's env is the real one (same agents, masks, decisions) with zero
    observations, each step a fresh array."""
    from tabletop.rl.free_observations import FreeObservations
    from tabletop.rl.pettingzoo import TabletopParallelEnv

    game = tabletop.game("code-of-nine")
    real, free = TabletopParallelEnv(game, 3), TabletopParallelEnv(game, 3)
    free.episode = FreeObservations(game, 3)
    a, _ = real.reset(seed=2)
    b, _ = free.reset(seed=2)
    for agent in a:
        assert (a[agent]["action_mask"] == b[agent]["action_mask"]).all()
        assert b[agent]["observation"].shape == a[agent]["observation"].shape
        assert not b[agent]["observation"].any() and a[agent]["observation"].any()
    acted = {agent: int(o["action_mask"].nonzero()[0][0]) for agent, o in b.items()}
    nxt, *_ = free.step(acted)
    assert all(nxt[x]["observation"] is not b[x]["observation"] for x in nxt)
    rate, _ = env_episodes(game, 3, 0.0, seed=1, free_observations=True)
    assert rate.count == 1 and rate.decisions > 20


def test_available_needs_an_encoder():
    assert available(tabletop.game("wicked-labyrinth"))

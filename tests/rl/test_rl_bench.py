"""The wrapper-cost figures that ``tabletop bench`` prints (figures, never timed asserts)."""

from __future__ import annotations

import numpy as np
import pytest

import tabletop
from tabletop.bench.rl import (
    VECTOR_PHASES,
    available,
    cores,
    env_episodes,
    rl_figures,
    vector_costs,
)


def test_env_episodes_count_real_decisions_only():
    game = tabletop.game("wicked-labyrinth")
    rate, steps = env_episodes(game, 3, 0.0, seed=4)
    assert rate.count == 1  # one whole episode at least
    assert steps < rate.decisions  # simultaneous steps hold several decisions


def test_rl_figures_keys_and_ratio():
    figures = rl_figures(tabletop.game("wicked-labyrinth"), 3, 0.0, seed=1)
    assert figures["rl_players"] == 3
    assert figures["env_cost_ratio"] == pytest.approx(
        figures["engine_decisions_per_second"] / figures["env_decisions_per_second"]
    )
    assert figures["env_steps_per_second"] < figures["env_decisions_per_second"]
    assert figures["view_floor_ratio"] > 0
    assert figures["free_observation_ratio"] > 0
    assert figures["vector_speedup"] == pytest.approx(
        figures["vector_table_steps_per_second"] / figures["env_steps_per_second"]
    )
    assert figures["vector_agent_steps_per_second"] == pytest.approx(
        3 * figures["vector_table_steps_per_second"]
    )
    assert figures["vector_workers"] == min(cores(), 64)
    assert figures["vector_workers_speedup"] == pytest.approx(
        figures["vector_workers_table_steps_per_second"] / figures["env_steps_per_second"]
    )
    assert figures["learner_steps_vs_heuristics_per_second"] > 0
    assert set(figures["vector_cost_us"]) == {*VECTOR_PHASES, "total", "pettingzoo"}


def test_vector_costs_split_a_step_into_its_phases():
    costs = vector_costs(tabletop.game("code-of-nine"), 3, 0.0, tables=4)
    assert all(costs[phase] >= 0 for phase in VECTOR_PHASES)
    assert costs["total"] == pytest.approx(sum(costs[phase] for phase in VECTOR_PHASES))
    assert costs["engine"] > 0 and costs["encode"] > 0 and costs["pettingzoo"] > 0


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


def test_vector_and_learner_loops_count_what_they_say():
    from tabletop.bench.rl import learner_steps, vector_steps
    from tabletop.rl.sampling import random_masked

    game = tabletop.game("code-of-nine")
    for workers in (1, 2):
        rate, table_steps = vector_steps(game, 3, 0.0, tables=5, workers=workers)
        assert rate.count == 1 and table_steps == 5
        assert rate.decisions == 15  # the first step is the sealed change: all 3 at once
    assert learner_steps(game, 3, 0.0, opponents="random").count == 1
    masks = np.zeros((50, 6), np.int8)
    masks[:, [1, 4]] = 1
    picked = random_masked(np.random.default_rng(0), masks)
    assert set(picked.tolist()) == {1, 4}


def test_random_legal_draws_uniformly_among_the_deciding_seats_legal_actions():
    from tabletop.rl.sampling import random_legal

    masks = np.zeros((4000, 2, 6), np.int8)
    masks[:, 0, [1, 3, 4]] = 1  # seat 0 decides among three actions
    masks[:, 1, 5] = 1  # seat 1 has the no-op (5) alone
    picked = random_legal(np.random.default_rng(1), masks, noop=5)
    assert set(picked[:, 1].tolist()) == {5}
    counts = np.bincount(picked[:, 0], minlength=6)
    assert counts[[0, 2, 5]].sum() == 0
    assert all(abs(c - 4000 / 3) < 120 for c in counts[[1, 3, 4]])  # about 5 sd

"""Rollouts cut short at ``depth`` and valued by the game's evaluator."""

from __future__ import annotations

import math

import pytest

import tabletop
from tabletop.bots import make_bot
from tabletop.bots.mcts.evaluators import evaluator
from tabletop.bots.mcts.search import random_rollout
from tabletop.core.knowledge import soft_rewards
from tabletop.games import REGISTRY

from .test_mcts_bot import _deciding_state


def test_soft_rewards_favour_the_leader_and_stay_in_range() -> None:
    even = soft_rewards([10, 10, 10], scale=4.0, low=0, high=100, margin=0.0)
    assert even == [0.5, 0.5, 0.5]
    lead = soft_rewards([20, 10, 6], scale=4.0, low=0, high=100, margin=0.0)
    assert lead[0] == pytest.approx(1 / (1 + math.exp(-10 / 4)))
    assert lead[1] == pytest.approx(1 / (1 + math.exp(10 / 4)))
    assert lead[0] > 0.5 > lead[1] > lead[2]
    mixed = soft_rewards([20, 10, 6], scale=4.0, low=0, high=100, margin=0.5)
    assert mixed[0] == pytest.approx(0.5 * lead[0] + 0.5 * 0.2)
    assert all(0.0 <= r <= 1.0 for r in soft_rewards([1e9, -1e9], 1.0, 0, 10, 0.3))


EVALUATED = sorted(kit.name for kit in REGISTRY.kits() if kit.has("mcts:evaluator"))


def test_both_games_offer_a_leaf_evaluator() -> None:
    assert {"wicked-labyrinth", "code-of-nine"} <= set(EVALUATED)


@pytest.mark.parametrize("name", EVALUATED)
def test_evaluators_value_every_player_of_a_state_not_yet_over(name: str) -> None:
    state, _ = _deciding_state(name, 2)
    found = evaluator(state.game)
    assert found is not None
    worths = found.worths(state.clone())
    assert len(worths) == 4 and found.scale > 0
    assert all(isinstance(w, float | int) and math.isfinite(w) for w in worths)


@pytest.mark.parametrize("name", EVALUATED)
@pytest.mark.parametrize("depth", [0, 6])
def test_cut_rollouts_search_reproducibly(name: str, depth: int) -> None:
    state, seat = _deciding_state(name, 6)
    view, legal = state.view(seat), state.legal_actions(seat)
    spec = f"mcts:iterations=40,depth={depth}"
    first = make_bot(spec, state.game, seat, seed=3).act(view, legal)
    assert first in legal
    assert make_bot(spec, state.game, seat, seed=3).act(view, legal) == first


def test_a_rollout_stops_after_depth_decisions() -> None:
    import random

    state = tabletop.new_game("code-of-nine", players=4, seed=1)
    before = sum(1 for p, _ in state.history if p >= 0)
    random_rollout(state, random.Random(0), depth=5)
    assert sum(1 for p, _ in state.history if p >= 0) - before == 5
    random_rollout(state, random.Random(0))
    assert state.is_terminal()

"""SM-MCTS at a sealed joint node: decoupled UCT statistics on tiny matrix games."""

from __future__ import annotations

import random

from tabletop.bots.mcts.search import Budget, Settings, search

from .matrix_game import MatrixGame

DOMINANT = [[(0, 0), (0, 1)], [(1, 0), (1, 1)]]
"""Whatever the other does, action 1 scores 1 and action 0 scores 0."""

PENNIES = [[(1, 0), (0, 1)], [(0, 1), (1, 0)]]
"""Matching pennies: player 0 wins on a match, player 1 on a mismatch."""


def _root(  # type: ignore[no-untyped-def]
    payoffs: list[list[tuple[int, int]]], iterations: int, margin: float, seed: int = 1
):
    game = MatrixGame(payoffs)
    out = search(
        lambda k: game.determinize(None, k),
        0,
        [0, 1],
        Budget(iterations=iterations),
        Settings(c=0.7, margin=margin),
        random.Random(seed),
    )
    assert out.iterations == iterations
    return out.root


def test_each_player_keeps_its_own_statistics_at_a_joint_node() -> None:
    root = _root(DOMINANT, 200, margin=1.0)
    for p in (0, 1):
        visits = root.visits(p)
        assert set(visits) == {0, 1}
        assert sum(visits.values()) == 200
        stats = root.stats[p]
        assert all(s[2] == 200 for s in stats.values())  # both actions always available
    # one child per joint action tried, keyed by (players, actions)
    assert set(root.children) <= {(0, 1, a, b) for a in (0, 1) for b in (0, 1)}
    assert len(root.children) == 4


def test_a_dominant_action_wins_the_visits_of_both_players() -> None:
    root = _root(DOMINANT, 400, margin=1.0)  # reward = own score
    for p in (0, 1):
        visits = root.visits(p)
        assert visits[1] > 0.85 * 400
        assert root.mean(p, 1) == 1.0 and root.mean(p, 0) == 0.0


def test_matching_pennies_visits_approach_the_mixed_equilibrium() -> None:
    root = _root(PENNIES, 3000, margin=0.0, seed=7)
    for p in (0, 1):
        share = root.visits(p)[0] / 3000
        assert 0.35 < share < 0.65, (p, share)
    # constant-sum: every iteration credits one win, to one player or the other
    totals = [sum(s[1] for s in root.stats[p].values()) for p in (0, 1)]
    assert totals[0] + totals[1] == 3000

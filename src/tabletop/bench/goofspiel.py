"""OpenSpiel's C++ goofspiel (imp_info) measured with the same kind of Python loop.

Simultaneous nodes: ``legal_actions(p)`` and a seeded random choice for every player,
then ``apply_actions``; chance nodes: ``chance_outcomes`` and ``apply_action``.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.bench.timing import Rate, measure

PARAMS = {"players": 4, "num_cards": 13, "imp_info": True}
"""4 players, 13 cards, imperfect information: a simultaneous game like ours."""


def available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def _load() -> Any:
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    return pyspiel.load_game("goofspiel", PARAMS)


def _playout(state: Any, rng: random.Random, players: int, max_decisions: int | None = None) -> int:
    decisions = 0
    while not state.is_terminal():
        if max_decisions is not None and decisions >= max_decisions:
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        else:
            joint = []
            for p in range(players):
                legal = state.legal_actions(p)
                joint.append(legal[int(rng.random() * len(legal))])
            state.apply_actions(joint)
            decisions += players
    return decisions


def playouts(seconds: float, seed: int = 0) -> Rate:
    game = _load()
    players = game.num_players()
    rng = random.Random(seed)
    return measure(lambda _: _playout(game.new_initial_state(), rng, players), seconds)


def copies(seconds: float, seed: int = 0) -> Rate:
    """``state.clone()`` of a state half-way through a random game."""
    game = _load()
    players = game.num_players()
    state = game.new_initial_state()
    _playout(state, random.Random(seed), players, max_decisions=PARAMS["num_cards"] * players // 2)

    def one_copy(_: int) -> int:
        state.clone()
        return 0

    return measure(one_copy, seconds)

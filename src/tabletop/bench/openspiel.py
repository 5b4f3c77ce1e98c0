"""OpenSpiel's reference game, in C++, measured with the same kind of Python loop.

A game's yardstick is the same game in OpenSpiel when its kit names one
(``bench:openspiel``: the pyspiel name and parameters), so ``tabletop bench`` on it
compares the two engines on one game, the purest measure of our engine's overhead;
a game OpenSpiel lacks is compared with the first registered game that has one.

A reference game is simultaneous-move (the kit's parameters make it so): at a decision
node ``legal_actions(p)`` and a seeded random choice for every player, then
``apply_actions``; at a chance node ``chance_outcomes`` and ``apply_action``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.bench.timing import Rate, measure
from tabletop.core.game import Game
from tabletop.games import REGISTRY


@dataclass(frozen=True)
class Reference:
    """A game as ``pyspiel.load_game(name, params)`` makes it."""

    name: str
    params: dict[str, Any]


def reference_for(game: Game) -> Reference | None:
    """``game``'s yardstick (see the module docstring); None when no game has one."""
    own = REGISTRY.kit(game.info.name)
    for kit in (own, *REGISTRY.kits()):
        if kit.has("bench:openspiel"):
            name, params = kit.part("bench:openspiel")
            return Reference(name, dict(params))
    return None


def available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def _load(reference: Reference) -> Any:
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    return pyspiel.load_game(reference.name, reference.params)


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


def playouts(reference: Reference, seconds: float, seed: int = 0) -> Rate:
    game = _load(reference)
    players = game.num_players()
    rng = random.Random(seed)
    return measure(lambda _: _playout(game.new_initial_state(), rng, players), seconds)


def copies(reference: Reference, seconds: float, seed: int = 0) -> Rate:
    """``state.clone()`` of a state half-way through a random game."""
    game = _load(reference)
    players = game.num_players()
    state = game.new_initial_state()
    length = _playout(game.new_initial_state(), random.Random(seed), players)
    _playout(state, random.Random(seed), players, max_decisions=length // 2)

    def one_copy(_: int) -> int:
        state.clone()
        return 0

    return measure(one_copy, seconds)

"""Random playouts and state copies of a registered game, through its fast path.

The loop is what a search bot runs: ``legal_action_ids_unchecked(p)``, a seeded random
choice and ``apply_unchecked(p, id)`` for every deciding player, chance left to the engine.
The choice uses Python's C-coded ``random.Random``, as OpenSpiel's reference game's
loop does (:mod:`.openspiel`), so the driver costs both engines alike.
"""

from __future__ import annotations

import random

from tabletop.bench.timing import Rate, measure
from tabletop.core.game import Game
from tabletop.core.state import State


def random_playout(state: State, rng: random.Random, max_decisions: int | None = None) -> int:
    """Play ``state`` on at random (in place); return the number of decisions taken."""
    decisions = 0
    while not state.is_terminal():
        for p in state.current_players():
            if decisions == max_decisions:
                return decisions
            ids = state.legal_action_ids_unchecked(p)
            state.apply_unchecked(p, ids[int(rng.random() * len(ids))])
            decisions += 1
    return decisions


def playouts(game: Game, players: int, seconds: float, seed: int = 0) -> Rate:
    """Full random games from setup (seed ``seed + k`` for game k), per second."""
    rng = random.Random(seed)

    def one_game(k: int) -> int:
        return random_playout(game.new_game(players, seed + k), rng)

    return measure(one_game, seconds)


def mid_game(game: Game, players: int, seed: int = 0) -> State:
    """A state about half-way through a random game (to copy: not trivially small)."""
    rng = random.Random(seed)
    length = random_playout(game.new_game(players, seed), rng)
    state = game.new_game(players, seed)
    random_playout(state, random.Random(seed), max_decisions=length // 2)
    return state


def copies(game: Game, players: int, seconds: float, seed: int = 0) -> Rate:
    """``state.clone()`` of a mid-game state, per second."""
    state = mid_game(game, players, seed)

    def one_copy(_: int) -> int:
        state.clone()
        return 0

    return measure(one_copy, seconds)

"""One call of the engine's public contract, run the same way in both builds.

``outcome(case)`` builds a seeded state, walks ``steps`` random legal decisions into the
game, calls one public method with the given player and action (anything at all), and
describes what happened: the result, or the error's type, message and whether it is a
``ValueError``, and whether the state is unchanged after an error. ``serve()`` answers
cases read from stdin (one base64 pickle a line), for a subprocess on the sources.
"""

from __future__ import annotations

import base64
import hashlib
import json
import pickle
import random
import sys
from typing import Any

import tabletop
from tabletop.core.state import State

Case = tuple[str, int, int, int, str, Any, Any]
"""(game, players, seed, steps into the game, method, player, action)."""

METHODS = ("apply", "legal_actions", "legal_action_ids", "is_legal", "view")


def walk(game: str, players: int, seed: int, steps: int) -> State:
    state = tabletop.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        p = rng.choice(state.current_players())
        legal = list(state.legal_action_ids(p))
        state.apply(p, legal[rng.randrange(len(legal))])
    return state


def _digest(state: State) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()


def outcome(case: Case) -> tuple[Any, ...]:
    game, players, seed, steps, method, player, action = case
    state = walk(game, players, seed, steps)
    before = _digest(state)
    try:
        if method == "apply":
            events = state.apply(player, action)
            got: Any = [e.for_player(q) for e in events for q in range(players)]
        elif method == "legal_actions":
            got = state.legal_actions(player)
        elif method == "legal_action_ids":
            got = list(state.legal_action_ids(player))
        elif method == "is_legal":
            got = state.is_legal(player, action)
        else:
            got = state.view(player)
    except Exception as exc:  # every kind is compared between the builds
        return (
            "error",
            type(exc).__name__,
            str(exc),
            isinstance(exc, ValueError),
            _digest(state) == before,
        )
    return ("ok", repr(got), _digest(state))


def serve() -> None:
    for line in sys.stdin:
        case = pickle.loads(base64.b64decode(line))
        sys.stdout.write(base64.b64encode(pickle.dumps(outcome(case))).decode() + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()

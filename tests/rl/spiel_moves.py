"""Random play through pyspiel's own state API, shared by the OpenSpiel suites."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tabletop import openspiel

pyspiel = pytest.importorskip("pyspiel")  # the rl extra; installed with .[all]


def load(case: Any) -> Any:
    """The pyspiel game of a suite's ``Case`` (conftest.py), registered first."""
    openspiel.register()
    return pyspiel.load_game(
        openspiel.short_name(case.game), {"players": case.players, **case.options}
    )


def random_move(state: Any, rng: np.random.Generator) -> None:
    """One random move at any node: a chance outcome by its probability, a joint action
    at a simultaneous node, or the acting seat's action."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    elif state.is_simultaneous_node():
        state.apply_actions(
            [int(rng.choice(state.legal_actions(p))) for p in range(state.num_players())]
        )
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))

"""The search's leaf evaluator for The Wicked Labyrinth (the kit's ``mcts:evaluator``).

With ``mcts:depth=D`` a rollout stops after ``D`` decisions and the sampled state is
valued here: each board by the heuristic's measure of a position
(``valuation.board_value``, the score now plus the prospects of what a board holds),
and while corridors are searched the spells still to cast.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.knowledge import Evaluator
from tabletop.core.state import State
from tabletop.games.wicked_labyrinth.board import COLOUR_CHANGE, PROMOTION, STRIDE
from tabletop.games.wicked_labyrinth.bots.valuation import Weights, board_value, rounds_left
from tabletop.games.wicked_labyrinth.elements import Phase


def worths(state: State) -> list[float]:
    """Each player's worth of a sampled state, in points."""
    s: Any = state
    left = rounds_left(s.round)
    weights = Weights()
    b = s.b
    found = [board_value(b, p * STRIDE, s.cards, left, weights) for p in range(s.num_players)]
    if s.phase == Phase.SEARCH:
        # board_value counts spells nothing (they are lost when processing ends); while
        # corridors are searched they are still to be cast: a promotion about 2 points
        # (a middle token raised), a colour change 1.
        for p in range(s.num_players):
            o = p * STRIDE
            found[p] += 2.0 * b[o + PROMOTION] + 1.0 * b[o + COLOUR_CHANGE]
    return found


EVALUATOR = Evaluator(worths, scale=4.0)

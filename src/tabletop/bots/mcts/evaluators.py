"""Leaf evaluations: what a sampled state not yet over is worth to each player.

The search is generic; an evaluator is the one piece of game knowledge it may take,
as AlphaZero takes a value network: with ``depth=D`` a rollout stops after ``D``
decisions and the state is valued here instead of played to its end. Each game's
evaluator reuses its heuristic bot's measure of a position (The Wicked Labyrinth:
``valuation.board_value``, the score now plus the prospects of what a board holds,
and while corridors are searched the spells still to cast;
Code of Nine: the score sheet of the cards in play on the sampled state, a player who
cannot win counting 12 points less, plus the heuristic's worth of Will still to spend
and of cards known). An evaluator reads only the sampled state.

Worths become rewards in [0, 1] like a finished game's: a soft win,
``1 / (1 + exp(-(worth - best rival's worth) / scale))``, blended with the worth
scaled by the game's score bounds (``margin``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.core.state import State

Evaluator = Callable[[State], list[float]]
"""Each player's worth of a sampled state, in points."""


def _wicked_labyrinth(state: State) -> list[float]:
    from tabletop.bots.wicked_labyrinth.valuation import Weights, board_value, rounds_left
    from tabletop.games.wicked_labyrinth.board import COLOUR_CHANGE, PROMOTION, STRIDE
    from tabletop.games.wicked_labyrinth.elements import Phase

    s: Any = state
    left = rounds_left(s.round)
    weights = Weights()
    b = s.b
    worths = [board_value(b, p * STRIDE, s.cards, left, weights) for p in range(s.num_players)]
    if s.phase == Phase.SEARCH:
        # board_value counts spells nothing (they are lost when processing ends); while
        # corridors are searched they are still to be cast: a promotion about 2 points
        # (a middle token raised), a colour change 1.
        for p in range(s.num_players):
            o = p * STRIDE
            worths[p] += 2.0 * b[o + PROMOTION] + 1.0 * b[o + COLOUR_CHANGE]
    return worths


OUT_OF_RUNNING = 12.0
"""Points less for a Code of Nine player who cannot win (as the heuristic counts it)."""


def code_of_nine_worths(state: State) -> list[float]:
    """Code of Nine: the sampled cards' score sheet, plus ``code_of_nine_prospects``."""
    s: Any = state
    sheet = s.score_sheet()
    prospects = code_of_nine_prospects(state)
    return [
        sheet.scores[p] - (0.0 if sheet.eligible[p] else OUT_OF_RUNNING) + prospects[p]
        for p in range(s.num_players)
    ]


def code_of_nine_prospects(state: State) -> list[float]:
    """The heuristic's worth of each player's spendable Will and of the cards it knows
    (nothing once the game is over)."""
    from tabletop.games.code_of_nine.items import PAWNS as PAWNS_PER_ROUND
    from tabletop.games.code_of_nine.items import ROUNDS
    from tabletop.games.code_of_nine.layout import KNOWS, PAWNS, STRIDE, WILL, Phase

    s: Any = state
    if s.phase == Phase.OVER:
        return [0.0] * s.num_players
    b = s.b
    whole = ROUNDS * PAWNS_PER_ROUND
    out = []
    for p in range(s.num_players):
        o = p * STRIDE
        left = (ROUNDS - s.round) * PAWNS_PER_ROUND + b[o + PAWNS]
        worth = 0.45 * min(b[o + WILL], 3 * left) * left / whole
        out.append(worth + 1.2 * bin(b[o + KNOWS]).count("1") * (0.4 + left / whole))
    return out


EVALUATORS: dict[str, tuple[Evaluator, float]] = {
    "wicked-labyrinth": (_wicked_labyrinth, 4.0),
    "code-of-nine": (code_of_nine_worths, 3.0),
}
"""Evaluator and soft-win scale (points) by game name."""


def evaluator(game: str) -> tuple[Evaluator, float] | None:
    return EVALUATORS.get(game)


def soft_rewards(
    worths: Sequence[float], scale: float, low: int, high: int, margin: float
) -> list[float]:
    """Rewards in [0, 1] from worths: a soft win blended with the scaled worth."""
    n = len(worths)
    span = max(1, high - low)
    out = []
    for p in range(n):
        rival = max(worths[q] for q in range(n) if q != p) if n > 1 else worths[p]
        gap = max(-50.0, min(50.0, (worths[p] - rival) / scale))
        win = 1.0 / (1.0 + math.exp(-gap))
        out.append((1 - margin) * win + margin * min(1.0, max(0.0, (worths[p] - low) / span)))
    return out

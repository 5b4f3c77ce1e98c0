"""The search's leaf evaluator for Code of Nine (the kit's ``mcts:evaluator``).

With ``mcts:depth=D`` a rollout stops after ``D`` decisions and the sampled state is
valued here: the score sheet of the cards in play on the sampled state, a player who
cannot win counting 12 points less, plus the heuristic's worth of Will still to spend
and of cards known (also the value of ``mcts:model=heuristic``, :mod:`.priors`).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.knowledge import Evaluator
from tabletop.core.state import State
from tabletop.games.code_of_nine.items import PAWNS as PAWNS_PER_ROUND
from tabletop.games.code_of_nine.items import ROUNDS
from tabletop.games.code_of_nine.layout import KNOWS, PAWNS, STRIDE, WILL, Phase

OUT_OF_RUNNING = 12.0
"""Points less for a player who cannot win (as the heuristic counts it)."""


def worths(state: State) -> list[float]:
    """The sampled cards' score sheet, plus :func:`prospects`."""
    s: Any = state
    sheet = s.score_sheet()
    found = prospects(state)
    return [
        sheet.scores[p] - (0.0 if sheet.eligible[p] else OUT_OF_RUNNING) + found[p]
        for p in range(s.num_players)
    ]


def prospects(state: State) -> list[float]:
    """The heuristic's worth of each player's spendable Will and of the cards it knows
    (nothing once the game is over)."""
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


EVALUATOR = Evaluator(worths, scale=3.0)

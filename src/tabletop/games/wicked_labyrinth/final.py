"""The final score table's data: each seat's score, where it came from, and its
tie-breaks in the order the rules break ties.

Read from the rules' own tally (section 10), so the page shows the numbers the result
was ranked by: tokens 1/2/5 by rank (the two tokens on an achieved great oracle count
as high), 5 per great and 2 per small oracle, less impurity (2 returned per great).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.state import State
from tabletop.games.wicked_labyrinth.board import IMPURITY, SMALL_DONE, STRIDE, tally
from tabletop.games.wicked_labyrinth.elements import (
    GREAT_ORACLE_POINTS,
    SMALL_ORACLE_POINTS,
    TOKEN_POINTS,
)
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState

TIE_BREAKS = ("great_oracles", "high", "middle", "low", "impurity")
"""``tally``'s figures after the score, in the order a tie is broken (section 10): more
great oracles, then more high, middle and low tokens, then less impurity."""


def final(state: State) -> dict[str, Any]:
    """Each seat's row of the score table, and the order of the tie-breaks."""
    if not isinstance(state, WickedLabyrinthState):
        raise TypeError(f"a Wicked Labyrinth state, not {type(state).__name__}")
    rows = []
    for seat in range(state.num_players):
        o = seat * STRIDE
        score, greats, high, middle, low, impurity = tally(state.b, o, state.cards)
        smalls = state.b[o + SMALL_DONE] + state.b[o + SMALL_DONE + 1]
        rows.append(
            {
                "seat": seat,
                "score": score,
                "token_points": low * TOKEN_POINTS[0]
                + middle * TOKEN_POINTS[1]
                + high * TOKEN_POINTS[2],
                "oracle_points": greats * GREAT_ORACLE_POINTS + smalls * SMALL_ORACLE_POINTS,
                "tie_breaks": dict(
                    zip(TIE_BREAKS, (greats, high, middle, low, impurity), strict=True)
                ),
                "small_oracles": smalls,
                "impurity_held": state.b[o + IMPURITY],
            }
        )
    return {"rows": rows, "tie_break_order": list(TIE_BREAKS)}

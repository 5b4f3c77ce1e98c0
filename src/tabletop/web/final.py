"""The final score table a person reads: scores, placings and why ties broke as they did.

Read from the final state's spectator view (everything is public at the end) and the
game's result. The Wicked Labyrinth's tie-breaks are section 10's: more great oracles,
then more high, middle and low tokens, then less impurity. Code of Nine's score is
built card by card in order number (rulebook "End of the Game"), so its breakdown
lists the running scores after each order number's cards.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from typing import Any

from tabletop.core.jsonutil import to_jsonable
from tabletop.core.state import State
from tabletop.games.code_of_nine.memory_cards import MemoryCard
from tabletop.games.code_of_nine.scoring import quantities, score
from tabletop.games.code_of_nine.views import CodeOfNineView
from tabletop.games.wicked_labyrinth.elements import (
    GREAT_ORACLE_POINTS,
    IMPURITY_RETURNED_PER_GREAT,
    SMALL_ORACLE_POINTS,
    TOKEN_POINTS,
)
from tabletop.games.wicked_labyrinth.views import WickedLabyrinthView


def _wicked_labyrinth(state: State) -> dict[str, Any]:
    view: WickedLabyrinthView = state.spectator_view()
    rows = []
    for board in view.boards:
        greats = sum(1 for g in board.great_oracles if g.achieved)
        smalls = sum(1 for s in board.small_oracles if s.achieved)
        low, middle, high = (sum(rank) for rank in board.tokens)
        high += 2 * greats  # the two tokens moved onto each achieved great oracle
        impurity = max(0, board.impurity - IMPURITY_RETURNED_PER_GREAT * greats)
        rows.append(
            {
                "seat": board.seat,
                "score": board.score,
                "token_points": low * TOKEN_POINTS[0]
                + middle * TOKEN_POINTS[1]
                + high * TOKEN_POINTS[2],
                "oracle_points": greats * GREAT_ORACLE_POINTS + smalls * SMALL_ORACLE_POINTS,
                "tie_breaks": {
                    "great_oracles": greats,
                    "high": high,
                    "middle": middle,
                    "low": low,
                    "impurity": impurity,
                },
                "small_oracles": smalls,
                "impurity_held": board.impurity,
            }
        )
    return {"rows": rows}


def _code_of_nine(state: State) -> dict[str, Any]:
    view: CodeOfNineView = state.spectator_view()
    holders = range(len(view.revealed))
    counts = [quantities(h.items, h.will) for h in view.holders]
    cards = sorted((c for pair in view.revealed for c in pair), key=lambda c: (c.order, c.number))
    points = view.board.points
    start = score(counts, [], view.released, points)
    steps: list[dict[str, Any]] = [
        {
            "order": None,
            "cards": [],
            "scores": start.scores,
            "values": start.values,
            "eligible": start.eligible,
        }
    ]
    applied: list[MemoryCard] = []
    for order, group in groupby(cards, key=lambda c: c.order):
        same = list(group)  # cards of one order number apply together
        applied += same
        sheet = score(counts, applied, view.released, points)
        steps.append(
            {
                "order": order,
                "cards": [c.number for c in same],
                "scores": sheet.scores,
                "values": sheet.values,
                "eligible": sheet.eligible,
            }
        )
    return {
        "holders": [
            {
                "seat": h,
                "ghost": view.holders[h].ghost,
                "items": view.holders[h].items,
                "will": view.holders[h].will,
                "abyss": view.revealed[h][0].number,
                "shoal": view.revealed[h][1].number,
            }
            for h in holders
        ],
        "cards": {c.number: c for c in cards},
        "released": view.released,
        "steps": steps,
    }


BREAKDOWNS: dict[str, Callable[[State], dict[str, Any]]] = {
    "wicked-labyrinth": _wicked_labyrinth,
    "code-of-nine": _code_of_nine,
}


def breakdown(state: State) -> dict[str, Any]:
    """The finished game's result and, for games that have one, its score breakdown."""
    game = state.game.info.name
    out: dict[str, Any] = {"game": game, "result": to_jsonable(state.result())}
    make = BREAKDOWNS.get(game)
    if make is not None:
        out.update(make(state))
    return to_jsonable(out)  # type: ignore[no-any-return]

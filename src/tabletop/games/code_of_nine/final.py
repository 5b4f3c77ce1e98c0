"""The final score table's data: Code of Nine's score built card by card.

The score is built card by card in order number (rulebook "End of the Game"), so the
breakdown lists the running scores after each order number's cards, from the rules'
own scoring. Read from the final spectator view: everything is public at the end.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from tabletop.core.state import State
from tabletop.games.code_of_nine.memory_cards import MemoryCard
from tabletop.games.code_of_nine.scoring import quantities, score
from tabletop.games.code_of_nine.views import CodeOfNineView


def final(state: State) -> dict[str, Any]:
    """Each holder's items and revealed cards, and the scores after each order number."""
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

"""The reference data a Code of Nine table's page shows: what its printed board says.

A few facts a screen needs are fixed for the table (which locations are expert-only,
what each gives). They come from the table's own board data, so a table played with
another ``locations`` file shows its own board. Nothing here depends on the seat or on
hidden information.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.state import State
from tabletop.games.code_of_nine.views import CodeOfNineView
from tabletop.games.code_of_nine.words import location_effect


def reference(state: State) -> dict[str, Any]:
    """The board's locations, the points table and the deck's titles."""
    view: CodeOfNineView = state.spectator_view()
    return {
        "locations": [
            {
                "id": loc.id,
                "expert": loc.expert,
                "first_round": loc.first_round,
                "last_round": loc.last_round,
                "cost_without_legacy": loc.cost_without_legacy,
                "effect": location_effect(loc),
                # what each offered item gives ("2 coins"), for the choice's labels
                "choice": [{"item": item, "count": count} for item, count in loc.choice],
            }
            for loc in view.board.locations
        ],
        "points": view.board.points,
        # the deck's titles by number (public: the card list is), for log lines
        "cards": {str(card.number): card.title for card in view.cards.cards},
    }

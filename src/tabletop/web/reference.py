"""A table's public reference data: what its printed board would show anyone.

Views carry the moment's state; a few facts a screen needs are fixed for the table
(Code of Nine's locations: which are expert-only, what each gives). They come from the
table's own board data, so a table played with another ``locations`` file shows its
own board. Nothing here depends on the seat or on hidden information.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.cli.render_code_of_nine import location_effect
from tabletop.core.jsonutil import to_jsonable
from tabletop.core.state import State
from tabletop.games.code_of_nine.views import CodeOfNineView


def _code_of_nine(state: State) -> dict[str, Any]:
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


REFERENCES: dict[str, Callable[[State], dict[str, Any]]] = {"code-of-nine": _code_of_nine}


def reference(state: State) -> dict[str, Any]:
    """The table's reference data (empty for games that need none)."""
    make = REFERENCES.get(state.game.info.name)
    out = make(state) if make is not None else {}
    return to_jsonable({"game": state.game.info.name, **out})  # type: ignore[no-any-return]

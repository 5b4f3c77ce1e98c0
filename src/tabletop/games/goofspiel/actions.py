"""Goofspiel's one kind of action: bid a card, ``b1`` to ``b13``.

Bidding card ``k`` is action id ``k - 1``, as in OpenSpiel. The ids never change.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.actions import Action, ActionTable
from tabletop.games.goofspiel.rules import MAX_CARDS


@dataclass(frozen=True)
class Bid(Action):
    """Bid card ``card`` (1..num_cards) in this turn's sealed decision."""

    card: int

    def notation(self) -> str:
        return f"b{self.card}"


TABLE: ActionTable[Bid] = ActionTable("goofspiel", [Bid(k) for k in range(1, MAX_CARDS + 1)])
"""Every bid, id ``k - 1`` for card ``k``."""


def bid_id(card: int) -> int:
    """The action id of bidding ``card``."""
    return card - 1

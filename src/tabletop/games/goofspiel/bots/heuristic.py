"""``heuristic``: bid the card whose rank in one's hand matches the point card's rank.

The point cards still in play (the one up and those face down) and a seat's hand are
always equally many. The bot bids the card at the same place in its hand, lowest
first, as the point card up holds among the cards in play: the highest point card gets
the highest card left, the lowest the lowest. It spends its cards where the points are
and never overbids by much, which beats random bidding clearly (docs/goofspiel.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.bot import Bot
from tabletop.games.goofspiel.actions import TABLE, bid_id
from tabletop.games.goofspiel.views import GoofspielView


def matching_bid(view: GoofspielView) -> int:
    """The card of the viewer's hand with the point card's rank among the cards in play."""
    if view.hand is None or view.point_card is None:
        raise ValueError("a bid needs a seat's view with a point card up")
    in_play = sorted((*view.remaining_point_cards, view.point_card))
    return view.hand[in_play.index(view.point_card)]


class GoofspielHeuristic(Bot):
    name = "heuristic"

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        return TABLE[bid_id(matching_bid(view))]

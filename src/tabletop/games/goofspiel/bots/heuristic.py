"""``heuristic``: bid the card whose rank in one's hand matches the point card's rank.

The point cards still in play (the one up and those face down) and a seat's hand are
always equally many. The bot bids the card at the same place in its hand, lowest
first, as the point card up holds among the cards in play: the highest point card gets
the highest card left, the lowest the lowest. It spends its cards where the points are
and never overbids by much, which beats random bidding clearly (docs/goofspiel.md).

``shift`` (default 0) bids that many places higher in the hand (lower when negative),
within the hand: ``heuristic:shift=1`` outbids a plain heuristic rival by one rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.games.goofspiel.actions import TABLE, bid_id
from tabletop.games.goofspiel.views import GoofspielView


def matching_bid(view: GoofspielView, shift: int = 0) -> int:
    """The card of the viewer's hand with the point card's rank among the cards in play,
    ``shift`` places higher (within the hand)."""
    if view.hand is None or view.point_card is None:
        raise ValueError("a bid needs a seat's view with a point card up")
    in_play = sorted((*view.remaining_point_cards, view.point_card))
    rank = in_play.index(view.point_card) + shift
    return view.hand[min(len(view.hand) - 1, max(0, rank))]


class GoofspielHeuristic(Bot):
    name = "heuristic"

    def __init__(
        self, game: Game, seat: int, seed: int = 0, *, shift: int = 0, **params: Any
    ) -> None:
        super().__init__(game, seat, seed, **params)
        if isinstance(shift, bool) or not isinstance(shift, int):
            raise ValueError(f"shift must be a whole number, got {shift!r}")
        self.shift = shift

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        return TABLE[bid_id(matching_bid(view, self.shift))]

"""What a seat, or a spectator, may know of a game of Goofspiel.

Mirrors OpenSpiel's imperfect-information observation (``imp_info``) with perfect
recall: public are the point cards (the one up, those played, those left), everyone's
points, who took each turn's card (or that a tie discarded it), who has still to bid
and how many cards each holds; private is a seat's own hand and its own bids. Nobody
sees another's bid, ever; a spectator sees only what is public.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.goofspiel.rules import PointsOrder


@dataclass(frozen=True)
class GoofspielView:
    viewer: int | None
    """The seat this view is for; ``None``: a spectator."""
    players: int
    num_cards: int
    points_order: PointsOrder
    turn: int
    """Turns finished (0 to ``num_cards``)."""
    point_card: int | None
    """The card up for bidding now; ``None`` between turns or at the end."""
    point_cards: tuple[int, ...]
    """Every point card revealed, in order (the one up now last)."""
    remaining_point_cards: tuple[int, ...]
    """The point cards not yet revealed, lowest first."""
    winners: tuple[int | None, ...]
    """Who took each finished turn's card; ``None``: a tie discarded it."""
    points: tuple[int, ...]
    """Each seat's points so far (its score)."""
    hand_size: int
    """Cards each seat still holds (the same for all)."""
    deciding: tuple[int, ...]
    """Seats that have still to bid on the card up now."""
    hand: tuple[int, ...] | None
    """The viewer's cards, lowest first; ``None`` for a spectator."""
    my_bids: tuple[int, ...]
    """The viewer's bid on each finished turn (empty for a spectator)."""
    my_bid: int | None
    """The viewer's bid sealed on the card up now, while others still decide."""
    over: bool

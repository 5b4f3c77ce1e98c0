"""Goofspiel's rules as small pure functions and the game's fixed numbers.

Everything here is OpenSpiel's ``goofspiel`` (``open_spiel/games/goofspiel``): the
single highest bid takes the point card, a tie for the highest bid discards it, and
the order in which the point cards come up is an option.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tabletop.core.enums import CodeEnum

MAX_CARDS: Final = 13
"""The most cards a suit may have (``num_cards``): one suit of a standard deck, ace to
king; it fixes the action table (13 bids) and the RL tensors."""
DEFAULT_CARDS: Final = 13
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
"""OpenSpiel's bounds for ``players``."""
NO_CARD: Final = 0
"""No card: no point card up (a chance node), or no bid sealed yet."""
TIE: Final = -1
"""The winner of a turn whose highest bid was tied: nobody (the card is discarded)."""


class PointsOrder(CodeEnum):
    """How the point cards come up (OpenSpiel's ``points_order``)."""

    RANDOM = 0
    """Drawn at random from the cards still face down (a chance node each turn)."""
    DESCENDING = 1
    """From the highest card down."""
    ASCENDING = 2
    """From the lowest card up."""


ORDERS: Final = {order.name.lower(): order for order in PointsOrder}
"""The option's words: ``random``, ``descending``, ``ascending``."""


def full_hand(num_cards: int) -> int:
    """A hand (bit ``k``: card ``k + 1`` held) of every card 1..``num_cards``."""
    return (1 << num_cards) - 1


def cards_in(hand: int) -> list[int]:
    """The cards of a hand bitmask, lowest first."""
    out = []
    card = 1
    while hand:
        if hand & 1:
            out.append(card)
        hand >>= 1
        card += 1
    return out


def turn_winner(bids: Sequence[int]) -> int:
    """The seat whose bid alone is the highest, or :data:`TIE` when several share it."""
    best = max(bids)
    winner = TIE
    for seat, bid in enumerate(bids):
        if bid == best:
            if winner != TIE:
                return TIE
            winner = seat
    return winner


def first_point_card(order: PointsOrder, num_cards: int) -> int:
    """The first point card of a fixed order; :data:`NO_CARD` when it is drawn."""
    if order == PointsOrder.ASCENDING:
        return 1
    if order == PointsOrder.DESCENDING:
        return num_cards
    return NO_CARD


def next_point_card(order: PointsOrder, card: int) -> int:
    """The point card after ``card`` in a fixed order; :data:`NO_CARD` when drawn."""
    if order == PointsOrder.ASCENDING:
        return card + 1
    if order == PointsOrder.DESCENDING:
        return card - 1
    return NO_CARD


def total_points(num_cards: int) -> int:
    """Every point card's value together, 1 + 2 + ... + ``num_cards``: the most a player
    can score."""
    return num_cards * (num_cards + 1) // 2


def decisions(num_cards: int) -> int:
    """Turns on which the players choose: every turn but the last, whose cards are
    forced (OpenSpiel plays it at once), except in a one-card game."""
    return max(1, num_cards - 1)

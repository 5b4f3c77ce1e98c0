"""The personal board as a flat row of integers, and what can be read off it.

All players' boards live in one flat list (``STRIDE`` integers each) so that copying
a state is one list copy. The names below say what each slot holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.wicked_labyrinth.cards import CardSet, SmallOracle
from tabletop.games.wicked_labyrinth.elements import (
    GREAT_ORACLE_POINTS,
    IMPURITY_RETURNED_PER_GREAT,
    SMALL_ORACLE_POINTS,
    TOKEN_POINTS,
)

TOKENS = 0
"""12 slots: token counts on the board, index ``rank * 4 + colour``."""
SEARCH = 12
"""Search pieces still behind the screen this round."""
WITCH = 13
"""1 while the witch's sign piece is behind the screen."""
SOUL = 14
"""1 while the soul's sign piece is behind the screen."""
PROMOTION = 15
"""Promotion spells stored for this round's soul processing."""
COLOUR_CHANGE = 16
"""Colour-change spells stored for this round's soul processing."""
GREAT = 17
"""2 slots: great oracle card indices dealt (-1 before the deal)."""
GREAT_DONE = 19
"""2 slots: 1 once that great oracle is achieved."""
SMALL = 21
"""2 slots: small oracle card indices dealt (-1 before the deal)."""
SMALL_DONE = 23
"""2 slots: 1 once that small oracle is achieved."""
MODE = 25
"""What the player is deciding (``Mode``)."""
PROCESSING_KEY = 26
"""Slots before this one decide the legal soul processing actions (memo key)."""
IMPURITY = 26
"""Witch's impurity tiles held."""
DECLARED = 27
"""The pending declaration's id + 1 (0: none). Secret until all have declared."""
QUEUE = 28
"""Gains waiting to be taken, oldest first, as base-8 digits ``element + 1``."""
STRIDE = 29


def token(rank: int, colour: int) -> int:
    return TOKENS + rank * 4 + colour


def rank_count(b: Sequence[int], o: int, rank: int) -> int:
    i = o + rank * 4
    return b[i] + b[i + 1] + b[i + 2] + b[i + 3]


def owned_high(b: Sequence[int], o: int, cards: CardSet) -> list[int]:
    """High tokens owned by colour, counting those moved onto achieved great oracles."""
    high = [b[o + 8], b[o + 9], b[o + 10], b[o + 11]]
    for slot in (0, 1):
        if b[o + GREAT_DONE + slot]:
            for colour in cards.great_oracles[b[o + GREAT + slot]].colours:
                high[colour] += 1
    return high


def meets(b: Sequence[int], o: int, card: SmallOracle, cards: CardSet) -> bool:
    """Whether the owned tokens satisfy a small oracle's requirement.

    Each owned token can meet one requirement at most, at its rank or any lower one
    (rulings, soul processing); tokens on achieved great oracles are owned and high.
    Per colour, the card's ``thresholds`` say how many are needed at high, at middle or
    above, and in all.
    """
    high = owned_high(b, o, cards)
    for colour, (need_high, need_middle, need_any) in enumerate(card.thresholds):
        if not need_any:
            continue
        h = high[colour]
        m = h + b[o + 4 + colour]
        if h < need_high or m < need_middle or m + b[o + colour] < need_any:
            return False
    return True


def tally(b: Sequence[int], o: int, cards: CardSet) -> tuple[int, int, int, int, int, int]:
    """(score, great oracles, high, middle, low, impurity left): score and tie-breaks.

    Section 10: tokens 1/2/5 by rank (tokens on great oracles are high), 5 per great and
    2 per small oracle, 2 impurity returned per great, then -1 per impurity left.
    """
    greats = b[o + GREAT_DONE] + b[o + GREAT_DONE + 1]
    smalls = b[o + SMALL_DONE] + b[o + SMALL_DONE + 1]
    low = rank_count(b, o, 0)
    middle = rank_count(b, o, 1)
    high = rank_count(b, o, 2) + 2 * greats
    impurity = max(0, b[o + IMPURITY] - IMPURITY_RETURNED_PER_GREAT * greats)
    score = (
        low * TOKEN_POINTS[0]
        + middle * TOKEN_POINTS[1]
        + high * TOKEN_POINTS[2]
        + greats * GREAT_ORACLE_POINTS
        + smalls * SMALL_ORACLE_POINTS
        - impurity
    )
    return score, greats, high, middle, low, impurity

"""The personal board as a flat row of integers, and what can be read off it.

All players' boards live in one flat list (``STRIDE`` integers each) so that copying
a state is one list copy. The names below say what each slot holds.
"""

from __future__ import annotations

from typing import Final

from tabletop.core.result import Result
from tabletop.games.wicked_labyrinth.cards import CardSet, SmallOracle
from tabletop.games.wicked_labyrinth.elements import (
    GREAT_ORACLE_POINTS,
    IMPURITY_RETURNED_PER_GREAT,
    SMALL_ORACLE_POINTS,
    TOKEN_POINTS,
)

_LOW_POINTS: Final = TOKEN_POINTS[0]
_MIDDLE_POINTS: Final = TOKEN_POINTS[1]
_HIGH_POINTS: Final = TOKEN_POINTS[2]

TOKENS: Final = 0
"""12 slots: token counts on the board, index ``rank * 4 + colour``."""
SEARCH: Final = 12
"""Search pieces still behind the screen this round."""
WITCH: Final = 13
"""1 while the witch's sign piece is behind the screen."""
SOUL: Final = 14
"""1 while the soul's sign piece is behind the screen."""
PROMOTION: Final = 15
"""Promotion spells stored for this round's soul processing."""
COLOUR_CHANGE: Final = 16
"""Colour-change spells stored for this round's soul processing."""
GREAT: Final = 17
"""2 slots: great oracle card indices dealt (-1 before the deal)."""
GREAT_DONE: Final = 19
"""2 slots: 1 once that great oracle is achieved."""
SMALL: Final = 21
"""2 slots: small oracle card indices dealt (-1 before the deal)."""
SMALL_DONE: Final = 23
"""2 slots: 1 once that small oracle is achieved."""
MODE: Final = 25
"""What the player is deciding (``Mode``)."""
IMPURITY: Final = 26
"""Witch's impurity tiles held."""
DECLARED: Final = 27
"""The pending declaration's id + 1 (0: none). Secret until all have declared."""
QUEUE: Final = 28
"""Gains waiting to be taken, oldest first, as base-8 digits ``element + 1``."""
STRIDE: Final = 29


def token(rank: int, colour: int) -> int:
    return TOKENS + rank * 4 + colour


def rank_count(b: list[int], o: int, rank: int) -> int:
    i = o + rank * 4
    return b[i] + b[i + 1] + b[i + 2] + b[i + 3]


def owned_high(b: list[int], o: int, cards: CardSet) -> list[int]:
    """High tokens owned by colour, counting those moved onto achieved great oracles."""
    high = [b[o + 8], b[o + 9], b[o + 10], b[o + 11]]
    colours = cards.great_colours
    for slot in (0, 1):
        if b[o + GREAT_DONE + slot]:
            i = 2 * b[o + GREAT + slot]
            high[colours[i]] += 1
            high[colours[i + 1]] += 1
    return high


def meets(b: list[int], o: int, card: SmallOracle, cards: CardSet) -> bool:
    """Whether the owned tokens satisfy a small oracle's requirement.

    Each owned token can meet one requirement at most, at its rank or any lower one
    (rulings, soul processing); tokens on achieved great oracles are owned and high.
    Per colour, the card's ``thresholds`` say how many are needed at high, at middle or
    above, and in all.
    """
    return meets_needs(b, o, card.needs, 0, owned_high(b, o, cards))


def meets_needs(b: list[int], o: int, needs: tuple[int, ...], at: int, high: list[int]) -> bool:
    """:func:`meets` for the thresholds at ``needs[at:at + 12]`` and ``owned_high``."""
    for colour in range(4):
        i = at + 3 * colour
        if needs[i + 2]:
            h = high[colour]
            m = h + b[o + 4 + colour]
            if h < needs[i] or m < needs[i + 1] or m + b[o + colour] < needs[i + 2]:
                return False
    return True


def tally(b: list[int], o: int, cards: CardSet) -> tuple[int, int, int, int, int, int]:
    """(score, great oracles, high, middle, low, impurity left): score and tie-breaks.

    Section 10: tokens 1/2/5 by rank (tokens on great oracles are high), 5 per great and
    2 per small oracle, 2 impurity returned per great, then -1 per impurity left.
    """
    greats = b[o + GREAT_DONE] + b[o + GREAT_DONE + 1]
    smalls = b[o + SMALL_DONE] + b[o + SMALL_DONE + 1]
    # Sums written out: compiled, a slice and sum() cost more than the rest of a tally.
    low = b[o] + b[o + 1] + b[o + 2] + b[o + 3]
    middle = b[o + 4] + b[o + 5] + b[o + 6] + b[o + 7]
    high = b[o + 8] + b[o + 9] + b[o + 10] + b[o + 11] + 2 * greats
    impurity = max(0, b[o + IMPURITY] - IMPURITY_RETURNED_PER_GREAT * greats)
    score = (
        low * _LOW_POINTS
        + middle * _MIDDLE_POINTS
        + high * _HIGH_POINTS
        + greats * GREAT_ORACLE_POINTS
        + smalls * SMALL_ORACLE_POINTS
        - impurity
    )
    return score, greats, high, middle, low, impurity


def result_of(tallies: list[tuple[int, int, int, int, int, int]]) -> Result:
    """The result of an ended game from each seat's :func:`tally`: placings by section
    10's order, score first, then more great oracles, more high, middle and low tokens,
    then less impurity; seats equal on all of them share the place."""
    keys = [(s, g, h, m, lo, -imp) for s, g, h, m, lo, imp in tallies]
    return Result.from_keys([t[0] for t in tallies], keys)

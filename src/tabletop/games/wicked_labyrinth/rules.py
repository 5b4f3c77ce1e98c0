"""Pure rules on one player's flat board: ranking, gains and soul processing.

These functions read and change ``b[o:o+STRIDE]`` and nothing else, so the state,
the heuristic bot's planner and the tests all use the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tabletop.games.wicked_labyrinth.actions import MAX_SEARCH_PIECES
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    GREAT,
    GREAT_DONE,
    MODE,
    PROMOTION,
    SMALL,
    SMALL_DONE,
    meets_needs,
    owned_high,
)
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.elements import CAPACITY, M_REWARD_PROMOTION
from tabletop.games.wicked_labyrinth.ids import (
    CHANGE_BASE,
    DISCARD_CHANGE,
    DISCARD_PROMOTION,
    DONE,
    GREAT_BASE,
    PAIR_BASE,
    SMALL_BASE,
    SPELL_BASE,
    declare_id,
)


def rank_players(search: Sequence[int]) -> tuple[int | None, tuple[int, ...]]:
    """(1st, 2nds) from the revealed search piece counts (section 7 ②, ruling 3).

    Nobody holds a piece: (None, ()). One player holds the most: that player is 1st and
    every player with the next highest non-zero count is 2nd. Two or more tie for the
    most: all of them are 2nd, there is no 1st, and nobody else gets a right.
    """
    top = max(search)
    if top == 0:
        return None, ()
    leaders = tuple(p for p, n in enumerate(search) if n == top)
    if len(leaders) > 1:
        return None, leaders
    rest = [n for n in search if 0 < n < top]
    if not rest:
        return leaders[0], ()
    runner = max(rest)
    return leaders[0], tuple(p for p, n in enumerate(search) if n == runner)


def _all_declarations() -> tuple[tuple[int, ...], ...]:
    """Every closed hand, indexed like a declaration id: ``search * 4 + witch * 2 + soul``."""
    return tuple(
        tuple(
            declare_id(n, bool(w), bool(s))
            for n in range(search + 1)
            for w in range(witch + 1)
            for s in range(soul + 1)
        )
        for search in range(MAX_SEARCH_PIECES + 1)
        for witch in (0, 1)
        for soul in (0, 1)
    )


_DECLARATIONS: Final = _all_declarations()


def declarations(search: int, witch: int, soul: int) -> tuple[int, ...]:
    """Ids of every closed hand that can be made from what is behind the screen."""
    return _DECLARATIONS[search * 4 + witch * 2 + soul]


def _promotions(b: list[int], o: int, base: int, least: int, out: list[int]) -> None:
    """Promotions of ``least`` (2: pair, 1: spell) tokens of a colour and rank.

    Ids follow ``ids.promotion_id``: ``base + (colour * 2 + rank) * 5``, plus one
    more than the colour returned to make room when the rank above is full.
    """
    for rank in (0, 1):
        above = o + (rank + 1) * 4
        full = b[above] + b[above + 1] + b[above + 2] + b[above + 3] >= CAPACITY[rank + 1]
        row = o + rank * 4
        for colour in range(4):
            if b[row + colour] >= least:
                first = base + (colour * 2 + rank) * 5
                if not full:
                    out.append(first)
                else:
                    for room in range(4):
                        if b[above + room]:
                            out.append(first + 1 + room)


def _great_ready(b: list[int], o: int, cards: CardSet, slot: int) -> bool:
    if b[o + GREAT_DONE + slot]:
        return False
    i = 2 * b[o + GREAT + slot]
    a = cards.great_colours[i]
    c = cards.great_colours[i + 1]
    if a == c:
        return b[o + 8 + a] >= 2
    return b[o + 8 + a] >= 1 and b[o + 8 + c] >= 1


def processing_actions(b: list[int], o: int, cards: CardSet) -> tuple[int, ...]:
    """Legal soul processing action ids for the board at ``o``."""
    out: list[int] = []
    if b[o + MODE] == M_REWARD_PROMOTION:
        _promotions(b, o, SPELL_BASE, 1, out)
        out.append(DISCARD_PROMOTION)
        return tuple(out)
    _promotions(b, o, PAIR_BASE, 2, out)
    if b[o + PROMOTION]:
        _promotions(b, o, SPELL_BASE, 1, out)
        out.append(DISCARD_PROMOTION)
    if b[o + COLOUR_CHANGE]:
        for rank in range(3):
            for colour in range(4):
                if b[o + rank * 4 + colour]:
                    first = CHANGE_BASE + (colour * 3 + rank) * 3
                    out.append(first)
                    out.append(first + 1)
                    out.append(first + 2)
        out.append(DISCARD_CHANGE)
    if not (b[o + SMALL_DONE] and b[o + SMALL_DONE + 1]):
        high = owned_high(b, o, cards)
        needs = cards.small_needs
        for slot in (0, 1):
            if not b[o + SMALL_DONE + slot] and meets_needs(
                b, o, needs, 12 * b[o + SMALL + slot], high
            ):
                out.append(SMALL_BASE + slot)
    for slot in (0, 1):
        if _great_ready(b, o, cards, slot):
            out.append(GREAT_BASE + slot)
    out.append(DONE)
    return tuple(out)


def decode_promotion(action_id: int, base: int) -> tuple[int, int, int | None]:
    """(colour, rank, room colour or None) of a pair or spell promotion id."""
    k, room = divmod(action_id - base, 5)
    colour, rank = divmod(k, 2)
    return colour, rank, (room - 1 if room else None)


def decode_change(action_id: int) -> tuple[int, int, int]:
    """(colour, rank, new colour) of a colour-change id."""
    k, t = divmod(action_id - CHANGE_BASE, 3)
    colour, rank = divmod(k, 3)
    return colour, rank, (t if t < colour else t + 1)


def promote(b: list[int], o: int, colour: int, rank: int, room: int | None, spent: int) -> None:
    """Move a ``colour`` token from ``rank`` up one, spending ``spent`` tokens (2 or 1)."""
    b[o + rank * 4 + colour] -= spent
    if room is not None:
        b[o + (rank + 1) * 4 + room] -= 1
    b[o + (rank + 1) * 4 + colour] += 1


def achieve_great(b: list[int], o: int, cards: CardSet, slot: int) -> None:
    """Move the two high tokens onto the great oracle (they stay owned and high)."""
    i = 2 * b[o + GREAT + slot]
    b[o + 8 + cards.great_colours[i]] -= 1
    b[o + 8 + cards.great_colours[i + 1]] -= 1
    b[o + GREAT_DONE + slot] = 1

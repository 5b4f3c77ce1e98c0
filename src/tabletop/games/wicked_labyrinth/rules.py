"""Pure rules on one player's flat board: ranking, gains and soul processing.

These functions read and change ``b[o:o+STRIDE]`` and nothing else, so the state,
the heuristic bot's planner and the tests all use the same rules.

They emit no events: the gain rules append what happened to an optional ``log`` of
small integer codes (:data:`GAINED`, :data:`RETURNED`, :data:`STORED_PROMOTION`,
:data:`STORED_COLOUR_CHANGE`), which the state turns into its events in the same
order; the planner, which needs no events, passes ``None``.
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
    QUEUE,
    SMALL,
    SMALL_DONE,
    meets_needs,
    owned_high,
)
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.elements import (
    CAPACITY,
    M_CHOOSE_WHITE,
    M_IDLE,
    M_OVERFLOW,
    M_PROCESS,
    M_REWARD_PROMOTION,
    Element,
)
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

GAINED: Final = 0
"""Log code ``GAINED + colour``: a token of that colour entered the low rank."""
RETURNED: Final = 4
"""Log code ``RETURNED + colour``: the automatic return of a low token of that colour."""
STORED_PROMOTION: Final = 8
"""Log code: a promotion gained outside soul processing was stored as a spell."""
STORED_COLOUR_CHANGE: Final = 9
"""Log code: a colour change was stored as a spell."""
_LOW_CAPACITY: Final = CAPACITY[0]
_WHITE: Final = int(Element.WHITE)
_PROMOTION: Final = int(Element.PROMOTION)


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


def achieve_small(b: list[int], o: int, cards: CardSet, slot: int, log: list[int] | None) -> bool:
    """Mark the small oracle achieved (nothing is spent) and take its reward at once.

    Small oracles are achieved in soul processing only. False when a choice stops the
    reward (see :func:`drain`)."""
    b[o + SMALL_DONE + slot] = 1
    queue_gains(b, o, cards.small_rewards[b[o + SMALL + slot]])
    return drain(b, o, True, log)


# ------------------------------------------------------------------ gains


def queue_gains(b: list[int], o: int, gains: Sequence[int]) -> None:
    """Queue elements (``Element`` values) to be taken in order, after those queued.

    The queue is one integer of base-8 digits, ``element + 1`` each (0: none left),
    the next gain lowest, so a board stays a flat list of integers while it waits for
    a white colour, an overflow return or the reward promotion."""
    q = b[o + QUEUE]
    length = (q.bit_length() + 2) // 3
    for e in gains:
        q |= (e + 1) << (3 * length)
        length += 1
    b[o + QUEUE] = q


def gain_token(b: list[int], o: int, colour: int, log: list[int] | None) -> bool:
    """A gained token enters the low rank; with seven, the player returns one.

    When every low token has one colour the return is no choice and is automatic.
    False: the board waits for the player to choose the token to return (M_OVERFLOW).
    """
    b[o + colour] += 1
    if log is not None:
        log.append(GAINED + colour)
    if b[o] + b[o + 1] + b[o + 2] + b[o + 3] <= _LOW_CAPACITY:
        return True
    if b[o + colour] == _LOW_CAPACITY + 1:
        b[o + colour] -= 1
        if log is not None:
            log.append(RETURNED + colour)
        return True
    b[o + MODE] = M_OVERFLOW
    return False


def drain(b: list[int], o: int, processing: bool, log: list[int] | None) -> bool:
    """Take the queued gains in order; False when a choice stops it (mode set).

    A white fragment waits for its colour (M_CHOOSE_WHITE; it stays queued), a seventh
    low token for the return (M_OVERFLOW). A promotion gained in soul processing
    (``processing``: a small oracle's reward) must be used or given up at once
    (M_REWARD_PROMOTION); outside it, it is stored as a spell, as a colour change always
    is. When all are taken the board goes back to processing, or to waiting (M_IDLE).
    """
    while b[o + QUEUE]:
        q = b[o + QUEUE]
        e = (q & 7) - 1
        if e == _WHITE:
            b[o + MODE] = M_CHOOSE_WHITE
            return False
        b[o + QUEUE] = q >> 3
        if e < _WHITE:
            if not gain_token(b, o, e, log):
                return False
        elif e == _PROMOTION:
            if processing:
                b[o + MODE] = M_REWARD_PROMOTION
                return False
            b[o + PROMOTION] += 1
            if log is not None:
                log.append(STORED_PROMOTION)
        else:
            b[o + COLOUR_CHANGE] += 1
            if log is not None:
                log.append(STORED_COLOUR_CHANGE)
    b[o + MODE] = M_PROCESS if processing else M_IDLE
    return True


def spend_promotion(b: list[int], o: int, log: list[int] | None) -> bool:
    """Use up the promotion just played or given up: True for a small oracle's reward
    promotion, after which the reward's remaining gains are taken (mode back to
    M_PROCESS unless another choice stops them); False for a stored spell."""
    if b[o + MODE] == M_REWARD_PROMOTION:
        drain(b, o, True, log)
        return True
    b[o + PROMOTION] -= 1
    return False

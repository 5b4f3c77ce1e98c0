"""The integer layout of The Wicked Labyrinth's action ids, as compile-time constants.

``actions.TABLE`` lists every action in this order (a test checks each range against
the table); the engine dispatches on these numbers without building action objects.
Being ``Final`` literals, they cost nothing to read in the compiled engine.
"""

from __future__ import annotations

from typing import Final

DECLARE_BASE: Final = 0
"""36 closed hands: ``search * 4 + witch * 2 + soul`` for 0 to 8 search pieces."""
CHOOSE_WHITE_BASE: Final = 36
"""4 colours for a white fragment."""
RETURN_LOW_BASE: Final = 40
"""4 colours of low token to return on overflow."""
PAIR_BASE: Final = 44
"""40 pair promotions: ``(colour * 2 + rank) * 5 + room``, room 0 or colour + 1."""
SPELL_BASE: Final = 84
"""40 promotions by spell (or oracle reward), laid out as the pair promotions."""
DISCARD_PROMOTION: Final = 124
CHANGE_BASE: Final = 125
"""36 colour changes: ``(colour * 3 + rank) * 3`` + the new colour skipping the old."""
DISCARD_CHANGE: Final = 161
SMALL_BASE: Final = 162
"""Achieve small oracle 1 or 2."""
GREAT_BASE: Final = 164
"""Achieve great oracle 1 or 2."""
DONE: Final = 166
COUNT: Final = 167


def declare_id(search: int, witch: bool, soul: bool) -> int:
    return DECLARE_BASE + search * 4 + int(witch) * 2 + int(soul)


def promotion_id(base: int, colour: int, rank: int, room: int | None) -> int:
    """Id of a pair or spell promotion; ``room`` is a colour index or None."""
    return base + (colour * 2 + rank) * 5 + (0 if room is None else room + 1)


def change_id(colour: int, rank: int, to: int) -> int:
    return CHANGE_BASE + (colour * 3 + rank) * 3 + (to if to < colour else to - 1)

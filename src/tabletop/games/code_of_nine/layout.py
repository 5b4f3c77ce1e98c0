"""The state's flat layout: one row of integers per memory card holder.

Players' and the ghost's sheets live in one flat list (``STRIDE`` integers each) so that
copying a state is one list copy. There are always four holders: four players, or three
players and the ghost (seat 3).

The numbers are ``Final``: compiled modules (``tabletop.compiled``) write them into
their code as constants instead of looking each up in a module's dictionary at every
use; ``tabletop.compiled`` rebuilds them when this file changes.
"""

from __future__ import annotations

from typing import Final

from tabletop.core.enums import CodeEnum

ITEMS: Final = 0
"""5 slots: items held, by ``Item``."""
WILL: Final = 5
PAWNS: Final = 6
"""Action pawns left this round."""
CARD: Final = 7
"""2 slots: memory card index in the Abyss then the Shoal (before the choice: as dealt);
-1 when none."""
KNOWS: Final = 9
"""Bit ``owner * 2 + slot``: this player has seen that memory card (looks only)."""
PROTECT: Final = 10
"""Protections for the rest of the round: ``LOOKS`` | ``ATTACKS`` bits."""
CHANGED: Final = 11
"""After the change decision: 1 if the player paid a pawn to change memory cards at
setup. During that sealed decision: 0 while undecided, then ``CHOSE_CHANGE`` or
``CHOSE_KEEP``, secret until every player has chosen."""
STRIDE: Final = 12

LOOKS: Final = 1
ATTACKS: Final = 2

CHOSE_CHANGE: Final = 2
CHOSE_KEEP: Final = 3
"""A sealed change decision, committed but not yet revealed (see ``CHANGED``)."""


class Phase(CodeEnum):
    """Where the game is: setup chance and decisions, placement, a location's follow-up."""

    DEAL = 0
    CHANGE = 1
    REDEAL = 2
    ASSIGN = 3
    GHOST = 4
    NINTH = 5
    PLACE = 6
    FOLLOW = 7
    OVER = 8


def know_bit(owner: int, slot: int) -> int:
    return 1 << (owner * 2 + slot)

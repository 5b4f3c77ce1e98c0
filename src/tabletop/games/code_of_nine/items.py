"""Code of Nine's vocabulary: items, quantities counted by memory cards, fixed numbers.

The numbers that the rulings fix for the turn structure live here; the items' supply
and points, and everything about locations, are data (``locations.toml``). They are
``Final``, so compiled modules inline them (see ``layout``).
"""

from __future__ import annotations

from typing import Final

from tabletop.core.enums import CodeEnum


class Item(CodeEnum):
    """An item token (rulings, "Items and Will")."""

    STATUE = 0
    COIN = 1
    BOOK = 2
    LEGACY = 3
    MEDAL = 4


ITEMS: tuple[Item, ...] = tuple(Item)
TREASURES: tuple[Item, ...] = (Item.STATUE, Item.COIN, Item.BOOK)
"""The "coin, statue or book" that most locations move around."""
ITEM_NAMES: dict[str, Item] = {i.name.lower(): i for i in Item}


class Quantity(CodeEnum):
    """What a memory card can count on a player: an item, Will, or all treasures."""

    STATUE = 0
    COIN = 1
    BOOK = 2
    LEGACY = 3
    MEDAL = 4
    WILL = 5
    TREASURE = 6
    """Coins, statues and books in total."""


QUANTITY_NAMES: dict[str, Quantity] = {q.name.lower(): q for q in Quantity}


class Slot(CodeEnum):
    """Where a memory card lies on the player sheet."""

    ABYSS = 0
    SHOAL = 1


HOLDERS: Final = 4
"""Memory card holders at every table: 4 players, or 3 players and the ghost (seat 3)."""
GHOST: Final = 3
"""The ghost's seat with 3 players."""
ROUNDS: Final = 5
PAWNS: Final = 3
START_WILL = (0, 1, 1, 2)
"""Will at setup by seat from the start player (the ghost gets none)."""
CARDS_IN_HAND = 2

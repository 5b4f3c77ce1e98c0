"""The Wicked Labyrinth's vocabulary: colours, ranks, elements and the fixed numbers.

Numbers come from the rulebook (sections 4, 5, 8, 10) and the rulings' "Fixed facts".
"""

from __future__ import annotations

from typing import Final

from tabletop.core.enums import CodeEnum


class Colour(CodeEnum):
    """A soul fragment colour. WHITE appears only on cards: the receiver picks a colour."""

    RED = 0
    GREEN = 1
    BLUE = 2
    YELLOW = 3
    WHITE = 4

    @property
    def letter(self) -> str:
        return "rgbyw"[self]


TOKEN_COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.GREEN, Colour.BLUE, Colour.YELLOW)


class Rank(CodeEnum):
    """A soul fragment token's rank on the personal board."""

    LOW = 0
    MIDDLE = 1
    HIGH = 2

    @property
    def letter(self) -> str:
        return "lmh"[self]


class Element(CodeEnum):
    """One element of a corridor card half or a small oracle reward."""

    RED = 0
    GREEN = 1
    BLUE = 2
    YELLOW = 3
    WHITE = 4
    PROMOTION = 5
    COLOUR_CHANGE = 6

    @property
    def is_fragment(self) -> bool:
        return self <= Element.WHITE


class Phase(CodeEnum):
    """Where the game is. SETUP covers the deal; the preparation phase is instantaneous."""

    SETUP = 0
    SEARCH = 1
    SOUL_PROCESSING = 2
    OVER = 3


class Mode(CodeEnum):
    """What a player is deciding (stored per player)."""

    IDLE = 0
    DECLARE = 1
    CHOOSE_WHITE = 2
    OVERFLOW = 3
    PROCESS = 4
    REWARD_PROMOTION = 5


# The same values as plain ints for the engine's hot paths: comparing an int with an
# IntEnum member costs about ten times as much as with an int.
# (Final literals: the compiled engine reads them as constants; a test checks they match.)
M_IDLE: Final = 0
M_DECLARE: Final = 1
M_CHOOSE_WHITE: Final = 2
M_OVERFLOW: Final = 3
M_PROCESS: Final = 4
M_REWARD_PROMOTION: Final = 5
P_SETUP: Final = 0
P_SEARCH: Final = 1
P_SOUL_PROCESSING: Final = 2
P_OVER: Final = 3

CAPACITY: tuple[int, int, int] = (6, 5, 4)
"""Spots per rank: low 6, middle 5, high 4 (section 8)."""

TOKEN_POINTS: tuple[int, int, int] = (1, 2, 5)
"""Points per token by rank (section 10)."""

GREAT_ORACLE_POINTS: Final = 5
SMALL_ORACLE_POINTS: Final = 2
IMPURITY_RETURNED_PER_GREAT: Final = 2
ROUNDS: Final = 4
ORACLES_PER_PLAYER: Final = 2

CORRIDORS_PER_ROUND: dict[int, int] = {3: 4, 4: 5, 5: 6}
"""Corridor cards laid out each round, by player count (section 4)."""

SEARCH_PIECES: dict[int, int] = {3: 6, 4: 7, 5: 8}
"""Search pieces per player, by player count (section 5)."""

CORRIDORS_REMOVED: dict[int, int] = {3: 8, 4: 4, 5: 0}
"""Corridor cards returned to the box unseen at setup (section 4)."""

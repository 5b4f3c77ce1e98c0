"""The registry of games. A new game is a new folder plus one line here."""

from tabletop.core.registry import Registry
from tabletop.games.code_of_nine import GAME as CODE_OF_NINE
from tabletop.games.wicked_labyrinth import GAME as WICKED_LABYRINTH

REGISTRY = Registry([WICKED_LABYRINTH, CODE_OF_NINE])

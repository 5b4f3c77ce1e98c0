"""The registry of games. A new game is a new folder plus one line here."""

from tabletop.core.registry import Registry
from tabletop.games.wicked_labyrinth import GAME as WICKED_LABYRINTH

REGISTRY = Registry([WICKED_LABYRINTH])

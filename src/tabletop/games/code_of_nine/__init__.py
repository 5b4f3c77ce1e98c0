"""Code of Nine (2019) for 3 players with the ghost or 4 players, normal and expert.

Rules: the rulebook (``shared/rulebooks/code-of-nine.en.md``) with this edition's
binding rulings; the choices this project made where those are silent, and the
player-facing memory card list, are in ``docs/code-of-nine.md``.
"""

from tabletop.games.code_of_nine.game import GAME, INFO, CodeOfNine
from tabletop.games.code_of_nine.items import Item, Quantity, Slot
from tabletop.games.code_of_nine.layout import Phase
from tabletop.games.code_of_nine.memory_cards import (
    Condition,
    Effect,
    EffectKind,
    MemoryCard,
    MemoryCardSet,
)
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.games.code_of_nine.views import (
    CodeOfNineView,
    HolderView,
    LocationView,
    PendingView,
    SeenCard,
)

__all__ = [
    "GAME",
    "INFO",
    "CodeOfNine",
    "CodeOfNineState",
    "CodeOfNineView",
    "Condition",
    "Effect",
    "EffectKind",
    "HolderView",
    "Item",
    "LocationView",
    "MemoryCard",
    "MemoryCardSet",
    "PendingView",
    "Phase",
    "Quantity",
    "SeenCard",
    "Slot",
]

"""The Wicked Labyrinth (Tactical Games, 2021) for 3 to 5 players.

Rules: the rulebook (``shared/rulebooks/wicked-labyrinth.*.md``) with this edition's
rulings; the choices this project made where those are silent are in
``docs/wicked-labyrinth.md``.
"""

from tabletop.games.wicked_labyrinth.elements import Colour, Element, Mode, Phase, Rank
from tabletop.games.wicked_labyrinth.game import GAME, INFO, WickedLabyrinth
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState
from tabletop.games.wicked_labyrinth.views import (
    BoardView,
    GreatOracleSlot,
    SmallOracleSlot,
    WickedLabyrinthView,
)

__all__ = [
    "GAME",
    "INFO",
    "BoardView",
    "Colour",
    "Element",
    "GreatOracleSlot",
    "Mode",
    "Phase",
    "Rank",
    "SmallOracleSlot",
    "WickedLabyrinth",
    "WickedLabyrinthState",
    "WickedLabyrinthView",
]

"""Goofspiel, the public-domain bidding game, exactly as OpenSpiel's ``goofspiel`` with
``imp_info=True``: 2 to 10 players, each with the cards 1..``num_cards``, bid one card
in secret for each point card; the single highest bid takes it, a tie discards it.

Rules, options, notation and what each seat sees: ``docs/goofspiel.md``.
"""

from tabletop.games.goofspiel.actions import TABLE, Bid
from tabletop.games.goofspiel.game import GAME, INFO, Goofspiel
from tabletop.games.goofspiel.rules import PointsOrder
from tabletop.games.goofspiel.state import GoofspielState
from tabletop.games.goofspiel.views import GoofspielView

__all__ = [
    "GAME",
    "INFO",
    "TABLE",
    "Bid",
    "Goofspiel",
    "GoofspielState",
    "GoofspielView",
    "PointsOrder",
]

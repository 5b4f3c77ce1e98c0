"""Goofspiel's kit: what the generic layers may ask of this game."""

from tabletop.core.kit import Kit
from tabletop.games.goofspiel.game import GAME

KIT = Kit(
    game=GAME,
    parts={
        "bot:heuristic": "tabletop.games.goofspiel.bots.heuristic:GoofspielHeuristic",
        "rl:encoder": "tabletop.games.goofspiel.rl.encoder:GoofspielEncoder",
        "rl:table": "tabletop.games.goofspiel.rl.table:GoofspielTable",
        "cli:renderer": "tabletop.games.goofspiel.render",
        "review:phrases": "tabletop.games.goofspiel.review",
    },
)

"""Goofspiel's kit: what the generic layers may ask of this game."""

from tabletop.core.kit import Kit
from tabletop.games.goofspiel.game import GAME

KIT = Kit(
    game=GAME,
    parts={
        "bot:heuristic": "tabletop.games.goofspiel.bots.heuristic:GoofspielHeuristic",
        "mcts:model:heuristic": "tabletop.games.goofspiel.bots.model:HeuristicModel",
        "rl:encoder": "tabletop.games.goofspiel.rl.encoder:GoofspielEncoder",
        "rl:table": "tabletop.games.goofspiel.rl.table:GoofspielTable",
        "cli:renderer": "tabletop.games.goofspiel.render",
        "review:phrases": "tabletop.games.goofspiel.review",
        "web:module": "tabletop.games.goofspiel.web",
        "bots:styles": "tabletop.games.goofspiel.bots.styles:STYLES",
        "league:pool": "tabletop.games.goofspiel.bots.league:POOL",
        "bench:openspiel": "tabletop.games.goofspiel.kit:OPENSPIEL",
    },
    # the search with every player modelled as the heuristic, lines played to the end
    # (docs/goofspiel.md, "Bots": its measured win share against the heuristic)
    search="mcts:time=0.25,model=heuristic",
)

OPENSPIEL = ("goofspiel", {"players": 4, "num_cards": 13, "imp_info": True})
"""This game in OpenSpiel (``pyspiel.load_game``), which ``tabletop bench`` times beside
ours: 4 players, 13 cards, imperfect information, as our defaults play it."""

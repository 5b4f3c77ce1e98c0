"""The registry of games: a game is one folder exporting its kit, plus one line here."""

from tabletop.core.registry import Registry
from tabletop.games.code_of_nine.kit import KIT as CODE_OF_NINE
from tabletop.games.goofspiel.kit import KIT as GOOFSPIEL
from tabletop.games.wicked_labyrinth.kit import KIT as WICKED_LABYRINTH

REGISTRY = Registry([WICKED_LABYRINTH, CODE_OF_NINE, GOOFSPIEL])

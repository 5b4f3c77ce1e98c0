"""Goofspiel's kit: what the generic layers may ask of this game."""

from tabletop.core.kit import Kit
from tabletop.games.goofspiel.game import GAME

KIT = Kit(
    game=GAME,
    parts={},
)

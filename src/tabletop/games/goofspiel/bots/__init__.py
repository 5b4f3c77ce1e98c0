"""Goofspiel's bot knowledge: the heuristic bot."""

from tabletop.games.goofspiel.bots.heuristic import GoofspielHeuristic

__all__ = ["GoofspielHeuristic"]

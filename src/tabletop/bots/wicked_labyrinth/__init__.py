"""The Wicked Labyrinth's own bots: ``heuristic`` (bidding by expected worth, soul
processing planned by search over its own actions)."""

from tabletop.bots.wicked_labyrinth.heuristic import HeuristicBot

__all__ = ["HeuristicBot"]

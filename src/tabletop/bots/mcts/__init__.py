"""A generic search bot: information-set MCTS with decoupled UCT at simultaneous decisions."""

from tabletop.bots.mcts.bot import MctsBot

__all__ = ["MctsBot"]

"""Bots: programs that play a seat from its view. The registry below is explicit."""

from tabletop.bots.code_of_nine import CodeOfNineHeuristic
from tabletop.bots.mcts import MctsBot
from tabletop.bots.openspiel_ismcts import OpenSpielIsmcts
from tabletop.bots.random_bot import RandomBot
from tabletop.bots.registry import BotRegistry, UnknownBotError, parse_spec
from tabletop.bots.wicked_labyrinth import HeuristicBot
from tabletop.core.bot import Bot

BOTS = BotRegistry()
BOTS.add("random", RandomBot)
BOTS.add("mcts", MctsBot)
BOTS.add("heuristic", CodeOfNineHeuristic, game="code-of-nine")
BOTS.add("heuristic", HeuristicBot, game="wicked-labyrinth")
BOTS.add("ismcts", OpenSpielIsmcts, game="code-of-nine")
BOTS.add("ismcts", OpenSpielIsmcts, game="wicked-labyrinth")


def _neural(game, seat: int, seed: int = 0, **params):  # type: ignore[no-untyped-def]
    """``neural`` plays with NumPy (the ``rl`` extra), imported only when one is made."""
    from tabletop.bots.neural import NeuralBot

    return NeuralBot(game, seat, seed, **params)


for _game in ("wicked-labyrinth", "code-of-nine"):  # the games a network is shipped for
    BOTS.add("neural", _neural, game=_game)

__all__ = ["BOTS", "Bot", "BotRegistry", "RandomBot", "UnknownBotError", "make_bot", "parse_spec"]


def make_bot(spec: str, game, seat: int, seed: int = 0) -> Bot:  # type: ignore[no-untyped-def]
    """A bot for ``seat`` of ``game`` from a spec such as ``heuristic`` or ``random``."""
    return BOTS.make(spec, game, seat, seed)

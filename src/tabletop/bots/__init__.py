"""Bots: programs that play a seat from its view. The registry below is explicit.

The generic bots play every game; a game's own (``heuristic``...) are its kit's
``bot:<name>`` parts, imported when one is first made. ``neural`` is offered for every
game whose kit ships a network (``neural:weights``).
"""

from typing import Any

from tabletop.bots.mcts import MctsBot
from tabletop.bots.openspiel_ismcts import OpenSpielIsmcts
from tabletop.bots.random_bot import RandomBot
from tabletop.bots.registry import BotRegistry, UnknownBotError, parse_spec
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.core.kit import Kit
from tabletop.games import REGISTRY

BOTS = BotRegistry()
BOTS.add("random", RandomBot)
BOTS.add("mcts", MctsBot)
BOTS.add("ismcts", OpenSpielIsmcts)


def _neural(game: Game, seat: int, seed: int = 0, **params: Any) -> Bot:
    """``neural`` plays with NumPy (the ``rl`` extra), imported only when one is made."""
    from tabletop.bots.neural import NeuralBot

    return NeuralBot(game, seat, seed, **params)


def _part(kit: Kit, part: str) -> Any:
    """A factory that imports the kit's bot ``part`` when the first bot is made."""

    def make(game: Game, seat: int, seed: int = 0, **params: Any) -> Bot:
        bot: Bot = kit.part(part)(game, seat, seed, **params)
        return bot

    return make


for _kit in REGISTRY.kits():
    for _name in _kit.parts:
        if _name.startswith("bot:"):
            BOTS.add(_name.removeprefix("bot:"), _part(_kit, _name), game=_kit.name)
    if _kit.has("neural:weights"):
        BOTS.add("neural", _neural, game=_kit.name)

__all__ = ["BOTS", "Bot", "BotRegistry", "RandomBot", "UnknownBotError", "make_bot", "parse_spec"]


def make_bot(spec: str, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot for ``seat`` of ``game`` from a spec such as ``heuristic`` or ``random``."""
    return BOTS.make(spec, game, seat, seed)

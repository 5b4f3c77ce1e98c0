"""The bot protocol: a bot sees one seat's view and the legal actions, never the state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.game import Game
from tabletop.core.rng import SplitMix64


class Bot(ABC):
    """A player program for one seat of one game.

    ``seed`` makes it reproducible: the same seed, views and legal actions give the same
    choices. Parameters come from the bot spec (``mcts:iterations=2000``).
    """

    name: str = "bot"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise ValueError(f"bot {self.name!r} takes no parameter {sorted(params)[0]!r}")
        self.game = game
        self.seat = seat
        self.rng = SplitMix64(seed)

    @abstractmethod
    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) from what ``view`` shows."""

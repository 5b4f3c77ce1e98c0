"""Bots by name, and bot specs such as ``heuristic`` or ``mcts:iterations=2000``.

A spec is a name, optionally followed by ``:key=value,key=value``. Values are read as
int, then float, then left as text. Game-specific bots are registered per game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.bot import Bot
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game

BotFactory = Callable[..., Bot]


class UnknownBotError(TabletopError):
    """A bot name or parameter that does not exist for the game."""


class BotRegistry:
    """Generic bots (any game) and game-specific ones, by name."""

    def __init__(self) -> None:
        self._generic: dict[str, BotFactory] = {}
        self._specific: dict[tuple[str, str], BotFactory] = {}

    def add(self, name: str, factory: BotFactory, game: str | None = None) -> None:
        if game is None:
            self._generic[name] = factory
        else:
            self._specific[(name, game)] = factory

    def names(self, game: str) -> list[str]:
        names = set(self._generic) | {n for n, g in self._specific if g == game}
        return sorted(names)

    def make(self, spec: str, game: Game, seat: int, seed: int = 0) -> Bot:
        name, params = parse_spec(spec)
        factory = self._specific.get((name, game.info.name)) or self._generic.get(name)
        if factory is None:
            known = ", ".join(self.names(game.info.name))
            raise UnknownBotError(f"no bot {name!r} for {game.info.name} (bots: {known})")
        try:
            return factory(game, seat, seed, **params)
        except (TypeError, ValueError) as exc:
            raise UnknownBotError(f"bot spec {spec!r}: {exc}") from None


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iterations=2000,c=1.4"`` -> ``("mcts", {"iterations": 2000, "c": 1.4})``."""
    if not isinstance(spec, str) or not spec.strip():
        raise UnknownBotError(f"a bot spec is a name such as 'random', got {spec!r}")
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise UnknownBotError(f"bot spec {spec!r}: expected key=value, got {part!r}")
            params[key.strip()] = _value(value.strip())
    return name.strip(), params

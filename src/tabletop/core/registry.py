"""The explicit registry of games: a new game is one line in ``tabletop.games``."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.core.errors import UnknownGameError
from tabletop.core.game import Game


class Registry:
    """Games by name, in the order they were listed."""

    def __init__(self, games: Iterable[Game] = ()) -> None:
        self._games: dict[str, Game] = {}
        for game in games:
            self.add(game)

    def add(self, game: Game) -> None:
        name = game.info.name
        if name in self._games:
            raise ValueError(f"game {name!r} is registered twice")
        self._games[name] = game

    def get(self, name: str) -> Game:
        try:
            return self._games[name]
        except (KeyError, TypeError):
            known = ", ".join(self._games)
            raise UnknownGameError(f"unknown game {name!r} (games: {known})") from None

    def names(self) -> list[str]:
        return list(self._games)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._games.values())

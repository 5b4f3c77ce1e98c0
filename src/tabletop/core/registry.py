"""The explicit registry of games: a new game is one line in ``tabletop.games``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tabletop.core.errors import UnknownGameError
from tabletop.core.game import Game
from tabletop.core.kit import Kit


class Registry:
    """Games' kits by name, in the order they were listed."""

    def __init__(self, kits: Iterable[Kit] = ()) -> None:
        self._kits: dict[str, Kit] = {}
        for kit in kits:
            self.add(kit)

    def add(self, kit: Kit) -> None:
        name = kit.name
        if name in self._kits:
            raise ValueError(f"game {name!r} is registered twice")
        self._kits[name] = kit

    def kit(self, name: object) -> Kit:
        """The kit of the game called ``name`` (or of the game ``name`` is)."""
        if isinstance(name, Game):
            name = name.info.name
        try:
            return self._kits[name]  # type: ignore[index]
        except (KeyError, TypeError):
            known = ", ".join(self._kits)
            raise UnknownGameError(f"unknown game {name!r} (games: {known})") from None

    def get(self, name: str) -> Game:
        """The game called ``name``."""
        return self.kit(name).game

    def names(self) -> list[str]:
        return list(self._kits)

    def kits(self) -> list[Kit]:
        return list(self._kits.values())

    def __iter__(self) -> Iterator[Game]:
        return iter([kit.game for kit in self._kits.values()])

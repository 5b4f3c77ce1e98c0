"""Typed errors of the game protocol.

Every error a caller can provoke with bad input is a ``ValueError`` subclass whose
message names what was wrong, so a CLI, a server or an RL wrapper can show it as is.
"""

from __future__ import annotations


class TabletopError(ValueError):
    """Base of every error the platform raises for bad input."""


class UnknownGameError(TabletopError):
    """A game name that is not in the registry."""


class GameOptionError(TabletopError):
    """A player count or an option that the game does not accept."""


class ActionParseError(TabletopError):
    """Text or an integer that is not an action of the game at all."""


class IllegalActionError(TabletopError):
    """A well-formed action that the rules do not allow now.

    The state it was offered to is unchanged.
    """

    def __init__(self, player: int, action: object, reason: str) -> None:
        self.player = player
        self.action = action
        self.reason = reason
        super().__init__(f"player {player} cannot play {action!s}: {reason}")


class RecordError(TabletopError):
    """A game record or serialized state that cannot be read or replayed."""


class CardDataError(TabletopError):
    """A card data file that fails validation; the message names file, card and field."""

    def __init__(self, source: str, card: str | None, field: str | None, problem: str) -> None:
        where = source
        if card is not None:
            where += f", card {card}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")

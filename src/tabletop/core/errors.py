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
    """Text, an integer or a value that is not an action of the game at all.

    Raised by ``State.apply`` through :meth:`by_player`, so the message names the
    player, the action as given and the reason; the state is unchanged.
    """

    player: object = None
    action: object = None
    reason: str = ""

    @classmethod
    def by_player(cls, player: int, action: object, reason: str) -> ActionParseError:
        """The error for ``player`` offering ``action`` (as given) that is no action."""
        err = cls(f"player {player} cannot play {action!r}: {reason}")
        err.player, err.action, err.reason = player, action, reason
        return err


class IllegalActionError(TabletopError):
    """A well-formed action that the rules do not allow now.

    The state it was offered to is unchanged.
    """

    def __init__(self, player: int, action: object, reason: str) -> None:
        self.player = player
        self.action = action
        self.reason = reason
        super().__init__(f"player {player} cannot play {action!s}: {reason}")


class SeatError(TabletopError):
    """A player that is no seat at this table: not an ``int``, a ``bool``, or out of range.

    ``doing`` says what was asked of the player (``cannot play 'd0'``, ``has no legal
    actions``); nothing changed.
    """

    def __init__(self, player: object, doing: str, reason: str) -> None:
        self.player = player
        self.doing = doing
        self.reason = reason
        super().__init__(f"player {player!r} {doing}: {reason}")


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

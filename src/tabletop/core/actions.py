"""Actions: frozen values with a text notation and a stable integer encoding.

A game lists every distinct action once, in a fixed order, in an :class:`ActionTable`.
The position in the table is the action's integer id (the RL encoding); the notation is
what people type and what records store. The table is the only place either mapping
lives, so parse and format cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar

from tabletop.core.errors import ActionParseError


class Action:
    """Base of every game's action classes (which are frozen dataclasses).

    Subclasses define :meth:`notation`; ``str(action)`` is that notation.
    """

    __slots__ = ()

    def notation(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} must define notation()")

    def __str__(self) -> str:
        return self.notation()


A = TypeVar("A", bound=Action)


class ActionTable(Generic[A]):
    """Every distinct action of a game, numbered in a fixed order.

    Notation is matched without regard to case or surrounding spaces.
    """

    def __init__(self, game: str, actions: Sequence[A]) -> None:
        self.game = game
        self._actions: tuple[A, ...] = tuple(actions)
        self._ids: dict[A, int] = {}
        self._by_text: dict[str, A] = {}
        for i, action in enumerate(self._actions):
            text = action.notation().lower()
            if action in self._ids or text in self._by_text:
                raise ValueError(f"{game}: action {action!r} ({text}) is listed twice")
            self._ids[action] = i
            self._by_text[text] = action

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[A]:
        return iter(self._actions)

    def __getitem__(self, action_id: int) -> A:
        return self._actions[action_id]

    def id_of(self, action: A) -> int:
        try:
            return self._ids[action]
        except (KeyError, TypeError):
            raise ActionParseError(f"{action!r} is not an action of {self.game}") from None

    def action(self, action_id: int) -> A:
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise ActionParseError(f"action id must be an integer, got {action_id!r}")
        if not 0 <= action_id < len(self._actions):
            raise ActionParseError(
                f"{action_id} is not an action id of {self.game} (0..{len(self._actions) - 1})"
            )
        return self._actions[action_id]

    def parse(self, text: str) -> A:
        if not isinstance(text, str):
            raise ActionParseError(f"action notation must be text, got {text!r}")
        key = text.strip().lower()
        try:
            return self._by_text[key]
        except KeyError:
            raise ActionParseError(f"{text!r} is not an action of {self.game}") from None

    def coerce(self, action: object) -> A:
        """An action given as a value, its notation or its integer id."""
        if isinstance(action, str):
            return self.parse(action)
        if isinstance(action, int):
            return self.action(action)
        if isinstance(action, Action):
            try:
                if action in self._ids:
                    return action
            except TypeError:  # an action value built with unhashable fields
                pass
        raise ActionParseError(f"{action!r} is not an action of {self.game}")

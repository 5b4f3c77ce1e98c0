"""Enums whose ``repr`` is code, so an action's repr pastes back (``Colour.RED``)."""

from __future__ import annotations

from enum import IntEnum


class CodeEnum(IntEnum):
    """An ``IntEnum`` that prints as ``Class.MEMBER`` rather than ``<Class.MEMBER: 0>``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

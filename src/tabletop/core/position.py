"""Positions: a game's full state in readable terms, to start a state from or to write.

A position names everything with the rulebook's words (``docs/positions.md``), so a rules
tester or a designer can write "this position" by hand, show it to a bot, or carry it in
a bug report. Each game reads and writes its own format; this module holds what they
share: the error that names the field, and a reader that tracks where it is.

What the rules leave to chance after the position (cards still to be drawn) comes from
the state's generator: ``rng`` gives its exact state (``state.position()`` writes it, so
the game continues exactly as the state it was taken from), or else ``seed`` starts it
(default 0). Hidden parts a position may leave out (a closed hand, a memory card) are
drawn from that generator too, as each game's docs say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from tabletop.core.errors import TabletopError
from tabletop.core.rng import SplitMix64
from tabletop.core.state import State

FORMAT = 1
"""The version of every game's position format (field ``format``)."""

E = TypeVar("E")


class PositionError(TabletopError):
    """A position that cannot be read or is not a legal state; names the field."""

    def __init__(self, source: str, field: str, problem: str) -> None:
        self.source = source
        self.field = field
        self.problem = problem
        super().__init__(f"{source}, field {field!r}: {problem}")


class Reader:
    """Reads one table of a position, naming each field by its full path on error."""

    def __init__(self, data: Any, source: str, path: str = "") -> None:
        self.source = source
        self.path = path
        if not isinstance(data, Mapping):
            raise PositionError(source, path or "position", "must be a table (an object)")
        self.data = data
        self.used: set[str] = set()

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str, problem: str) -> PositionError:
        return PositionError(self.source, self.where(key), problem)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        self.used.add(key)
        return self.data.get(key, default)

    def whole(self, key: str, low: int, high: int, default: int | None = None) -> int:
        value = self.raw(key, default)
        if value is None:
            raise self.fail(key, "is required")
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(key, f"{value!r} is not a whole number from {low} to {high}")
        return value

    def flag(self, key: str, default: bool | None = None) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"{value!r} is not true or false")
        return value

    def choice(self, key: str, names: Mapping[str, E], default: str | None = None) -> E:
        value = self.raw(key, default)
        if not isinstance(value, str) or value not in names:
            raise self.fail(key, f"{value!r} is not one of {', '.join(names)}")
        return names[value]

    def items(self, key: str, default: Sequence[Any] | None = None) -> list[Any]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise self.fail(key, f"{value!r} is not a list")
        return value

    def table(self, key: str) -> Reader:
        return Reader(self.raw(key, {}), self.source, self.where(key))

    def tables(self, key: str) -> list[Reader]:
        return [
            Reader(item, self.source, f"{self.where(key)}[{i}]")
            for i, item in enumerate(self.items(key, []))
        ]

    def done(self) -> None:
        """Refuse a field the format does not have (a typo must not pass silently)."""
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise self.fail(extra[0], "is not a field of this table")


def names_of(enum: type[Any]) -> dict[str, Any]:
    """An enum's members by their position-file name: lower case, dashes for underscores."""
    return {m.name.lower().replace("_", "-"): m for m in enum}


def name_of(member: Any) -> str:
    return str(member.name).lower().replace("_", "-")


def start_generator(state: State, top: Reader) -> SplitMix64:
    """The state's generator from the position: ``rng`` (its exact state) or ``seed``."""
    seed = top.whole("seed", 0, (1 << 63) - 1, 0)
    state.seed = seed
    if top.has("rng"):
        state.rng = SplitMix64(0)
        state.rng.state = top.whole("rng", 0, (1 << 64) - 1)
    else:
        state.rng = SplitMix64(seed)
    return state.rng

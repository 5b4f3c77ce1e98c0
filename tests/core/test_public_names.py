"""Every enum a caller meets is importable from its game's package.

A caller tells kinds of decision, items and card effects apart by enums it finds in a
seat's view, a legal action or an event; none of them should need an import from a
game's internal modules. A whole seeded game of each is walked and every enum value
reached is looked up in the package's ``__all__``.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import random
from typing import Any

import pytest

import tabletop

PACKAGES = {
    "wicked-labyrinth": "tabletop.games.wicked_labyrinth",
    "code-of-nine": "tabletop.games.code_of_nine",
}


def _enums(value: Any, found: set[type[enum.Enum]], depth: int = 0) -> None:
    if depth > 8:
        return
    if isinstance(value, enum.Enum):
        found.add(type(value))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _enums(getattr(value, f.name), found, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value:
            _enums(item, found, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            _enums(item, found, depth + 1)


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_enum_in_views_actions_and_events_is_exported_by_the_games_package(
    name: str,
) -> None:
    package = importlib.import_module(PACKAGES[name])
    exported = {getattr(package, n) for n in package.__all__}
    found: set[type[enum.Enum]] = set()
    state = tabletop.new_game(name, players=4, seed=3)
    rng = random.Random(3)
    _enums(list(state.start_events), found)
    while not state.is_terminal():
        _enums([state.view(p) for p in range(4)] + [state.spectator_view()], found)
        player = rng.choice(state.current_players())
        legal = state.legal_actions(player)
        _enums(legal, found)
        _enums(state.apply(player, rng.choice(legal)), found)
    assert len(found) >= 4  # the walk reached the games' enums at all
    missing = sorted(f"{e.__module__}.{e.__qualname__}" for e in found - exported)
    assert missing == [], f"import these from {PACKAGES[name]}: {missing}"

"""Cases shared by the RL adapter suites: every registered game with an encoder, at
every player count it allows, with each option set worth covering."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

import tabletop
from tabletop import openspiel


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in self.options.items())
        return f"{self.game}-{self.players}p{extra}"


CASES = [
    *(Case("wicked-labyrinth", n) for n in (3, 4, 5)),
    *(Case("code-of-nine", n, {"expert": expert}) for n in (3, 4) for expert in (False, True)),
    Case("goofspiel", 2),
    Case("goofspiel", 4),
]


@pytest.fixture(params=CASES, ids=[c.id for c in CASES])
def case(request: pytest.FixtureRequest) -> Case:
    return request.param  # type: ignore[no-any-return]


SIMULTANEOUS = [c for c in CASES if openspiel.simultaneous(tabletop.game(c.game))]
"""The cases OpenSpiel's turn-based conversion applies to (it takes simultaneous games)."""


@pytest.fixture(params=SIMULTANEOUS, ids=[c.id for c in SIMULTANEOUS])
def simultaneous_case(request: pytest.FixtureRequest) -> Case:
    return request.param  # type: ignore[no-any-return]

"""The difficulty levels a player picks a bot by, and what each was measured to be worth.

Each game's ladder (its kit's ``levels``) has four levels, ``easy``, ``normal``,
``hard`` and ``strongest``, each a bot spec, weakest first. What pins them is the level
ladder (``tabletop bots ladder``, :mod:`tabletop.arena.ladder`): each level plays one
against three of the level below, and it *clears* at 30% of the wins or more with its
95% interval above 25%. The command writes its rungs to :data:`MEASURED` (package data,
so the server reads it wherever it is installed); a test checks that the kits' levels
are the specs measured there and that every rung clears, and the lobby shows each
level's figure (:func:`strength`). The league's ratings (docs/league.md) stay a report.
The lobby also offers each game's strongest measured search (its kit's ``search``) as
``mcts``.

The lobby offers every timed search as it was measured, with ``clock=cpu`` (its
0.25 s counted on the searching thread's CPU, so a level is as strong on a loaded
server as on a quiet one), plus a wall-clock ``ceiling`` of :data:`CEILING` seconds:
no person waits longer for one decision, whatever the load (the search then stops
early and plays weaker). :func:`lobby_spec` adds both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tabletop.core.kit import Level
from tabletop.games import REGISTRY

DIFFICULTIES = ("easy", "normal", "hard", "strongest")

CEILING = 2
"""Wall-clock seconds a lobby search may take for one decision, at most (the server's
largest ``time``, ``server.config``)."""


def lobby_spec(spec: str) -> str:
    """The spec the lobby offers for a league's or a kit's spec: a search with a time
    budget gets ``clock=cpu,ceiling=CEILING`` (replacing any clock or ceiling it had);
    OpenSpiel's ``ismcts``, whose budget is simulations, gets ``ceiling=CEILING``; any
    other spec is offered as it is."""
    name, _, rest = spec.partition(":")
    parts = [p for p in rest.split(",") if p] if rest else []
    kept = [p for p in parts if not p.startswith(("clock=", "ceiling="))]
    if name == "ismcts":
        return f"{name}:{','.join([*kept, f'ceiling={CEILING}'])}"
    if name != "mcts" or not any(p.startswith("time=") for p in parts):
        return spec
    return f"{name}:{','.join([*kept, 'clock=cpu', f'ceiling={CEILING}'])}"


def ladder(game: str) -> tuple[Level, ...]:
    """The levels of ``game`` (its kit's), weakest first; none for a game without."""
    return REGISTRY.kit(game).levels if game in REGISTRY.names() else ()


MEASURED = Path(__file__).with_name("ladder.json")
"""The level ladder's measured rungs, written by ``tabletop bots ladder --data``."""


@dataclass(frozen=True)
class Strength:
    """A level's measured strength: its win share one against three of ``lower``
    (the level below) over ``games`` games, with the 95% Wilson interval."""

    level: str
    spec: str
    lower: str
    lower_spec: str
    games: int
    rate: float
    low: float
    high: float
    clears: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "against": self.lower,
            "games": self.games,
            "rate": self.rate,
            "low": self.low,
            "high": self.high,
            "clears": self.clears,
        }


@cache
def _measured() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MEASURED.read_text("utf-8")) if MEASURED.exists() else {}
    return data


def measured(game: str) -> tuple[Strength, ...]:
    """The rungs of ``game`` in :data:`MEASURED`, weakest first (none if not measured)."""
    return tuple(
        Strength(
            r["upper"],
            r["upper_spec"],
            r["lower"],
            r["lower_spec"],
            r["games"],
            r["rate"],
            r["low"],
            r["high"],
            r["clears"],
        )
        for r in _measured().get("rungs", [])
        if r["game"] == game
    )


def strength(game: str, level: Level) -> Strength | None:
    """``level``'s measured strength, if the ladder measured that very spec above the
    level below it now (a figure of another spec is never shown for it)."""
    found = ladder(game)
    below = found[found.index(level) - 1] if level in found and found.index(level) else None
    for s in measured(game):
        if below and (s.level, s.spec, s.lower_spec) == (level.name, level.spec, below.spec):
            return s
    return None


def _by_bot(game: str) -> dict[str, tuple[str, ...]]:
    """The ladder's specs by bot name, weakest first, and the game's search for ``mcts``
    (offered even if the league did not rate it a level: a bare ``mcts`` is weak)."""
    by_bot: dict[str, list[str]] = {}
    for level in ladder(game):
        by_bot.setdefault(level.spec.split(":")[0], []).append(level.spec)
    search = REGISTRY.kit(game).search
    search = None if search is None else lobby_spec(search)
    if search is not None and search not in by_bot.get("mcts", []):
        by_bot.setdefault("mcts", []).append(search)
    by_bot.setdefault("ismcts", []).append(lobby_spec("ismcts"))  # bounded, not bare
    kit = REGISTRY.kit(game)
    if kit.has("neural:think"):  # the learned bot as it was measured strongest
        by_bot.setdefault("neural", []).append(f"neural:think={kit.part('neural:think')}")
    return {bot: tuple(specs) for bot, specs in by_bot.items()}


LEVELS: dict[str, dict[str, tuple[str, ...]]] = {game: _by_bot(game) for game in REGISTRY.names()}
"""The lobby's specs by game and bot name, weakest first; a bot not listed is offered
bare (``random``); ``ismcts`` with the ceiling, ``neural`` thinking where its kit says
how long (``neural:think``)."""


def levels(game: str, bot: str) -> tuple[str, ...]:
    """The specs that stand for ``bot`` in ``game`` (the bare name when none is set)."""
    return LEVELS.get(game, {}).get(bot, (bot,))

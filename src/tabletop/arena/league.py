"""The league: a fixed pool of bots per game, rated against each other by the arena.

Each game's pool is its kit's ``league:pool`` part. No bot of a pool is tuned for the
others: it holds the baseline (``random``), the heuristic at several settings, the
game's strongest search (its kit's ``search``), an outside algorithm (OpenSpiel's ISMCTS,
:mod:`tabletop.bots.openspiel_ismcts`) and the learned bot (``neural``,
:mod:`tabletop.bots.neural`). Seven bots a game keep a cycle of the schedule at 140
games (docs/league.md). Matches are the arena's:
4 players, every choice of 4 bots of the pool, each played from every seat on the
same deal (:mod:`tabletop.arena.schedule`); ratings are OpenSkill's with intervals.

The lobby's searches are listed with ``clock=cpu``: each decision gets the 0.25 s of
computing a free core would give it, as the lobby's server gives it when not loaded,
whatever the load of the machine running the league.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games import REGISTRY

PLAYERS = 4
PART = "league:pool"


@dataclass(frozen=True)
class Member:
    """A bot of a league pool and why it is there."""

    spec: str
    about: str


def leagues() -> list[str]:
    """The games with a league pool."""
    return [kit.name for kit in REGISTRY.kits() if kit.has(PART)]


def pool(game: str) -> tuple[Member, ...]:
    """The league pool of ``game``, in its fixed order; a clear error if it has none."""
    kit = REGISTRY.kit(game) if game in REGISTRY.names() else None
    if kit is None or not kit.has(PART):
        raise ValueError(f"no league pool for {game!r} (games: {', '.join(leagues())})")
    return tuple(Member(spec, about) for spec, about in kit.part(PART))

"""The league: a fixed pool of bots per game, rated against each other by the arena.

No bot of the pool is tuned for the others: it holds the baseline (``random``), the
heuristic at several settings, the game's strongest search
(:data:`tabletop.bots.levels.SEARCHES`), an outside algorithm (OpenSpiel's ISMCTS,
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

from tabletop.bots.levels import SEARCHES

PLAYERS = 4


@dataclass(frozen=True)
class Member:
    """A bot of a league pool and why it is there."""

    spec: str
    about: str


def _lobby_searches(game: str) -> tuple[Member, ...]:
    spec = SEARCHES[game]
    return (Member(f"{spec},clock=cpu", "the game's strongest search (0.25 s of CPU a decision)"),)


POOLS: dict[str, tuple[Member, ...]] = {
    "wicked-labyrinth": (
        Member("random", "uniform over the legal actions"),
        Member("heuristic", "the heuristic bot as shipped"),
        Member("heuristic:aggression=1.6,spite=0.6", "declares more and contests more"),
        Member("heuristic:aggression=0.6,spite=0", "declares less, ignores rivals"),
        *_lobby_searches("wicked-labyrinth"),
        Member(
            "ismcts:simulations=100",
            "OpenSpiel's ISMCTS on the turn-based form, random rollouts, the game's "
            "determinization as resampler",
        ),
        Member("neural", "the learned policy (self-play), NumPy at play time"),
    ),
    "code-of-nine": (
        Member("random", "uniform over the legal actions"),
        Member("heuristic", "the heuristic bot as shipped (8 card completions)"),
        Member("heuristic:samples=2", "2 card completions: cheaper, noisier"),
        Member("heuristic:samples=32", "32 card completions"),
        *_lobby_searches("code-of-nine"),
        Member(
            "ismcts:simulations=100",
            "OpenSpiel's ISMCTS, random rollouts, the game's determinization as resampler",
        ),
        Member("neural", "the learned policy (self-play), NumPy at play time"),
    ),
}
"""The pool of each game, in a fixed order (the schedule depends on it)."""


def pool(game: str) -> tuple[Member, ...]:
    """The league pool of ``game``; a clear error if it has none."""
    found = POOLS.get(game)
    if found is None:
        raise ValueError(f"no league pool for {game!r} (games: {', '.join(POOLS)})")
    return found

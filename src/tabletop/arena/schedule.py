"""Seat-rotated match schedules: every bot plays every seat equally often.

The bots are taken ``players`` at a time (every combination of the list, in order); a
lineup is played ``players`` times in a row, rotated one seat each time, all from the
same game seed, so each bot of the lineup meets the same deal from every seat (as in
duplicate bridge, which cancels most of the luck of the deal). Game ``i`` is the
``i % players``-th rotation of lineup ``i // players`` (lineups cycle), with game seed
``seed + i // players``. A bot listed twice plays two seats of the lineup.

With ``games`` a multiple of ``players`` times the number of lineups, every bot plays
every seat exactly equally often.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class Match:
    """One scheduled game: its index in the arena, its seed and the bot in each seat."""

    index: int
    seed: int
    seats: tuple[str, ...]


def lineups(bots: tuple[str, ...], players: int) -> list[tuple[str, ...]]:
    """Every choice of ``players`` entries of ``bots`` (by position), in list order."""
    if players < 1:
        raise ValueError(f"a game needs players, got {players}")
    if len(bots) < players:
        raise ValueError(
            f"{players} players need at least {players} bots, got {len(bots)} "
            "(list a bot several times to play it in several seats)"
        )
    return [tuple(bots[i] for i in chosen) for chosen in combinations(range(len(bots)), players)]


def cycle_length(bots: tuple[str, ...], players: int) -> int:
    """Games after which every bot has played every seat equally often."""
    return players * len(lineups(bots, players))


def match(index: int, bots: tuple[str, ...], players: int, seed: int) -> Match:
    """Game ``index`` of the schedule."""
    if index < 0:
        raise ValueError(f"a game index is >= 0, got {index}")
    ups = lineups(bots, players)
    block, turn = divmod(index, players)
    lineup = ups[block % len(ups)]
    rotated = lineup[players - turn :] + lineup[: players - turn]
    return Match(index, seed + block, rotated)


def schedule(bots: tuple[str, ...], players: int, games: int, seed: int) -> list[Match]:
    """The first ``games`` games of the schedule."""
    return [match(i, bots, players, seed) for i in range(games)]

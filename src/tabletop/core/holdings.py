"""Who held which card in a finished game, and a card's effect on its holders' wins.

The protocol a game's kit fills for the card balance reports and the arena report's
per-card impact: its ``report:holdings`` part makes a :class:`CardObserver`, which
watches one game's events and lists the card holdings once it is over. A card's effect
is its holders' mean win share minus a baseline, with the half-width of its 95%
interval (normal approximation over holder-games): :func:`mean_and_ci`.

A game's balance reports (its ``reports`` part) are handed a :data:`PlayForHoldings`,
the generic layer's way of playing seeded games with bots and reading every holding
with the holder's win share, so a game's folder needs no simulation code of its own.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from tabletop.core.events import Event
from tabletop.core.state import State

Z95 = 1.959964

Holding = tuple[str, str, int]
"""(kind, card, seat): ``kind`` names the sort of card (a game's own word)."""


class CardObserver(ABC):
    """Watches one game's events and lists the card holdings once it is over."""

    def see(self, events: Iterable[Event]) -> None:  # noqa: B027 - optional hook
        """Called with the full events of every applied action (most games need none)."""

    @abstractmethod
    def holdings(self, state: State) -> list[Holding]:
        """Every (kind, card, seat) held in the finished game ``state``."""


class HoldingsGame(NamedTuple):
    """One game to play for a report: its seed, a bot spec per seat, its options."""

    seed: int
    bots: tuple[str, ...]
    options: Mapping[str, Any]


PlayForHoldings = Callable[[Sequence[HoldingsGame], int], list[list[tuple[str, str, float]]]]
"""Plays each game (in ``jobs`` worker processes, the second argument) and returns, per
game in order, every (kind, card, holder's win share) its observer listed."""


def mean_and_ci(shares: Sequence[float]) -> tuple[float, float | None]:
    """Mean win share and the half-width of its 95% interval (None below two samples)."""
    n = len(shares)
    mean = sum(shares) / n
    if n < 2:
        return mean, None
    var = sum((x - mean) ** 2 for x in shares) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)

"""Who held which card in a finished game, and a card's effect on its holders' wins.

The measurement shared by the card balance reports (``tabletop report memory-cards``,
``tabletop report wicked-labyrinth-cards``) and the arena report's per-card impact:

- The Wicked Labyrinth: each great and small oracle counts for the player dealt it; a
  corridor counts for the player ranked 1st on it (read from ``CorridorRanked`` events,
  so the observer must see every step's events).
- Code of Nine: each memory card counts for the player holding it at the end (Crossroads
  of Phenomena can change that).

A card's effect is its holders' mean win share minus a baseline, with the half-width of
its 95% interval (normal approximation over holder-games).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.core.events import Event
from tabletop.core.state import State

Z95 = 1.959964

Holding = tuple[str, str, int]
"""(kind, card, seat): ``kind`` is ``corridor``, ``great``, ``small`` or ``memory``."""


class CardObserver(ABC):
    """Watches one game's events and lists the card holdings once it is over."""

    def see(self, events: Iterable[Event]) -> None:  # noqa: B027 - optional hook
        """Called with the full events of every applied action (most games need none)."""

    @abstractmethod
    def holdings(self, state: State) -> list[Holding]:
        """Every (kind, card, seat) held in the finished game ``state``."""


class WickedLabyrinthObserver(CardObserver):
    """Oracles by the player dealt them; corridors by the player ranked 1st."""

    def __init__(self) -> None:
        self.firsts: list[Holding] = []

    def see(self, events: Iterable[Event]) -> None:
        from tabletop.games.wicked_labyrinth import events as E

        for event in events:
            if isinstance(event, E.CorridorRanked) and event.first is not None:
                self.firsts.append(("corridor", event.corridor, event.first))

    def holdings(self, state: State) -> list[Holding]:
        from tabletop.games.wicked_labyrinth.board import GREAT, SMALL, STRIDE

        s: Any = state
        cards = s.cards
        out = list(self.firsts)
        for p in range(state.num_players):
            o = p * STRIDE
            for k in range(2):
                out.append(("great", cards.great_oracles[s.b[o + GREAT + k]].id, p))
                out.append(("small", cards.small_oracles[s.b[o + SMALL + k]].id, p))
        return out


class CodeOfNineObserver(CardObserver):
    """Memory cards (by number) of each player at the end of the game."""

    def holdings(self, state: State) -> list[Holding]:
        s: Any = state
        cards = s.cards.cards
        return [
            ("memory", str(cards[s.card(p, slot)].number), p)
            for p in range(state.num_players)
            for slot in (0, 1)
        ]


def observer(game: str) -> CardObserver | None:
    """The card observer of a game, or None for a game without card measurements."""
    if game == "wicked-labyrinth":
        return WickedLabyrinthObserver()
    if game == "code-of-nine":
        return CodeOfNineObserver()
    return None


def mean_and_ci(shares: Sequence[float]) -> tuple[float, float | None]:
    """Mean win share and the half-width of its 95% interval (None below two samples)."""
    n = len(shares)
    mean = sum(shares) / n
    if n < 2:
        return mean, None
    var = sum((x - mean) ** 2 for x in shares) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)

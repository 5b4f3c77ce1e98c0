"""Who held which Labyrinth card: each great and small oracle counts for the player
dealt it; a corridor counts for the player ranked 1st on it (read from the
``CorridorRanked`` events, so the observer sees every step's events)."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.core.events import Event
from tabletop.core.holdings import CardObserver, Holding
from tabletop.core.state import State
from tabletop.games.wicked_labyrinth import events as E
from tabletop.games.wicked_labyrinth.board import GREAT, SMALL, STRIDE
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState


class WickedLabyrinthObserver(CardObserver):
    """Oracles by the player dealt them; corridors by the player ranked 1st."""

    def __init__(self) -> None:
        self.firsts: list[Holding] = []

    def see(self, events: Iterable[Event]) -> None:
        for event in events:
            if isinstance(event, E.CorridorRanked) and event.first is not None:
                self.firsts.append(("corridor", event.corridor, event.first))

    def holdings(self, state: State) -> list[Holding]:
        if not isinstance(state, WickedLabyrinthState):
            raise TypeError(f"a Wicked Labyrinth state, not {type(state).__name__}")
        cards = state.cards
        out = list(self.firsts)
        for p in range(state.num_players):
            o = p * STRIDE
            for k in range(2):
                out.append(("great", cards.great_oracles[state.b[o + GREAT + k]].id, p))
                out.append(("small", cards.small_oracles[state.b[o + SMALL + k]].id, p))
        return out

"""Who held which memory card: each counts for the player holding it at the end of the
game (Crossroads of Phenomena can change that), by its number."""

from __future__ import annotations

from tabletop.core.holdings import CardObserver, Holding
from tabletop.core.state import State
from tabletop.games.code_of_nine.state import CodeOfNineState


class CodeOfNineObserver(CardObserver):
    """Memory cards (by number) of each player at the end of the game."""

    def holdings(self, state: State) -> list[Holding]:
        if not isinstance(state, CodeOfNineState):
            raise TypeError(f"a Code of Nine state, not {type(state).__name__}")
        cards = state.cards.cards
        return [
            ("memory", str(cards[state.card(p, slot)].number), p)
            for p in range(state.num_players)
            for slot in (0, 1)
        ]

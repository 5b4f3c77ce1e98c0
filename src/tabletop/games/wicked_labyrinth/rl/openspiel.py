"""What OpenSpiel's adapter (``tabletop.openspiel``) asks of The Wicked Labyrinth:
the words for its chance outcomes (the kit's ``openspiel:chance``)."""

from __future__ import annotations

from tabletop.core.state import State
from tabletop.games.wicked_labyrinth.state import (
    GREAT_OUTCOME,
    SMALL_OUTCOME,
    WickedLabyrinthState,
)


def chance_outcome(state: State, outcome: int) -> str:
    """What a chance outcome of ``state`` draws, in words (the card by its id)."""
    if not isinstance(state, WickedLabyrinthState):
        raise TypeError(f"needs a Wicked Labyrinth state, got {state!r}")
    cards = state.cards
    if outcome < GREAT_OUTCOME:
        return f"corridor card {cards.corridors[outcome].id}"
    if outcome < SMALL_OUTCOME:
        return f"great oracle card {cards.great_oracles[outcome - GREAT_OUTCOME].id}"
    return f"small oracle card {cards.small_oracles[outcome - SMALL_OUTCOME].id}"

"""What OpenSpiel's adapter (``tabletop.openspiel``) asks of Code of Nine: the words
for its chance outcomes (the kit's ``openspiel:chance``) and its registration as a
sequential game (``openspiel:turn_based``)."""

from __future__ import annotations

from tabletop.core.state import State
from tabletop.games.code_of_nine.state import CodeOfNineState

TURN_BASED = True
"""Registered as sequential although several seats may decide at once: the game's one
simultaneous decision, the change of memory cards at setup, is sealed, so the seats
commit one after another (lowest first) with the information state each has at the
decision."""


def chance_outcome(state: State, outcome: int) -> str:
    """What a chance outcome of ``state`` draws, in words (the memory card's number)."""
    if not isinstance(state, CodeOfNineState):
        raise TypeError(f"needs a Code of Nine state, got {state!r}")
    return f"memory card {state.cards.cards[outcome].number}"

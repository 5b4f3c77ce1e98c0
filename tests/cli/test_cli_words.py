"""The terminal's log names places and cards as people do, and numbers seats 1..N."""

from __future__ import annotations

import tabletop
from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine import render as R
from tabletop.games.code_of_nine.items import Slot


def test_code_of_nine_log_lines_use_location_and_card_names() -> None:
    state = tabletop.new_game("code-of-nine", players=4, seed=3)
    view = state.view(0)
    line = R.describe_event(E.PawnPlaced(0, "cross", 0), view)
    assert line == "Seat 1 places a pawn on An Old Cross."
    card = view.cards.cards[10]
    seen = R.describe_event(E.CardLooked(2, 1, Slot.SHOAL, card.number, False), view)
    assert seen is not None and f"#{card.number} {card.title}" in seen
    assert seen.startswith("Seat 3 looks at seat 2's")
    assert "cross" not in (R.describe_event(E.PawnPlaced(3, "cross", 1), view) or "")


def test_a_choice_says_how_many_it_gives() -> None:
    """Venerable Cathedral offers 1 statue or 2 coins, and says so (not "a coin")."""
    state = tabletop.new_game("code-of-nine", players=4, seed=3)
    for _ in range(400):
        if state.is_terminal():
            break
        p = state.current_players()[0]
        view = state.view(p)
        legal = state.legal_actions(p)
        if view.pending is not None and view.pending.location == "cathedral":
            words = {a.notation(): R.describe_action(view, a) for a in legal}
            if "item:coin" in words:
                assert words["item:coin"] == "2 coins"
                assert words["item:statue"] == "1 statue"
                return
        cathedral = [a for a in legal if a.notation() == "cathedral"]
        state.apply(p, cathedral[0] if cathedral else legal[0])
    raise AssertionError("no game reached the Cathedral's choice")

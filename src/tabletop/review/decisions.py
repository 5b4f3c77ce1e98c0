"""One seat's decisions in a finished game, as that seat saw them.

A decision (:class:`tabletop.core.review.Decision`) keeps only the seat's view, its
legal actions and what it chose (and the seat's view just before its next decision).
Nothing else of the replayed state leaves this module, so a review cannot use what the
seat could not see.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.core.review import Decision


class GameNotOver(TabletopError):
    """A review was asked of a game that has not ended: it is made only afterwards."""


def decisions_of(game: Game, record: GameRecord, seat: int) -> list[Decision]:
    """Every decision of ``seat`` with more than one legal action, in order.

    Refuses a record of a game that is not over (:class:`GameNotOver`) and a seat the
    game does not have.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < record.players:
        raise TabletopError(f"there is no seat {seat!r} in a {record.players}-player game")
    seen: list[tuple[int, Any, tuple[int, ...], int, int]] = []
    """(step, view, legal, chosen, turn) of every decision, one legal action or more."""
    turns: dict[int, int] = {}
    before: tuple[Any, tuple[int, ...]] | None = None
    state = None
    for number, (state, step, _events) in enumerate(record.steps(game)):
        if step is not None and before is not None and step[0] == seat:
            view, legal = before
            rnd = getattr(view, "round", 0)
            turns[rnd] = turns.get(rnd, 0) + 1
            seen.append((number, view, legal, game.actions.id_of(game.action(step[1])), turns[rnd]))
        deciding = not state.is_terminal() and seat in state.current_players()
        before = (state.view(seat), tuple(state.legal_action_ids(seat))) if deciding else None
    if state is None or not state.is_terminal():
        raise GameNotOver("the game is not over: a review is made only after its end")
    final = state.view(seat)
    out: list[Decision] = []
    for i, (step_number, view, legal, chosen, turn) in enumerate(seen):
        if len(legal) > 1:
            after = seen[i + 1][1] if i + 1 < len(seen) else final
            out.append(Decision(len(out), step_number, view, legal, chosen, turn, after))
    return out

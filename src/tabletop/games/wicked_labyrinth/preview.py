"""Which soul processing actions a person may try out before committing them.

Every player processes souls at once and alone (rulings, "Soul processing phase"), so a
seat's processing changes only its own board: the page lets a person try a few
promotions, see the points and take one back. ``done`` is never tried out: the last
seat to finish ends the round and the next corridors are drawn.
"""

from __future__ import annotations

from tabletop.core.actions import Action
from tabletop.core.state import State
from tabletop.games.wicked_labyrinth.actions import Done
from tabletop.games.wicked_labyrinth.elements import Phase


def preview(state: State, seat: int, action: Action) -> str | None:
    """Why ``action`` of ``seat`` may not be tried out now, or None when it may."""
    if state.view(seat).phase != Phase.SOUL_PROCESSING:
        return "only soul processing can be tried out before it is committed"
    if isinstance(action, Done):
        return "'done' ends your processing and may end the round: commit it instead"
    return None

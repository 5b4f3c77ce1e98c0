"""The final score table a person reads: scores, placings and why ties broke as they did.

The result comes from the game; a game whose kit has a ``web:final`` part adds its own
breakdown (where each score came from, the tie-breaks in the rules' order), read from
the final state (everything is public at the end).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.jsonutil import to_jsonable
from tabletop.core.state import State
from tabletop.games import REGISTRY


def breakdown(state: State) -> dict[str, Any]:
    """The finished game's result and, for games that have one, its score breakdown."""
    kit = REGISTRY.kit(state.game)
    out: dict[str, Any] = {"game": kit.name, "result": to_jsonable(state.result())}
    if kit.has("web:final"):
        out.update(kit.part("web:final")(state))
    return to_jsonable(out)  # type: ignore[no-any-return]

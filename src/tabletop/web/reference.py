"""A table's public reference data: what its printed board would show anyone.

Views carry the moment's state; a few facts a screen needs are fixed for the table. A
game whose kit has a ``web:reference`` part provides them from the table's own data;
nothing here depends on the seat or on hidden information.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.jsonutil import to_jsonable
from tabletop.core.state import State
from tabletop.games import REGISTRY


def reference(state: State) -> dict[str, Any]:
    """The table's reference data (empty for games that need none)."""
    kit = REGISTRY.kit(state.game)
    out = kit.part("web:reference")(state) if kit.has("web:reference") else {}
    return to_jsonable({"game": kit.name, **out})  # type: ignore[no-any-return]

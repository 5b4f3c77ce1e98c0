"""The reference data a Labyrinth table's page shows: what its printed board says.

Each rank of a personal board has room for so many soul fragment tokens (section 3),
low first: the page draws a rank's empty spots from this, not from a copy of the rule.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.state import State
from tabletop.games.wicked_labyrinth.elements import CAPACITY


def reference(state: State) -> dict[str, Any]:
    """The token spots of each rank, low to high."""
    return {"capacity": list(CAPACITY)}

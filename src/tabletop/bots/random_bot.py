"""The baseline: uniform over the legal actions, seeded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.bot import Bot


class RandomBot(Bot):
    """Picks uniformly among the legal actions; works for every game."""

    name = "random"

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]

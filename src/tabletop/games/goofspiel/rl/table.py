"""Every seat's Goofspiel observation at once, for the batched and PettingZoo envs.

A Goofspiel view is a few small tuples, cheap enough to build for every seat at every
step, so this table encoder is the view encoder applied to each seat's view: equal to
it by construction (the first games' table encoders read the state instead, because
their views cost several engine decisions each).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tabletop.games.goofspiel.rl.encoder import GoofspielEncoder


class GoofspielTable:
    """The table encoder of ``players`` seats."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.encoder = GoofspielEncoder()
        self.size = self.encoder.size(players)

    def encode(self, state: Any) -> np.ndarray:
        return np.stack([self.encoder.encode(state.view(p)) for p in range(self.players)])

    def encode_into(
        self,
        states: Sequence[Any],
        out: np.ndarray,
        seat: int | None = None,
        kept: object = None,
    ) -> None:
        """``kept`` is accepted and not needed: every entry is written each time."""
        for t, state in enumerate(states):
            if seat is None:
                out[t] = self.encode(state)
            else:
                out[t] = self.encoder.encode(state.view(seat))

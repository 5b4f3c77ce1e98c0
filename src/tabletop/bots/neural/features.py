"""One input layout per game for every player count: the network's input vector.

The observation encoders (:mod:`tabletop.rl.encoders`) give a vector whose length
depends on the player count (The Wicked Labyrinth: a board, corridors and opened hands
per seat). One network serves every count of a game: each observation entry goes to
the input position of the entry with the same label at the largest count, the
positions of absent seats and corridors stay 0, and a one-hot of the player count
follows. Seats are already relative (the viewer first), so a net learns "the next
seat's board" once for every count.
"""

from __future__ import annotations

from functools import cache

import numpy as np

import tabletop
from tabletop.core.errors import UnknownGameError
from tabletop.rl.encoders import encoder_for

COUNTS: dict[str, tuple[int, ...]] = {
    name: tuple(tabletop.game(name).info.player_counts)
    for name in ("wicked-labyrinth", "code-of-nine")
}
"""The games with a network, and the player counts each network plays: every count the
game allows (its ``GameInfo``)."""


class InputLayout:
    """Where each player count's observation entries go in the input vector."""

    def __init__(self, game: str) -> None:
        if game not in COUNTS:
            raise UnknownGameError(f"no neural network for {game!r} (games: {', '.join(COUNTS)})")
        self.game = game
        self.counts = COUNTS[game]
        encoder = encoder_for(game)
        widest = encoder.labels(max(self.counts))
        position = {label: i for i, label in enumerate(widest)}
        self.observation_size = len(widest)
        self.size = self.observation_size + len(self.counts)
        """The input vector's length: the widest observation, then the count one-hot."""
        self._index = {
            n: np.array([position[label] for label in encoder.labels(n)], np.intp)
            for n in self.counts
        }

    def inputs(self, observations: np.ndarray, players: int) -> np.ndarray:
        """``(rows, size)`` float32 inputs from ``(rows, observation)`` observations of a
        ``players``-seat table."""
        rows = np.atleast_2d(observations)
        out = np.zeros((len(rows), self.size), np.float32)
        out[:, self._index[players]] = rows
        out[:, self.observation_size + self.counts.index(players)] = 1.0
        return out


@cache
def layout(game: str) -> InputLayout:
    """The (shared, immutable) layout of ``game``."""
    return InputLayout(game)

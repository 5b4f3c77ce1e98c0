"""One input layout per game for every player count: the network's input vector.

The observation encoders (a kit's ``rl:encoder``) give a vector whose length may
depend on the player count (a board per seat, say). One network serves every count of
a game: each observation entry goes to the input position of the entry with the same
label at the largest count, the positions of absent seats stay 0, and a one-hot of the
player count follows. Seats are already relative (the viewer first), so a net learns "the next
seat's board" once for every count.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from tabletop.core.errors import UnknownGameError
from tabletop.encoding import encoder_for
from tabletop.games import REGISTRY

COUNTS: dict[str, tuple[int, ...]] = {
    kit.name: tuple(kit.game.info.player_counts)
    for kit in REGISTRY.kits()
    if kit.has("neural:weights")
}
"""The games that ship a network (their kit's ``neural:weights``), and the player
counts each network plays: every count the game allows (its ``GameInfo``)."""


class InputLayout:
    """Where each player count's observation entries go in the input vector."""

    def __init__(self, game: str) -> None:
        kit = REGISTRY.kit(game)
        if not kit.has("rl:encoder"):
            raise UnknownGameError(f"no neural network for {game!r}: it has no observation encoder")
        self.game = game
        self.counts = tuple(kit.game.info.player_counts)
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

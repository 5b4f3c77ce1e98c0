"""Observation encoders: one per game, turning a player's VIEW into a float32 vector.

An encoder only ever sees a view (what one seat, or a spectator, may know), never the
state, so an observation cannot carry another seat's secret. Every adapter (PettingZoo,
Gymnasium, OpenSpiel) uses the same encoder, so the observation tables in
``docs/rl.md`` describe all of them.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from tabletop.core.errors import UnknownGameError
from tabletop.rl.encoders.code_of_nine import CodeOfNineEncoder
from tabletop.rl.encoders.wicked_labyrinth import WickedLabyrinthEncoder


class Encoder(Protocol):
    """What an adapter needs from a game's encoder.

    ``version`` changes whenever the meaning of an index changes (see ``docs/rl.md``).
    Every value lies in [0, 1], so the observation space is ``Box(0, 1, (size,))``.
    """

    game: str
    version: int
    sections: tuple[tuple[str, str], ...]
    """The vector in order: (label prefix, meaning), for docs/rl.md."""
    block: str
    """Label prefix of the first per-seat block, whose indices docs/rl.md lists."""
    shares_views: bool
    """Whether :meth:`encode_seats` can ever answer (if not, nobody builds the
    spectator view for it)."""

    def size(self, players: int) -> int:
        """Length of the observation vector at a table of ``players``."""

    def encode(self, view: Any) -> np.ndarray:
        """The view as a float32 vector of length ``size(view's player count)``."""

    def encode_seats(self, spectator: Any) -> list[np.ndarray] | None:
        """Every seat's observation from one spectator view, or None.

        Only when the game's view rules make it exact (no seat knows more than a
        spectator right now): then a table needs one view per step instead of one per
        seat. The result must equal ``encode(view(seat))`` for every seat.
        """

    def labels(self, players: int) -> list[str]:
        """A name for every index (what it means), for docs and debugging."""


ENCODERS: dict[str, Encoder] = {
    "wicked-labyrinth": WickedLabyrinthEncoder(),
    "code-of-nine": CodeOfNineEncoder(),
}


def encoder_for(game: str) -> Encoder:
    """The encoder of ``game``; a game without one cannot be used by the RL adapters."""
    try:
        return ENCODERS[game]
    except KeyError:
        known = ", ".join(ENCODERS)
        raise UnknownGameError(
            f"no observation encoder for {game!r} (games with one: {known})"
        ) from None



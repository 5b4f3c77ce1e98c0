"""Observation encoders: one per game, turning a player's VIEW into a float32 vector.

An encoder only ever sees a view (what one seat, or a spectator, may know), never the
state, so an observation cannot carry another seat's secret. It is the reference, and
the observation tables in ``docs/rl.md`` describe it.

Building views costs more than the RL envs can pay at every step, so each game also
has a table encoder: every seat's observation at once, read from the state. Tests hold
it to the view encoder, vector for vector, at every step of random games; the envs
(PettingZoo, Gymnasium) use it, OpenSpiel's observers use the view encoder.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from tabletop.core.errors import UnknownGameError
from tabletop.rl.encoders.code_of_nine import CodeOfNineEncoder
from tabletop.rl.encoders.code_of_nine_table import CodeOfNineTable
from tabletop.rl.encoders.incremental import Incremental
from tabletop.rl.encoders.wicked_labyrinth import WickedLabyrinthEncoder
from tabletop.rl.encoders.wicked_labyrinth_table import WickedLabyrinthTable


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

    def size(self, players: int) -> int:
        """Length of the observation vector at a table of ``players``."""

    def encode(self, view: Any) -> np.ndarray:
        """The view as a float32 vector of length ``size(view's player count)``."""

    def labels(self, players: int) -> list[str]:
        """A name for every index (what it means), for docs and debugging."""


class TableEncoder(Protocol):
    """Every seat's observation of one table, from the state (see the module docstring).

    One instance serves one table set at a time: it keeps its tables and buffers
    between calls.
    """

    def encode(self, state: Any) -> np.ndarray:
        """A fresh ``(players, size)`` float32 array; row ``p`` is the encoder's vector
        of ``state.view(p)``, exactly."""

    def encode_into(
        self,
        states: Sequence[Any],
        out: np.ndarray,
        seat: int | None = None,
        kept: Incremental | None = None,
    ) -> None:
        """Many tables (one configuration) at once into ``out``: ``(tables, players,
        size)``, or ``(tables, size)`` with ``seat``'s row only. Numpy's cost per call
        is paid once for all of them. With ``kept`` (the same tables into the same
        ``out`` at every step), only the entries that changed are written
        (:mod:`.incremental`)."""


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


TABLE_ENCODERS: dict[str, Callable[[int], TableEncoder]] = {
    "wicked-labyrinth": WickedLabyrinthTable,
    "code-of-nine": CodeOfNineTable,
}


def table_encoder_for(game: str, players: int) -> TableEncoder:
    """A new table encoder for ``players`` seats of ``game`` (which must have an encoder)."""
    encoder_for(game)  # the same error for a game without one
    return TABLE_ENCODERS[game](players)

"""A player's view as the research interfaces take it: a vector, or plain text.

Observation encoders: one per game, turning a player's VIEW into a float32 vector.

Each game's encoders live in its folder (``games/<name>/rl/``) and are reached through
its kit: ``rl:encoder`` (the view encoder) and ``rl:table`` (the table encoder). This
module says what the envs need of them (:class:`Encoder`, :class:`TableEncoder`,
structural: a game's encoder does not import them) and finds them by the game's name.

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
from functools import cache
from typing import Any, Protocol

import numpy as np

from tabletop.core.errors import UnknownGameError
from tabletop.core.jsonutil import to_jsonable
from tabletop.core.lookup.incremental import Incremental
from tabletop.games import REGISTRY


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
        (:mod:`tabletop.core.lookup.incremental`)."""


def encoder_for(game: str) -> Encoder:
    """The encoder of ``game`` (its kit's ``rl:encoder``); a game without one cannot be
    used by the RL adapters."""
    kit = REGISTRY.kit(game)
    if not kit.has("rl:encoder"):
        known = ", ".join(k.name for k in REGISTRY.kits() if k.has("rl:encoder"))
        raise UnknownGameError(f"no observation encoder for {game!r} (games with one: {known})")
    return _encoder(kit.part("rl:encoder"))


@cache
def _encoder(kind: type[Encoder]) -> Encoder:
    """One encoder per game: it holds no state between calls."""
    return kind()


def games_with_encoders() -> list[str]:
    """The games the RL adapters can play: those whose kit has an observation encoder."""
    return [kit.name for kit in REGISTRY.kits() if kit.has("rl:encoder")]


def table_encoder_for(game: str, players: int) -> TableEncoder:
    """A new table encoder (its kit's ``rl:table``) for ``players`` seats of ``game``
    (which must have an encoder)."""
    encoder_for(game)  # the same error for a game without one
    table: Callable[[int], TableEncoder] = REGISTRY.kit(game).part("rl:table")
    return table(players)


# ---------------------------------------------------------------- views as text


def render_view(view: Any) -> str:
    """The view as indented ``key: value`` lines (short lists on one line): plain,
    stable text for OpenSpiel's observation strings. It walks the view's JSON form, so
    it works for every game and prints exactly what the view holds, never a secret the
    view hides."""
    lines: list[str] = []
    _walk(to_jsonable(view), 0, lines, "")
    return "\n".join(lines)


def _scalar(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _walk(value: Any, depth: int, lines: list[str], key: str) -> None:
    pad = "  " * depth
    label = f"{key}: " if key else ""
    if isinstance(value, dict):
        if label:
            lines.append(f"{pad}{key}:")
            depth += 1
        for k, v in value.items():
            _walk(v, depth, lines, k)
    elif isinstance(value, list) and all(_scalar(v) for v in value):
        lines.append(f"{pad}{label}[{', '.join(map(str, value))}]")
    elif isinstance(value, list):
        lines.append(f"{pad}{key}:")
        for i, v in enumerate(value):
            _walk(v, depth + 1, lines, f"- {i}")
    else:
        lines.append(f"{pad}{label}{value}")

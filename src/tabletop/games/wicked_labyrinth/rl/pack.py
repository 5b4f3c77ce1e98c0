"""The Wicked Labyrinth's table rows: a state's integers in the table encoder's order.

:class:`~.table.WickedLabyrinthTable` looks every observation entry up
from one row of integers per table. Gathering those integers is Python work per table
at every env step, the batched env's largest cost after the engine, so it is compiled
with mypyc (``tabletop.compiled``) and reads the compiled state's lists directly. No
NumPy here: rows go into one flat list, which the encoder converts once per batch.

A row, in order: 0 (the lookup's zero slot); round, phase, corridor, corridors searched,
the corridor being searched (-1: none), the deciding seats' bits; each laid corridor
(-1: not yet); each opened declaration (-1: not yet); the corridor cards never seen,
then their lower fragments and upper elements; every board's integers; then per board
its score, pending gains per element and next gain (-1: none).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.wicked_labyrinth.board import QUEUE, STRIDE, tally
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState

QUEUE_DIGITS = 12
"""A board's queue of pending gains: up to this many 3-bit digits, element + 1 each."""


class WickedLabyrinthPacker:
    """Writes the rows of ``players``-seat tables with ``corridors_per_round`` corridors.

    ``lower[c]`` and ``upper[c]`` are corridor card ``c``'s lower fragment and upper
    elements; ``fragments`` and ``elements`` count their kinds.
    """

    def __init__(
        self,
        players: int,
        corridors_per_round: int,
        lower: list[int],
        upper: list[list[int]],
        fragments: int,
        elements: int,
    ) -> None:
        self.players = players
        self.k = corridors_per_round
        self.lower = lower
        self.upper = upper
        self.fragments = fragments
        self.elements = elements
        counts = [0] * (fragments + elements)
        for c in range(len(lower)):
            counts[lower[c]] += 1
            for e in upper[c]:
                counts[fragments + e] += 1
        self.all_counts = counts
        """Lower fragments then upper elements over every corridor card."""
        self.width = (
            7
            + corridors_per_round * (1 + players)
            + 1
            + fragments
            + elements
            + players * (STRIDE + 2 + elements)
        )
        """Integers per row."""

    def pack(self, states: Sequence[WickedLabyrinthState], raw: list[int]) -> None:
        """Row ``t`` of ``raw`` (``len(states) * width`` integers) from ``states[t]``."""
        for t in range(len(states)):
            self.pack_one(states[t], raw, t * self.width)
        if len(raw) != len(states) * self.width:  # a list of the wrong length in a slice
            raise ValueError("a state's lists have the wrong length for this table")

    def pack_one(self, state: WickedLabyrinthState, raw: list[int], at: int) -> None:
        n = self.players
        k = self.k
        labyrinth = state.labyrinth
        laid = len(labyrinth)
        corridor = state.corridor
        deciding = 0
        for p in state.current_players():
            deciding |= 1 << p
        raw[at] = 0
        raw[at + 1] = state.round
        raw[at + 2] = state.phase
        raw[at + 3] = corridor
        raw[at + 4] = min(corridor, laid)
        raw[at + 5] = corridor if corridor < laid else -1
        raw[at + 6] = deciding
        i = at + 7
        raw[i : i + laid] = labyrinth  # slices: one C copy, no integer boxed again
        for j in range(laid, k):
            raw[i + j] = -1
        i += k
        revealed = state.revealed
        opened = len(revealed)
        raw[i : i + opened] = revealed
        for j in range(opened, k * n):
            raw[i + j] = -1
        i += k * n
        i = self._unseen(state, raw, i)
        b = state.b
        raw[i : i + len(b)] = b
        i += len(b)
        elements = self.elements
        for p in range(n):
            o = p * STRIDE
            raw[i] = tally(b, o, state.cards)[0]
            for e in range(elements):
                raw[i + 1 + e] = 0
            q = b[o + QUEUE]
            raw[i + 1 + elements] = (q & 7) - 1
            for _ in range(QUEUE_DIGITS):
                if not q:
                    break
                digit = q & 7
                if digit:
                    raw[i + digit] += 1
                q >>= 3
            i += 2 + elements

    def _unseen(self, state: WickedLabyrinthState, raw: list[int], i: int) -> int:
        """The corridor cards never seen (neither discarded nor laid), then their lower
        fragments and upper elements; returns the index after them."""
        counts = self.all_counts[:]
        lower = self.lower
        upper = self.upper
        fragments = self.fragments
        seen = 0
        for cards in (state.discard, state.labyrinth):
            for c in cards:
                if c >= 0:
                    f = lower[c]
                    counts[f] = counts[f] - 1
                    for e in upper[c]:
                        counts[fragments + e] = counts[fragments + e] - 1
                seen += 1
        raw[i] = len(lower) - seen
        raw[i + 1 : i + 1 + len(counts)] = counts
        return i + 1 + len(counts)

"""A vector whose every entry is one small integer looked up in a table.

The table encoders turn a state into observations at every env step, where Python
work per entry costs more than the engine's whole decision. Almost every entry of an
observation is a function of a single integer of the state (a count divided by its
cap, one position of a one-hot, one bit of a mask, a card's number), so the encoder
only gathers those integers into one flat vector ``raw`` and numpy does the rest in
three passes: ``out = values[offset + raw[source]]``. Entries that depend on several
integers get a derived integer computed in Python first (a card index that is -1
unless the seat may see it, a score).

The integers come from a compiled packer per game (its ``rl/pack.py``, and in a
compiled build its twin in C, ``native/_pack.c``), which writes every table's row into
one flat list (or the C, into ``raw`` directly); :meth:`Lookup.convert` turns the list
into ``raw`` in one C call, and numpy does the rest for every table at once.

The lookup is game-blind and lives in core so that each game's table encoder (in its
own folder, ``games/<name>/rl/table.py``) can build on it: :class:`LookupPlan` lays
out its slots and entries, :class:`TableBase` is the encoder's base, and
:mod:`.incremental` rewrites only what changed for the batched env.

The tables come from calling each entry's Python function on every integer its slot
may hold, so the arithmetic is the reference encoder's. ``raw`` is clipped to each
slot's range first: saturating entries (``min(x, cap) / cap``) stay exact beyond it,
and the ranges of the others are the rules' bounds.
"""

from __future__ import annotations

import struct
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.native import extension

if TYPE_CHECKING:
    from tabletop.core.lookup.incremental import Incremental


NATIVE = "tabletop.core.lookup._rows"
native: ModuleType | None = extension(NATIVE)
"""The lookup's C half (``_rows.c``: :meth:`Lookup.convert`, the incremental lookup)
in a compiled build, else None (the Python here does it)."""


class LookupPlan:
    """Collects raw slots and entries; :meth:`build` freezes them into a :class:`Lookup`."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._lo: list[int] = []
        self._hi: list[int] = []
        self._source = [0] * size
        self._offset = [0] * size
        self._values: list[float] = [0.0]
        self.zero = self.slot(1, 0, 0)
        """A slot that always holds 0: entries that read it are constants (0 unless set)."""

    def slot(self, count: int, lo: int, hi: int) -> int:
        """``count`` raw integers, each clipped to ``lo..hi``; returns the first's index.

        Slots are laid out in the order they are made, which is the packer's order.
        """
        first = len(self._lo)
        self._lo += [lo] * count
        self._hi += [hi] * count
        return first

    def entry(self, at: int, source: int, value: Callable[[int], float]) -> None:
        """Entry ``at`` is ``value(raw[source])``."""
        lo, hi = self._lo[source], self._hi[source]
        self._source[at] = source
        self._offset[at] = len(self._values) - lo
        self._values += [value(v) for v in range(lo, hi + 1)]

    def constant(self, at: int, value: float) -> None:
        self.entry(at, self.zero, lambda _: value)

    def build(self) -> Lookup:
        return Lookup(self._lo, self._hi, self._source, self._offset, self._values)


class Lookup:
    """``raw`` integers in, every entry's value out (see the module docstring).

    Works on many tables at once: ``raw`` is one row of integers per table, written by
    a packer into the list :meth:`ints` gives and converted by :meth:`convert`, and
    :meth:`run` turns every row into its entries with the same three numpy passes
    whatever the number of rows (which is what lets a batched env share numpy's fixed
    cost per call among tables). Holds its buffers, so one instance serves one encoder
    at a time.
    """

    def __init__(
        self,
        lo: list[int],
        hi: list[int],
        source: list[int],
        offset: list[int],
        values: list[float],
    ) -> None:
        self.width = len(lo)
        """Integers per row."""
        self.raw = np.zeros((0, self.width), dtype=np.int64)
        """One row per table after :meth:`convert`."""
        self._batches: dict[int, tuple[list[int], struct.Struct, bytearray, np.ndarray]] = {}
        self._batch = self._batches[0] = ([], struct.Struct(""), bytearray(), self.raw)
        self._lo = np.array(lo, dtype=np.int64)
        self._hi = np.array(hi, dtype=np.int64)
        self._source = np.array(source, dtype=np.intp)
        self._offset = np.array(offset, dtype=np.intp)
        self._values = np.array(values, dtype=np.float32)

    def ints(self, count: int) -> list[int]:
        """The flat list (``count`` rows of :attr:`width`) a packer writes into before
        :meth:`convert`. Kept per ``count`` (a batched env encodes all its tables, and
        one table whose game ends), so a step allocates nothing."""
        batch = self._batches.get(count)
        if batch is None:
            ints = [0] * (count * self.width)
            form = struct.Struct(f"{count * self.width}q")
            buffer = bytearray(form.size)
            raw = np.frombuffer(buffer, dtype=np.int64).reshape(count, self.width)
            batch = self._batches[count] = (ints, form, buffer, raw)
        self._batch = batch
        return batch[0]

    def rows(self, count: int) -> np.ndarray:
        """:attr:`raw` for ``count`` rows, to be written directly (the C packers)."""
        self.ints(count)
        self.raw = self._batch[3]
        return self.raw

    def convert(self) -> None:
        """:attr:`raw` from the list :meth:`ints` gave last, in one call (in C when
        built: ``struct`` first makes a tuple of every integer)."""
        ints, form, buffer, self.raw = self._batch
        if native is not None:
            native.ints_into(ints, self.raw)
        else:
            form.pack_into(buffer, 0, *ints)

    def run(self) -> np.ndarray:
        """Clip :attr:`raw` to the slots' ranges; every entry's value, one row per table,
        in a new array."""
        raw = self.raw
        np.minimum(raw, self._hi, out=raw)
        np.maximum(raw, self._lo, out=raw)
        index = raw.take(self._source, axis=1)
        index += self._offset
        values: np.ndarray = self._values.take(index)
        return values


class SeatGather:
    """Every seat's row from one looked-up row per table:
    ``out[t, p, j] = values[t, index[p, j]]``.

    A seat's row is mostly a few long runs of consecutive entries (the public part,
    every board rotated so the seat's comes first), and a slice copy moves a run for
    all tables at once at memory speed, where a fancy index pays for every entry. A
    slice copy costs about what gathering one table's row does, so the runs are copied
    when there are no more of them than tables, and gathered otherwise.
    """

    def __init__(self, index: np.ndarray) -> None:
        self.index = index
        self._runs = [self._runs_of(row) for row in index]

    @staticmethod
    def _runs_of(row: np.ndarray) -> list[tuple[int, int, int]]:
        """(start in the row, start in the values, length) of each run."""
        runs = []
        start = 0
        for j in range(1, len(row) + 1):
            if j == len(row) or row[j] != row[j - 1] + 1:
                runs.append((start, int(row[start]), j - start))
                start = j
        return runs

    def into(self, values: np.ndarray, out: np.ndarray, seat: int | None = None) -> None:
        """``out``: ``(tables, seats, size)``, or ``(tables, size)`` for ``seat`` alone."""
        seats = range(len(self.index)) if seat is None else (seat,)
        if sum(len(self._runs[p]) for p in seats) > len(values):
            index = self.index if seat is None else self.index[seat]
            np.take(values, index, axis=1, out=out, mode="clip")
            return
        for p in seats:
            rows = out[:, p] if seat is None else out
            for start, first, length in self._runs[p]:
                rows[:, start : start + length] = values[:, first : first + length]


class TableBase(ABC):
    """What every game's table encoder shares: one table is a batch of one.

    Subclasses set ``players`` and ``size`` and write many tables at once in
    ``encode_into``.
    """

    players: int
    size: int

    @abstractmethod
    def encode_into(
        self,
        states: Sequence[Any],
        out: np.ndarray,
        seat: int | None = None,
        kept: Incremental | None = None,
    ) -> None:
        """Write every seat's (or ``seat``'s) observation of each state into ``out``.

        With ``kept`` (a batched env's tables, encoded into the same ``out`` at every
        step), only the entries whose integers changed since the last call are
        written, where the C half is built (:mod:`.incremental`)."""

    @staticmethod
    def look_up(
        lookup: Lookup,
        gather: SeatGather,
        out: np.ndarray,
        seat: int | None,
        private: list[int],
        kept: Incremental | None,
    ) -> None:
        """``out`` from the lookup's converted rows, then a 1 at each ``private`` place
        (flat in ``out``): all of it, or what changed when ``kept`` can."""
        if kept is not None and kept.usable():
            kept.update(lookup, gather, out, seat, private)
            return
        gather.into(lookup.run(), out, seat)
        if private:
            out.reshape(-1)[private] = 1.0

    def encode(self, state: Any) -> np.ndarray:
        """Row ``p``: seat ``p``'s observation (a fresh array, the caller may keep it)."""
        out = np.empty((1, self.players, self.size), np.float32)
        self.encode_into((state,), out)
        rows: np.ndarray = out[0]
        return rows


# Value functions for :meth:`LookupPlan.entry`.


def equals(k: int) -> Callable[[int], float]:
    """One position of a one-hot: 1 when the integer is ``k``."""
    return lambda v: float(v == k)


def above(k: int) -> Callable[[int], float]:
    return lambda v: float(v > k)


def bit(k: int) -> Callable[[int], float]:
    return lambda v: float(v >> k & 1)


def divided(cap: int) -> Callable[[int], float]:
    """A count over its rule bound."""
    return lambda v: v / cap


def capped(cap: int) -> Callable[[int], float]:
    """A count over a cap, 1 at most."""
    return lambda v: min(v, cap) / cap


def column(rows: Sequence[Sequence[float]], j: int, first: int = 0) -> Callable[[int], float]:
    """Entry ``j`` of row ``v - first`` (a card's numbers by its index); 0 below ``first``."""
    return lambda v: rows[v - first][j] if v >= first else 0.0

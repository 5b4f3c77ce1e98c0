"""A batched env's observations rewritten only where the state changed.

A batched env encodes the same tables into the same array at every step, and a step
changes few of a table's packed integers (about 12 of 197, or 7 of 141, in the first
two games' tables), so most of each observation is what it was. :class:`Incremental`
keeps, per table, the integers the observations now show and has the lookup's C half
(``_rows.c``) compare the new rows with them and rewrite only the entries of the
integers that changed. What it writes equals the whole lookup (:meth:`Lookup.run` and
:meth:`SeatGather.into`): the batched env's tests compare it with the PettingZoo env,
which encodes whole, at every step.

The observations must stay as this wrote them between steps: the batched env hands
them out read-only. A private entry (a seat's own hidden cards, say) is a 1 set over
the looked-up value; where one was set the last time, its integer is marked
changed, so its entry is looked up again before this step's are set.
"""

from __future__ import annotations

import numpy as np

from tabletop.core import lookup as L

CHANGED = np.iinfo(np.int64).min
"""A kept integer that no clipped integer equals: its entries are rewritten."""


class Incremental:
    """What one batched env's shard keeps between steps (see the module docstring)."""

    def __init__(self) -> None:
        self._made_for: tuple[L.Lookup, L.SeatGather, int | None, int] | None = None
        self._kept = np.zeros((0, 0), np.int64)
        self._first = self._position = self._value_at = self._slot_of = np.zeros(0, np.int64)
        self._private = np.zeros(0, np.intp)
        self._full = True

    @staticmethod
    def usable() -> bool:
        """Whether the C half is built (else the encoders look everything up)."""
        return L.native is not None

    def forget(self) -> None:
        """The next update writes every entry (for instance after ``out`` was written
        by someone else)."""
        self._full = True

    def update(
        self,
        lookup: L.Lookup,
        gather: L.SeatGather,
        out: np.ndarray,
        seat: int | None,
        private: list[int],
    ) -> None:
        """``out`` (``(tables, seats, size)``, or ``(tables, size)`` for ``seat``) from the
        lookup's converted rows, written where the integers changed, then the
        ``private`` 1s (flat places in ``out``)."""
        native = L.native
        if native is None:
            raise RuntimeError("the incremental lookup needs the C half: check usable() first")
        raw = lookup.raw
        tables = raw.shape[0]
        if self._made_for != (lookup, gather, seat, tables):
            self._build(lookup, gather, seat, tables)
        block = out.size // tables if tables else 0
        if len(self._private):
            width = lookup.width
            places = self._private
            kept = self._kept.reshape(-1)
            kept[places // block * width + self._slot_of[places % block]] = CHANGED
        native.update(
            raw,
            self._kept,
            lookup._lo,
            lookup._hi,
            self._first,
            self._position,
            self._value_at,
            lookup._values,
            out,
            self._full,
        )
        self._full = False
        self._private = np.array(private, np.intp)
        if private:
            out.reshape(-1)[self._private] = 1.0

    def _build(self, lookup: L.Lookup, gather: L.SeatGather, seat: int | None, tables: int) -> None:
        """Each integer's dependents: the places of a table's block that read it, and
        where their values start; sorted by integer, with the first of each."""
        index = gather.index if seat is None else gather.index[seat : seat + 1]
        entries = index.reshape(-1)
        slots = lookup._source[entries]
        value_at = lookup._offset[entries] + lookup._lo[slots]
        order = np.argsort(slots, kind="stable")
        self._position = order.astype(np.int64)
        self._value_at = value_at[order].astype(np.int64)
        self._first = np.searchsorted(slots[order], np.arange(lookup.width + 1)).astype(np.int64)
        self._slot_of = slots.astype(np.intp)
        self._kept = np.zeros((tables, lookup.width), np.int64)
        self._private = np.zeros(0, np.intp)
        self._full = True
        self._made_for = (lookup, gather, seat, tables)

"""Decision markers: since when each seat has been deciding what it decides now.

Every seat has a *decision marker*: the sequence number at which its current decision
began (its legal actions last changed). An action sent with the sequence number the
client last saw is accepted while that number is at or after the marker: an action
chosen before the decision changed is stale and refused. Bots and clocks are keyed by
the same marker, so a late timer or bot answer for an old decision does nothing.

Each marker also keeps when it was set (on this worker's monotonic clock), so a table
with a per-decision clock can tell a seat how long it has left (the owner's timer is
armed at the same moment, within a commit's time). At a table with a game clock each
marker also keeps its *credit*: the increment when the step begins a decision of the
seat (a new ``State.decision_key``), 0 for a later step of the same decision, so a
decision of several steps (a round's soul processing) earns the increment once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from tabletop.core.state import State
from tabletop.server.errors import TableError

Decision = tuple[int, float | None] | None
"""A seat's decision as its frames tell it: (marker, seconds left on the table's clock,
or None without a clock); None when the seat has nothing to decide."""


class Decisions(list[Decision]):
    """Every seat's decision (by seat), as frames tell them; at a table with a game
    clock, also every seat's game clock left (``game_clocks``), which every frame
    carries for everyone."""

    game_clocks: list[float] | None = None


class DecisionMarkers:
    """Each seat's marker (``None`` when it has nothing to decide) and legal action ids."""

    def __init__(self, players: int, increment: float | None = None) -> None:
        self.markers: list[int | None] = [None] * players
        self.since: list[float] = [0.0] * players
        """When each marker was set (``time.monotonic()``)."""
        self._legal: list[tuple[int, ...]] = [()] * players
        self.increment = increment
        """A game clock's increment per decision (None: the table has no game clock)."""
        self.credit: list[float] = [0.0] * players
        """Seconds of increment each seat's current step carries (game clock only)."""
        self._keys: list[tuple[int, int] | None] = [None] * players

    def copy(self) -> DecisionMarkers:
        other = DecisionMarkers(0, self.increment)
        other.markers = list(self.markers)
        other.since = list(self.since)
        other._legal = list(self._legal)
        other.credit = list(self.credit)
        other._keys = list(self._keys)
        return other

    def current(self, clock: float | None, banks: Sequence[float] = ()) -> list[Decision]:
        """Each seat's decision, with its time left on a clock of ``clock`` seconds per
        decision (None: no clock; at a game clock table, each step's credit instead)
        and the seat's time bank, or game clock, left (``banks``)."""
        now = time.monotonic()
        out: list[Decision] = []
        for p, (m, since) in enumerate(zip(self.markers, self.since, strict=True)):
            base = self.credit[p] if self.increment is not None else clock
            if m is None:
                out.append(None)
            elif base is None or (not base and self.increment is None):
                out.append((m, None))
            else:
                extra = banks[p] if banks else 0.0
                out.append((m, max(0.0, base + extra - (now - since))))
        return out

    def elapsed(self, seat: int) -> float | None:
        """Seconds since ``seat``'s decision began (None: it has none)."""
        return None if self.markers[seat] is None else time.monotonic() - self.since[seat]

    def restart(self, seat: int) -> None:
        """The seat's clock starts over on the same decision (it came back to it)."""
        self.since[seat] = time.monotonic()

    def pending(self) -> list[int]:
        """The seats that have a decision to make, in seat order."""
        return [p for p, d in enumerate(self.markers) if d is not None]

    def refresh(self, state: State, seq: int, started: bool, acted: int | None) -> list[int]:
        """Update the markers after ``seq``; return the seats whose decision changed.

        The seat that ``acted`` always begins a new decision if it still has one (it may
        decide twice in a row with the same choices); another seat's decision changes
        only when its legal actions do.
        """
        changed = []
        now = time.monotonic()
        current = state.current_players() if started else ()
        for p in range(len(self.markers)):
            ids = tuple(state.legal_action_ids(p)) if p in current else ()
            if not ids:
                self.markers[p] = None
            elif p == acted or ids != self._legal[p] or self.markers[p] is None:
                self.markers[p] = seq
                self.since[p] = now
                changed.append(p)
                if self.increment is not None:
                    key = state.decision_key(p)
                    self.credit[p] = self.increment if key != self._keys[p] else 0.0
                    self._keys[p] = key
            self._legal[p] = ids
        return changed

    def check(self, seat: int, client_seq: int, seq: int, decision: int | None = None) -> None:
        """Refuse an action for ``seat`` chosen at ``client_seq`` while the table is at ``seq``.

        ``decision``, when the client names the decision its controls were built for,
        must be the seat's decision now: a control of an earlier decision never acts on
        a later one, even one with the same choices.
        """
        if client_seq > seq:
            raise TableError(
                "bad_seq", f"sequence number {client_seq} is in the future (the table is at {seq})"
            )
        marker = self.markers[seat]
        if marker is None:
            raise TableError("not_your_turn", f"seat {seat + 1} has no decision to make now")
        if decision is not None and decision != marker:
            raise TableError(
                "stale_decision",
                f"this choice was for seat {seat + 1}'s decision of step {decision}, which is"
                f" over; its decision now began at step {marker}",
            )
        if client_seq < marker:
            raise TableError(
                "stale", f"your decision changed at {marker}; you sent an action for {client_seq}"
            )

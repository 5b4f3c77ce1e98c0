"""Handing a seat whose time keeps running out to a bot, by the others' vote.

A person who lets the clock play their decisions again and again holds everyone up.
Once a seat's time has run out at ``VOTE_AFTER`` decisions in a row (counted from the
table's log: an action the clock played that began a new ``State.decision_key`` of the
seat; the seat acting itself starts the count over), the other people seated may vote
to hand it to a bot. The voters are the other seats a person plays (not away) and
whose own time has not run out that often; a strict majority of them hands the seat
over (one vote when there is one such person). The person keeps their seat link and
takes the seat back whenever they like (``return``, or the page's button).

This module only counts; ``LiveTable.vote`` checks who asks and hands the seat over.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.server.errors import TableError
from tabletop.server.store import SeatRow

VOTE_AFTER = 2
"""Decisions in a row a seat's time must have run out at before the others may vote."""


def _person(seat: SeatRow) -> bool:
    return seat.kind == "human" and not seat.away


class SeatVotes:
    """Each seat's run of timed-out decisions, and the votes against each seat."""

    def __init__(self, players: int) -> None:
        self.streak = [0] * players
        """Decisions in a row whose time ran out, by seat."""
        self._keys: list[tuple[int, int] | None] = [None] * players
        self.votes: dict[int, set[int]] = {}
        """Seats voted against -> the seats that voted."""
        self.acted_at = [0] * players
        """The step of each seat's last action of its own (0: none yet)."""

    def note(self, seat: int, source: str, key: tuple[int, int] | None, seq: int = 0) -> bool:
        """Count an action of ``seat`` (``key``: the decision the clock played, for a
        ``clock`` action; ``seq``: the action's step); whether the seat's run changed."""
        if source == "seat":
            self.acted_at[seat] = max(self.acted_at[seat], seq)
            return self.forgive(seat)
        if source == "clock" and key != self._keys[seat]:
            self._keys[seat] = key
            self.streak[seat] += 1
            return True
        return False

    def forgive(self, seat: int) -> bool:
        """The seat's person is back (acted, or took the seat back): its run and the
        votes against it are gone; whether there was anything to forget."""
        had = self.streak[seat] > 0 or seat in self.votes
        self.streak[seat] = 0
        self._keys[seat] = None
        self.votes.pop(seat, None)
        return had

    def restore(self, kept: dict[int, tuple[list[int], int]], seats: Sequence[SeatRow]) -> None:
        """Count the votes kept in the database (``Store.load_votes``: voters, and the
        step they date from) once the log has been replayed: those against a seat that
        may still be voted on and has not acted since; the rest were forgiven."""
        for target, (voters, at) in kept.items():
            if not (0 <= target < len(seats) and self.eligible(target, seats)):
                continue
            valid = {v for v in voters if 0 <= v < len(seats) and v != target}
            if valid and at >= self.acted_at[target]:
                self.votes[target] = valid

    def eligible(self, seat: int, seats: Sequence[SeatRow]) -> bool:
        """Whether the others may vote on ``seat`` now."""
        return _person(seats[seat]) and self.streak[seat] >= VOTE_AFTER

    def voters(self, target: int, seats: Sequence[SeatRow]) -> list[int]:
        """Who may vote on ``target``: the other people seated, present enough that
        their own time has not run out ``VOTE_AFTER`` times in a row."""
        return [
            s.seat
            for s in seats
            if s.seat != target and _person(s) and self.streak[s.seat] < VOTE_AFTER
        ]

    def needed(self, target: int, seats: Sequence[SeatRow]) -> int:
        """Votes that hand ``target`` over: a strict majority of its voters."""
        return len(self.voters(target, seats)) // 2 + 1

    def cast(self, voter: int, target: int, seats: Sequence[SeatRow]) -> bool:
        """Count ``voter``'s vote against ``target`` (refused in the player's words);
        whether it makes a majority."""
        if voter == target:
            raise TableError("vote_self", "you cannot vote on your own seat; play, or leave it")
        if not _person(seats[voter]):
            raise TableError(
                "not_seated", "only people playing at this table may vote (your seat is away)"
            )
        if not _person(seats[target]):
            raise TableError(
                "not_a_person", f"seat {target + 1} is not played by a person now: nothing to vote"
            )
        if self.streak[target] < VOTE_AFTER:
            n = self.streak[target]
            so_far = "not yet" if not n else "once so far" if n == 1 else f"{n} times so far"
            raise TableError(
                "not_timed_out",
                f"seat {target + 1} can be voted on once its time has run out at {VOTE_AFTER}"
                f" decisions in a row ({so_far})",
            )
        if voter not in self.voters(target, seats):
            raise TableError(
                "not_eligible",
                "your own time has run out too often in a row to vote; play a decision first",
            )
        cast = self.votes.setdefault(target, set())
        if voter in cast:
            raise TableError(
                "already_voted", f"you have already voted to hand seat {target + 1} to a bot"
            )
        cast.add(voter)
        return len(cast) >= self.needed(target, seats)

    def described(self, seats: Sequence[SeatRow]) -> list[dict[str, int]]:
        """Each seat's run and votes for its public description (``timeouts``,
        ``votes``, ``needed``), for the seats that have any."""
        out = []
        for seat in seats:
            streak = self.streak[seat.seat]
            if streak:
                entry = {"seat": seat.seat, "timeouts": streak}
                if self.eligible(seat.seat, seats):
                    entry["votes"] = len(self.votes.get(seat.seat, ()))
                    entry["needed"] = self.needed(seat.seat, seats)
                out.append(entry)
        return out

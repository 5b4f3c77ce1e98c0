"""The typed result of a finished game: scores, placings and (possibly shared) wins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """Per-player final scores and placings.

    ``placings`` uses competition ranking from 1 (two players tied for first are both 1,
    the next is 3). Players out of the running (``eligible`` False) are placed after all
    eligible ones. ``winners`` share the victory.
    """

    scores: tuple[int, ...]
    placings: tuple[int, ...]
    winners: tuple[int, ...]
    eligible: tuple[bool, ...]

    @classmethod
    def from_keys(
        cls,
        scores: Sequence[int],
        keys: Sequence[tuple[int, ...]],
        eligible: Sequence[bool] | None = None,
    ) -> Result:
        """Rank players by ``keys`` (greater is better; first element usually the score).

        Players with equal keys tie. Ineligible players rank below every eligible one.
        """
        n = len(scores)
        ok = tuple(eligible) if eligible is not None else (True,) * n
        full = [(ok[p], *keys[p]) for p in range(n)]
        placings = tuple(1 + sum(1 for q in range(n) if full[q] > full[p]) for p in range(n))
        winners = tuple(p for p in range(n) if ok[p] and placings[p] == 1)
        return cls(tuple(scores), placings, winners, ok)

    def win_share(self, player: int) -> float:
        """1/k when ``player`` is one of k winners, else 0."""
        return 1.0 / len(self.winners) if player in self.winners else 0.0

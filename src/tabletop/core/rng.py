"""The state's own random generator.

SplitMix64 keeps its whole state in one integer, so copying a game state copies the
generator for free and the JSON form of a state holds it exactly. Being our own code,
its sequence never changes with the Python version: seed plus actions replays a game
on any machine.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class SplitMix64:
    """A small, fast, seedable generator (Steele, Lea and Flood, 2014)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``.

        Lemire's multiply-shift: one draw, no loop; for the small bounds games use the
        bias is below n / 2**64, far beneath anything a game could show.
        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        return (self.next_u64() * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def copy(self) -> SplitMix64:
        return SplitMix64(self.state)

    def __reduce__(self) -> tuple[type[SplitMix64], tuple[int]]:
        # Explicit, because a compiled (mypyc) class cannot be rebuilt without __init__.
        return (SplitMix64, (self.state,))

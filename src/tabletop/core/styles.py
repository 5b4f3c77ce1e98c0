"""A bot's styles of play: its parameters and their documented ranges.

A game's kit names its heuristic's as the part ``bots:styles``. Generic code draws
opponents from them (``tabletop bots population``: each parameter uniform over its
range) and searches them (``tabletop bots tune``), without knowing the game.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Param:
    """One parameter of a bot's style and its documented range (``low`` to ``high``,
    both included; ``whole``: a whole number)."""

    name: str
    low: float
    high: float
    whole: bool = False

    def __post_init__(self) -> None:
        if not self.low <= self.high:
            raise ValueError(f"{self.name}: low {self.low} above high {self.high}")


@dataclass(frozen=True)
class Styles:
    """The styles of play a bot (``bot``, a spec name such as ``heuristic``) can be
    given: every parameter's documented range."""

    bot: str
    params: tuple[Param, ...]

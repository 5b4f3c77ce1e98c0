"""A game's facts, declared once as data (OpenSpiel's ``GameInfo``).

Adapters (CLI, server, RL) read these facts; nobody repeats them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import GameOptionError


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, type, default and what it is for."""

    name: str
    kind: type | tuple[type, ...]
    default: Any
    help: str
    research: bool = False
    """An option of a research configuration (a game smaller than the published one, for
    game-theory methods): the API lists and takes it, the web lobby does not offer it."""


@dataclass(frozen=True)
class GameInfo:
    """The static facts of a game.

    ``num_distinct_actions`` is the size of the action table (the RL action space);
    ``max_game_length`` bounds the number of player decisions in one game;
    ``min_score`` and ``max_score`` bound any player's final score.
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    num_distinct_actions: int
    num_chance_outcomes: int
    max_game_length: int
    min_score: int
    max_score: int
    simultaneous: bool
    hidden_information: bool

    def check(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Validate a player count and options; return the options with defaults filled."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise GameOptionError(f"{self.name}: player count must be an integer, got {players!r}")
        if players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise GameOptionError(f"{self.name} is for {counts} players, not {players}")
        known = {spec.name: spec for spec in self.options}
        for name in options:
            if name not in known:
                valid = ", ".join(known) or "none"
                raise GameOptionError(f"{self.name} has no option {name!r} (options: {valid})")
        out: dict[str, Any] = {}
        for spec in self.options:
            value = options.get(spec.name, spec.default)
            if value is not None and not isinstance(value, spec.kind):
                kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
                names = " or ".join(k.__name__ for k in kinds)
                raise GameOptionError(
                    f"{self.name}: option {spec.name!r} must be {names}, got {value!r}"
                )
            out[spec.name] = value
        return out


@dataclass(frozen=True)
class Longest:
    """How long one game can last, proved from the rules (a game's kit part
    ``openspiel:length`` computes it for a player count and options; its docstring
    holds the proof).

    ``decisions``: every seat's decisions together (a sequential or turn-based game's
    length); ``per_seat``: one seat's decisions (the own-decision history of an
    information state); ``nodes``: decision nodes when the seats deciding at once share
    one node (a simultaneous-move game's length, at most ``decisions``).
    """

    decisions: int
    per_seat: int
    nodes: int

    def __post_init__(self) -> None:
        if not 0 < self.per_seat <= self.decisions or not 0 < self.nodes <= self.decisions:
            raise ValueError(f"inconsistent game length bounds: {self}")

"""Play one game between bots.

Simultaneous decisions are asked of every deciding bot from the same moment before any
is applied, so no bot sees even that another has committed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.bots import make_bot
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.core.result import Result
from tabletop.core.state import State


@dataclass(frozen=True)
class GameOutcome:
    """A finished game: its result, its number of decisions, its final state and the
    bots that played it (what they learned during the game can be read from them)."""

    result: Result
    decisions: int
    state: State
    bots: list[Bot]


def seat_seed(seed: int, seat: int) -> int:
    """The seed a seat's bot gets in a game with ``seed`` (distinct per seat)."""
    return (seed * 1_000_003 + seat * 7_919 + 17) & ((1 << 63) - 1)


def make_bots(game: Game, specs: Sequence[str], seed: int) -> list[Bot]:
    return [make_bot(spec, game, seat, seat_seed(seed, seat)) for seat, spec in enumerate(specs)]


def play_game(
    game: Game,
    specs: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    on_step: Callable[[State], None] | None = None,
) -> GameOutcome:
    """Play a full game with one bot per seat (``specs`` by seat) from ``seed``."""
    state = game.new_game(len(specs), seed, **(options or {}))
    bots = make_bots(game, specs, seed)
    decisions = 0
    while not state.is_terminal():
        deciding = state.current_players()
        chosen = [(p, bots[p].act(state.view(p), state.legal_actions(p))) for p in deciding]
        for p, action in chosen:
            state.apply(p, action)
            decisions += 1
        if on_step is not None:
            on_step(state)
    return GameOutcome(state.result(), decisions, state, bots)

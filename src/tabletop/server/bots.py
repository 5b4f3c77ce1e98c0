"""Server-side bot seats.

A bot is made afresh for every decision, seeded from the table's seed, the seat and the
sequence number at which the decision began. So a table's bot moves depend only on its
record, not on when the server last restarted or which worker happened to move first:
two workers racing to move the same bot propose the same action, and a table recovered
after a crash plays on exactly as it would have.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.bots import make_bot
from tabletop.core.actions import Action
from tabletop.core.game import Game
from tabletop.sim.runner import seat_seed

MASK63 = (1 << 63) - 1
DEFAULT_BOT = "random"


def decision_seed(table_seed: int, seat: int, decision: int) -> int:
    """The bot seed for ``seat``'s decision that began at sequence number ``decision``."""
    return (seat_seed(table_seed, seat) ^ (decision * 0x9E3779B97F4A7C15)) & MASK63


def choose(
    spec: str,
    game: Game,
    table_seed: int,
    seat: int,
    decision: int,
    view: Any,
    legal: Sequence[Action],
) -> Action:
    """The bot's action for this decision (run in a bot process: search bots are slow)."""
    bot = make_bot(spec, game, seat, decision_seed(table_seed, seat, decision))
    return bot.act(view, legal)


TIMEOUT_FIRST = ("done", "keep")
"""Actions the clock prefers, in order, when legal (by notation): ``done`` ends a phase
of the player's own choices keeping what they did; ``keep`` keeps what was dealt rather
than paying to change it."""


def default_action(legal: Sequence[Action]) -> Action:
    """What the clock plays when a decision runs out of time (docs/server.md, "The clock").

    ``done`` or ``keep`` when legal (:data:`TIMEOUT_FIRST`); otherwise the first legal
    action in the game's action-table order, so it is the same on every worker and in
    every replay (a game's table lists the most modest choice first: an empty hand, the
    first open place in board order).
    """
    by_notation = {a.notation(): a for a in legal}
    for preferred in TIMEOUT_FIRST:
        if preferred in by_notation:
            return by_notation[preferred]
    return legal[0]

"""``mcts``: a search bot for every game of the platform, from its view alone.

Parameters (``mcts:iterations=2000``, ``mcts:time=0.25,c=0.7``):

- ``iterations`` (default 400) or ``time`` (seconds per decision): the budget; with
  ``iterations`` the bot is reproducible from its seed;
- ``c`` (default 0.7): the UCB exploration constant (rewards lie in [0, 1]);
- ``margin`` (default 0.3): weight of the score against the win share in the reward.

The bot never sees the true state: every iteration samples one with
``game.determinize(view, seed)``, seeds drawn from the bot's own generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.bots.base import Bot
from tabletop.bots.mcts.search import Budget, SearchOutcome, search
from tabletop.core.actions import Action
from tabletop.core.game import Game

DEFAULT_ITERATIONS = 400


class MctsBot(Bot):
    """Information-set MCTS with decoupled UCT at simultaneous decisions."""

    name = "mcts"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int = 0,
        *,
        iterations: int | None = None,
        time: float | None = None,
        c: float = 0.7,
        margin: float = 0.3,
        **params: Any,
    ) -> None:
        super().__init__(game, seat, seed, **params)
        if iterations is not None and not isinstance(iterations, int):
            raise ValueError(f"iterations must be a whole number, got {iterations!r}")
        if time is not None and not isinstance(time, (int, float)):
            raise ValueError(f"time must be seconds, got {time!r}")
        if iterations is None and time is None:
            iterations = DEFAULT_ITERATIONS
        self.budget = Budget(iterations, None if time is None else float(time))
        if not isinstance(c, (int, float)) or c < 0:
            raise ValueError(f"c must be a number >= 0, got {c!r}")
        if not isinstance(margin, (int, float)) or not 0 <= margin <= 1:
            raise ValueError(f"margin must be between 0 and 1, got {margin!r}")
        self.c = float(c)
        self.margin = float(margin)
        self.last: SearchOutcome | None = None
        """The last decision's search (for benchmarks and tests)."""

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        table = self.game.actions
        ids = [table.id_of(a) for a in legal]
        base = self.rng.next_u64()
        rng = random.Random(base)

        def sample(k: int):  # type: ignore[no-untyped-def]
            return self.game.determinize(view, (base + 0x9E3779B97F4A7C15 * (k + 1)) & (2**64 - 1))

        outcome = search(sample, self.seat, ids, self.budget, self.c, self.margin, rng)
        self.last = outcome
        visits = outcome.root.visits(self.seat)
        best = max(ids, key=lambda a: (visits.get(a, 0), outcome.root.mean(self.seat, a)
                                       if visits.get(a, 0) else 0.0))
        return table[best]

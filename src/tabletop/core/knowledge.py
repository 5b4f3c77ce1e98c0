"""The protocol of a game's search knowledge: a model of play, a horizon, a value.

The generic search (:mod:`tabletop.bots.mcts`) knows only the core protocol. What a
game may add (``mcts:model=heuristic``) lives in the game's folder, is offered by its
kit as an ``mcts:model:<name>`` part, and implements :class:`Knowledge`, the way
AlphaZero takes a policy and a value network:

- ``policy``: the move a player is expected to make in a sampled state (derived from
  the game's heuristic). Every decision below the root follows it: the other players'
  (a model of the rivals) and the seat's own later ones (its plan, searched again when
  that decision comes).
- ``stop``: the horizon, where the line of play ends and the state is valued.
- ``rewards``: each player's reward there (a value network's answer), in [0, 1] like
  a finished game's (:func:`soft_rewards` turns worths in points into them).

Knowledge reads only the sampled states the search gives it (determinized from the
seat's view) and the view itself. It lives in core so a game's folder can implement it
without importing the generic search.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.core.state import State

BotMaker = Callable[[str, Game, int, int], Bot]
"""``make_bot(spec, game, seat, seed)``: the bots registry, handed down to a model that
imitates a registered bot (a game's folder cannot import the registry above it)."""


class Knowledge(ABC):
    """One seat's model of play for one game, kept by its bot across decisions."""

    def __init__(self, game: Game, seat: int, bots: BotMaker | None = None) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        """How the model makes a registered bot it imitates (None: it makes none)."""

    def start(self, view: Any, sample: State) -> None:  # noqa: B027 - optional hook
        """A new decision from ``view``; ``sample`` is one determinization of it.

        Knowledge that plans per decision (or per round) prepares here; what it
        computes counts in a time budget.
        """

    @abstractmethod
    def policy(self, state: State, player: int) -> int | None:
        """The action id ``player`` is expected to take in ``state`` (None: no idea)."""

    @abstractmethod
    def stop(self, state: State) -> bool:
        """True when a line of play has gone far enough and ``state`` is to be valued."""

    @abstractmethod
    def rewards(self, state: State, margin: float) -> list[float]:
        """Each player's reward in [0, 1] for ``state`` (not over), like a finished
        game's: a (soft) win share blended with the scaled worth by ``margin``
        (:func:`soft_rewards` turns worths into them)."""


class Factory(Protocol):
    """How a model is made: ``horizon`` moves its horizon further (how far is the
    game's to say; a model without that choice refuses one other than None), and
    ``bots`` makes the registered bots a model imitates."""

    def __call__(
        self, game: Game, seat: int, horizon: int | None = None, bots: BotMaker | None = None
    ) -> Knowledge: ...


@dataclass(frozen=True)
class Evaluator:
    """A game's leaf evaluation (its kit's ``mcts:evaluator``): with ``depth=D`` the
    search stops a rollout after ``D`` decisions and values the state here instead of
    playing it to its end."""

    worths: Callable[[State], list[float]]
    """Each player's worth of a sampled state not yet over, in points."""
    scale: float
    """The soft win's scale: points of lead that make a win about 73% sure."""


@dataclass(frozen=True)
class Expert:
    """The search a game's learned bot imitates in training (its kit's
    ``neural:expert``): a bot spec, and whether it labels only the sealed decisions
    (the others are the teacher's)."""

    spec: str
    sealed: bool


def soft_rewards(
    worths: Sequence[float], scale: float, low: int, high: int, margin: float
) -> list[float]:
    """Rewards in [0, 1] from worths: a soft win,
    ``1 / (1 + exp(-(worth - best rival's worth) / scale))``, blended with the worth
    scaled by the game's score bounds ``low`` and ``high`` (by ``margin``)."""
    n = len(worths)
    span = max(1, high - low)
    out = []
    for p in range(n):
        rival = max(worths[q] for q in range(n) if q != p) if n > 1 else worths[p]
        gap = max(-50.0, min(50.0, (worths[p] - rival) / scale))
        win = 1.0 / (1.0 + math.exp(-gap))
        out.append((1 - margin) * win + margin * min(1.0, max(0.0, (worths[p] - low) / span)))
    return out

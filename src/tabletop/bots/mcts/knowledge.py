"""Game knowledge the generic search may plug in: a model of play, a horizon, a value.

The search itself knows only the core protocol. What a game may add (``mcts:model=
heuristic``) lives beside that game's heuristic bot and comes through one interface,
:class:`Knowledge`, the way AlphaZero takes a policy and a value network:

- ``policy``: the move a player is expected to make in a sampled state (derived from
  the game's heuristic). Every decision below the root follows it: the other players'
  (a model of the rivals) and the seat's own later ones (its plan, searched again when
  that decision comes). Random play is a poor model in both games (a random seat of
  The Wicked Labyrinth scores 5 where a heuristic one scores 40), and against rivals
  whose moves can be foreseen the search finds the answer to them.
- ``stop``: the horizon, where the line of play ends and the state is valued.
- ``rewards``: each player's reward there (a value network's answer), in [0, 1] like
  a finished game's.

Knowledge reads only the sampled states the search gives it (determinized from the
seat's view) and the view itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from importlib import import_module
from typing import Any, Protocol

from tabletop.core.game import Game
from tabletop.core.state import State


class Knowledge(ABC):
    """One seat's model of play for one game, kept by its bot across decisions."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat

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
        (:func:`tabletop.bots.mcts.evaluators.soft_rewards` turns worths into them)."""


class Factory(Protocol):
    """How a model is made: ``horizon`` moves its horizon further (how far is the
    game's to say; a model without that choice refuses one other than None)."""

    def __call__(self, game: Game, seat: int, horizon: int | None = None) -> Knowledge: ...


MODELS: dict[tuple[str, str], str] = {
    ("wicked-labyrinth", "heuristic"): "tabletop.bots.wicked_labyrinth.priors:HeuristicModel",
    ("wicked-labyrinth", "adaptive"): "tabletop.bots.wicked_labyrinth.adaptive:AdaptiveModel",
    ("code-of-nine", "heuristic"): "tabletop.bots.code_of_nine.priors:HeuristicModel",
    ("code-of-nine", "adaptive"): "tabletop.bots.code_of_nine.adaptive:AdaptiveModel",
}
"""Knowledge by (game, model name), as ``module:class`` (imported when first used)."""


def knowledge(game: Game, seat: int, model: str, horizon: int | None = None) -> Knowledge:
    """The named model of ``game`` for ``seat``; a clear error if there is none."""
    where = MODELS.get((game.info.name, model))
    if where is None:
        known = sorted(m for g, m in MODELS if g == game.info.name)
        raise ValueError(
            f"no model {model!r} for {game.info.name}"
            + (f"; known: {', '.join(known)}" if known else "")
        )
    module, name = where.split(":")
    factory: Factory = getattr(import_module(module), name)
    return factory(game, seat, horizon=horizon)

"""Game knowledge the generic search may plug in: a model of play, a horizon, a value.

The search itself knows only the core protocol. What a game may add (``mcts:model=
heuristic``) lives beside that game's heuristic bot, is offered by its kit as the part
``mcts:model:<name>`` and implements one interface,
:class:`tabletop.core.knowledge.Knowledge` (a policy, a horizon, rewards), the way
AlphaZero takes a policy and a value network. The policy is derived from the game's
heuristic: random play is a poor model of a rival (a random seat may score a fraction
of what a heuristic one does), and against rivals whose moves can be foreseen the
search finds the answer to them.
"""

from __future__ import annotations

from tabletop.core.game import Game
from tabletop.core.knowledge import Factory, Knowledge
from tabletop.games import REGISTRY

PREFIX = "mcts:model:"
"""A model's kit part is this prefix and the model's name (``mcts:model:heuristic``)."""


def models(game: Game) -> list[str]:
    """The names of the models ``game``'s kit offers."""
    return sorted(
        p.removeprefix(PREFIX) for p in REGISTRY.kit(game.info.name).parts if p.startswith(PREFIX)
    )


def knowledge(game: Game, seat: int, model: str, horizon: int | None = None) -> Knowledge:
    """The named model of ``game`` for ``seat``; a clear error if there is none."""
    from tabletop.bots import make_bot

    kit = REGISTRY.kit(game.info.name)
    if not kit.has(PREFIX + model):
        known = models(game)
        raise ValueError(
            f"no model {model!r} for {game.info.name}"
            + (f"; known: {', '.join(known)}" if known else "")
        )
    factory: Factory = kit.part(PREFIX + model)
    return factory(game, seat, horizon=horizon, bots=make_bot)

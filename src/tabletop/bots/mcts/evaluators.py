"""Leaf evaluations: what a sampled state not yet over is worth to each player.

The search is generic; an evaluator is the one piece of game knowledge it may take,
as AlphaZero takes a value network: with ``depth=D`` a rollout stops after ``D``
decisions and the state is valued by the game's evaluator instead of played to its end.
A game offers one as its kit's ``mcts:evaluator`` part
(:class:`tabletop.core.knowledge.Evaluator`: each player's worth in points and the
soft win's scale), reusing its heuristic bot's measure of a position; it reads only the
sampled state. Worths become rewards in [0, 1] like a finished game's through
:func:`tabletop.core.knowledge.soft_rewards`.
"""

from __future__ import annotations

from tabletop.core.game import Game
from tabletop.core.knowledge import Evaluator
from tabletop.games import REGISTRY

PART = "mcts:evaluator"


def evaluator(game: Game) -> Evaluator | None:
    """The leaf evaluator of ``game``, or None when its kit offers none."""
    kit = REGISTRY.kit(game.info.name)
    found: Evaluator | None = kit.part(PART) if kit.has(PART) else None
    return found

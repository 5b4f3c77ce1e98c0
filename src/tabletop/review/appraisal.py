"""What the search thinks each legal action of one decision is worth, in points.

The game's strongest search (its kit's ``search``) is asked again
with its model of play (``model=heuristic`` or ``adaptive``, which starts as the
heuristic: each decision is appraised on its own), but instead of spending its budget where
UCB leads, every legal action is played on the same ``samples`` determinizations of
the seat's view (common random numbers: the differences between actions are not
blurred by different deals). Rewards count the score only (``margin=1``), so an
action's value is the points the seat can expect after it: the final score where
the line reaches the end, the model's worth of the position at its horizon
otherwise. Determinizations are drawn from the view alone with seeds from the
decision's number, never from the record, so the appraisal is the same whatever the
other seats' hidden information was.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tabletop.bots.mcts.knowledge import knowledge
from tabletop.bots.mcts.search import Budget, Settings, search
from tabletop.bots.registry import parse_spec
from tabletop.core.game import Game
from tabletop.core.review import Decision
from tabletop.core.state import State
from tabletop.games import REGISTRY

EVERY_ACTION = 1e6
"""A UCB constant so large that the search visits the least tried action next: with
``samples`` lines per action every action meets every determinization once."""

_MASK = (1 << 64) - 1


@dataclass(frozen=True)
class Searcher:
    """How a game's decisions are appraised: the strongest spec's model, and whether
    only sealed (simultaneous, secret) decisions are searched (``search=sealed``: the
    other decisions are the guide's, and the model's values there are not a search's)."""

    model: str
    sealed_only: bool


def searcher(game: Game) -> Searcher | None:
    """The lobby's strongest ``mcts`` setting of ``game`` as a searcher (None: no model)."""
    spec = REGISTRY.kit(game).search
    if spec is None:
        return None
    _, params = parse_spec(spec)
    model = params.get("model")
    if model is None:
        return None
    return Searcher(str(model), params.get("search") == "sealed")


def appraise(game: Game, seat: int, decision: Decision, samples: int) -> dict[int, float] | None:
    """Points the seat can expect after each legal action (None: not a searched decision)."""
    how = searcher(game)
    if how is None:
        raise ValueError(f"{game.info.name} has no model of play to review with")
    base = (0x5EED_0F_2E71E3 + 0x9E3779B97F4A7C15 * (decision.number + 1)) & _MASK

    def sample(k: int) -> State:
        return game.determinize(decision.view, (base + 7919 * (k + 1)) & _MASK)

    first = sample(0)
    if how.sealed_only and not first.sealed_decision():
        return None
    model = knowledge(game, seat, how.model)
    model.start(decision.view, first)
    legal = list(decision.legal)
    settings = Settings(EVERY_ACTION, 1.0, None, None, model, samples)
    outcome = search(
        sample, seat, legal, Budget(iterations=len(legal) * samples), settings, random.Random(base)
    )
    low, high = game.info.min_score, game.info.max_score
    span = max(1, high - low)
    return {a: low + outcome.root.mean(seat, a) * span for a in legal}

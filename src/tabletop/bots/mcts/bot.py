"""``mcts``: a search bot for every game of the platform, from its view alone.

Parameters (``mcts:iterations=2000``, ``mcts:time=0.25,guide=heuristic``):

- ``iterations`` (default 400) or ``time`` (seconds per decision, the guide's advice
  included): the budget; with ``iterations`` the bot is reproducible from its seed;
  ``clock=cpu`` counts ``time`` in the searching thread's CPU time instead of
  wall-clock time (on a shared machine: what a free core would give, so the bot is as
  strong at any load);
- ``ceiling`` (wall-clock seconds, default none): with ``clock=cpu`` or
  ``iterations``, the decision stops after this long whatever its budget has left (on
  a loaded machine a CPU second can take many wall seconds): the longest a person
  waits. The lobby's searches are ``clock=cpu,ceiling=2`` (:mod:`tabletop.bots.levels`);
- ``c`` (default 0.7): the UCB exploration constant (rewards lie in [0, 1]);
- ``margin`` (default 0.3): weight of the score against the win share in the reward;
- ``depth`` (default none): rollouts stop after this many decisions and the state is
  valued by the game's evaluator (:mod:`tabletop.bots.mcts.evaluators`) instead of
  being played to its end; ``depth=0`` values the new leaf at once;
- ``guide`` (default none): a bot name (e.g. ``heuristic``) asked first; its choice gets
  a progressive bias of ``bias`` (default 1.0) at the root, so the search leaves the
  advice only when its own statistics say another action is better. A guide with a
  policy and a value (``neural``: ``priors`` and ``values``) biases every legal root
  action by ``bias`` times its probability, and (without a ``model``) values the
  rollouts after ``depth`` random decisions (default 30; 0 values each new leaf at
  once);
- ``search`` (default ``all``): ``sealed`` searches only sealed (simultaneous, secret)
  decisions and lets the guide make the others;
- ``model`` (default none): the game's knowledge of that name
  (:mod:`tabletop.bots.mcts.knowledge`, e.g. ``heuristic``): every decision below the
  root (the other players' and the seat's later ones) follows its model up to its
  horizon, where it values the state (instead of rollouts and ``depth``);
- ``samples`` (default none): the search draws only this many determinizations and
  tries each root action on them in turn (none: a fresh one each iteration);
- ``horizon`` (default: the model's): how far the model's lines go, in the game's
  terms (e.g. how many of the seat's own decisions after this one; see the model);
- ``mix`` (default 0, needs a ``model``): the weight of a uniform prior beside the
  model: each modelled move is a random legal one with this chance, so the search
  does not bet everything on its model of the rivals (issue 27; measured in
  docs/bots/population.md).

The bot never sees the true state: every iteration samples one with
``game.determinize(view, seed)``, seeds drawn from the bot's own generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.bots.mcts.evaluators import evaluator
from tabletop.bots.mcts.knowledge import knowledge
from tabletop.bots.mcts.search import Budget, Leaf, SearchOutcome, Settings, search
from tabletop.core.actions import Action
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.core.knowledge import Knowledge
from tabletop.core.state import State

DEFAULT_ITERATIONS = 400
GUIDED_DEPTH = 30
"""Random decisions before a valuing guide's leaf value, unless ``depth`` says."""
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


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
        guide: str | None = None,
        bias: float = 1.0,
        depth: int | None = None,
        search: str = "all",
        model: str | None = None,
        samples: int | None = None,
        horizon: int | None = None,
        clock: str = "wall",
        ceiling: float | None = None,
        mix: float = 0.0,
        **params: Any,
    ) -> None:
        super().__init__(game, seat, seed, **params)
        whole = isinstance(iterations, int) and not isinstance(iterations, bool)
        if iterations is not None and not whole:
            raise ValueError(f"iterations must be a whole number, got {iterations!r}")
        if time is not None and (isinstance(time, bool) or not isinstance(time, (int, float))):
            raise ValueError(f"time must be seconds, got {time!r}")
        if iterations is None and time is None:
            iterations = DEFAULT_ITERATIONS
        if clock not in ("wall", "cpu"):
            raise ValueError(f"clock is 'wall' or 'cpu', got {clock!r}")
        if clock == "cpu" and time is None:
            raise ValueError("clock=cpu needs a time budget")
        if ceiling is not None and (
            isinstance(ceiling, bool) or not isinstance(ceiling, (int, float))
        ):
            raise ValueError(f"ceiling must be seconds, got {ceiling!r}")
        self.budget = Budget(
            iterations,
            None if time is None else float(time),
            clock == "cpu",
            None if ceiling is None else float(ceiling),
        )
        for name, value in (("c", c), ("bias", bias)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ValueError(f"{name} must be a number >= 0, got {value!r}")
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 <= margin <= 1:
            raise ValueError(f"margin must be between 0 and 1, got {margin!r}")
        self.c = float(c)
        self.margin = float(margin)
        self.bias = float(bias)
        self.guide: Bot | None = None
        if guide is not None:
            from tabletop.bots import make_bot

            if str(guide).split(":")[0] == self.name:
                raise ValueError("guide must be another bot than mcts")
            self.guide = make_bot(str(guide), game, seat, (seed * 31 + 7) & _MASK)
        if search not in ("all", "sealed"):
            raise ValueError(f"search is 'all' or 'sealed', got {search!r}")
        if search == "sealed" and self.guide is None:
            raise ValueError("search=sealed needs a guide to play the other decisions")
        self.sealed_only = search == "sealed"
        for name, count, least in (
            ("samples", samples, 1),
            ("depth", depth, 0),
            ("horizon", horizon, 1),
        ):
            if count is not None and (
                isinstance(count, bool) or not isinstance(count, int) or count < least
            ):
                raise ValueError(f"{name} must be a whole number >= {least}, got {count!r}")
        self.samples = samples
        if horizon is not None and model is None:
            raise ValueError("horizon needs a model (it moves the model's horizon)")
        if isinstance(mix, bool) or not isinstance(mix, (int, float)) or not 0 <= mix <= 1:
            raise ValueError(f"mix must be between 0 and 1, got {mix!r}")
        if mix and model is None:
            raise ValueError("mix needs a model (it mixes a uniform prior into the model)")
        self.mix = float(mix)
        self.knowledge: Knowledge | None = None
        self.leaf: Leaf | None = None
        if model is not None:
            if depth is not None:
                raise ValueError("depth and model exclude each other (the model has a horizon)")
            self.knowledge = knowledge(game, seat, str(model), horizon)
        elif self.guide is not None and hasattr(self.guide, "values"):
            # a guide that values states (a value network) values the leaves after
            # ``depth`` random decisions (docs/neural.md: 0, AlphaZero's way, lost to
            # the unguided search in both games where 30 did not)
            depth = GUIDED_DEPTH if depth is None else depth
            self.leaf = Leaf(depth, self.guide.values, None)
        elif depth is not None:
            found = evaluator(game)
            if found is None:
                raise ValueError(f"depth needs a leaf evaluator; {game.info.name} has none")
            self.leaf = Leaf(depth, found.worths, found.scale)
        self.last: SearchOutcome | None = None
        """The last decision's search (for benchmarks and tests)."""

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        timer = self.budget.start()  # the guide's and the model's time count
        table = self.game.actions
        ids = [table.id_of(a) for a in legal]
        base = self.rng.next_u64()

        def sample(k: int) -> State:
            return self.game.determinize(view, (base + _GOLDEN * (k + 1)) & _MASK)

        bias = None
        if self.guide is not None:
            priors = getattr(self.guide, "priors", None)
            if priors is None or self.sealed_only:
                advice = self.guide.act(view, legal)
                if self.sealed_only and not sample(0).sealed_decision():
                    return advice
            if priors is None:
                bias = {table.id_of(advice): self.bias}
            else:  # a policy guide: every legal action biased by its probability
                bias = {a: self.bias * p for a, p in priors(view, ids).items()}
        if self.knowledge is not None:
            self.knowledge.start(view, sample(0))
        settings = Settings(
            self.c, self.margin, bias, self.leaf, self.knowledge, self.samples, self.mix
        )
        outcome = search(sample, self.seat, ids, self.budget, settings, random.Random(base), timer)
        self.last = outcome
        chosen: Action = table[outcome.most_visited(self.seat, ids)]
        return chosen

"""``neural``: a bot that plays the policy network's choice, with NumPy alone.

Parameters (``neural:temperature=0.5``):

- ``temperature`` (default 0): 0 plays the most likely legal action (reproducible
  without a seed); above 0 samples from the legal policy sharpened or flattened by it,
  with the bot's own generator;
- ``weights`` (default: the package's): a ``.npz`` file written by the training script;
- ``think`` (default 0: the bare policy): seconds of CPU time a decision may search
  with the network alone (AlphaZero's way, :mod:`tabletop.bots.neural.model`): the
  policy's priors bias the seat's root actions, every other decision follows the
  policy from its player's view of a determinization, and the value head values each
  line at the game's horizon; the most visited root action is played. ``samples``
  (default 4) determinizations, exploration ``c`` (default 0.2), prior weight ``bias``
  (default 1), ``mix`` (default 0) the chance a modelled move is uniformly random;
  ``ceiling`` (default 1 s) caps the wall-clock time a loaded machine stretches it to.
  Where the game searches only some decisions (say, only the sealed ones) the
  others are played at once by the policy or the plan head.

As a search guide (``mcts:guide=neural``) it gives more than one choice: the policy
over every legal action (:meth:`NeuralBot.priors`, the search's progressive bias) and
every seat's value of a sampled state (:meth:`NeuralBot.values`, the search's leaf
value), AlphaZero's two uses of its network.

Where a game's network has a plan head (its kit's ``neural:plan``, e.g. for a seat's
own sequence of moves that ends on a board), the bot chooses among whole plans there
instead: each legal action is worth the head's score of the best end it leads to,
softmaxed into the same probabilities.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from tabletop.bots.mcts.search import Budget, SearchOutcome, Settings, search
from tabletop.bots.neural.model import NetworkModel, StateValues
from tabletop.bots.neural.network import Network, masked_softmax, packaged
from tabletop.core.actions import Action
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.encoding import encoder_for
from tabletop.games import REGISTRY

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class NeuralBot(Bot):
    """Plays the trained policy network from the seat's view."""

    name = "neural"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int = 0,
        *,
        temperature: float = 0.0,
        weights: str | None = None,
        network: Network | None = None,
        think: float = 0.0,
        samples: int = 4,
        c: float = 0.2,
        bias: float = 1.0,
        mix: float = 0.0,
        ceiling: float = 1.0,
        **params: Any,
    ) -> None:
        super().__init__(game, seat, seed, **params)
        for label, number in (
            ("temperature", temperature),
            ("think", think),
            ("c", c),
            ("bias", bias),
            ("mix", mix),
        ):
            if isinstance(number, bool) or not isinstance(number, int | float) or number < 0:
                raise ValueError(f"{label} must be a number >= 0, got {number!r}")
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a whole number >= 1, got {samples!r}")
        if mix > 1:
            raise ValueError(f"mix must be between 0 and 1, got {mix!r}")
        self.temperature = float(temperature)
        name = game.info.name
        try:
            if network is not None:
                self.network = network
            elif weights is None:
                self.network = packaged(name)
            else:
                self.network = Network.load(name, str(weights))
        except OSError as exc:  # a weights file that cannot be read: the spec's error
            raise ValueError(f"weights {weights!r} cannot be read: {exc.strerror or exc}") from None
        self.encoder = encoder_for(name)
        self._players_by_size = {self.encoder.size(n): n for n in self.network.layout.counts}
        self._values = StateValues(name, self.network)
        self.model: NetworkModel | None = None
        """The search's knowledge when the bot thinks (``think`` > 0)."""
        if think:
            self.model = NetworkModel(game, seat, network=self.network)
            self.budget = Budget(seconds=float(think), cpu=True, ceiling=max(ceiling, think))
            self.samples, self.c, self.bias, self.mix = samples, float(c), float(bias), float(mix)
        self.last: SearchOutcome | None = None
        """The last searched decision's search (its root's visits: a training target)."""

    def _policy(self, view: Any, ids: list[int]) -> tuple[np.ndarray, float]:
        """The legal policy (in ``ids`` order) and the seat's value, from its view."""
        observation = self.encoder.encode(view)
        players = self._players_by_size[len(observation)]
        logits, value = self.network.evaluate(observation, players)
        return masked_softmax(logits[0], np.asarray(ids)), float(value[0])

    def _choice(self, view: Any, ids: list[int]) -> np.ndarray:
        """The probability of each legal action (in ``ids`` order): the plan head's
        where it decides (:meth:`board_choice`), else the policy's."""
        choice = self.board_choice(view, ids)
        return self._policy(view, ids)[0] if choice is None else choice

    def board_choice(self, view: Any, ids: list[int]) -> np.ndarray | None:
        """The plan head's probabilities (in ``ids`` order) where the network has one
        and the game's ``neural:plan`` has the seat choose a plan; else None."""
        head = self.network.plan
        if head is None:
            return None
        planner = REGISTRY.kit(self.game.info.name).part("neural:plan")
        worth = planner.board_scores(head, self.game, view, self.seat, ids)
        if worth is None:
            return None  # a decision the head does not plan: the policy's
        scores = np.maximum(worth, -1e9)  # -inf: reaches no end
        return masked_softmax(scores, np.arange(len(ids)))

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        self.last = None
        if len(legal) == 1:
            return legal[0]
        table = self.game.actions
        ids = [table.id_of(a) for a in legal]
        if self.model is not None:
            searched = self._think(view, ids)
            if searched is not None:
                return legal[ids.index(searched)]
        policy = self._choice(view, ids)
        if self.temperature == 0.0:
            return legal[int(np.argmax(policy))]
        weights = policy ** (1.0 / self.temperature)
        weights /= weights.sum()
        r = (self.rng.next_u64() >> 11) / float(1 << 53)
        k = int(np.searchsorted(np.cumsum(weights), r, side="right"))
        return legal[min(k, len(legal) - 1)]

    def _think(self, view: Any, ids: list[int]) -> int | None:
        """The most visited root action of a search with the network alone (None where
        the game does not search this decision)."""
        model = self.model
        if model is None:
            raise RuntimeError("a bot that does not think has no search")
        timer = self.budget.start()
        base = self.rng.next_u64()

        def sample(k: int) -> State:
            return self.game.determinize(view, (base + _GOLDEN * (k + 1)) & _MASK)

        first = sample(0)
        if not model.searches(first):
            return None
        bias = {a: self.bias * float(p) for a, p in zip(ids, self._choice(view, ids), strict=True)}
        model.start(view, first)
        settings = Settings(self.c, 0.0, bias, None, model, self.samples, self.mix)
        outcome = search(sample, self.seat, ids, self.budget, settings, random.Random(base), timer)
        self.last = outcome
        return outcome.most_visited(self.seat, ids)

    def priors(self, view: Any, ids: Sequence[int]) -> dict[int, float]:
        """The policy's probability of each legal action id (summing to 1)."""
        policy = self._choice(view, list(ids))
        return {a: float(p) for a, p in zip(ids, policy, strict=True)}

    def values(self, state: State) -> list[float]:
        """Each seat's expected win share in ``state`` (:class:`StateValues`)."""
        return self._values(state)

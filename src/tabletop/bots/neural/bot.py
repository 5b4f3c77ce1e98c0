"""``neural``: a bot that plays the policy network's choice, with NumPy alone.

Parameters (``neural:temperature=0.5``):

- ``temperature`` (default 0): 0 plays the most likely legal action (reproducible
  without a seed); above 0 samples from the legal policy sharpened or flattened by it,
  with the bot's own generator;
- ``weights`` (default: the package's): a ``.npz`` file written by the training script.

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

from collections.abc import Sequence
from typing import Any

import numpy as np

from tabletop.bots.neural.network import Network, masked_softmax, packaged
from tabletop.core.actions import Action
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.encoding import TableEncoder, encoder_for, table_encoder_for
from tabletop.games import REGISTRY


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
        **params: Any,
    ) -> None:
        super().__init__(game, seat, seed, **params)
        if (
            isinstance(temperature, bool)
            or not isinstance(temperature, int | float)
            or temperature < 0
        ):
            raise ValueError(f"temperature must be a number >= 0, got {temperature!r}")
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
        self._tables: dict[int, TableEncoder] = {}

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
        if len(legal) == 1:
            return legal[0]
        table = self.game.actions
        ids = [table.id_of(a) for a in legal]
        policy = self._choice(view, ids)
        if self.temperature == 0.0:
            return legal[int(np.argmax(policy))]
        weights = policy ** (1.0 / self.temperature)
        weights /= weights.sum()
        r = (self.rng.next_u64() >> 11) / float(1 << 53)
        k = int(np.searchsorted(np.cumsum(weights), r, side="right"))
        return legal[min(k, len(legal) - 1)]

    def priors(self, view: Any, ids: Sequence[int]) -> dict[int, float]:
        """The policy's probability of each legal action id (summing to 1)."""
        policy = self._choice(view, list(ids))
        return {a: float(p) for a, p in zip(ids, policy, strict=True)}

    def values(self, state: State) -> list[float]:
        """Each seat's expected win share in ``state`` (a sampled state: every seat's
        observation is its own view's, so no seat's value reads another's secrets),
        scaled to sum to 1 as win shares do."""
        players = state.num_players
        table = self._tables.get(players)
        if table is None:
            table = self._tables[players] = table_encoder_for(self.game.info.name, players)
        _, value = self.network.evaluate(table.encode(state), players)
        total = float(value.sum())
        if total <= 0.0:
            return [1.0 / players] * players
        return [float(v) / total for v in value]

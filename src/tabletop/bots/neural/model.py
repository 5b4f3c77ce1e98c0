"""Search knowledge from the network alone (``mcts:model=neural``, ``neural:think``).

AlphaZero's two uses of its network, in the generic search's terms
(:class:`tabletop.core.knowledge.Knowledge`):

- **Policy.** Every modelled decision (the rivals', and the seat's own after the root)
  is the policy head's most likely legal action from that player's own view of the
  sampled state: the network models every seat, so nothing of the heuristic is asked.
- **Value.** At the horizon each seat's win share is the value head's, from each seat's
  own observation of the sampled state (:meth:`NeuralBot.values`).
- **Horizon.** The game's to say (its kit's ``neural:horizon``, a class in the game's
  folder: ``start``, ``stop``, ``searches``): how far a line must go for the decision
  being searched to have been answered by every rival, and which decisions are worth
  searching at all (the bot plays the others by its bare policy or plan head at once).

A kit offers this class as its ``mcts:model:neural`` part, so ``mcts:model=neural`` is
the generic search with the network as its knowledge.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.bots.neural.network import Network, packaged
from tabletop.core.game import Game
from tabletop.core.knowledge import BotMaker, Knowledge
from tabletop.core.state import State
from tabletop.encoding import TableEncoder, encoder_for, table_encoder_for
from tabletop.games import REGISTRY

HORIZON = "neural:horizon"
"""The kit part that says where a game's lines end (a class: ``(seat, horizon)``)."""


class StateValues:
    """Each seat's win share in a sampled state, by the value head: every seat's
    observation is its own view's (the table encoder), so no seat's value reads another's
    secrets; scaled to sum to 1 as win shares do."""

    def __init__(self, game: str, network: Network) -> None:
        self.game = game
        self.network = network
        self._tables: dict[int, TableEncoder] = {}

    def __call__(self, state: State) -> list[float]:
        players = state.num_players
        table = self._tables.get(players)
        if table is None:
            table = self._tables[players] = table_encoder_for(self.game, players)
        _, value = self.network.evaluate(table.encode(state), players)
        total = float(value.sum())
        if total <= 0.0:
            return [1.0 / players] * players
        return [float(v) / total for v in value]


class NetworkModel(Knowledge):
    """Every player modelled by the policy head; the value head at the game's horizon."""

    def __init__(
        self,
        game: Game,
        seat: int,
        horizon: int | None = None,
        bots: BotMaker | None = None,
        *,
        network: Network | None = None,
    ) -> None:
        super().__init__(game, seat, bots)
        name = game.info.name
        kit = REGISTRY.kit(name)
        if not kit.has(HORIZON):
            raise ValueError(f"no network model for {name}: its kit has no {HORIZON}")
        self.horizon = kit.part(HORIZON)(seat, horizon)
        self.network = packaged(name) if network is None else network
        self.encoder = encoder_for(name)
        self._players_by_size = {self.encoder.size(n): n for n in self.network.layout.counts}
        self.values = StateValues(name, self.network)

    def searches(self, state: State) -> bool:
        """Whether the decision of ``state`` (a determinization) is worth a search."""
        return bool(self.horizon.searches(state))

    def start(self, view: Any, sample: State) -> None:
        self.horizon.start(view, sample)

    def stop(self, state: State) -> bool:
        return bool(self.horizon.stop(state))

    def policy(self, state: State, player: int) -> int | None:
        ids = state.legal_action_ids_unchecked(player)
        if len(ids) == 1:
            return int(ids[0])
        observation = self.encoder.encode(state.view(player))
        logits, _ = self.network.evaluate(observation, self._players_by_size[len(observation)])
        legal = np.asarray(ids)
        return int(legal[int(np.argmax(logits[0][legal]))])

    def rewards(self, state: State, margin: float) -> list[float]:
        """The value head's win share of each seat (``margin`` does not apply: these
        are win shares already)."""
        return self.values(state)

"""Search knowledge for Goofspiel (``mcts:model=heuristic``), from the heuristic bot.

- **Policy.** Every player below the root bids as the ``heuristic`` bot would from its
  own view of the sampled state: the card of its hand with the point card's rank.
- **Horizon.** None: a game has at most 12 decisions, so every line is played to the
  end and valued by its final scores.
"""

from __future__ import annotations

from tabletop.core.game import Game
from tabletop.core.knowledge import BotMaker, Knowledge, soft_rewards
from tabletop.core.state import State
from tabletop.games.goofspiel.actions import bid_id
from tabletop.games.goofspiel.bots.heuristic import matching_bid
from tabletop.games.goofspiel.state import GoofspielState

SCALE = 3.0
"""Points of lead that make a win about 73% sure (only for a state valued early)."""


class HeuristicModel(Knowledge):
    """Every player modelled as the ``heuristic`` bot."""

    def __init__(
        self, game: Game, seat: int, horizon: int | None = None, bots: BotMaker | None = None
    ) -> None:
        if horizon is not None:
            raise ValueError("the goofspiel model plays every line to the end (no horizon)")
        super().__init__(game, seat, bots)

    def policy(self, state: State, player: int) -> int | None:
        return bid_id(matching_bid(state.view(player)))

    def stop(self, state: State) -> bool:
        return False

    def rewards(self, state: State, margin: float) -> list[float]:
        if not isinstance(state, GoofspielState):
            raise TypeError("the goofspiel model needs goofspiel states")
        info = self.game.info
        return soft_rewards(state.points, SCALE, info.min_score, info.max_score, margin)

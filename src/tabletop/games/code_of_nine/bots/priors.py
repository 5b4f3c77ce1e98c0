"""Search knowledge for Code of Nine, derived from the heuristic bot.

``mcts:model=heuristic`` plugs this into the generic search
(:mod:`tabletop.bots.mcts.knowledge`):

- **Policy.** Each player decides as the ``heuristic`` bot would from its own view of
  the sampled state (the memory cards it holds and has seen are the sample's), with
  the heuristic's own 8 card completions (``MODEL_SAMPLES``). Fewer were cheaper (2
  made a placement 1.7 times as fast) but named the heuristic rivals' moves less
  often (59% instead of 66%) and won less (37.1% instead of 41.0% on the same 300
  deals; docs/arena.md). The search stops early anyway: its lines are few.
- **Horizon.** The searching seat's ``horizon``-th placement after the one being
  decided (default 1, the next: every rival has answered the move being searched,
  taken the spot it wanted, attacked or not); the seat's own placements on the way
  follow the model too.
- **Value.** As the heuristic values a position, over ``BELIEF_SAMPLES`` completions
  of the memory cards the seat does not know (drawn from its view when the decision
  starts): each completion's score sheet (a player who cannot win 12 points less)
  gives a soft win against the best rival; the rewards are their means, plus the
  heuristic's worth of Will still to spend and of cards known. Many completions
  matter: with 32 instead of its default 8, the heuristic itself won 30% of 109
  games against three default heuristics (parity is 25%).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.game import Game
from tabletop.core.knowledge import BotMaker, Knowledge, soft_rewards
from tabletop.core.rng import SplitMix64
from tabletop.core.state import State
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine.bots.beliefs import beliefs
from tabletop.games.code_of_nine.bots.evaluator import OUT_OF_RUNNING, prospects
from tabletop.games.code_of_nine.bots.heuristic import CodeOfNineHeuristic
from tabletop.games.code_of_nine.items import HOLDERS
from tabletop.games.code_of_nine.items import PAWNS as PAWNS_PER_ROUND
from tabletop.games.code_of_nine.layout import ITEMS, PAWNS, STRIDE, WILL, Phase
from tabletop.games.code_of_nine.scoring import Scorer, quantities
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.games.code_of_nine.views import CodeOfNineView

MODEL_SAMPLES = 8
"""Card completions each modelled decision averages over: the heuristic's default, so
the model decides as the heuristic rivals do."""

SCALE = 3.0
"""Points of worth that make a win about 73% sure (the ``depth`` evaluator's scale)."""

BELIEF_SAMPLES = 32
"""Card completions the value of a position averages over."""


class HeuristicModel(Knowledge):
    """Every player modelled as the ``heuristic`` bot, from its own view of the sample."""

    def __init__(
        self, game: Game, seat: int, horizon: int | None = None, bots: BotMaker | None = None
    ) -> None:
        super().__init__(game, seat, bots)
        self.horizon = 1 if horizon is None else horizon
        self._until = 0
        self._bots: dict[int, CodeOfNineHeuristic] = {}
        self._rng = SplitMix64(0xC0DE + seat)
        self._scorers: list[Scorer] = []

    def start(self, view: Any, sample: State) -> None:
        """Draw the completions of the memory cards the seat does not know."""
        if not isinstance(view, CodeOfNineView):
            raise TypeError("the Code of Nine model needs Code of Nine views")
        drawn = beliefs(view, BELIEF_SAMPLES, self._rng).samples
        self._scorers = [Scorer(cards) for cards in drawn]
        s = _nine(sample)
        # A placement decided now is counted once it is made; a follow-up choice
        # belongs to a placement already counted.
        self._until = self._placed(s) + self.horizon - (s.phase != Phase.PLACE)

    def policy(self, state: State, player: int) -> int | None:
        bot = self._bots.get(player)
        if bot is None:
            bot = self._bots[player] = CodeOfNineHeuristic(
                self.game, player, seed=self.seat * 4 + player, samples=MODEL_SAMPLES
            )
        return A.TABLE.id_of(bot.act(state.view(player), state.legal_actions(player)))

    def stop(self, state: State) -> bool:
        s = _nine(state)
        return s.phase == Phase.PLACE and s.turn == self.seat and self._placed(s) >= self._until

    def _placed(self, s: CodeOfNineState) -> int:
        """The seat's pawns used so far this game (a pawn paid for a change included)."""
        return s.round * PAWNS_PER_ROUND - s.b[self.seat * STRIDE + PAWNS]

    def rewards(self, state: State, margin: float) -> list[float]:
        s = _nine(state)
        n = s.num_players
        b = s.b
        counts = [
            quantities(b[h * STRIDE + ITEMS : h * STRIDE + ITEMS + 5], b[h * STRIDE + WILL])
            for h in range(HOLDERS)
        ]
        ahead = prospects(s)
        info = self.game.info
        released = bool(s.released)
        points = s.board.points
        cache: dict[int, Any] = {}
        totals = [0.0] * n
        for scorer in self._scorers:
            sheet = scorer.score(counts, released, points, cache)
            worths = [
                sheet.scores[p] - (0.0 if sheet.eligible[p] else OUT_OF_RUNNING) + ahead[p]
                for p in range(n)
            ]
            for p, r in enumerate(
                soft_rewards(worths, SCALE, info.min_score, info.max_score, margin)
            ):
                totals[p] += r
        return [t / len(self._scorers) for t in totals]


def _nine(state: State) -> CodeOfNineState:
    if not isinstance(state, CodeOfNineState):
        raise TypeError("the Code of Nine model needs Code of Nine states")
    return state

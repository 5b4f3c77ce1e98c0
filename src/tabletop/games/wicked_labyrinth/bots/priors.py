"""Search knowledge for The Wicked Labyrinth, derived from the heuristic bot.

``mcts:model=heuristic`` plugs this into the generic search
(:mod:`tabletop.bots.mcts.knowledge`, through the kit's ``mcts:model:heuristic``):

- **Policy.** A declaration is the heuristic's own plan (``bidding.plan_declarations``
  over the corridor worths of ``gains.corridor_worth`` and the rivals' public pieces),
  for every player. Everything a declaration depends on is public (the corridors laid
  out, each board, each player's pieces left behind the screen), so this models the
  heuristic bots exactly at the decision being searched. To keep the lines cheap, the
  corridor worths are those of each board at the decision (a board that gains along
  the line keeps its old worths) and plans are memoised by the pieces left. A white
  fragment's colour and an overflow return go to the colour whose board (before
  processing) is worth most.
- **Horizon.** The end of the round's search phase: pieces are spent by then and soul
  processing involves nobody else.
- **Value.** Each board's worth after its soul processing, planned greedily by the
  heuristic's planner (``ProcessingPlanner``; the worth is the score now plus the
  prospects of oracles and tokens, or in the last round the exact final score).

Against the ``heuristic`` bots this model is all but exact (it names 191 of 192 of
their declarations in three test games), so the search finds the best answer to what
they will declare: the declaration that takes a corridor with one piece more than the
best rival, or lets it go cheaply. Rivals that declare otherwise are answered as if
they were heuristic bots.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.game import Game
from tabletop.core.knowledge import BotMaker, Knowledge, soft_rewards
from tabletop.core.state import State
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth.board import (
    IMPURITY,
    MODE,
    PROMOTION,
    SEARCH,
    SOUL,
    STRIDE,
    WITCH,
)
from tabletop.games.wicked_labyrinth.bots.bidding import (
    CorridorWorth,
    Rival,
    outlooks,
    plan_declarations,
)
from tabletop.games.wicked_labyrinth.bots.gains import corridor_worth
from tabletop.games.wicked_labyrinth.bots.heuristic import BIDDING_BUDGET_SHARE, HeuristicBot
from tabletop.games.wicked_labyrinth.bots.processing_planner import BoardLab, ProcessingPlanner
from tabletop.games.wicked_labyrinth.bots.valuation import rounds_left
from tabletop.games.wicked_labyrinth.elements import (
    M_CHOOSE_WHITE,
    M_DECLARE,
    M_OVERFLOW,
    P_SEARCH,
)
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState

_Pieces = tuple[int, int, int]

SCALE = 4.0
"""Points of worth that make a win about 73% sure (the ``depth`` evaluator's scale)."""

JUDGE_BUDGET = 1
"""Node budget of the planner that values boards at the horizon: 1 leaves only its
greedy level (the most promising action at each step). A search values a few hundred
boards at each round's end, where the heuristic's budgeted search costs milliseconds
a board; greedy processing is far cheaper, and as the search compares boards, it
needs their order more than their exact worth."""


class HeuristicModel(Knowledge):
    """Every player modelled as the default ``heuristic`` bot declares."""

    def __init__(
        self, game: Game, seat: int, horizon: int | None = None, bots: BotMaker | None = None
    ) -> None:
        super().__init__(game, seat, bots)
        if horizon is not None:
            raise ValueError(
                "the Wicked Labyrinth model takes no horizon: its lines end with the "
                "round's search phase"
            )
        like = HeuristicBot(game, seat)
        self._aggression = like.aggression
        self._spite = like.spite
        self._weights = like.weights
        self._budget = max(1, like.budget // BIDDING_BUDGET_SHARE)
        """The node budget of the heuristic's planner for hypothetical boards (bidding)."""
        self._left = -1
        self._planner: ProcessingPlanner | None = None
        self._judge: ProcessingPlanner | None = None
        self._labs: dict[int, BoardLab] = {}
        self._judges: dict[int, BoardLab] = {}
        self._worths: dict[tuple[int, ...], CorridorWorth] = {}
        self._ends: dict[tuple[int, ...], float] = {}
        self._root: dict[int, list[CorridorWorth]] = {}
        self._plans: dict[tuple[int, int, _Pieces, tuple[_Pieces, ...]], int] = {}

    def start(self, view: Any, sample: State) -> None:
        """Plan for this decision: each board's worth of each corridor of the round."""
        state = _wicked(sample)
        left = rounds_left(state.round)
        planner, judge = self._planner, self._judge
        if planner is None or judge is None or planner.cards is not state.cards:
            planner = self._planner = ProcessingPlanner(state.cards, self._weights, self._budget)
            judge = self._judge = ProcessingPlanner(state.cards, self._weights, JUDGE_BUDGET)
            self._left = -1
        if left != self._left:  # worths hold for one number of rounds left
            self._left = left
            planner.use(left)
            judge.use(left)
            self._worths.clear()
            self._ends.clear()
        players = range(state.num_players)
        self._labs = {p: BoardLab(planner) for p in players}
        self._judges = {p: BoardLab(judge) for p in players}
        self._root = {}
        for p in players:
            o = p * STRIDE
            board = state.b[o : o + STRIDE]
            key = (*board[:SEARCH], *board[PROMOTION:MODE], board[IMPURITY])
            row = []
            for c in state.labyrinth:
                worth = self._worths.get((*key, c))
                if worth is None:
                    corridor = state.cards.corridors[c]
                    worth = corridor_worth(board, corridor, self._labs[p], planner)
                    self._worths[(*key, c)] = worth
                row.append(worth)
            self._root[p] = row
        self._plans = {}

    def policy(self, state: State, player: int) -> int | None:
        s = _wicked(state)
        mode = s.b[player * STRIDE + MODE]
        if mode == M_DECLARE:
            return self._declare(s, player)
        if mode == M_CHOOSE_WHITE:
            return A.CHOOSE_WHITE_BASE + self._best_low(s, player, +1)
        if mode == M_OVERFLOW:
            return A.RETURN_LOW_BASE + self._best_low(s, player, -1)
        return None

    def stop(self, state: State) -> bool:
        return _wicked(state).phase != P_SEARCH

    def rewards(self, state: State, margin: float) -> list[float]:
        """A soft win from each board's worth (``SCALE``), blended by ``margin``."""
        info = self.game.info
        return soft_rewards(
            self._worths_of(_wicked(state)), SCALE, info.min_score, info.max_score, margin
        )

    def _worths_of(self, s: WickedLabyrinthState) -> list[float]:
        """Each board's worth after its soul processing (memoised by board)."""
        out = []
        for p in range(s.num_players):
            board = s.b[p * STRIDE : (p + 1) * STRIDE]
            key = (p, *board)
            worth = self._ends.get(key)
            if worth is None:
                worth = self._ends[key] = self._judges[p].worth(board)
            out.append(worth)
        return out

    def style(self, player: int) -> tuple[float, float]:
        """The (aggression, spite) ``player`` is modelled with: the default heuristic's."""
        return self._aggression, self._spite

    def _declare(self, s: WickedLabyrinthState, player: int) -> int:
        pieces = _pieces(s)
        mine = pieces[player]
        rivals = tuple(pieces[q] for q in range(s.num_players) if q != player)
        key = (player, s.corridor, mine, rivals)
        hit = self._plans.get(key)
        if hit is not None:
            return hit
        action = self.plan(s, player, *self.style(player))
        self._plans[key] = action
        return action

    def plan(self, s: WickedLabyrinthState, player: int, aggression: float, spite: float) -> int:
        """The declaration the heuristic with ``aggression`` and ``spite`` would make."""
        pieces = _pieces(s)
        mine = pieces[player]
        rivals = [pieces[q] for q in range(s.num_players) if q != player]
        worths = self._root[player][s.corridor :]
        model = outlooks(
            [Rival(n, bool(w), bool(so)) for n, w, so in rivals], len(worths), aggression
        )
        plan = plan_declarations(worths, model, mine[0], bool(mine[1]), bool(mine[2]), spite)
        return A.declare_id(plan.search, plan.witch, plan.soul)

    def _best_low(self, s: WickedLabyrinthState, player: int, change: int) -> int:
        """The colour whose low token gained (``+1``) or returned (``-1``) leaves the
        board worth most before processing (``ProcessingPlanner.end_worth``)."""
        if self._planner is None:
            raise RuntimeError("start() must come before the policy is asked")
        o = player * STRIDE
        board = s.b[o : o + STRIDE]
        best = (float("-inf"), 0)
        for colour in range(4):
            if change < 0 and not board[colour]:
                continue
            board[colour] += change
            worth = self._planner.end_worth(board)
            board[colour] -= change
            if worth > best[0]:
                best = (worth, colour)
        return best[1]


def _pieces(s: WickedLabyrinthState) -> list[_Pieces]:
    """Each player's pieces left behind the screen: (search, witch's sign, soul's sign)."""
    b = s.b
    return [
        (b[q * STRIDE + SEARCH], b[q * STRIDE + WITCH], b[q * STRIDE + SOUL])
        for q in range(s.num_players)
    ]


def _wicked(state: State) -> WickedLabyrinthState:
    if not isinstance(state, WickedLabyrinthState):
        raise TypeError("the Wicked Labyrinth model needs Wicked Labyrinth states")
    return state

"""The ``heuristic`` bot for The Wicked Labyrinth.

It sees only its view and the legal actions. Each decision goes to the part that
knows it:

- a declaration: ``bidding.plan_declarations`` over the round's corridors left, with
  each corridor's worth from ``gains.corridor_worth``;
- a white fragment's colour or an overflow return while searching: the choice whose
  board the planner values most (``gains.best_white``/``best_return``);
- anything in the soul processing phase (including a reward's white, overflow and
  promotion): ``ProcessingPlanner`` on its own board (the view shows it whole).

Parameters (bot spec ``heuristic:aggression=1.2,spite=0.5``): ``aggression`` (rivals
are assumed to declare more, 1 = uniform), ``spite`` (points of worth per point given to
or taken from a ranked rival by a sign piece), ``future`` (weight of oracle progress and
other prospects against points now), ``budget`` (planner nodes per search level).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth.bots.bidding import Rival, outlooks, plan_declarations
from tabletop.games.wicked_labyrinth.bots.gains import best_return, best_white, corridor_worth
from tabletop.games.wicked_labyrinth.bots.processing_planner import BoardLab, ProcessingPlanner
from tabletop.games.wicked_labyrinth.bots.valuation import Weights, rounds_left
from tabletop.games.wicked_labyrinth.elements import Colour, Element, Mode, Phase
from tabletop.games.wicked_labyrinth.game import own_board
from tabletop.games.wicked_labyrinth.views import WickedLabyrinthView

BIDDING_BUDGET_SHARE = 4
"""Hypothetical boards (bidding, gains) get a quarter of the processing budget."""


class HeuristicBot(Bot):
    """Bids by expected worth, plans its soul processing by search."""

    name = "heuristic"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int = 0,
        aggression: float = 1.0,
        spite: float = 0.3,
        future: float = 1.0,
        budget: int = 800,
    ) -> None:
        super().__init__(game, seat, seed)
        for label, value, low in (
            ("aggression", aggression, 0.1),
            ("spite", spite, 0.0),
            ("future", future, 0.0),
        ):
            if not isinstance(value, int | float) or isinstance(value, bool) or value < low:
                raise ValueError(f"{label} must be a number of at least {low}, got {value!r}")
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 10:
            raise ValueError(f"budget must be a whole number of at least 10, got {budget!r}")
        self.aggression = float(aggression)
        self.spite = float(spite)
        self.weights = Weights(future=float(future))
        self.budget = budget
        self._planners: tuple[ProcessingPlanner, ProcessingPlanner] | None = None

    def __getstate__(self) -> dict[str, Any]:
        """Everything but the planners (C objects, which do not pickle): made again at
        the next decision, they choose as the originals would (their memos only save
        work), so a pickled env's opponents play on the same."""
        return {**self.__dict__, "_planners": None}

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("act() needs at least one legal action")
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, WickedLabyrinthView):
            raise TypeError("the heuristic bot plays The Wicked Labyrinth views only")
        # The bot reads only its own board, which a view shows whole (``own_board``);
        # the generator still moves as it did when each decision determinized a state.
        self.rng.next_u64()
        board = own_board(view)
        planner, quick = self._planners_for(view)
        left = rounds_left(view.round)
        planner.use(left)
        quick.use(left)
        mode = view.boards[self.seat].deciding
        if view.phase == Phase.SOUL_PROCESSING:
            choice = A.TABLE[planner.best_board(board)[1]]
        elif mode == Mode.DECLARE:
            choice = self._declare(view, board, quick)
        elif mode == Mode.CHOOSE_WHITE:
            choice = self._white(view, board, quick)
        elif mode == Mode.OVERFLOW:
            choice = A.ReturnLow(Colour(best_return(board, BoardLab(quick))))
        else:
            raise ValueError(f"seat {self.seat} has nothing to decide ({mode.name})")
        if choice not in legal:
            raise RuntimeError(f"the heuristic bot chose {choice}, which is not legal here")
        return choice

    # ------------------------------------------------------------------ decisions

    def _declare(
        self, view: WickedLabyrinthView, board: list[int], quick: ProcessingPlanner
    ) -> Action:
        lab = BoardLab(quick)
        corridors = view.labyrinth[view.corridor :]
        worths = [corridor_worth(board, c, lab, quick) for c in corridors]
        rivals = [
            Rival(b.search_pieces, b.witch_sign, b.soul_sign)
            for b in view.boards
            if b.seat != self.seat
        ]
        mine = view.boards[self.seat]
        plan = plan_declarations(
            worths,
            outlooks(rivals, len(corridors), self.aggression),
            mine.search_pieces,
            mine.witch_sign,
            mine.soul_sign,
            self.spite,
        )
        return A.Declare(plan.search, plan.witch, plan.soul)

    def _white(
        self, view: WickedLabyrinthView, board: list[int], quick: ProcessingPlanner
    ) -> Action:
        """The colour whose board (with the other gains still to come) is worth most."""
        lab = BoardLab(quick)
        colour, _ = best_white(board, lab, quick, later=self._later_gains(view))
        return A.ChooseWhite(Colour(colour))

    # ------------------------------------------------------------------ helpers

    def _later_gains(self, view: WickedLabyrinthView) -> tuple[Element, ...]:
        """The seat's queued gains after the white being chosen now."""
        return view.boards[self.seat].pending_gains[1:]

    def _planners_for(
        self, view: WickedLabyrinthView
    ) -> tuple[ProcessingPlanner, ProcessingPlanner]:
        """The planners for the game's card set: one for real processing, a quicker one
        for hypothetical boards. Their memos last a round (``ProcessingPlanner.use``)."""
        if self._planners is None or self._planners[0].cards is not view.cards:
            self._planners = (
                ProcessingPlanner(view.cards, self.weights, self.budget),
                ProcessingPlanner(
                    view.cards, self.weights, max(1, self.budget // BIDDING_BUDGET_SHARE)
                ),
            )
        return self._planners


def decision_kind(view: WickedLabyrinthView) -> str:
    """The kind of a seat's decision, as the heuristic splits them (the kit's
    ``sim:decision_kind``, for timing a bot): declarations, choices while searching
    (white, overflow) and soul processing."""
    if view.phase == Phase.SOUL_PROCESSING:
        return "processing"
    return "declare" if view.boards[0].deciding == Mode.DECLARE else "search choice"

"""The learned bot's data for Code of Nine (the kit's ``neural:*`` parts) and its
network's search horizon (``mcts:model:neural``).

``WEIGHTS``: the shipped network (``neural.npz`` beside this module), written by
``tabletop train``. ``EXPERT``: the search whose choices the imitation training copies,
and whether it labels the sealed decisions only. ``Horizon``: where the network's
search (``mcts:model=neural``, ``neural:think``) ends a line, the heuristic model's
horizon.
"""

from importlib import resources
from typing import Any

from tabletop.core.knowledge import Expert
from tabletop.core.state import State
from tabletop.games.code_of_nine.bots.priors import _nine
from tabletop.games.code_of_nine.items import PAWNS as PAWNS_PER_ROUND
from tabletop.games.code_of_nine.layout import PAWNS, STRIDE, Phase
from tabletop.games.code_of_nine.state import CodeOfNineState

WEIGHTS = resources.files("tabletop.games.code_of_nine.bots") / "neural.npz"

EXPERT = Expert(
    # the game's strongest search (docs/arena.md) at a fifth of the lobby's time, on the
    # CPU clock, labelling every decision
    "mcts:time=0.05,clock=cpu,model=heuristic,samples=4,c=0.2",
    sealed=False,
)


class Horizon:
    """Lines end at the seat's ``horizon``-th placement after the one being decided
    (default 1: every rival has answered it), as the heuristic model's do; every
    decision is searched."""

    def __init__(self, seat: int, horizon: int | None = None) -> None:
        self.seat = seat
        self.horizon = horizon
        self._until = 0

    def searches(self, state: State) -> bool:
        return True

    def start(self, view: Any, sample: State) -> None:
        s = _nine(sample)
        # a placement decided now counts once made; a follow-up belongs to one counted
        ahead = 1 if self.horizon is None else self.horizon
        self._until = self._placed(s) + ahead - (s.phase != Phase.PLACE)

    def stop(self, state: State) -> bool:
        s = _nine(state)
        return s.phase == Phase.PLACE and s.turn == self.seat and self._placed(s) >= self._until

    def _placed(self, s: CodeOfNineState) -> int:
        """The seat's pawns used so far this game."""
        return s.round * PAWNS_PER_ROUND - s.b[self.seat * STRIDE + PAWNS]

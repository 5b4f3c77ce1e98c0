"""The learned bot's data for The Wicked Labyrinth (the kit's ``neural:*`` parts) and its
network's search horizon (``mcts:model:neural``).

``WEIGHTS``: the shipped network (``neural.npz`` beside this module, with the soul
processing plan head of :mod:`.plans`), written by ``tabletop train``. ``EXPERT``: the
search whose choices the imitation training copies, and whether it labels the sealed
decisions only. ``THINK``: how long the lobby's ``neural`` thinks. ``Horizon``: where
the network's search (``mcts:model=neural``, ``neural:think``) ends a line, the heuristic
model's horizon.
"""

from importlib import resources
from typing import Any

from tabletop.core.knowledge import Expert
from tabletop.core.state import State
from tabletop.games.wicked_labyrinth.bots.priors import _wicked
from tabletop.games.wicked_labyrinth.elements import P_SEARCH

WEIGHTS = resources.files("tabletop.games.wicked_labyrinth.bots") / "neural.npz"

EXPERT = Expert(
    # the game's strongest search (docs/arena.md) at a fifth of the lobby's time, on the
    # CPU clock; it searches only the declarations (the other decisions are the
    # heuristic's)
    "mcts:time=0.05,clock=cpu,model=adaptive,guide=heuristic,search=sealed",
    sealed=True,
)

THINK = 0.08
"""Seconds of CPU the lobby's ``neural`` thinks a decision (``neural:think``): the
network's own search over the declarations won 51.0% (46.1-55.9%) of 400 evaluation
games one against three ``heuristic``, the bare policy 43.1%
(docs/bots/neural-wicked-labyrinth.md, docs/neural.md)."""


class Horizon:
    """Lines end with the round's search phase (soul processing involves nobody else),
    and only the declarations are searched: the search's strength lies in the sealed
    hands, and the plan head plays soul processing as well as the heuristic does."""

    def __init__(self, seat: int, horizon: int | None = None) -> None:
        if horizon is not None:
            raise ValueError(
                "the Wicked Labyrinth's horizon is fixed: its lines end with the round's "
                "search phase"
            )
        self.seat = seat

    def start(self, view: Any, sample: State) -> None:
        """Nothing to count: the horizon is the phase's end."""

    def searches(self, state: State) -> bool:
        return state.sealed_decision()

    def stop(self, state: State) -> bool:
        return _wicked(state).phase != P_SEARCH
